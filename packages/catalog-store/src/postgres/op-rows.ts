import { encodeLine } from '@companion/journal';
import type { ErrorEntry, Operation } from '@companion/schema';
import type { EntryState } from '../entry-state';
import type { LoggedRecord } from '../op-log';
import { upgradeOpRecord, type OpFields, type StoredOpRecord } from '../op-record';

/** A row of `catalog_ops` as node-postgres returns it (bigint as text, json parsed). */
export interface OpRow {
  seq: string;
  timestamp: string;
  operation: Operation;
  flag: string;
  user_ip: string;
  actor: string;
  entry: ErrorEntry;
  state: EntryState | null;
  reason: string | null;
  restored: number | null;
}

export const OP_COLUMNS = 'seq, timestamp, operation, flag, user_ip, actor, entry, state, reason, restored';

/**
 * A record as the in-memory log keeps it: the same line the JSONL journal would store, so logs
 * and stats read both logs alike.
 */
export function loggedRecord(seq: number, fields: OpFields): LoggedRecord {
  const record: StoredOpRecord = { seq, timestamp: fields.timestamp, operation: fields.operation, flag: fields.flag, user_ip: fields.user_ip, actor: fields.actor, entry: fields.entry, ...(fields.state && { state: fields.state }), ...(fields.reason !== undefined && { reason: fields.reason }), ...(fields.restored !== undefined && { restored: fields.restored }) };
  const { seq: _seq, ...rest } = record;
  const line = encodeLine(seq, rest);
  return { record, bytes: line.subarray(0, line.length - 1) };
}

export const recordOfRow = (row: OpRow): LoggedRecord => loggedRecord(Number(row.seq), upgradeOpRecord({ ...row, state: row.state ?? undefined, reason: row.reason ?? undefined, restored: row.restored ?? undefined }));
