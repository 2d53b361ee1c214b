import { z } from 'zod';
import { ELEMENT_NAMES } from './element-names';

export const ELEMENT_CATEGORIES = [
  'alkali-metal',
  'alkaline-earth-metal',
  'transition-metal',
  'post-transition-metal',
  'metalloid',
  'nonmetal',
  'halogen',
  'noble-gas',
  'lanthanide',
  'actinide',
  'unknown',
] as const;
export const ElementCategory = z.enum(ELEMENT_CATEGORIES);
export type ElementCategory = z.infer<typeof ElementCategory>;

/**
 * One chemical element of `content/elements.yaml`. `group` is null for the lanthanides and
 * actinides (57-71, 89-103), which the periodic table draws in the two rows below.
 */
export const Element = z.strictObject({
  number: z.number().int().min(1).max(118),
  symbol: z.string().regex(/^[A-Z][a-z]{0,2}$/, 'expected a symbol such as H or Uue'),
  name: z.string().regex(/^[A-Z][a-z]+$/, 'expected a capitalised English name such as Hydrogen'),
  category: ElementCategory,
  period: z.number().int().min(1).max(7),
  group: z.number().int().min(1).max(18).nullable(),
  atomic_mass: z.number().positive(),
  description: z.string().trim().min(1).max(600),
});
export type Element = z.infer<typeof Element>;

export const ElementsFile = z
  .array(
    Element.refine((e) => ELEMENT_NAMES[e.number - 1] === e.name, {
      // Codenames are checked against the same names, so the two files always agree.
      error: (issue) => {
        const e = issue.input as Element;
        return `expected element ${e.number} to be named ${ELEMENT_NAMES[e.number - 1]}; found ${JSON.stringify(e.name)}`;
      },
      path: ['name'],
    }),
  )
  .length(118, 'expected all 118 elements');
export type ElementsFile = z.infer<typeof ElementsFile>;
