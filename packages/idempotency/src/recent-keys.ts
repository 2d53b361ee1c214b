import { claimId, KEY_RETENTION_MS, type IdempotencyClaim, type Recalled } from './claim';

interface Held<T> {
  fingerprint: string;
  outcome: T;
  /** Date.now() when its write committed. */
  at: number;
}

/**
 * A flat store's keys in memory, rebuilt from its records at start-up (each record carries its
 * claim). Keys older than the retention are forgotten, oldest first: records arrive in commit
 * order, so the map's insertion order is their age and forgetting stops at the first young one.
 */
export class RecentKeys<T> {
  private readonly held = new Map<string, Held<T>>();

  constructor(
    private readonly retentionMs = KEY_RETENTION_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remembers a committed claim; `at` is when its write committed (a replayed record's own time). */
  add(claim: IdempotencyClaim, outcome: T, at = this.now()): void {
    if (at < this.now() - this.retentionMs) return;
    const id = claimId(claim);
    this.held.delete(id);
    this.held.set(id, { fingerprint: claim.fingerprint, outcome, at });
  }

  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Recalled<T> | null {
    this.forgetExpired();
    const held = this.held.get(claimId(claim));
    return held ? { fingerprint: held.fingerprint, outcome: held.outcome } : null;
  }

  /**
   * Changes every held outcome (an erasure takes an address out of the answers kept for replays,
   * as it does out of the records they came from).
   */
  rewrite(change: (outcome: T) => T): void {
    for (const held of this.held.values()) held.outcome = change(held.outcome);
  }

  get size(): number {
    return this.held.size;
  }

  private forgetExpired(): void {
    const oldest = this.now() - this.retentionMs;
    for (const [id, held] of this.held) {
      if (held.at >= oldest) return;
      this.held.delete(id);
    }
  }
}
