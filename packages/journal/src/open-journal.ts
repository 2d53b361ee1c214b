import { constants } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { Journal, DEFAULT_MAX_BATCH_RECORDS } from './journal';
import { scanJournal, type RecordVisitor, type RecoveryReport } from './recovery';
import { faultMessage, type StorageEvents } from './storage-fault';
import { syncDirectory } from './sync-directory';

export interface JournalOptions<T> {
  /** Called for every intact record, in seq order, before `openJournal` resolves. */
  onRecord?: RecordVisitor<T>;
  /** Most records written by one synchronous write (default 512). */
  maxBatchRecords?: number;
  /** The time for fault reports, as the store formats it (default: ISO 8601 from the system clock). */
  now?: () => string;
  /** Told when the log starts and stops refusing writes. */
  events?: StorageEvents;
}

/**
 * Opens (or creates) the log at `path`, replays it through `onRecord`, cuts away a torn last
 * line, and returns the journal. It never throws for a storage problem: a file that cannot be
 * opened or read, or a damaged log, gives a journal that keeps what it read and refuses
 * writes, with the reason in `health()`.
 */
export async function openJournal<T extends object>(path: string, options: JournalOptions<T> = {}): Promise<Journal<T>> {
  const settings = {
    maxBatchRecords: options.maxBatchRecords ?? DEFAULT_MAX_BATCH_RECORDS,
    now: options.now ?? (() => new Date().toISOString()),
    events: options.events,
  };
  const name = basename(path);
  let report: RecoveryReport = { records: 0, lastSeq: 0, tornTail: null, corruption: null };
  let file: FileHandle | undefined;
  let step = 'open';
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // O_DSYNC: each write returns once its bytes are durable (fdatasync's guarantee), so a
    // batch costs one trip to the thread pool instead of a write and then a sync.
    file = await open(path, constants.O_RDWR | constants.O_CREAT | constants.O_DSYNC, 0o600);
    step = 'read';
    const stat = await file.stat();
    // Only bytes present at open belong to the log; a device stands in for an empty file.
    const size = stat.isFile() ? stat.size : 0;
    const scan = await scanJournal(file, size, options.onRecord ?? (() => undefined));
    report = scan.report;
    if (scan.readError) throw scan.readError;
    step = 'repair';
    if (report.tornTail) {
      await file.truncate(report.tornTail.offset);
      await file.datasync();
    }
    await syncDirectory(dirname(path)); // the file may be new: make its name durable too
    const journal = new Journal<T>(path, file, report, scan.end, settings);
    const c = report.corruption;
    if (c) {
      const message = `${name} is damaged at line ${c.line} (byte ${c.offset}): ${c.reason}; the log is read-only until it is repaired`;
      journal.refuse(message, Object.assign(new Error(c.reason), { code: 'CORRUPT' }));
    }
    return journal;
  } catch (error) {
    await file?.close().catch(() => undefined);
    const journal = new Journal<T>(path, null, report, 0, settings);
    journal.refuse(`cannot ${step} ${faultMessage(name, error)}; writes are refused until a restart`, error);
    return journal;
  }
}
