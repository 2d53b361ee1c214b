import type { FileValue } from './collections';
import type { ContentIssue } from './issues';
import { TombstoneMap } from './tombstone-map';
import { originalKey } from './translations';

/** The identity a value claims: one release per version, one notice per id, one entry per Flag. */
export function keyOf(value: FileValue | null): string | null {
  switch (value?.kind) {
    case 'release':
      return `version ${value.release.version}`;
    case 'notice':
      return `notice ${value.notice.id}`;
    case 'error':
      return `Flag ${value.entry.Flag}`;
    case 'translation':
      return `${originalKey(value)} in ${value.lang}`;
    default:
      return null;
  }
}

/** The problem of a file whose value claims what `others` hold or claim too. */
export function claimIssue(file: string, value: FileValue, others: readonly string[]): ContentIssue {
  const where = others.join(' and ');
  switch (value.kind) {
    case 'release':
      return { file, ...value.at, code: 'DUPLICATE_VERSION', message: `version ${value.release.version}: expected each version once; found it already in ${where}` };
    case 'notice':
      return { file, ...value.at, code: 'DUPLICATE_NOTICE_ID', message: `id ${value.notice.id}: expected a unique notice id; found it already in ${where}` };
    case 'error':
      return { file, ...value.at, code: 'DUPLICATE_FLAG', message: `Flag ${value.entry.Flag}: expected each Flag once; found it already in ${where}` };
    case 'translation':
      return { file, ...value.at, code: 'DUPLICATE_TRANSLATION', message: `${originalKey(value)} in ${value.lang}: expected one translation per language; found it already in ${where}` };
    default:
      throw new Error(`${value.kind} values claim nothing`);
  }
}

export type ClaimOutcome = { accepted: true } | { accepted: false; others: readonly string[] };

/**
 * Who serves each key. The file already serving a key keeps it while it claims it (or while it
 * fails and serves its last good value); a newcomer claiming a served key is refused. When no one
 * serves a key, a sole claimant gets it and several claimants arriving together are all refused,
 * each naming the others: nothing says which of them is the right one.
 */
export class ClaimRegistry {
  private readonly owners = new TombstoneMap<string, string>();
  /** The files claiming each key: one name for the usual single claimant, a set beyond that. */
  private readonly claimants = new TombstoneMap<string, string | Set<string>>();
  private readonly dirty = new Set<string>();

  /**
   * `file` now claims `key` instead of `previous` (null: nothing). The same key is kept in place:
   * deleting and adding one key again and again in a large Map makes V8 walk every dead entry of
   * it on each lookup (66 us per change at 100,000 keys, growing until the table is rebuilt).
   */
  move(file: string, previous: string | null, key: string | null): void {
    if (previous === key) {
      if (key !== null) this.dirty.add(key);
      return;
    }
    this.withdraw(file, previous);
    this.claim(file, key);
  }

  private claim(file: string, key: string | null): void {
    if (key === null) return;
    const files = this.claimants.get(key);
    if (files === undefined || files === file) this.claimants.set(key, file);
    else if (typeof files === 'string') this.claimants.set(key, new Set([files, file]));
    else files.add(file);
    this.dirty.add(key);
  }

  private withdraw(file: string, key: string | null): void {
    const files = key === null ? undefined : this.claimants.get(key);
    if (files === file) this.claimants.delete(key!);
    else if (typeof files === 'object' && files.delete(file)) {
      if (files.size === 1) this.claimants.set(key!, [...files][0]!);
    } else return;
    this.dirty.add(key!);
  }

  /** The file serving `key`, if any. */
  ownerOf(key: string): string | undefined {
    return this.owners.get(key);
  }

  /** `file` no longer serves `key`. */
  release(file: string, key: string | null): void {
    if (key === null || this.owners.get(key) !== file) return;
    this.owners.delete(key);
    this.dirty.add(key);
  }

  /**
   * Decides every key whose claims changed. `decide` applies an outcome to a file and, for an
   * accepted file, returns the key it served until now (released in turn), or null.
   */
  settle(decide: (file: string, key: string, outcome: ClaimOutcome) => string | null): void {
    for (const key of this.dirty) {
      this.dirty.delete(key);
      const claimed = this.claimants.get(key);
      const files = claimed === undefined ? [] : typeof claimed === 'string' ? [claimed] : [...claimed].sort();
      const owner = this.owners.get(key);
      const winner = owner !== undefined ? (files.includes(owner) ? owner : null) : files.length === 1 ? files[0]! : null;
      for (const file of files) {
        if (file === winner) continue;
        decide(file, key, { accepted: false, others: owner !== undefined ? [owner] : files.filter((f) => f !== file) });
      }
      if (winner === null) continue;
      this.owners.set(key, winner);
      this.release(winner, decide(winner, key, { accepted: true }));
    }
  }
}
