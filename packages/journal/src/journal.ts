import { fstatSync, statSync, type Stats } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { StorageUnavailableError } from './errors';
import { lineFromJson, recordJson } from './line-codec';
import type { Corruption, JournalLine, RecoveryReport, TornTail } from './recovery';
import { FaultState, faultMessage, Retrier, type FaultReport, type StorageEvents } from './storage-fault';

export interface JournalHealth extends FaultReport {
  tornTail: TornTail | null;
  corruption: Corruption | null;
}

/** Work done since open: one batch is one synchronous (O_DSYNC) write. */
export interface JournalCounters {
  batches: number;
  syncs: number;
  records: number;
}

/**
 * Runs after the batch holding these lines is on disk and before the commit resolves.
 * The next batch is not written until it has finished, so work done here is ordered like
 * the log. If it throws, only its own commit rejects (with that error).
 */
export type AfterSync<T> = (lines: JournalLine<T>[]) => void | Promise<void>;

interface PendingCommit<T> {
  records: readonly T[];
  json: string[];
  afterSync: AfterSync<T> | undefined;
  resolve(lines: JournalLine<T>[]): void;
  reject(error: unknown): void;
}

export const DEFAULT_MAX_BATCH_RECORDS = 512;
/** How often a journal that refuses writes checks whether the disk takes them again. */
export const PROBE_INTERVAL_MS = 500;
const PROBE_BYTES = 4096;

export interface JournalSettings {
  maxBatchRecords: number;
  /** The time as stores show it (`2026-11-25T22:04:40.123456`), for fault reports. */
  now: () => string;
  events: StorageEvents | undefined;
}

/** An open append-only log. Create it with `openJournal`. */
export class Journal<T extends object> {
  private readonly queue: PendingCommit<T>[] = [];
  private draining: Promise<void> | null = null;
  private closed = false;
  private seq: number;
  private readonly work: JournalCounters = { batches: 0, syncs: 0, records: 0 };
  private readonly fault: FaultState;
  /** A problem no retry can fix (damage, a deleted file, closed): writes wait for a restart. */
  private permanent: string | null = null;
  /** Bytes after `end` that a failed batch may have left and that must be cut before any append. */
  private uncut = false;
  private readonly retrier: Retrier;
  private readonly name: string;

  constructor(
    readonly path: string,
    private readonly file: FileHandle | null,
    readonly recovery: RecoveryReport,
    /** File length after the last intact record: appends go there. */
    private end: number,
    private readonly settings: JournalSettings,
  ) {
    this.seq = recovery.lastSeq;
    this.name = basename(path);
    this.fault = new FaultState(this.name, settings.now, settings.events);
    this.retrier = new Retrier(() => this.probe(), PROBE_INTERVAL_MS);
  }

  /** The seq of the last record on disk. */
  lastSeq(): number {
    return this.seq;
  }

  health(): JournalHealth {
    const report = this.fault.report();
    const reason = this.refusal();
    return { ...report, writable: reason === null, reason, tornTail: this.recovery.tornTail, corruption: this.recovery.corruption };
  }

  counters(): JournalCounters {
    return { ...this.work };
  }

  /** Refuses writes until a restart, with `message` (relative names only) as the public reason. */
  refuse(message: string, error: unknown): void {
    this.permanent ??= message;
    this.retrier.stop();
    this.fault.fail(message, { path: this.path, error });
  }

  /** Appends one record; resolves with it, seq included, once it is on disk. */
  async append(record: T): Promise<JournalLine<T>> {
    const [line] = await this.commit([record]);
    return line!;
  }

  /**
   * Appends records as one unit. Commits that arrive while a batch is being synced are
   * written together in the next batch: one synchronous (O_DSYNC) write for all of them.
   */
  commit(records: readonly T[], afterSync?: AfterSync<T>): Promise<JournalLine<T>[]> {
    const refusal = this.refusal();
    if (refusal !== null) return Promise.reject(new StorageUnavailableError(refusal));
    let json: string[];
    try {
      json = records.map(recordJson);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ records, json, afterSync, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Waits for queued commits, then releases the file. Later commits are refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.retrier.stop();
    await this.draining;
    await this.file?.close().catch(() => undefined); // nothing left to lose: every commit was answered
  }

  private refusal(): string | null {
    return this.permanent ?? this.fault.active?.message ?? (this.closed ? `${this.name}: the log is closed` : null);
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      let lines: JournalLine<T>[][];
      try {
        lines = await this.writeBatch(batch);
      } catch (error) {
        await this.failBatch(error);
        const refusal = new StorageUnavailableError(this.refusal() ?? faultMessage(this.name, error));
        for (const commit of [...batch, ...this.queue.splice(0)]) commit.reject(refusal);
        continue;
      }
      for (const [i, commit] of batch.entries()) {
        try {
          await commit.afterSync?.(lines[i]!);
          commit.resolve(lines[i]!);
        } catch (error) {
          commit.reject(error);
        }
      }
    }
    this.draining = null;
  }

  /**
   * A batch that was answered as failed must never come back: whatever of it reached the file
   * is cut away before anything else is appended (a restart would otherwise replay whole
   * records of it). Writes stay refused until the cut is done and a probe write succeeds.
   */
  private async failBatch(error: unknown): Promise<void> {
    if (this.permanent || error instanceof StorageUnavailableError) return;
    this.fault.fail(faultMessage(this.name, error), { path: this.path, error });
    this.uncut = true;
    await this.cut().catch(() => undefined); // retried by the probe
    this.retrier.start();
  }

  private async cut(): Promise<void> {
    if (!this.uncut || !this.file) return;
    await this.file.truncate(this.end);
    await this.file.datasync();
    this.uncut = false;
  }

  /** While refusing writes: cut what a failed batch left, then try a small write beside the log. */
  private async probe(): Promise<boolean> {
    if (this.permanent || this.closed) return true;
    await this.cut();
    this.checkIdentity();
    const probe = join(dirname(this.path), `.${this.name}.probe`);
    try {
      const handle = await open(probe, 'w');
      try {
        await handle.writeFile(Buffer.alloc(PROBE_BYTES, 0x0a));
        await handle.sync();
      } finally {
        await handle.close();
      }
    } finally {
      await rm(probe, { force: true });
    }
    this.fault.clear();
    return true;
  }

  /**
   * The log must still be the file at `path`: records appended to a file someone deleted or
   * replaced would be acknowledged and then lost at the next start. Two stats, blocking: a few
   * microseconds of the main thread where two promises and pool trips per batch cost more.
   */
  private checkIdentity(): void {
    const held = fstatSync(this.file!.fd);
    let named: Stats | undefined;
    try {
      named = statSync(this.path, { throwIfNoEntry: false });
    } catch {
      named = undefined;
    }
    if (held.nlink === 0 || !named || named.ino !== held.ino || named.dev !== held.dev) {
      const error = Object.assign(new Error('the log file was deleted or replaced'), { code: 'ENOENT' });
      this.refuse(`${this.name} was deleted or replaced while the service ran; restart the service to open it again`, error);
      throw error;
    }
  }

  /** Whole commits, in arrival order, up to the record bound (at least one commit). */
  private takeBatch(): PendingCommit<T>[] {
    let count = this.queue[0]!.records.length;
    let take = 1;
    while (take < this.queue.length && count + this.queue[take]!.records.length <= this.settings.maxBatchRecords) {
      count += this.queue[take]!.records.length;
      take++;
    }
    return this.queue.splice(0, take);
  }

  private async writeBatch(batch: PendingCommit<T>[]): Promise<JournalLine<T>[][]> {
    const refusal = this.refusal();
    if (!this.file || refusal !== null) throw new StorageUnavailableError(refusal ?? `${this.name}: not open`);
    let seq = this.seq;
    const encoded = batch.map((commit) =>
      commit.records.map((record, i) => {
        seq++;
        return { record: { seq, ...record }, bytes: lineFromJson(seq, commit.json[i]!) };
      }),
    );
    const buffer = Buffer.concat(encoded.flat().map((line) => line.bytes));
    for (let written = 0; written < buffer.length; ) {
      // The file is open with O_DSYNC: a write that returns is on disk.
      const { bytesWritten } = await this.file.write(buffer, written, buffer.length - written, this.end + written);
      if (bytesWritten === 0) throw Object.assign(new Error('the disk accepted no bytes'), { code: 'ENOSPC' });
      written += bytesWritten;
    }
    this.checkIdentity();
    this.work.batches++;
    this.work.syncs++;
    this.work.records += seq - this.seq;
    // Callers get each line without its newline, as replay hands them out.
    const lines = encoded.map((records) =>
      records.map(({ record, bytes }) => ({ record, bytes: bytes.subarray(0, bytes.length - 1) })),
    );
    this.end += buffer.length;
    this.seq = seq;
    return lines;
  }
}
