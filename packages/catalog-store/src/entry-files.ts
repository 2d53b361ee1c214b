import { faultMessage, FaultState, PROBE_INTERVAL_MS, Retrier, StorageUnavailableError, syncDirectory } from '@companion/journal';
import { setTimeout as delay } from 'node:timers/promises';
import { writeCheckpoint } from './checkpoint';
import { FileSystemFlush } from './file-system-flush';
import {
  discardStagedFile,
  entryFileName,
  type FileStamp,
  entryFilePath,
  probeEntryFolder,
  publishEntryFile,
  removeEntryFile,
  stageEntryFile,
  syncEntryFile,
  writeEntryFileDurably,
} from './entry-file';

/** How long a background sync round waits to gather batches: rounds, not adds, cost fsyncs. */
const SYNC_DELAY_MS = 50;

/** The bytes each touched Flag's file must hold after a batch; null when the file must go. */
export type FileStates = ReadonlyMap<string, Uint8Array | null>;

/**
 * The entry files as a view of the op log, kept on disk in three steps (see the README's
 * protocol): staged before the log record (where a full or read-only folder is met, so the
 * change is refused cleanly), renamed into place after it (the change is committed: a failure
 * here leaves the file pending and retried, never a refusal), and made durable in the
 * background (file and folder fsync), after which the checkpoint moves past the records.
 */
export class EntryFiles {
  /** Renamed into place, not yet fsynced. */
  private readonly unsynced = new Map<string, Uint8Array | null>();
  /** Committed in the log but not in place: retried until they are. A fresh record per failure, so a retry can tell its own from a later one. */
  private readonly pending = new Map<string, { bytes: Uint8Array | null }>();
  /** Counts failures, so a retry can tell whether one happened while it ran. */
  private failures = 0;
  /** The first seq whose file is pending; the checkpoint stays before it. */
  private pendingFrom: number | null = null;
  private lastSeq: number;
  private syncedSeq: number;
  private syncing: Promise<void> | null = null;
  private readonly retrier: Retrier;
  private readonly flusher = new FileSystemFlush();

  constructor(
    private readonly errorsDir: string,
    private readonly dataDir: string,
    appliedSeq: number,
    readonly fault: FaultState,
  ) {
    this.lastSeq = this.syncedSeq = appliedSeq;
    this.retrier = new Retrier(() => this.retry(), PROBE_INTERVAL_MS);
  }

  /**
   * Writes the temp files of a batch, and says what each is (see FileStamp); on failure removes
   * them and throws StorageUnavailableError.
   */
  stage(states: FileStates): Map<string, FileStamp> {
    const stamps = new Map<string, FileStamp>();
    for (const [flag, bytes] of states) {
      if (bytes === null) continue;
      try {
        stamps.set(flag, stageEntryFile(this.errorsDir, flag, bytes));
      } catch (error) {
        this.discard(new Map([...stamps.keys(), flag].map((staged) => [staged, null])));
        throw this.fail(flag, error);
      }
    }
    return stamps;
  }

  /** Undoes `stage` for a batch the log refused. */
  discard(states: FileStates): void {
    for (const flag of states.keys()) {
      try {
        discardStagedFile(this.errorsDir, flag);
      } catch {
        // left for the next start-up, which empties the temp folder
      }
    }
  }

  /** Puts a committed batch's files in place; what fails stays pending and is retried. */
  publish(states: FileStates, seq: number): void {
    for (const [flag, bytes] of states) {
      try {
        if (bytes) publishEntryFile(this.errorsDir, flag);
        else removeEntryFile(this.errorsDir, flag);
      } catch (error) {
        this.pending.set(flag, { bytes });
        this.pendingFrom ??= seq;
        this.fail(flag, error);
        continue;
      }
      // An older pending state of this Flag must not be written over this one by a retry.
      if (this.pending.has(flag)) this.pending.set(flag, { bytes });
      this.unsynced.set(flag, bytes);
    }
    // Only now: a sync round must never cover a seq whose files are not yet in place.
    this.lastSeq = seq;
    this.startSync();
  }

  /**
   * Start-up, for the records after the checkpoint: `stale` files the log is ahead of are
   * written durably now (or retried until they are); `current` ones already say the right
   * thing but may not be on disk yet (a kill before their fsync), so they are synced before
   * the checkpoint moves.
   */
  async repair(stale: FileStates, current: FileStates, seq: number, fromSeq: number): Promise<void> {
    this.lastSeq = seq;
    for (const [flag, bytes] of current) this.unsynced.set(flag, bytes);
    for (const [flag, bytes] of stale) this.pending.set(flag, { bytes });
    if (this.pending.size > 0) this.pendingFrom = fromSeq;
    await this.retry().catch((error: unknown) => this.fail([...stale.keys()][0] ?? '.probe', error));
  }

  /** Waits for background syncs and stops retrying. */
  async close(): Promise<void> {
    this.retrier.stop();
    while (this.syncing) await this.syncing;
    this.flusher.close();
  }

  private fail(flag: string, error: unknown): StorageUnavailableError {
    this.failures++;
    const fault = this.fault.fail(faultMessage(entryFileName(this.errorsDir, flag), error), { path: entryFilePath(this.errorsDir, flag), error });
    this.retrier.start();
    return new StorageUnavailableError(fault.message);
  }

  /**
   * Probes the folder, writes what is pending durably, and ends the fault. A batch may fail
   * while this runs: only the files written here leave `pending`, and the fault, `pendingFrom`
   * (and so the checkpoint) stay until a retry sees no new failure.
   */
  private async retry(): Promise<boolean> {
    const failuresBefore = this.failures;
    const written = new Map(this.pending);
    await probeEntryFolder(this.errorsDir);
    for (const [flag, { bytes }] of written) {
      if (bytes) await writeEntryFileDurably(this.errorsDir, flag, bytes);
      else removeEntryFile(this.errorsDir, flag);
    }
    await syncDirectory(this.errorsDir);
    for (const [flag, record] of written) if (this.pending.get(flag) === record) this.pending.delete(flag);
    if (this.failures !== failuresBefore || this.pending.size > 0) return false;
    this.pendingFrom = null;
    this.fault.clear();
    this.startSync();
    return true;
  }

  private startSync(): void {
    this.syncing ??= this.syncInBackground().finally(() => {
      this.syncing = null;
      // A batch published while the last round was finishing still needs its round.
      if (this.lastSeq > this.syncedSeq && this.pendingFrom === null) this.startSync();
    });
  }

  /**
   * fsyncs the renamed files and the folder, then moves the checkpoint: start-up compares only
   * records after it with their files. Never on an answer's path.
   */
  private async syncInBackground(): Promise<void> {
    while (this.lastSeq > this.syncedSeq) {
      await delay(SYNC_DELAY_MS); // one round then covers every batch of the meantime
      const target = this.lastSeq;
      const files = new Map(this.unsynced);
      this.unsynced.clear();
      try {
        await this.flusher.flush(this.errorsDir, () => Promise.all([...files].map(([flag, bytes]) => (bytes ? syncEntryFile(this.errorsDir, flag) : undefined))));
        await syncDirectory(this.errorsDir);
      } catch (error) {
        // After a failed fsync the kernel may have dropped the data while reads still show it,
        // so a second fsync proves nothing: the files are written again, durably, by the retry.
        for (const [flag, bytes] of files) if (!this.unsynced.has(flag) && !this.pending.has(flag)) this.pending.set(flag, { bytes });
        this.pendingFrom = Math.min(this.pendingFrom ?? Infinity, this.syncedSeq + 1);
        this.fail([...files.keys()][0] ?? 'catalogue', error);
        break;
      }
      const ceiling = this.pendingFrom === null ? target : Math.min(target, this.pendingFrom - 1);
      if (ceiling > this.syncedSeq) await writeCheckpoint(this.dataDir, ceiling).catch(() => undefined); // a stale checkpoint only means more to compare at start-up
      this.syncedSeq = Math.max(this.syncedSeq, ceiling);
      if (ceiling < target) break;
    }
  }
}
