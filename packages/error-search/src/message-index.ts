import { words } from './analyze';

/**
 * The entries' messages (`bind: address already in use`, and those of their translations) by
 * their first two words, so a query finds every message it holds whole in a lookup per pair of its
 * words, whatever the size of the catalogue. Only Flags are kept; a message is read again from its
 * document when its first two words come up. A message of one word is left to the words' own matching.
 */
export class MessageIndex {
  private readonly byStart = new Map<string, string[]>();

  add(flag: string, messages: readonly string[]): void {
    for (const key of startsOf(messages)) {
      const flags = this.byStart.get(key);
      if (!flags) this.byStart.set(key, [flag]);
      else if (!flags.includes(flag)) flags.push(flag);
    }
  }

  remove(flag: string, messages: readonly string[]): void {
    for (const key of startsOf(messages)) {
      const flags = this.byStart.get(key)?.filter((f) => f !== flag);
      if (flags?.length) this.byStart.set(key, flags);
      else this.byStart.delete(key);
    }
  }

  clear(): void {
    this.byStart.clear();
  }

  /** The Flags with a message that appears whole, as consecutive words, in `sequence`. */
  foundIn(sequence: readonly string[], messagesOf: (flag: string) => readonly string[]): Set<string> {
    const found = new Set<string>();
    for (let i = 0; i + 1 < sequence.length; i++) {
      for (const flag of this.byStart.get(`${sequence[i]} ${sequence[i + 1]}`) ?? []) {
        const runs = messagesOf(flag).map(words);
        if (runs.some((run) => run.length >= 2 && run.every((word, j) => sequence[i + j] === word))) found.add(flag);
      }
    }
    return found;
  }
}

function startsOf(messages: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const message of messages) {
    const run = words(message);
    if (run.length >= 2) keys.add(`${run[0]} ${run[1]}`);
  }
  return keys;
}
