import MiniSearch from 'minisearch';
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

/** MiniSearch's own tokenizer, so queries and texts split alike. */
export const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** At most this many words in a query: each one walks the index, fuzzily. */
export const MAX_QUERY_WORDS = 8;

/** The words of a query as the index splits them. */
export const queryWords = (q: string): string[] => tokenize(q).filter((word) => word !== '');
