import { z } from 'zod';

const Words = z.string().trim().min(1, { error: 'expected words, found an empty string' }).max(80);
const Said = z.array(Words).max(200).default([]);

/**
 * One concept of `content/search/concepts.yaml`: what customers say for something (a situation, a
 * cause in its everyday form, a consequence, a word of their own for one of the product's) and the
 * words the catalogue uses for it. A query holding one of the sayings in its language (its words,
 * stop words aside, in any order within a few words of each other) also searches `means`.
 */
export const SearchConcept = z.strictObject({
  concept: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'expected a name in lower case with hyphens, such as `computer-slept`' }),
  means: z.array(Words).min(1).max(12).meta({ description: "the catalogue's own English words for the concept" }),
  en: Said,
  de: Said,
  fr: Said,
  es: Said,
});
export type SearchConcept = z.infer<typeof SearchConcept>;

/** `content/search/concepts.yaml`: everyday words and situations, per language, mapped to the product's terms. */
export const SearchConceptsFile = z.strictObject({ concepts: z.array(SearchConcept).max(2_000) });
export type SearchConceptsFile = z.infer<typeof SearchConceptsFile>;

/** The languages a concept's sayings are written in. */
export const CONCEPT_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
