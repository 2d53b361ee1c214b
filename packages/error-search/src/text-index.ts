import MiniSearch, { type SearchOptions } from 'minisearch';
import type { ErrorEntry } from '@companion/schema';

/** Words too common to tell entries apart; left out, so no query term touches every entry. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'if', 'in', 'is', 'it', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'with']);

/** The words of a Flag a reader may type: the whole Flag, its letters and its number. */
export const flagWords = (flag: string): string => `${flag} ${flag.replace(/([A-Z])([0-9])/, '$1 $2')}`;

export const processTerm = (term: string): string | null => {
  const word = term.toLowerCase();
  return STOP_WORDS.has(word) ? null : word;
};

/** Full-text index over Flag, Info and Solution; documents are added and discarded by Flag. */
export function createTextIndex(): MiniSearch<ErrorEntry> {
  return new MiniSearch<ErrorEntry>({
    idField: 'Flag',
    fields: ['flag', 'info', 'solution'],
    storeFields: [],
    extractField: (entry, field) => {
      if (field === 'Flag') return entry.Flag;
      if (field === 'flag') return flagWords(entry.Flag);
      if (field === 'info') return entry.Info;
      return entry.Solution.join('\n');
    },
    processTerm,
    searchOptions: { processTerm },
  });
}

/** At most this many words in a query: each one walks the index, fuzzily. */
export const MAX_QUERY_WORDS = 8;

// A patched index and a fresh one may differ in the last bits of a score; ties go by Flag.
const scoreKey = (score: number) => Math.round(score * 1e6);

function ranked(index: MiniSearch<ErrorEntry>, q: string, options: SearchOptions): string[] {
  return index
    .search(q, { boost: { flag: 3, info: 2, solution: 1 }, combineWith: 'AND', ...options })
    .sort((a, b) => scoreKey(b.score) - scoreKey(a.score) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((hit) => hit.id as string);
}

/**
 * The entries whose text holds every word of `q`, best first: first those with the very words;
 * then, only if the caller wants more, those where the last word is a prefix (typing goes on)
 * or a word of letters is a typo or two away (numbers are never fuzzy: 3002 is not 3001).
 * Exact words first keeps the common case to one walk of the index.
 */
export function* searchText(index: MiniSearch<ErrorEntry>, q: string): Generator<string> {
  yield* ranked(index, q, { prefix: false, fuzzy: false });
  const words = queryWords(q);
  const last = words[words.length - 1];
  yield* ranked(index, q, {
    prefix: (term) => term === last && term.length >= 3,
    fuzzy: (term) => (term.length >= 5 && !/\d/.test(term) ? 0.2 : false),
    maxFuzzy: 2,
  });
}

/** The words of a query as the index splits them. */
export const queryWords = (q: string): string[] => (MiniSearch.getDefault('tokenize') as (text: string) => string[])(q).filter((word) => word !== '');
