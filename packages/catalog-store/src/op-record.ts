import type { IdempotencyClaim } from '@companion/idempotency';
import { FLAG_PATTERN, OPERATIONS, type ErrorEntry, type Operation } from '@companion/schema';
import { upgradeState, type EntryState } from './entry-state';

/** One change of the catalogue, as stored in the op log and returned by `logs()`. */
export interface OpRecord {
  seq: number;
  /** `2026-11-25T22:04:40.123456` (UTC, no zone), when the change was made. */
  timestamp: string;
  operation: Operation;
  flag: string;
  user_ip: string;
  actor: string;
  /** The entry after the change; for DELETE, the entry that was removed. */
  entry: ErrorEntry;
  /** Why the change was made, when the person said (absent otherwise). */
  reason?: string;
}

/**
 * A record as the log holds it: with `state`, what the API has decided of the Flag after this
 * change, merged with the repository's file to serve it (see resolveEntry). Records written
 * before the catalogue was merged with its files lack it (their changes were written into the
 * files, which hold them).
 */
export interface StoredOpRecord extends OpRecord {
  state?: EntryState;
  /** The Idempotency-Key of the request that made the change, when it came with one. */
  idempotency?: IdempotencyClaim;
  /** A restore: the number of the version of the Flag's history it brought back. */
  restored?: number;
}

/** What the store hands the journal; the journal adds `seq`. */
export type OpFields = Omit<StoredOpRecord, 'seq'>;

/** A stored record as `logs()` and `stats()` give it: the fields the interface document names. */
export function publicRecord(stored: StoredOpRecord): OpRecord {
  const { seq, timestamp, operation, flag, user_ip, actor, entry, reason } = stored;
  return { seq, timestamp, operation, flag, user_ip, actor, entry, ...(reason !== undefined && { reason }) };
}

/**
 * A cheap shape check for replay (a full schema parse per record would dominate the time
 * to open a large log). Throws, so the journal reports the line as corrupt.
 */
export function checkOpRecord(record: OpRecord): void {
  if (!OPERATIONS.includes(record.operation)) throw new Error(`unknown operation ${JSON.stringify(record.operation)}`);
  if (typeof record.flag !== 'string' || !FLAG_PATTERN.test(record.flag)) throw new Error(`bad flag ${JSON.stringify(record.flag)}`);
  const entry = record.entry as Partial<ErrorEntry> | undefined;
  if (typeof entry !== 'object' || entry === null || entry.Flag !== record.flag) throw new Error('entry missing or of another Flag');
  if (typeof entry.Info !== 'string' || !Array.isArray(entry.Solution)) throw new Error('entry without Info or Solution');
  if (typeof record.timestamp !== 'string') throw new Error('no timestamp');
}

/** A record as read back, in today's shape: entries written before `messages` existed get none. */
export function upgradeOpRecord<T extends OpFields>(record: T): T {
  const entry = Array.isArray(record.entry.messages) ? record.entry : { ...record.entry, messages: [] };
  const state = record.state && upgradeState(record.state);
  return entry === record.entry && state === record.state ? record : { ...record, entry, ...(state && { state }) };
}
