import type { ErrorEntry } from '@companion/schema';
import { words } from './analyze';

/**
 * The entries' messages (`bind: address already in use`) by their first two words, so a query
 * finds every message it holds whole in a lookup per pair of its words, whatever the size of the
 * catalogue. Only Flags are kept; a message is read again from its entry when its first two words
 * come up. A message of one word is left to the words' own matching.
 */
export class MessageIndex {
  private readonly byStart = new Map<string, string[]>();

  add(entry: ErrorEntry): void {
    for (const key of startsOf(entry)) {
      const flags = this.byStart.get(key);
      if (!flags) this.byStart.set(key, [entry.Flag]);
      else if (!flags.includes(entry.Flag)) flags.push(entry.Flag);
    }
  }

  remove(entry: ErrorEntry): void {
    for (const key of startsOf(entry)) {
      const flags = this.byStart.get(key)?.filter((flag) => flag !== entry.Flag);
      if (flags?.length) this.byStart.set(key, flags);
      else this.byStart.delete(key);
    }
  }

  clear(): void {
    this.byStart.clear();
  }

  /** The Flags with a message that appears whole, as consecutive words, in `sequence`. */
  foundIn(sequence: readonly string[], errors: ReadonlyMap<string, ErrorEntry>): Set<string> {
    const found = new Set<string>();
    for (let i = 0; i + 1 < sequence.length; i++) {
      for (const flag of this.byStart.get(`${sequence[i]} ${sequence[i + 1]}`) ?? []) {
        const runs = errors.get(flag)?.messages.map(words) ?? [];
        if (runs.some((run) => run.length >= 2 && run.every((word, j) => sequence[i + j] === word))) found.add(flag);
      }
    }
    return found;
  }
}

function startsOf(entry: ErrorEntry): Set<string> {
  const keys = new Set<string>();
  for (const message of entry.messages) {
    const run = words(message);
    if (run.length >= 2) keys.add(`${run[0]} ${run[1]}`);
  }
  return keys;
}
