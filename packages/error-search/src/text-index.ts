import MiniSearch from 'minisearch';
import type { ErrorEntry } from '@companion/schema';
import { termOf, words } from './analyze';

/** The words of a Flag a reader may type: the whole Flag, its letters and its number. */
export const flagWords = (flag: string): string => `${flag} ${flag.replace(/([A-Z])([0-9])/, '$1 $2')}`;

/** The fields searched, and what a term found in each weighs against one in the Solution. */
export const FIELD_BOOSTS = { flag: 4, messages: 3, info: 2, solution: 1 } as const;
export type SearchField = keyof typeof FIELD_BOOSTS;
export const SEARCH_FIELDS = Object.keys(FIELD_BOOSTS) as SearchField[];

/** The text of one searched field of an entry. */
export function fieldText(entry: ErrorEntry, field: SearchField): string {
  if (field === 'flag') return flagWords(entry.Flag);
  if (field === 'messages') return entry.messages.join('\n');
  if (field === 'info') return entry.Info;
  return entry.Solution.join('\n');
}

/** Full-text index over Flag, messages, Info and Solution; documents are added and removed by Flag. */
export function createTextIndex(): MiniSearch<ErrorEntry> {
  return new MiniSearch<ErrorEntry>({
    idField: 'Flag',
    fields: SEARCH_FIELDS,
    storeFields: [],
    extractField: (entry, field) => (field === 'Flag' ? entry.Flag : fieldText(entry, field as SearchField)),
    tokenize: words,
    processTerm: termOf,
  });
}
