import type { ErrorEntry, Operation } from '@companion/schema';
import { DECIDED_FIELDS } from './entry-state';
import type { StoredOpRecord } from './op-record';

/** One version of an entry: the file shipped before the first API change, or what an API change left. */
export interface EntryVersion {
  /** 1 for the oldest; numbers never change, as the log only grows. */
  version: number;
  /** The change's op record; null for the shipped file. */
  seq: number | null;
  /** When the change was made (`2026-11-25T22:04:40.123456`); null for the shipped file. */
  timestamp: string | null;
  /** `SHIPPED`: the repository's file before the API changed it. */
  operation: Operation | 'SHIPPED';
  /** Who made the change; null for the shipped file (the repository's history says who). */
  actor: string | null;
  reason: string | null;
  /** The change restored this version of the history (its number); null for any other change. */
  restored: number | null;
  /** The change deleted the entry; `entry` is the entry it removed. */
  deleted: boolean;
  /** The whole entry as it was after the change (for a delete, as it was removed). */
  entry: ErrorEntry;
}

/**
 * The file an API change was first made against, as it was then: a delete records it whole; an
 * update records the file's value of each field it changed (the state's bases), and the fields it
 * left were the file's. Timestamps come from today's file when there is one.
 */
function shippedBefore(first: StoredOpRecord, file: ErrorEntry | undefined): ErrorEntry {
  const deletedBase = first.state?.deleted?.base;
  if (first.operation === 'DELETE' && deletedBase) return deletedBase;
  const entry: Record<string, unknown> = { ...first.entry, updated_at: file?.updated_at ?? null };
  for (const field of DECIDED_FIELDS) {
    const decision = first.state?.fields[field];
    if (decision && 'base' in decision) entry[field] = decision.base;
  }
  if (file) entry.created_at = file.created_at;
  return entry as unknown as ErrorEntry;
}

/**
 * Every version of a Flag, oldest first: the shipped file when the first API change was made to an
 * entry the repository had (and the file alone when the API never changed it), then one version
 * per op record.
 */
export function entryHistory(records: readonly StoredOpRecord[], file: ErrorEntry | undefined): EntryVersion[] {
  const versions: Omit<EntryVersion, 'version'>[] = [];
  const first = records[0];
  if (first ? first.operation !== 'CREATE' : file) {
    versions.push({ seq: null, timestamp: null, operation: 'SHIPPED', actor: null, reason: null, restored: null, deleted: false, entry: first ? shippedBefore(first, file) : file! });
  }
  for (const record of records) {
    versions.push({ seq: record.seq, timestamp: record.timestamp, operation: record.operation, actor: record.actor, reason: record.reason ?? null, restored: record.restored ?? null, deleted: record.operation === 'DELETE', entry: record.entry });
  }
  return versions.map((version, i) => ({ version: i + 1, ...version }));
}
