import type { FileValue } from './collections';
import type { ContentIssue } from './issues';

/** The identity a value claims: one release per version, one notice per id, one entry per Flag. */
export function keyOf(value: FileValue | null): string | null {
  switch (value?.kind) {
    case 'release':
      return `version ${value.release.version}`;
    case 'notice':
      return `notice ${value.notice.id}`;
    case 'error':
      return `Flag ${value.entry.Flag}`;
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
  private readonly owners = new Map<string, string>();
  private readonly claimants = new Map<string, Set<string>>();
  private readonly dirty = new Set<string>();

  claim(file: string, key: string | null): void {
    if (key === null) return;
    let files = this.claimants.get(key);
    if (!files) this.claimants.set(key, (files = new Set()));
    files.add(file);
    this.dirty.add(key);
  }

  withdraw(file: string, key: string | null): void {
    const files = key === null ? undefined : this.claimants.get(key);
    if (!files?.delete(file)) return;
    if (files.size === 0) this.claimants.delete(key!);
    this.dirty.add(key!);
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
      const files = [...(this.claimants.get(key) ?? [])].sort();
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
