import { setImmediate } from 'node:timers/promises';
import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import { FaultState, StorageUnavailableError, type StorageEvents } from '@companion/journal';
import { formatTimestamp, formatUtcInstant, type Clock, type ErrorEntry, type ErrorEntryInput, type ErrorEntryPatch, type ErrorEntryUpdate } from '@companion/schema';
import { BatchQueue } from './batch-queue';
import { BatchPlanner, type CatalogueView } from './batch-plan';
import type { EntryConflict, EntryState } from './entry-state';
import type { LoggedRecord, OpLog, OpLogHealth, ProposedChange } from './op-log';
import type { CatalogStats, LogPage, LogQuery, OpLogIndex } from './op-log-index';
import type { OpRecord } from './op-record';
import type { CatalogOverlay } from './overlay';
import { exportedSeq, restoredBelowExport, type LogAncestor } from './log-identity';
import { DuplicateFlagError, PreconditionFailedError, UnknownFlagError, UnknownVersionError } from './errors';
import { entryHistory, type EntryVersion } from './entry-history';
import type { ChangeRequest, Precondition } from './plan-change';
import type { CatalogDrafts } from './drafts';

/** Who asked for a change, and why when they said: recorded as `user_ip`, `actor` and `reason` in its op record. */
export interface Actor {
  ip: string;
  actor: string;
  reason?: string | undefined;
  /** The request's Idempotency-Key: committed with the change's record, or not at all. */
  claim?: IdempotencyClaim | undefined;
}

/** A change that is committed; `seq` is its op record's place in the log (the `logs_count`). */
export interface ChangeResult {
  entry: ErrorEntry;
  seq: number;
}

export interface CatalogStoreOptions {
  dataDir: string;
  clock: Clock;
  /** The catalogue as this replica's files hold it (the repository's side), as of now. */
  files: () => ReadonlyMap<string, ErrorEntry>;
  /** `catalog-exports.yaml` as this replica's files hold it: per log id, the last seq exported. */
  exports: () => ReadonlyMap<string, number>;
  /**
   * The Flags whose API state one batch changed, once it is committed and before the callers
   * are answered: the service resolves them again through `overlay` right there, since the next
   * batch is checked against what it serves.
   */
  onApplied: (flags: readonly string[]) => void;
  /** Told once when writes start being refused and once when they resume, with the cause. */
  events?: StorageEvents;
  /** Most changes written per batch (default 256). */
  maxBatch?: number;
}

/** A Flag whose API changes files may not hold yet (see CatalogStore.unexported). */
export interface UnexportedFlag {
  flag: string;
  seq: number;
  state: EntryState;
  records: OpRecord[];
}

/** The store's health: its log's, with this replica's place in it and what the files do not hold yet. */
export interface CatalogHealth extends OpLogHealth {
  /** The log's id (what catalog-exports.yaml names it by). */
  log_id: string;
  /** The ids the log had before (it was restored below an export), each with the last seq it shares with it. */
  log_ancestors: readonly LogAncestor[];
  /** The last record this replica applied. */
  applied_seq: number;
  /** Flags whose API changes the files do not hold yet (what `pnpm catalog:export` would write). */
  pending: number;
  /** Flags set two ways by the repository and the API since their common base, with both values. */
  conflicts: EntryConflict[];
}

interface Job {
  request: ChangeRequest;
  who: Actor;
  /** performance.now() when it was asked for. */
  enqueuedAt: number;
  resolve(result: ChangeResult): void;
  reject(error: unknown): void;
}

/** Serialized, durable changes of the error catalogue. Create it with `openCatalogStore`. */
export class CatalogStore {
  private readonly queue: BatchQueue<Job>;
  private closed = false;
  /** Records from other replicas may be waiting in the log (a wake-up since the last catch-up). */
  private behind = false;
  /** From the last applied record's time to its application here, in ms. */
  private applyLagMs = 0;
  /** The log's id the served catalogue was resolved with. */
  private servedId: string;
  /** Changes proposed for review, kept on the log's backend and never served (set by openCatalogStore). */
  drafts!: CatalogDrafts;

  constructor(
    private readonly options: CatalogStoreOptions,
    private readonly opLog: OpLog,
    private readonly log: OpLogIndex,
    /** The API's side of the catalogue, which the service serves merged with its files. */
    readonly overlay: CatalogOverlay,
    /** A fault no retry mends (the service failed to take a change): refused until a restart. */
    private readonly broken: FaultState,
    /** Every record up to here is in `log` and `overlay`. */
    private appliedSeq: number,
  ) {
    this.servedId = opLog.id;
    this.queue = new BatchQueue((jobs) => this.settle(jobs), options.maxBatch ?? 256);
    // Catching up runs in the write queue, so records are applied one batch at a time, in seq order.
    opLog.watch((seq) => {
      // Our own commits notify too; a seq this replica has committed or read is applied in its batch.
      if (this.closed || (seq !== null && seq <= Math.max(this.appliedSeq, opLog.lastSeq()))) return;
      this.behind = true;
      this.queue.kick();
    });
  }

  /** How long the last record applied here took to arrive, from when it was made (ms; 0 before any). */
  lastApplyLagMs(): number {
    return this.applyLagMs;
  }

  /** The log's id: what catalog-exports.yaml names this log by. */
  get logId(): string {
    return this.opLog.id;
  }

  /** How far files whose catalog-exports.yaml says `exports` hold this log (its ancestors' markers count up to what they share). */
  exportedSeq(exports: ReadonlyMap<string, number>): number {
    return exportedSeq(this.opLog.identity(), exports);
  }

  /**
   * Gives the log a new id when it ends before what catalog-exports.yaml says the files hold of
   * it (restored from a backup older than the last export): its next records would otherwise
   * take seqs the files count as exported, be served as the files have them and never be
   * exported. Under the new id, what the files hold of the old one still counts, up to where the
   * two share records. Runs before every batch and at start-up; throws when the log cannot be
   * renewed (no change is committed under the old id).
   */
  async keepIdentity(): Promise<void> {
    const before = this.opLog.identity();
    const head = this.opLog.lastSeq();
    const reason = restoredBelowExport(before, head, this.options.exports());
    if (reason !== null) {
      const after = await this.opLog.renew(before.id);
      if (after.id !== before.id) {
        this.options.events?.notice?.('catalogue', `${reason}: the log continues as ${after.id}, so changes from seq ${head + 1} on are kept and exported; record it by running pnpm catalog:export and merging its pull request`);
      }
    }
    this.followIdentity();
  }

  create(input: ErrorEntryInput, who: Actor): Promise<ChangeResult> {
    return this.enqueue({ operation: 'CREATE', input }, who);
  }

  /** The change committed with an Idempotency-Key (its entry as the change left it, and its seq), or null. */
  /** A keyed change with a held key is refused by the commit itself (KeyTakenError): no recall is needed before it. */
  get refusesHeldKeys(): true | undefined {
    return this.opLog.refusesHeldKeys;
  }

  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<ChangeResult> | null> {
    return this.opLog.recall(claim);
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

  /** Every version of the Flag, oldest first (see entryHistory); UnknownFlagError when it has neither records nor a file. */
  history(flag: string): EntryVersion[] {
    const versions = entryHistory(this.log.storedRecordsOf(flag), this.options.files().get(flag));
    if (versions.length === 0) throw new UnknownFlagError(flag);
    return versions;
  }

  /**
   * Makes version `version` of the Flag's history current again: the entry's fields as that
   * version had them; a deleted entry comes back with its original created_at. Recorded as an
   * UPDATE (a CREATE when the Flag has no entry now), with `who.reason` and the version's number
   * (the record's `restored`).
   */
  async restore(flag: string, version: number, who: Actor, precondition?: Precondition): Promise<ChangeResult> {
    const found = this.history(flag).find((v) => v.version === version);
    if (!found) throw new UnknownVersionError(flag, version);
    return this.enqueue({ operation: 'RESTORE', flag, entry: found.entry, version, ...(precondition && { precondition }) }, who);
  }

  /**
   * Every Flag with API decisions made after `exported` (what files holding this log up to
   * `exported` may lack), by Flag: its state, the seq of its latest record, and the records
   * after `exported` (who changed it, how and when). What `pnpm catalog:export` merges with a
   * checkout's files.
   */
  unexported(exported: number): UnexportedFlag[] {
    const flags: UnexportedFlag[] = [];
    for (const flag of this.overlay.flags()) {
      const { state, seq } = this.overlay.stateOf(flag)!;
      const records = this.log.recordsOf(flag, exported);
      if (records.length > 0) flags.push({ flag, seq, state, records });
    }
    return flags.sort((a, b) => (a.flag < b.flag ? -1 : 1));
  }

  logs(query: LogQuery): LogPage {
    return this.log.logs(query);
  }

  stats(): CatalogStats {
    return this.log.stats();
  }

  /**
   * The log's state: refused if it refuses or the service failed to take a change. A database
   * that does not answer makes it unwritable too (writes are still tried, and answer 503 with
   * the cause within the database's timeout).
   */
  health(): CatalogHealth {
    const log = this.opLog.health();
    const database = log.database && !log.database.connected ? `the database is unavailable: ${log.database.reason ?? 'not connected'}` : null;
    const restored = restoredBelowExport(this.opLog.identity(), this.opLog.lastSeq(), this.options.exports());
    // The next batch gives it a new id first (now, with this kick); until then no change is taken under the old one.
    if (restored !== null && !this.closed) this.queue.kick();
    const renewal = restored && `${restored}: changes wait until the log has taken a new id, which it does before its next change unless the database is unavailable`;
    const reason = this.refusal(log) ?? renewal ?? log.failing ?? database;
    const faults = [log.last_fault, this.broken.report().last_fault].filter((f) => f !== null);
    const last = faults.sort((a, b) => (a.at < b.at ? 1 : -1))[0] ?? null;
    return { ...log, writable: reason === null, reason, last_fault: last, log_id: this.opLog.id, log_ancestors: this.opLog.identity().ancestors, applied_seq: this.appliedSeq, pending: this.overlay.pendingCount, conflicts: this.overlay.conflicts() };
  }

  /** Finishes queued changes, then closes the log. Later changes are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.idle();
    await this.opLog.close();
    await this.drafts?.close();
  }

  /** Why writes are refused by this replica itself (the log's, a broken service), if they are. */
  private refusal(log = this.opLog.health()): string | null {
    const broken = this.broken.report();
    return (broken.writable ? null : broken.reason) ?? log.reason ?? (this.closed ? 'the catalogue store is closed' : null);
  }

  private enqueue(request: ChangeRequest, who: Actor): Promise<ChangeResult> {
    if (this.closed) return Promise.reject(new StorageUnavailableError('the catalogue store is closed'));
    return new Promise((resolve, reject) => this.queue.push({ request, who, enqueuedAt: performance.now(), resolve, reject }));
  }

  private tellApplied(flags: readonly string[]): void {
    try {
      this.options.onApplied(flags);
    } catch (error) {
      // The changes are durable, but checks of later changes would run against a catalogue
      // that missed them; refusing writes is safer than trusting it.
      this.broken.fail(`the service could not take the change of ${flags.join(', ')}; writes are refused until a restart`, { path: this.options.dataDir, error });
    }
  }

  private async settle(jobs: Job[]): Promise<void> {
    try {
      if (this.behind) await this.catchUp();
      try {
        await this.keepIdentity();
      } catch (error) {
        throw new StorageUnavailableError(`the catalogue log must take a new id before it takes changes, and could not: ${error instanceof Error ? error.message : String(error)}`);
      }
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
        this.checkNotAhead();
        if (records.length === 0) break;
        // In batches no larger than the replica's own, with the event loop free between them.
        const size = this.options.maxBatch ?? 256;
        for (let i = 0; i < records.length; i += size) {
          if (i > 0) await setImmediate();
          this.apply(records.slice(i, i + size));
        }
      }
    } catch {
      this.behind = true; // the database is away: its health says so, and the poll retries
    }
    this.followIdentity();
  }

  /** The log took a new id (here, or another replica renewed it): what the files hold of it changed, so every Flag is resolved again. */
  private followIdentity(): void {
    if (this.opLog.id === this.servedId) return;
    this.servedId = this.opLog.id;
    this.tellApplied([...this.overlay.flags()]);
  }

  /**
   * A shared log that ends before what this replica applied went back in time (restored from an
   * older backup): this replica serves records the truth no longer has. Writes are refused until
   * a restart, which reads the log as it is.
   */
  private checkNotAhead(): void {
    const stored = this.opLog.storedHead();
    if (stored === null || stored >= this.appliedSeq || !this.broken.report().writable) return;
    this.broken.fail(`the database's catalogue log ends at seq ${stored}, before the ${this.appliedSeq} records this replica applied (was the database restored from an older backup?); writes are refused until a restart, which serves the database's log`, { path: this.options.dataDir, error: null });
  }

  /** What a batch is planned against: this replica's files, the API's state, how far the files hold the log. */
  private view(): CatalogueView {
    const files = this.options.files();
    return { file: (flag) => files.get(flag), state: (flag) => this.overlay.stateOf(flag), exported: this.exportedSeq(this.options.exports()) };
  }

  /**
   * Checks every job against the catalogue served plus the earlier jobs of this batch (so
   * concurrent requests never race), commits the records (the commit point; a log shared by
   * replicas checks them again there), applies them in seq order, answers. See the README.
   */
  private async writeBatch(jobs: Job[]): Promise<void> {
    const refusal = this.refusal();
    if (refusal !== null) throw new StorageUnavailableError(refusal);
    // A change that waited its whole timeout behind others is refused unsent, so every answer
    // comes within the bound the log promises (see WriteDeadline): certainly not saved.
    const limit = this.opLog.maxQueueWaitMs?.();
    if (limit !== undefined) {
      const now = performance.now();
      const waited = jobs.filter((job) => now - job.enqueuedAt > limit);
      for (const job of waited) job.reject(new StorageUnavailableError(`the change waited longer than the database timeout (${limit} ms) behind earlier writes and was not sent; it was not saved`));
      jobs = jobs.filter((job) => !waited.includes(job));
      if (jobs.length === 0) return;
    }
    const view = this.view();
    const planner = new BatchPlanner(view);
    const accepted: { job: Job; proposal: ProposedChange }[] = [];
    for (const job of jobs) {
      const micros = this.options.clock.nowMicros();
      const proposed = { timestamp: formatTimestamp(micros), user_ip: job.who.ip, actor: job.who.actor, ...(job.who.reason !== undefined && { reason: job.who.reason }), ...(job.who.claim && { idempotency: job.who.claim }) };
      try {
        const change = planner.plan(job.request, formatUtcInstant(micros));
        accepted.push({ job, proposal: { request: job.request, change, who: proposed } });
      } catch (error) {
        // A shared log may hold a change this replica has not applied yet (one whose ETag the client
        // already has, say): it has the last word on 404, 409 and 412.
        const unseen = error instanceof DuplicateFlagError || error instanceof UnknownFlagError || error instanceof PreconditionFailedError;
        if (unseen && this.opLog.shared) accepted.push({ job, proposal: { request: job.request, change: null, who: proposed } });
        else job.reject(error);
      }
    }
    if (accepted.length === 0) return;
    const outcomes = await this.opLog.commit(
      accepted.map((a) => a.proposal),
      view,
    );
    // Committed: from here on every change is answered as done.
    const records = outcomes.filter((o): o is LoggedRecord => !(o instanceof Error));
    if (records.length > 0) {
      // Records other replicas committed before ours are applied first: reads follow the log's order.
      const first = records[0]!.record.seq; // one commit's records are consecutive
      await this.catchUp(first - 1);
      if (this.appliedSeq === first - 1) this.apply(records);
      else this.behind = true; // the database went away before the records between could be read: the next catch-up applies ours too
    }
    accepted.forEach(({ job }, i) => {
      const outcome = outcomes[i]!;
      if (outcome instanceof Error) job.reject(outcome);
      else job.resolve({ entry: outcome.record.entry, seq: outcome.record.seq });
    });
  }

  /** Applies committed records, in seq order: the in-memory log, the API's state, and what the service serves. */
  private apply(records: readonly LoggedRecord[]): void {
    const flags = new Set<string>();
    for (const record of records) {
      this.log.add(record);
      this.overlay.add(record.record);
      flags.add(record.record.flag);
    }
    const last = records[records.length - 1]!.record;
    this.appliedSeq = last.seq;
    this.applyLagMs = Math.max(0, Date.now() - Date.parse(`${last.timestamp}Z`));
    this.tellApplied([...flags]);
  }
}
