import semver from 'semver';
import { z } from 'zod';
import { Artifacts, BUILD_NUMBER, packageOf, squirrelFormOf, squirrelVersionOf, type Artifact } from './artifact';
import { CalendarDate } from './calendar-date';
import { RolloutGuard } from './rollout-guard';

// One grammar for every version the service reads (content files, paths, query parameters), so
// whatever it accepts semver can compare: numbers of at most 15 digits (below
// Number.MAX_SAFE_INTEGER, past which semver refuses them or stops comparing them as numbers)
// and pre-release identifiers as semver 2.0.0 defines them (a numeric one has no leading zero).
const NUMBER = '(0|[1-9]\\d{0,14})';
const PRE_RELEASE = '(0|[1-9]\\d{0,14}|\\d*[A-Za-z-][0-9A-Za-z-]*)';
const CORE = `${NUMBER}\\.${NUMBER}\\.${NUMBER}`;
const TAG = `(-${PRE_RELEASE}(\\.${PRE_RELEASE})*)?`;

/** A stable release version: `<major>.<minor>.<patch>` without leading zeros. */
export const STABLE_VERSION = new RegExp(`^${CORE}$`);
/** A preview version: a stable version optionally followed by a pre-release tag (`1.6.0-beta.2`). */
export const PREVIEW_VERSION = new RegExp(`^${CORE}${TAG}$`);
/**
 * A version as clients report their own: a preview version, optionally with semver's leading `v`
 * and build metadata (`v1.11.0`, `1.11.0+build.5`). Build metadata does not take part in
 * precedence, so `clientVersion` drops it along with the `v`.
 */
export const CLIENT_VERSION = new RegExp(`^v?${CORE}${TAG}(\\+[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?$`);
/** The version a CLIENT_VERSION stands for: without its `v` and build metadata. */
export const clientVersion = (reported: string): string => reported.replace(/^v/, '').replace(/\+.*$/, '');


const releaseFields = {
  date: CalendarDate,
  description: z.string().trim().min(1).max(200),
  changes: z.array(z.string().trim().min(1).max(1000)).min(1).max(200),
};

/** What a release file may add about how clients receive it. */
const deliveryFields = {
  /** A fix clients must install (a security fix): offered to every client, whatever the rollout. */
  critical: z.boolean().optional(),
  /** The share of installs (0-100, percent) offered the release while it is being rolled out. */
  rollout: z.number().int().min(0).max(100).optional(),
  /** The builds to download, one per platform and architecture (written by `pnpm release:artifacts`). */
  artifacts: Artifacts.optional(),
  /** A page with the full release notes, for updaters that link to them. */
  notes_url: z.url({ protocol: /^https$/, error: 'expected an https:// URL' }).optional(),
  /** Halts the rollout by itself when the release's bug feedback rate goes bad (see RolloutGuard). */
  guard: RolloutGuard.optional(),
  /**
   * The app's bundle version (CFBundleVersion) beside the marketing version: Sparkle compares
   * `sparkle:version` with it. A build's own `build` wins over it.
   */
  build: z.string().regex(BUILD_NUMBER, 'expected a build number such as 4521 or 1.12.0.4521').optional(),
};

/**
 * What a release's builds must say of its version: a delta patches an older version, and a
 * Squirrel package is named for this one (Squirrel.Windows reads the version from the file name).
 */
function buildsOfVersion(ctx: { value: { version: string; artifacts?: Artifact[] | undefined }; issues: unknown[] }): void {
  const { version, artifacts } = ctx.value;
  if (!semver.valid(version)) return;
  artifacts?.forEach((artifact, i) => {
    const problem = (field: string, message: string) => (ctx.issues as object[]).push({ code: 'custom', input: artifact, path: ['artifacts', i, field], message });
    if (artifact.delta_from !== undefined && semver.valid(artifact.delta_from) && !semver.lt(artifact.delta_from, version)) problem('delta_from', `expected a version older than ${version}, which the delta updates; found ${artifact.delta_from}`);
    if (packageOf(artifact) !== 'nupkg') return;
    const name = new URL(artifact.url).pathname.split('/').pop() ?? '';
    const form = squirrelFormOf(version);
    if (squirrelVersionOf(name) !== form) problem('url', `expected a Squirrel package named for ${version}, such as TunnelCompanion-${form}-${artifact.delta_from === undefined ? 'full' : 'delta'}.nupkg (Squirrel.Windows reads the version from the name); found ${JSON.stringify(name)}`);
  });
}

/** One stable release file: `content/changelog/stable/<version>.yaml`. */
export const StableRelease = z.strictObject({
  version: z.string().check((ctx) => {
    if (STABLE_VERSION.test(ctx.value)) return;
    // A pre-release saved under stable/ is the common slip; say where it belongs.
    const where = PREVIEW_VERSION.test(ctx.value) ? ', a pre-release version: move the file to changelog/preview/' : '';
    ctx.issues.push({ code: 'custom', input: ctx.value, message: `expected a version <major>.<minor>.<patch>; found ${JSON.stringify(ctx.value)}${where}` });
  }),
  ...releaseFields,
  ...deliveryFields,
}).check(buildsOfVersion);
export type StableRelease = z.infer<typeof StableRelease>;

/** One preview release file: `content/changelog/preview/<version>.yaml`. */
export const PreviewRelease = z.strictObject({
  version: z
    .string()
    .regex(PREVIEW_VERSION, 'expected a version <major>.<minor>.<patch>[-<pre-release>]'),
  ...releaseFields,
  ...deliveryFields,
}).check(buildsOfVersion);
export type PreviewRelease = z.infer<typeof PreviewRelease>;

/**
 * A release's translation (`content/changelog/<channel>/<version>.<lang>.yaml`): the translated
 * description and changes, one for one, with the version and date repeated to match the original.
 */
export const ReleaseTranslation = z.strictObject({
  version: z.string().regex(PREVIEW_VERSION, 'expected a version <major>.<minor>.<patch>[-<pre-release>]'),
  ...releaseFields,
});
export type ReleaseTranslation = z.infer<typeof ReleaseTranslation>;

const minimumSupported = (pattern: RegExp, example: string) =>
  z.strictObject({
    minimum_supported: z.string().check((ctx) => {
      if (!pattern.test(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value, message: `expected a version such as ${example}; found ${JSON.stringify(ctx.value)}` });
    }),
  });

/**
 * `content/changelog/channels.yaml`: per channel, the oldest version still supported. A client
 * below it is told its update is critical.
 */
export const ChannelsFile = z.strictObject({
  stable: minimumSupported(STABLE_VERSION, '1.9.0').optional(),
  preview: minimumSupported(PREVIEW_VERSION, '1.12.0-beta.1').optional(),
});
export type ChannelsFile = z.infer<typeof ChannelsFile>;
