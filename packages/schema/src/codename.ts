import { z } from 'zod';
import { PREVIEW_VERSION } from './release';

/** One codename of `content/codenames.yaml`: an element name and the releases that carry it. */
export const CodenameAssignment = z.strictObject({
  codename: z.string().regex(/^[A-Z][a-z]+$/, 'expected an element name such as Neon'),
  versions: z
    .array(z.string().regex(PREVIEW_VERSION, 'expected a release version such as 1.4.0'))
    .min(1),
});
export type CodenameAssignment = z.infer<typeof CodenameAssignment>;

export const CodenamesFile = z.array(CodenameAssignment);
export type CodenamesFile = z.infer<typeof CodenamesFile>;
