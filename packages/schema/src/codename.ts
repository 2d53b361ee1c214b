import { z } from 'zod';
import { closestElementName, isElementName } from './element-names';
import { PREVIEW_VERSION } from './release';

/** One codename of `content/codenames.yaml`: an element name and the releases that carry it. */
export const CodenameAssignment = z.strictObject({
  codename: z.string().check((ctx) => {
    if (isElementName(ctx.value)) return;
    const meant = closestElementName(ctx.value);
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: `expected the English name of a chemical element, capitalised, such as Neon; found ${JSON.stringify(ctx.value)}${meant ? ` (did you mean ${meant}?)` : ''}`,
    });
  }),
  versions: z
    .array(z.string().regex(PREVIEW_VERSION, 'expected a release version such as 1.4.0'))
    .min(1),
});
export type CodenameAssignment = z.infer<typeof CodenameAssignment>;

export const CodenamesFile = z.array(CodenameAssignment);
export type CodenamesFile = z.infer<typeof CodenamesFile>;
