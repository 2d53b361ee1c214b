import { stem } from './analyze';

/**
 * Words people use for what the catalogue says another way (Algolia's and Elasticsearch's
 * synonym lists): each group's words match one another, at MATCH_WEIGHTS.synonym.
 */
const GROUPS: readonly (readonly string[])[] = [
  ['cert', 'certificate'],
  ['token', 'authtoken'],
  ['timeout', 'timed'],
  ['macos', 'mac', 'macbook', 'osx'],
  ['windows', 'win'],
  ['update', 'upgrade'],
  ['disconnect', 'drop'],
  ['quota', 'limit'],
];

/** Per stem, the stems it is a synonym of (each matched with its forms). */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const group of GROUPS) {
    const stems = [...new Set(group.map(stem))];
    for (const term of stems) map.set(term, [...(map.get(term) ?? []), ...stems.filter((other) => other !== term)]);
  }
  return map;
})();
