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

/**
 * What support engineers call an error in two or three words the catalogue never writes together
 * (`clock skew`, `hostname mismatch`): each phrase stands for the words the entries use for it
 * (Algolia's multi-word synonyms). A query holding a phrase searches those words too, at
 * MATCH_WEIGHTS.synonym, each counting as a word matched.
 */
const PHRASES: readonly { phrases: readonly string[]; means: readonly string[] }[] = [
  { phrases: ['clock skew', 'clock drift', 'time skew', 'time drift', 'clock out of sync', 'time out of sync'], means: ['time', 'clock', 'differs', 'offset', 'synchronisation'] },
  { phrases: ['hostname mismatch', 'host name mismatch', 'name mismatch', 'cn mismatch', 'san mismatch', 'wrong hostname'], means: ['certificate', 'host', 'name', 'match'] },
  { phrases: ['tls interception', 'ssl inspection', 'tls inspection', 'man in the middle', 'mitm proxy'], means: ['inspecting', 'proxy', 'certificate', 'authority'] },
  { phrases: ['port conflict', 'port clash', 'port taken', 'port busy'], means: ['port', 'already', 'using', 'another', 'program'] },
  { phrases: ['fd limit', 'file handle limit', 'descriptor limit', 'ulimit too low'], means: ['open', 'files', 'limit', 'descriptors'] },
  { phrases: ['network switch', 'network change', 'wifi switch', 'switching networks'], means: ['network', 'changed', 'reconnecting', 'heartbeats'] },
  { phrases: ['rate limited', 'throttled by relay', 'too many logins'], means: ['rate', 'limiting', 'many', 'sessions'] },
];

/** Per phrase, as the stems of its words joined by a space: the words it stands for. */
export const PHRASE_SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  PHRASES.flatMap(({ phrases, means }) => phrases.map((phrase) => [phrase.split(' ').map(stem).join(' '), means] as const)),
);
/** The most words a phrase has. */
export const LONGEST_PHRASE = Math.max(...PHRASES.flatMap(({ phrases }) => phrases.map((p) => p.split(' ').length)));
