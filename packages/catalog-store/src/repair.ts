import type { ErrorEntry } from '@companion/schema';
import { entryFilesMatch, entryText, readEntryFiles } from './entry-file';
import type { OpLogIndex } from './op-log-index';

export interface RepairPlan {
  /** Flags whose file does not say what their latest record says, with the bytes it must hold. */
  stale: Map<string, { entry: ErrorEntry | null; bytes: Uint8Array | null }>;
  /** Flags whose file already agrees (its bytes, to fsync before the checkpoint moves). */
  current: Map<string, Uint8Array | null>;
}

/**
 * Start-up after a crash between a log fsync and the files being durable: for the records
 * after `appliedSeq`, compares each touched Flag's file with its latest record. A stale file
 * is rewritten from the log (edited in place when it exists), so running it twice changes nothing.
 */
export async function planRepair(errorsDir: string, log: OpLogIndex, appliedSeq: number): Promise<RepairPlan> {
  const plan: RepairPlan = { stale: new Map(), current: new Map() };
  for (const [flag, index] of log.latestPerFlagSince(appliedSeq)) {
    const record = log.record(index);
    const entry = record.operation === 'DELETE' ? null : record.entry;
    const files = await readEntryFiles(errorsDir, flag);
    const source = files.text ?? files.twin;
    if (entryFilesMatch(files, entry)) {
      plan.current.set(flag, source === null ? null : Buffer.from(source));
    } else {
      plan.stale.set(flag, { entry, bytes: entry ? Buffer.from(entryText(source, entry)) : null });
    }
  }
  return plan;
}
