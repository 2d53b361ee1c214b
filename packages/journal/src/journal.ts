import type { FileHandle } from 'node:fs/promises';
import { describeError, StorageUnavailableError } from './errors';
import { lineFromJson, recordJson } from './line-codec';
import type { Corruption, JournalLine, RecoveryReport, TornTail } from './recovery';

export interface JournalHealth {
  writable: boolean;
  /** Why writes are refused; null while writable. */
  reason: string | null;
  tornTail: TornTail | null;
  corruption: Corruption | null;
}

/** Work done since open: one batch is one write plus one fdatasync. */
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

/** An open append-only log. Create it with `openJournal`. */
export class Journal<T extends object> {
  private readonly queue: PendingCommit<T>[] = [];
  private draining: Promise<void> | null = null;
  private closed = false;
  private seq: number;
  private readonly work: JournalCounters = { batches: 0, syncs: 0, records: 0 };

  constructor(
    readonly path: string,
    private readonly file: FileHandle | null,
    readonly recovery: RecoveryReport,
    /** File length after the last intact record: appends go there. */
    private end: number,
    private failure: string | null,
    private readonly maxBatchRecords = DEFAULT_MAX_BATCH_RECORDS,
  ) {
    this.seq = recovery.lastSeq;
  }

  /** The seq of the last record on disk. */
  lastSeq(): number {
    return this.seq;
  }

  health(): JournalHealth {
    const reason = this.failure ?? (this.closed ? 'the journal is closed' : null);
    return { writable: reason === null, reason, tornTail: this.recovery.tornTail, corruption: this.recovery.corruption };
  }

  counters(): JournalCounters {
    return { ...this.work };
  }

  /** Appends one record; resolves with it, seq included, once it is on disk. */
  async append(record: T): Promise<JournalLine<T>> {
    const [line] = await this.commit([record]);
    return line!;
  }

  /**
   * Appends records as one unit. Commits that arrive while a batch is being synced are
   * written together in the next batch: one write and one fdatasync for all of them.
   */
  commit(records: readonly T[], afterSync?: AfterSync<T>): Promise<JournalLine<T>[]> {
    const refusal = this.failure ?? (this.closed ? 'the journal is closed' : null);
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
    await this.draining;
    await this.file?.close().catch(() => undefined); // nothing left to lose: every commit was answered
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      let lines: JournalLine<T>[][];
      try {
        lines = await this.writeBatch(batch);
      } catch (error) {
        // After a failed write or fsync the file's state is unknown; retrying could
        // acknowledge data the kernel already dropped, so refuse everything from now on.
        this.failure ??= `writing ${this.path} failed (${describeError(error)}); writes are refused until a restart`;
        const refusal = new StorageUnavailableError(this.failure);
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

  /** Whole commits, in arrival order, up to the record bound (at least one commit). */
  private takeBatch(): PendingCommit<T>[] {
    let count = this.queue[0]!.records.length;
    let take = 1;
    while (take < this.queue.length && count + this.queue[take]!.records.length <= this.maxBatchRecords) {
      count += this.queue[take]!.records.length;
      take++;
    }
    return this.queue.splice(0, take);
  }

  private async writeBatch(batch: PendingCommit<T>[]): Promise<JournalLine<T>[][]> {
    if (!this.file || this.failure !== null) throw new Error(this.failure ?? 'no file');
    let seq = this.seq;
    const encoded = batch.map((commit) =>
      commit.records.map((record, i) => {
        seq++;
        return { record: { seq, ...record }, bytes: lineFromJson(seq, commit.json[i]!) };
      }),
    );
    const buffer = Buffer.concat(encoded.flat().map((line) => line.bytes));
    for (let written = 0; written < buffer.length; ) {
      const { bytesWritten } = await this.file.write(buffer, written, buffer.length - written, this.end + written);
      if (bytesWritten === 0) throw new Error('the disk accepted no bytes');
      written += bytesWritten;
    }
    await this.file.datasync();
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
