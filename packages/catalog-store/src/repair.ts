import type { ErrorEntry } from '@companion/schema';
import { applyEntryStates, type AppliedChange } from './apply-entries';
import { entryFileMatches, entryFilePath } from './entry-file';
import type { OpLogIndex } from './op-log-index';

/**
 * Start-up repair after a crash between a log fsync and the file renames: for the records
 * after `appliedSeq`, makes each touched Flag's file say what its latest record says.
 * Files that already agree are left alone, so running it twice changes nothing.
 */
export async function repairEntryFiles(errorsDir: string, log: OpLogIndex, appliedSeq: number): Promise<AppliedChange[]> {
  const stale = new Map<string, ErrorEntry | null>();
  for (const [flag, index] of log.latestPerFlag()) {
    const record = log.record(index);
    if (record.seq <= appliedSeq) continue;
    const entry = record.operation === 'DELETE' ? null : record.entry;
    if (!(await entryFileMatches(errorsDir, flag, entry))) stale.set(flag, entry);
  }
  if (stale.size > 0) await applyEntryStates(errorsDir, stale);
  return [...stale].map(([flag, entry]) => ({ flag, entry, file: entryFilePath(errorsDir, flag) }));
}
