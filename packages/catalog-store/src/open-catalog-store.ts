import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describeError, openJournal } from '@companion/journal';
import { CatalogStore, type CatalogStoreOptions } from './catalog-store';
import { readCheckpoint, writeCheckpoint } from './checkpoint';
import { resetTempFiles } from './entry-file';
import { OpLogIndex } from './op-log-index';
import { checkOpRecord, type OpFields } from './op-record';
import { repairEntryFiles } from './repair';

export const OP_LOG_FILE = 'catalog-ops.jsonl';

/**
 * Opens the op log at `<dataDir>/catalog-ops.jsonl`, rebuilds the counters and the in-memory
 * log from it, and repairs entry files a crash left behind (calling `onApplied` for each file
 * it fixes). Storage problems do not throw: the store opens read-only and `health()` says why.
 */
export async function openCatalogStore(options: CatalogStoreOptions): Promise<CatalogStore> {
  const log = new OpLogIndex();
  const journal = await openJournal<OpFields>(join(options.dataDir, OP_LOG_FILE), {
    onRecord: (line) => {
      checkOpRecord(line.record);
      log.add(line);
    },
  });
  let failure: string | null = null;
  try {
    await mkdir(options.errorsDir, { recursive: true });
    await resetTempFiles(options.errorsDir);
    // A damaged log may hide newer records after the damage: replaying the part before it
    // could turn files back, so repair waits until the log itself is repaired.
    if (journal.health().writable) {
      // A checkpoint beyond the log (a log replaced by hand) must not hide records from repair.
      const applied = Math.min(await readCheckpoint(options.dataDir), journal.lastSeq());
      const repaired = await repairEntryFiles(options.errorsDir, log, applied);
      for (const change of repaired) options.onApplied(change);
      await writeCheckpoint(options.dataDir, journal.lastSeq());
    }
  } catch (error) {
    failure = `repairing entry files in ${options.errorsDir} failed (${describeError(error)}); writes are refused until a restart`;
  }
  return new CatalogStore(options, journal, log, failure);
}
