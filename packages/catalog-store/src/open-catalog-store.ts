import { mkdir } from 'node:fs/promises';
import { FaultState, faultMessage } from '@companion/journal';
import type { Database } from '@companion/database';
import { formatUtcInstant } from '@companion/schema';
import { CatalogStore, type CatalogStoreOptions } from './catalog-store';
import { readCheckpoint } from './checkpoint';
import { entryFilePath, resetTempFiles, twinPath } from './entry-file';
import { EntryFiles } from './entry-files';
import { JournalOpLog } from './journal-op-log';
import type { OpLog } from './op-log';
import { OpLogIndex } from './op-log-index';
import { PostgresOpLog } from './postgres/postgres-op-log';
import { planRepair } from './repair';

export { OP_LOG_FILE } from './journal-op-log';

/** Where the op log lives: the JSONL journal in the data folder (the default), or PostgreSQL shared by replicas. */
export type OpLogChoice = { kind: 'jsonl' } | { kind: 'postgres'; db: Database };

export interface OpenCatalogOptions extends CatalogStoreOptions {
  log?: OpLogChoice;
}

/**
 * Opens the op log (the JSONL journal at `<dataDir>/catalog-ops.jsonl`, or PostgreSQL),
 * rebuilds the counters and the in-memory log from it, and brings entry files a crash (or,
 * on a replica, the changes made elsewhere meanwhile) left behind up to the log, calling
 * `onApplied` with the ones it fixes. Storage problems of the files and the journal do not
 * throw: the store opens refusing writes, `health()` says why, and a folder that becomes
 * writable again is retried by itself. A database that cannot be reached does throw.
 */
export async function openCatalogStore(options: OpenCatalogOptions): Promise<CatalogStore> {
  const now = () => formatUtcInstant(options.clock.nowMicros());
  const index = new OpLogIndex();
  // The checkpoint's folder, whichever log is used (a folder that cannot be made is the journal's fault to report).
  await mkdir(options.dataDir, { recursive: true }).catch(() => undefined);
  const choice = options.log ?? { kind: 'jsonl' };
  const opLog: OpLog =
    choice.kind === 'postgres'
      ? await PostgresOpLog.open(choice.db, (line) => index.add(line))
      : await JournalOpLog.open(options.dataDir, { now, events: options.events, onRecord: (line) => index.add(line) });
  const folder = new FaultState('catalogue files', now, options.events);
  const broken = new FaultState('catalogue', now, options.events);
  // A checkpoint beyond the log (a log replaced by hand, a database restored) must not hide records from repair.
  const head = opLog.lastSeq();
  const applied = Math.min(await readCheckpoint(options.dataDir), head);
  const files = new EntryFiles(options.errorsDir, options.dataDir, applied, folder);
  try {
    await mkdir(options.errorsDir, { recursive: true });
    await resetTempFiles(options.errorsDir);
    // A damaged log may hide newer records after the damage: replaying the part before it
    // could turn files back, so repair waits until the log itself is repaired.
    if (opLog.health().corruption === null) {
      const plan = planRepair(options.errorsDir, index, applied);
      const repaired = [...plan.stale].map(([flag, { entry, bytes }]) => ({ flag, entry, file: entryFilePath(options.errorsDir, flag), twin: twinPath(options.errorsDir, flag), bytes, stamp: null }));
      if (repaired.length > 0) options.onApplied(repaired);
      const stale = new Map([...plan.stale].map(([flag, { bytes }]) => [flag, bytes]));
      await files.repair(stale, plan.current, head, applied + 1);
    }
  } catch (error) {
    broken.fail(`${faultMessage('catalogue start-up', error)}; writes are refused until a restart`, { path: options.errorsDir, error });
  }
  return new CatalogStore(options, opLog, index, files, broken, head);
}
