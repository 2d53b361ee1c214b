import { z } from 'zod';
import { CalendarDate } from './calendar-date';

/** A stable release version: `<major>.<minor>.<patch>` without leading zeros. */
export const STABLE_VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/** A preview version: a stable version optionally followed by a pre-release tag (`1.6.0-beta.2`). */
export const PREVIEW_VERSION =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;


const releaseFields = {
  date: CalendarDate,
  description: z.string().trim().min(1).max(200),
  changes: z.array(z.string().trim().min(1).max(1000)).min(1).max(200),
};

/** One stable release file: `content/changelog/stable/<version>.yaml`. */
export const StableRelease = z.strictObject({
  version: z.string().check((ctx) => {
    if (STABLE_VERSION.test(ctx.value)) return;
    // A pre-release saved under stable/ is the common slip; say where it belongs.
    const where = PREVIEW_VERSION.test(ctx.value) ? ', a pre-release version: move the file to changelog/preview/' : '';
    ctx.issues.push({ code: 'custom', input: ctx.value, message: `expected a version <major>.<minor>.<patch>; found ${JSON.stringify(ctx.value)}${where}` });
  }),
  ...releaseFields,
});
export type StableRelease = z.infer<typeof StableRelease>;

/** One preview release file: `content/changelog/preview/<version>.yaml`. */
export const PreviewRelease = z.strictObject({
  version: z
    .string()
    .regex(PREVIEW_VERSION, 'expected a version <major>.<minor>.<patch>[-<pre-release>]'),
  ...releaseFields,
});
export type PreviewRelease = z.infer<typeof PreviewRelease>;
