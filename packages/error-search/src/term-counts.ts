import type { ErrorEntry } from '@companion/schema';
import { flagWords, processTerm, tokenize } from './text-index';
// The index's own tokenizer splits on these; a word is found in a text when bounded by them.
const SEPARATOR = '[\\n\\r\\p{Z}\\p{P}]';
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** All the words of an entry, as one lower-cased text, in the order the index reads its fields. */
export const entryText = (entry: ErrorEntry): string => `${flagWords(entry.Flag)}\n${entry.Info}\n${entry.Solution.join('\n')}`.toLowerCase();

/** A test for "the text holds, from every group, at least one of its words". */
export function holdsEvery(groups: readonly (readonly string[])[]): (entry: ErrorEntry) => boolean {
  const patterns = groups.map((words) => new RegExp(`(?:^|${SEPARATOR})(?:${words.map(escape).join('|')})(?:${SEPARATOR}|$)`, 'u'));
  return (entry) => {
    const text = entryText(entry);
    return patterns.every((pattern) => pattern.test(text));
  };
}

/**
 * How many entries hold each word. A word most entries hold is worth little for ranking but
 * costs the index a score per entry holding it; knowing the counts lets a query avoid that.
 */
export class TermCounts {
  private readonly counts = new Map<string, number>();

  add(entry: ErrorEntry): void {
    for (const term of this.termsOf(entry)) this.counts.set(term, (this.counts.get(term) ?? 0) + 1);
  }

  remove(entry: ErrorEntry): void {
    for (const term of this.termsOf(entry)) {
      const count = (this.counts.get(term) ?? 1) - 1;
      if (count > 0) this.counts.set(term, count);
      else this.counts.delete(term);
    }
  }

  count(term: string): number {
    return this.counts.get(term) ?? 0;
  }

  get terms(): number {
    return this.counts.size;
  }

  private termsOf(entry: ErrorEntry): Set<string> {
    const terms = new Set<string>();
    for (const token of tokenize(entryText(entry))) {
      const term = processTerm(token);
      if (term) terms.add(term);
    }
    return terms;
  }
}
