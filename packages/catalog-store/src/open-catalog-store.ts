import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FaultState, faultMessage, openJournal } from '@companion/journal';
import { formatUtcInstant } from '@companion/schema';
import { CatalogStore, type CatalogStoreOptions } from './catalog-store';
import { readCheckpoint } from './checkpoint';
import { entryFilePath, resetTempFiles, twinPath } from './entry-file';
import { EntryFiles } from './entry-files';
import { OpLogIndex } from './op-log-index';
import { checkOpRecord, type OpFields } from './op-record';
import { planRepair } from './repair';

export const OP_LOG_FILE = 'catalog-ops.jsonl';

/**
 * Opens the op log at `<dataDir>/catalog-ops.jsonl`, rebuilds the counters and the in-memory
 * log from it, and brings entry files a crash left behind up to the log (calling `onApplied`
 * for each one it fixes). Storage problems do not throw: the store opens refusing writes,
 * `health()` says why, and a folder that becomes writable again is retried by itself.
 */
export async function openCatalogStore(options: CatalogStoreOptions): Promise<CatalogStore> {
  const now = () => formatUtcInstant(options.clock.nowMicros());
  const log = new OpLogIndex();
  const journal = await openJournal<OpFields>(join(options.dataDir, OP_LOG_FILE), {
    now,
    events: options.events,
    onRecord: (line) => {
      checkOpRecord(line.record);
      log.add(line);
    },
  });
  const folder = new FaultState('catalogue files', now, options.events);
  const broken = new FaultState('catalogue', now, options.events);
  // A checkpoint beyond the log (a log replaced by hand) must not hide records from repair.
  const applied = Math.min(await readCheckpoint(options.dataDir), journal.lastSeq());
  const files = new EntryFiles(options.errorsDir, options.dataDir, applied, folder);
  try {
    await mkdir(options.errorsDir, { recursive: true });
    await resetTempFiles(options.errorsDir);
    // A damaged log may hide newer records after the damage: replaying the part before it
    // could turn files back, so repair waits until the log itself is repaired.
    if (journal.health().corruption === null) {
      const plan = await planRepair(options.errorsDir, log, applied);
      for (const [flag, { entry, bytes }] of plan.stale) options.onApplied({ flag, entry, file: entryFilePath(options.errorsDir, flag), twin: twinPath(options.errorsDir, flag), bytes });
      const stale = new Map([...plan.stale].map(([flag, { bytes }]) => [flag, bytes]));
      await files.repair(stale, plan.current, journal.lastSeq(), applied + 1);
    }
  } catch (error) {
    broken.fail(`${faultMessage('catalogue start-up', error)}; writes are refused until a restart`, { path: options.errorsDir, error });
  }
  return new CatalogStore(options, journal, log, files, broken);
}
