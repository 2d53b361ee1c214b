import { createHash } from 'node:crypto';
import type { ErrorEntry } from '@companion/schema';

const MASK = (1n << 64n) - 1n;

/** 64 bits of the SHA-256 of an entry in a fixed field order, so equal entries hash alike on every replica. */
function entryHash(entry: ErrorEntry): bigint {
  const fields = [entry.Flag, entry.Info, entry.Solution, entry.messages, entry.category, entry.severity, entry.creator, entry.notes, entry.created_at, entry.updated_at];
  return createHash('sha256').update(JSON.stringify(fields)).digest().readBigUInt64BE(0);
}

/**
 * A digest of the catalogue served: the sum (mod 2^64) of each entry's hash, so it does not
 * depend on order and follows a change by rehashing only the entries that changed. Entries are
 * immutable and a patched snapshot keeps every unchanged entry's object, so an identity
 * comparison finds what changed. Replicas serving the same entries have the same digest.
 */
export class CatalogDigest {
  private digested: ReadonlyMap<string, ErrorEntry> = new Map();
  private readonly hashes = new Map<string, bigint>();
  private sum = 0n;

  of(errors: ReadonlyMap<string, ErrorEntry>): string {
    if (errors !== this.digested) {
      for (const [flag, entry] of errors) if (this.digested.get(flag) !== entry) this.put(flag, entry);
      for (const flag of this.digested.keys()) if (!errors.has(flag)) this.put(flag, undefined);
      this.digested = errors;
    }
    return this.sum.toString(16).padStart(16, '0');
  }

  private put(flag: string, entry: ErrorEntry | undefined): void {
    this.sum = (this.sum - (this.hashes.get(flag) ?? 0n)) & MASK;
    if (!entry) {
      this.hashes.delete(flag);
      return;
    }
    const hash = entryHash(entry);
    this.hashes.set(flag, hash);
    this.sum = (this.sum + hash) & MASK;
  }
}
