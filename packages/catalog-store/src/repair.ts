import type { ErrorEntry } from '@companion/schema';
import { entryText, fileDigest, readEntryFiles } from './entry-file';
import { isEntryOf, readsAs as readsExactlyAs } from './entry-yaml';
import type { OpLogIndex } from './op-log-index';
import type { StoredOpRecord } from './op-record';

export interface RepairPlan {
  /** Flags whose file the log is ahead of, with the bytes it must hold (null: no file). */
  stale: Map<string, { entry: ErrorEntry | null; bytes: Uint8Array | null }>;
  /** Flags whose file is kept as it is (its bytes, to fsync before the checkpoint moves). */
  current: Map<string, Uint8Array | null>;
}

/**
 * Start-up, for the records after `appliedSeq` (a crash, a kill or a plain restart before the
 * background round moved the checkpoint): brings a Flag's file up to its latest record only where
 * the change may not have reached it: the file is missing, empty or torn (not a whole entry of
 * the Flag), or still holds what it held before one of those records (its digest is one of their
 * `file_before`). Any other file was edited by hand after the write and was served so before the
 * restart: it stays. Records without `file_before` (older logs) fall back to comparing by value.
 * Running it twice changes nothing.
 */
export function planRepair(errorsDir: string, log: OpLogIndex, appliedSeq: number): RepairPlan {
  const plan: RepairPlan = { stale: new Map(), current: new Map() };
  for (const [flag, records] of log.recordsPerFlagSince(appliedSeq)) {
    const entry = records[0]!.operation === 'DELETE' ? null : records[0]!.entry;
    const { text, twin } = readEntryFiles(errorsDir, flag);
    const unwritten = (file: string | null) => file !== null && mayBeUnwritten(file, flag, entry, records);
    const editable = (file: string | null) => (file !== null && isEntryOf(file, flag) ? file : null);
    if (entry === null) {
      // Removing the file removes its twin too; a file made again by hand after the delete stays.
      if (text !== null ? unwritten(text) : unwritten(twin)) plan.stale.set(flag, { entry, bytes: null });
      else plan.current.set(flag, text === null ? null : Buffer.from(text));
    } else if (text === null || (!readsAs(text, entry) && unwritten(text))) {
      // Edited in place from what the change edited, as the change itself did.
      plan.stale.set(flag, { entry, bytes: Buffer.from(entryText(editable(text) ?? editable(twin), entry)) });
    } else if (readsAs(text, entry) && unwritten(twin)) {
      plan.stale.set(flag, { entry, bytes: Buffer.from(text) }); // the twin's removal was lost
    } else {
      plan.current.set(flag, Buffer.from(text));
    }
  }
  return plan;
}

/** Whether a file reads as exactly `entry`; false for one that is not an entry at all. */
const readsAs = (text: string, entry: ErrorEntry) => isEntryOf(text, entry.Flag) && readsExactlyAs(text, entry);

/**
 * Whether a Flag's file may be one a change after the checkpoint never reached (rather than an
 * edit made after it): empty or torn, or holding what the file held before one of the records.
 */
function mayBeUnwritten(text: string, flag: string, entry: ErrorEntry | null, records: readonly StoredOpRecord[]): boolean {
  if (!isEntryOf(text, flag)) return true;
  // An older log cannot tell: the file is brought to the record.
  if (records.some((record) => record.file_before === undefined)) return entry === null || !readsAs(text, entry);
  const digest = fileDigest(text);
  return records.some((record) => record.file_before === digest);
}
