import { setImmediate } from 'node:timers/promises';
import { FaultState, StorageUnavailableError, type StorageEvents } from '@companion/journal';
import { formatTimestamp, formatUtcInstant, type Clock, type ErrorEntry, type ErrorEntryInput, type ErrorEntryPatch, type ErrorEntryUpdate } from '@companion/schema';
import { filesAfter, readSource, type StagedFile } from './applied-files';
import { BatchQueue } from './batch-queue';
import { entryFilePath, entryText, fileDigest, twinPath, type FileStamp } from './entry-file';
import type { EntryFiles } from './entry-files';
import type { LoggedRecord, OpLog, OpLogHealth, ProposedChange } from './op-log';
import type { CatalogStats, LogPage, LogQuery, OpLogIndex } from './op-log-index';
import { DuplicateFlagError, PreconditionFailedError, UnknownFlagError } from './errors';
import { planChange, type ChangeRequest, type Precondition } from './plan-change';

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
  /** The stamp of the file written, once it is in place; null when removed or not written yet. */
  stamp: FileStamp | null;
  /** The `<Flag>.yml` twin a maintainer may have written: every change removes it, so reads must forget it too. */
  twin: string;
}

export interface CatalogStoreOptions {
  errorsDir: string;
  dataDir: string;
  clock: Clock;
  /** The catalogue as the service currently sees it; must reflect each `onApplied` at once. */
  entries: () => ReadonlyMap<string, ErrorEntry>;
  /** The changes of one batch (a Flag at most once), in one call: a service patches its snapshot once per batch. */
  onApplied: (changes: readonly AppliedChange[]) => void;
  /** Told once when writes start being refused and once when they resume, with the cause. */
  events?: StorageEvents;
  /** Most changes written per batch (default 256). */
  maxBatch?: number;
}

/** The store's health: its log's, with this replica's place in it. */
export interface CatalogHealth extends OpLogHealth {
  /** The last record this replica applied to its files and snapshot. */
  applied_seq: number;
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
  /** Records from other replicas may be waiting in the log (a wake-up since the last catch-up). */
  private behind = false;

  constructor(
    private readonly options: CatalogStoreOptions,
    private readonly opLog: OpLog,
    private readonly log: OpLogIndex,
    private readonly files: EntryFiles,
    /** A fault no retry mends (the service failed to take a change): refused until a restart. */
    private readonly broken: FaultState,
    /** Every record up to here is in `log`, the snapshot and the files (or pending). */
    private appliedSeq: number,
  ) {
    this.queue = new BatchQueue((jobs) => this.settle(jobs), options.maxBatch ?? 256);
    // Catching up runs in the write queue, so records are applied one batch at a time, in seq order.
    opLog.watch((seq) => {
      // Our own commits notify too; a seq this replica has committed or read is applied in its batch.
      if (this.closed || (seq !== null && seq <= Math.max(this.appliedSeq, opLog.lastSeq()))) return;
      this.behind = true;
      this.queue.kick();
    });
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

  /**
   * The log's state and the entry folder's together: refused if either refuses, the latest
   * fault of both. A database that does not answer makes it unwritable too (writes are still
   * tried, and answer 503 with the cause within the database's timeout).
   */
  health(): CatalogHealth {
    const log = this.opLog.health();
    const database = log.database && !log.database.connected ? `the database is unavailable: ${log.database.reason ?? 'not connected'}` : null;
    const reason = this.refusal(log) ?? database;
    const faults = [log.last_fault, this.broken.report().last_fault, this.files.fault.report().last_fault].filter((f) => f !== null);
    const last = faults.sort((a, b) => (a.at < b.at ? 1 : -1))[0] ?? null;
    return { ...log, writable: reason === null, reason, last_fault: last, applied_seq: this.appliedSeq };
  }

  /** Finishes queued changes, syncs the files, then closes the log. Later changes are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.idle();
    await this.files.close();
    await this.opLog.close();
  }

  /** Why writes are refused by this replica itself (the log's, the folder's, a broken service), if they are. */
  private refusal(log = this.opLog.health()): string | null {
    const reports = [this.broken.report(), this.files.fault.report()];
    return reports.find((r) => !r.writable)?.reason ?? log.reason ?? (this.closed ? 'the catalogue store is closed' : null);
  }

  private enqueue(request: ChangeRequest, who: Actor): Promise<ChangeResult> {
    if (this.closed) return Promise.reject(new StorageUnavailableError('the catalogue store is closed'));
    return new Promise((resolve, reject) => this.queue.push({ request, who, resolve, reject }));
  }

  private tellApplied(changes: readonly AppliedChange[]): void {
    try {
      this.options.onApplied(changes);
    } catch (error) {
      // The changes are durable, but checks of later changes would run against a catalogue
      // that missed them; refusing writes is safer than trusting it.
      const flags = changes.map((change) => change.flag).join(', ');
      this.broken.fail(`the service could not take the change of ${flags}; writes are refused until a restart`, { path: changes[0]!.file, error });
    }
  }

  private async settle(jobs: Job[]): Promise<void> {
    try {
      if (this.behind) await this.catchUp();
      if (jobs.length > 0) await this.writeBatch(jobs);
      // Records committed after ours, seen but not applied yet: their notifications were taken for ours.
      if (jobs.length > 0 && !this.behind && this.opLog.lastSeq() > this.appliedSeq) {
        this.behind = true;
        this.queue.kick();
      }
    } catch (error) {
      for (const job of jobs) job.reject(error); // a no-op for jobs already settled
    }
  }

  /** Applies the records other replicas wrote since the last one applied; a failure waits for the next wake-up or poll. */
  private async catchUp(through = Infinity): Promise<void> {
    if (through === Infinity) this.behind = false;
    try {
      while (this.appliedSeq < through) {
        const records = (await this.opLog.pull(this.appliedSeq)).filter((r) => r.record.seq <= through);
        if (records.length === 0) break;
        // In batches no larger than the replica's own, so files are read and written a bounded
        // number at a time, with the event loop free between them (the file steps block).
        const size = this.options.maxBatch ?? 256;
        for (let i = 0; i < records.length; i += size) {
          if (i > 0) await setImmediate();
          this.apply(records.slice(i, i + size), new Map());
        }
      }
    } catch {
      this.behind = true; // the database is away: its health says so, and the poll retries
    }
  }

  /**
   * Checks every job against the catalogue plus the earlier jobs of this batch (so concurrent
   * requests never race), stages the files, commits the records (the commit point; a log
   * shared by replicas checks them again there), applies them in seq order, answers.
   * See the README's protocol.
   */
  private async writeBatch(jobs: Job[]): Promise<void> {
    const refusal = this.refusal();
    if (refusal !== null) throw new StorageUnavailableError(refusal);
    const after = new Map<string, ErrorEntry | null>();
    const texts = new Map<string, string | null>(); // the file text each touched Flag ends with
    const catalogue = this.options.entries();
    const lookup = (flag: string) => (after.has(flag) ? (after.get(flag) ?? undefined) : catalogue.get(flag));
    const accepted: { job: Job; proposal: ProposedChange }[] = [];
    for (const job of jobs) {
      const micros = this.options.clock.nowMicros();
      const proposed = { timestamp: formatTimestamp(micros), user_ip: job.who.ip, actor: job.who.actor };
      try {
        const change = planChange(job.request, lookup, formatUtcInstant(micros));
        // An update edits the file it replaces, and its record (like a delete's) keeps that file's
        // digest for start-up repair; read once per batch and Flag, never the folder.
        const known = texts.has(change.flag) || change.operation === 'CREATE';
        const source = known ? (texts.get(change.flag) ?? null) : readSource(this.options.errorsDir, change.flag);
        texts.set(change.flag, change.after ? entryText(change.operation === 'UPDATE' ? source : null, change.after) : null);
        after.set(change.flag, change.after);
        accepted.push({ job, proposal: { request: job.request, change, who: proposed, fileBefore: fileDigest(source) } });
      } catch (error) {
        // A shared log may hold a change this replica has not applied yet (one whose ETag the client
        // already has, say): it has the last word on 404, 409 and 412.
        const unseen = error instanceof DuplicateFlagError || error instanceof UnknownFlagError || error instanceof PreconditionFailedError;
        if (unseen && this.opLog.shared) accepted.push({ job, proposal: { request: job.request, change: null, who: proposed, fileBefore: null } });
        else job.reject(error);
      }
    }
    if (accepted.length === 0) return;
    const states = new Map([...texts].map(([flag, text]) => [flag, text === null ? null : Buffer.from(text)]));
    const stamps = this.files.stage(states);
    const staged = new Map<string, StagedFile>([...states].map(([flag, bytes]) => [flag, { entryJson: JSON.stringify(after.get(flag)), bytes, stamp: stamps.get(flag) ?? null }]));
    let outcomes: (LoggedRecord | Error)[];
    try {
      outcomes = await this.opLog.commit(
        accepted.map((a) => a.proposal),
        { entry: (flag) => this.options.entries().get(flag), seqOf: (flag) => this.log.latestSeqOf(flag) },
      );
    } catch (error) {
      this.files.discard(states);
      throw error;
    }
    // Committed: from here on every change is answered as done, whatever the files do.
    const records = outcomes.filter((o): o is LoggedRecord => !(o instanceof Error));
    if (records.length > 0) {
      // Records other replicas committed before ours are applied first: files and reads follow the log's order.
      const first = records[0]!.record.seq; // one commit's records are consecutive
      const before = this.appliedSeq;
      await this.catchUp(first - 1);
      // Records applied meanwhile may have used (renamed) temp files of the same Flags: stage again.
      if (this.appliedSeq === first - 1) this.apply(records, this.appliedSeq === before ? staged : new Map());
      else this.behind = true; // the database went away before the records between could be read: the next catch-up applies ours too
    }
    const unused = new Map([...states].filter(([flag]) => !records.some((r) => r.record.flag === flag)));
    if (unused.size > 0) this.files.discard(unused);
    accepted.forEach(({ job }, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof Error) job.reject(outcome);
      else job.resolve({ entry: outcome.record.entry, seq: outcome.record.seq });
    });
  }

  /** Applies committed records, in seq order: the in-memory log, the service's snapshot, the files, and (later) the checkpoint. */
  private apply(records: readonly LoggedRecord[], staged: ReadonlyMap<string, StagedFile>): void {
    const { entries, states, unstaged, stamps } = filesAfter(this.options.errorsDir, records, staged);
    // A folder that refuses the files now leaves them pending (retried), never the records unapplied.
    if (unstaged.size > 0) {
      try {
        for (const [flag, stamp] of this.files.stage(unstaged)) stamps.set(flag, stamp);
      } catch {
        // reported by the folder's fault; publishing fails too and leaves the files pending
      }
    }
    for (const record of records) this.log.add(record);
    this.appliedSeq = records[records.length - 1]!.record.seq;
    const { errorsDir } = this.options;
    this.tellApplied([...states].map(([flag, bytes]) => ({ flag, entry: entries.get(flag)!, file: entryFilePath(errorsDir, flag), twin: twinPath(errorsDir, flag), bytes, stamp: stamps.get(flag) ?? null })));
    this.files.publish(states, this.appliedSeq);
  }
}
