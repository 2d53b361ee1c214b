import { describeError, StorageUnavailableError, type Journal, type JournalHealth } from '@companion/journal';
import { formatTimestamp, type Clock, type ErrorEntry, type ErrorEntryInput, type ErrorEntryUpdate } from '@companion/schema';
import { applyEntryStates, type AppliedChange } from './apply-entries';
import { BatchQueue } from './batch-queue';
import { writeCheckpoint } from './checkpoint';
import { entryFilePath } from './entry-file';
import type { CatalogStats, LogPage, LogQuery, OpLogIndex } from './op-log-index';
import type { OpFields } from './op-record';
import { planChange, type ChangeRequest, type PlannedChange } from './plan-change';

/** Who asked for a change: recorded as `user_ip` and `actor` in its op record. */
export interface Actor {
  ip: string;
  actor: string;
}

/** A change that is on disk; `seq` is its op record's place in the log (the `logs_count`). */
export interface ChangeResult {
  entry: ErrorEntry;
  seq: number;
}

export interface CatalogStoreOptions {
  errorsDir: string;
  dataDir: string;
  clock: Clock;
  /** The catalogue as the service currently sees it; must reflect each `onApplied` at once. */
  entries: () => ReadonlyMap<string, ErrorEntry>;
  onApplied: (change: AppliedChange) => void;
  /** Most changes written per batch (default 256). */
  maxBatch?: number;
}

interface Job {
  request: ChangeRequest;
  who: Actor;
  resolve(result: ChangeResult): void;
  reject(error: unknown): void;
}

/** Serialized, durable changes of the error catalogue. Create it with `openCatalogStore`. */
export class CatalogStore {
  private readonly queue: BatchQueue<Job>;
  private closed = false;

  constructor(
    private readonly options: CatalogStoreOptions,
    private readonly journal: Journal<OpFields>,
    private readonly log: OpLogIndex,
    private failure: string | null,
  ) {
    this.queue = new BatchQueue((jobs) => this.settle(jobs), options.maxBatch ?? 256);
  }

  create(input: ErrorEntryInput, who: Actor): Promise<ChangeResult> {
    return this.enqueue({ operation: 'CREATE', input }, who);
  }

  update(flag: string, input: ErrorEntryUpdate, who: Actor): Promise<ChangeResult> {
    return this.enqueue({ operation: 'UPDATE', flag, input }, who);
  }

  delete(flag: string, who: Actor): Promise<ChangeResult> {
    return this.enqueue({ operation: 'DELETE', flag }, who);
  }

  logs(query: LogQuery): LogPage {
    return this.log.logs(query);
  }

  stats(): CatalogStats {
    return this.log.stats();
  }

  health(): JournalHealth {
    const journal = this.journal.health();
    const reason = this.failure ?? journal.reason;
    return { ...journal, writable: reason === null, reason };
  }

  /** Finishes queued changes, then closes the log. Later changes are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.idle();
    await this.journal.close();
  }

  private enqueue(request: ChangeRequest, who: Actor): Promise<ChangeResult> {
    if (this.closed) return Promise.reject(new StorageUnavailableError('the catalogue store is closed'));
    return new Promise((resolve, reject) => this.queue.push({ request, who, resolve, reject }));
  }

  private tellApplied(change: AppliedChange): void {
    try {
      this.options.onApplied(change);
    } catch (error) {
      // The change is durable, but checks of later changes would run against a catalogue
      // that missed it; refusing writes is safer than trusting it.
      this.failure ??= `onApplied failed for ${change.flag} (${describeError(error)}); writes are refused until a restart`;
    }
  }

  private async settle(jobs: Job[]): Promise<void> {
    try {
      await this.writeBatch(jobs);
    } catch (error) {
      for (const job of jobs) job.reject(error); // a no-op for jobs already settled
    }
  }

  /**
   * Checks every job against the catalogue plus the earlier jobs of this batch (so concurrent
   * requests never race), then: log records + one fsync, entry files + one folder fsync,
   * onApplied, answers.
   */
  private async writeBatch(jobs: Job[]): Promise<void> {
    const refusal = this.failure ?? this.journal.health().reason;
    if (refusal !== null) throw new StorageUnavailableError(refusal);
    const states = new Map<string, ErrorEntry | null>();
    const catalogue = this.options.entries();
    const lookup = (flag: string) => (states.has(flag) ? (states.get(flag) ?? undefined) : catalogue.get(flag));
    const accepted: { job: Job; change: PlannedChange; timestamp: string }[] = [];
    for (const job of jobs) {
      const micros = this.options.clock.nowMicros();
      try {
        const change = planChange(job.request, lookup, `${formatTimestamp(micros)}Z`);
        states.set(change.flag, change.after);
        accepted.push({ job, change, timestamp: formatTimestamp(micros) });
      } catch (error) {
        job.reject(error);
      }
    }
    if (accepted.length === 0) return;
    const records: OpFields[] = accepted.map(({ job, change, timestamp }) => ({
      timestamp,
      operation: change.operation,
      flag: change.flag,
      user_ip: job.who.ip,
      actor: job.who.actor,
      entry: change.entry,
    }));
    const { errorsDir } = this.options;
    const lines = await this.journal.commit(records, () => applyEntryStates(errorsDir, states)).catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) throw error;
      // The records are in the log, so the next start-up replays them onto the files.
      this.failure = `writing entry files in ${errorsDir} failed (${describeError(error)}); writes are refused until a restart`;
      throw new StorageUnavailableError(this.failure);
    });
    for (const line of lines) this.log.add(line);
    for (const [flag, entry] of states) this.tellApplied({ flag, entry, file: entryFilePath(errorsDir, flag) });
    await writeCheckpoint(this.options.dataDir, this.journal.lastSeq()).catch(() => undefined);
    accepted.forEach(({ job, change }, i) => job.resolve({ entry: change.entry, seq: lines[i]!.record.seq }));
  }
}
