import { FaultState, StorageUnavailableError, type Journal, type JournalHealth, type StorageEvents } from '@companion/journal';
import { formatTimestamp, formatUtcInstant, type Clock, type ErrorEntry, type ErrorEntryInput, type ErrorEntryPatch, type ErrorEntryUpdate } from '@companion/schema';
import { BatchQueue } from './batch-queue';
import { entryFilePath, entryText, fileDigest, readEntrySource, twinPath } from './entry-file';
import type { EntryFiles } from './entry-files';
import type { CatalogStats, LogPage, LogQuery, OpLogIndex } from './op-log-index';
import type { OpFields } from './op-record';
import { planChange, type ChangeRequest, type PlannedChange, type Precondition } from './plan-change';

/** Who asked for a change: recorded as `user_ip` and `actor` in its op record. */
export interface Actor {
  ip: string;
  actor: string;
}

/** A change that is committed; `seq` is its op record's place in the log (the `logs_count`). */
export interface ChangeResult {
  entry: ErrorEntry;
  seq: number;
}

/** Told to the service once a change is committed, so its reads reflect it at once. */
export interface AppliedChange {
  flag: string;
  /** The entry now, or null when the Flag was deleted. */
  entry: ErrorEntry | null;
  /** The entry's file path (`<errorsDir>/<Flag>.yaml`). */
  file: string;
  /** The bytes that file holds (or is about to hold: see the README); null when removed. */
  bytes: Uint8Array | null;
  /** The `<Flag>.yml` twin a maintainer may have written: every change removes it, so reads must forget it too. */
  twin: string;
}

export interface CatalogStoreOptions {
  errorsDir: string;
  dataDir: string;
  clock: Clock;
  /** The catalogue as the service currently sees it; must reflect each `onApplied` at once. */
  entries: () => ReadonlyMap<string, ErrorEntry>;
  onApplied: (change: AppliedChange) => void;
  /** Told once when writes start being refused and once when they resume, with the cause. */
  events?: StorageEvents;
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
    private readonly files: EntryFiles,
    /** A fault no retry mends (the service failed to take a change): refused until a restart. */
    private readonly broken: FaultState,
  ) {
    this.queue = new BatchQueue((jobs) => this.settle(jobs), options.maxBatch ?? 256);
  }

  create(input: ErrorEntryInput, who: Actor): Promise<ChangeResult> {
    return this.enqueue({ operation: 'CREATE', input }, who);
  }

  /** Replaces the whole entry (PUT); refuses, naming them, fields the entry has that `input` leaves out. */
  update(flag: string, input: ErrorEntryUpdate, who: Actor, precondition?: Precondition): Promise<ChangeResult> {
    return this.enqueue({ operation: 'UPDATE', flag, edit: { kind: 'replace', input }, ...(precondition && { precondition }) }, who);
  }

  /** Applies a JSON Merge Patch to the entry as it is when the change is made (PATCH). */
  patch(flag: string, patch: ErrorEntryPatch, who: Actor, precondition?: Precondition): Promise<ChangeResult> {
    return this.enqueue({ operation: 'UPDATE', flag, edit: { kind: 'merge', patch }, ...(precondition && { precondition }) }, who);
  }

  delete(flag: string, who: Actor, precondition?: Precondition): Promise<ChangeResult> {
    return this.enqueue({ operation: 'DELETE', flag, ...(precondition && { precondition }) }, who);
  }

  logs(query: LogQuery): LogPage {
    return this.log.logs(query);
  }

  stats(): CatalogStats {
    return this.log.stats();
  }

  /** The log's state and the entry folder's together: refused if either refuses, the latest fault of both. */
  health(): JournalHealth {
    const journal = this.journal.health();
    const reports = [this.broken.report(), this.files.fault.report()];
    const reason = reports.find((r) => !r.writable)?.reason ?? journal.reason ?? (this.closed ? 'the catalogue store is closed' : null);
    const faults = [journal.last_fault, ...reports.map((r) => r.last_fault)].filter((f) => f !== null);
    const last = faults.sort((a, b) => (a.at < b.at ? 1 : -1))[0] ?? null;
    return { ...journal, writable: reason === null, reason, last_fault: last };
  }

  /** Finishes queued changes, syncs the files, then closes the log. Later changes are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.idle();
    await this.files.close();
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
      this.broken.fail(`the service could not take the change of ${change.flag}; writes are refused until a restart`, { path: change.file, error });
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
   * requests never race), stages the files, appends the records with one fsync (the commit
   * point), tells the service, puts the files in place, answers. See the README's protocol.
   */
  private async writeBatch(jobs: Job[]): Promise<void> {
    const refusal = this.health().reason;
    if (refusal !== null) throw new StorageUnavailableError(refusal);
    const after = new Map<string, ErrorEntry | null>();
    const texts = new Map<string, string | null>(); // the file text each touched Flag ends with
    const catalogue = this.options.entries();
    const lookup = (flag: string) => (after.has(flag) ? (after.get(flag) ?? undefined) : catalogue.get(flag));
    const accepted: { job: Job; change: PlannedChange; timestamp: string; fileBefore: string | null }[] = [];
    for (const job of jobs) {
      const micros = this.options.clock.nowMicros();
      try {
        const change = planChange(job.request, lookup, formatUtcInstant(micros));
        // An update edits the file it replaces, and its record (like a delete's) keeps that file's
        // digest for start-up repair; read once per batch and Flag, never the folder.
        const known = texts.has(change.flag) || change.operation === 'CREATE';
        const source = known ? (texts.get(change.flag) ?? null) : await readEntrySource(this.options.errorsDir, change.flag).catch(() => null);
        texts.set(change.flag, change.after ? entryText(change.operation === 'UPDATE' ? source : null, change.after) : null);
        after.set(change.flag, change.after);
        accepted.push({ job, change, timestamp: formatTimestamp(micros), fileBefore: fileDigest(source) });
      } catch (error) {
        job.reject(error);
      }
    }
    if (accepted.length === 0) return;
    const states = new Map([...texts].map(([flag, text]) => [flag, text === null ? null : Buffer.from(text)]));
    await this.files.stage(states);
    const records: OpFields[] = accepted.map(({ job, change, timestamp, fileBefore }) => ({
      timestamp,
      operation: change.operation,
      flag: change.flag,
      user_ip: job.who.ip,
      actor: job.who.actor,
      entry: change.entry,
      file_before: fileBefore,
    }));
    let lines;
    try {
      lines = await this.journal.commit(records);
    } catch (error) {
      await this.files.discard(states);
      throw error;
    }
    // Committed: from here on every change is answered as done, whatever the files do.
    for (const line of lines) this.log.add(line);
    for (const [flag, bytes] of states) this.tellApplied({ flag, entry: after.get(flag)!, file: entryFilePath(this.options.errorsDir, flag), twin: twinPath(this.options.errorsDir, flag), bytes });
    await this.files.publish(states, this.journal.lastSeq());
    accepted.forEach(({ job, change }, i) => job.resolve({ entry: change.entry, seq: lines[i]!.record.seq }));
  }
}
