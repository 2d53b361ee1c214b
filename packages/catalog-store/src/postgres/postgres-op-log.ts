import { randomUUID } from 'node:crypto';
import { CommitOutcomeUnknownError, WriteFaults, type Database, type Listener } from '@companion/database';
import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import { migrateIdempotencyKeys, recallKey } from '@companion/idempotency/postgresql';
import { StorageUnavailableError, type StorageEvents } from '@companion/journal';
import type { ErrorEntry } from '@companion/schema';
import type { LogIdentity } from '../log-identity';
import type { CatalogueView, LoggedRecord, OpLog, OpLogHealth, ProposedChange } from '../op-log';
import { commitChanges, numbered, type PlannedBatch } from './commit-changes';
import { CATALOG_CHANNEL, CATALOG_MIGRATIONS } from './migrations';
import { OP_COLUMNS, recordOfRow, type OpRow } from './op-rows';

/** Records read per query when catching up or loading the log. */
const PAGE = 5000;
/** A bounded poll beside the notifications: a lost one costs at most this long. */
const POLL_MS = 1000;

/**
 * The op log in PostgreSQL, shared by every replica: each commits its batches in one
 * transaction (see commitChanges) and reads every record back by seq, woken by NOTIFY, on
 * every reconnection and by a poll, never by a notification alone.
 */
export class PostgresOpLog implements OpLog {
  /** `catalog_commit` refuses a held key under the head's lock: see commit-changes.ts. */
  readonly refusesHeldKeys = true;
  readonly store = 'postgresql';
  readonly shared = true;
  private listener: Listener | null = null;
  private poll: NodeJS.Timeout | null = null;
  private closed = false;
  /** The head row as last read: below what this replica applied only when the database went back (a restore). */
  private stored: number | null = null;

  /** Commits refused (timed out, behind a held lock): not writable until a probe takes the head's lock at once. */
  private readonly faults: WriteFaults;

  private constructor(
    private readonly db: Database,
    /** Read again with every pull: another replica may have renewed it. */
    private current: LogIdentity,
    /** The log's last seq as last read or written here. */
    private head: number,
    options: { now: () => string; events?: StorageEvents | undefined },
  ) {
    this.faults = new WriteFaults(db, 'catalogue', options.now, options.events, undefined, 'SELECT seq FROM catalog_head FOR UPDATE NOWAIT');
  }

  /** Applies the catalogue's migrations and reads the whole log, in seq order, through `onRecord`. */
  static async open(db: Database, onRecord: (line: LoggedRecord) => void, options: { now: () => string; events?: StorageEvents | undefined }): Promise<PostgresOpLog> {
    await db.migrate('catalog', CATALOG_MIGRATIONS);
    await migrateIdempotencyKeys(db);
    const { rows } = await db.query<{ log_id: string; ancestors: LogIdentity['ancestors'] }>('SELECT log_id, ancestors FROM catalog_log');
    const log = new PostgresOpLog(db, { id: rows[0]!.log_id, ancestors: rows[0]!.ancestors }, 0, options);
    for (;;) {
      const page = await log.pull(log.head);
      for (const line of page) onRecord(line);
      if (page.length === 0) break;
      log.head = page[page.length - 1]!.record.seq;
    }
    return log;
  }

  get id(): string {
    return this.current.id;
  }

  identity(): LogIdentity {
    return this.current;
  }

  /** Under the head's lock, so no commit comes between the head read and the new id. */
  async renew(from: string): Promise<LogIdentity> {
    const { rows } = await this.db.transaction(async (tx) => {
      await tx.query('SELECT seq FROM catalog_head FOR UPDATE');
      return tx.query<{ log_id: string; ancestors: LogIdentity['ancestors'] }>(
        `UPDATE catalog_log SET log_id = gen_random_uuid(), ancestors = ancestors || jsonb_build_array(jsonb_build_object('log_id', log_id, 'through', (SELECT seq FROM catalog_head)))
         WHERE log_id = $1 RETURNING log_id, ancestors`,
        [from],
      );
    });
    if (rows[0]) this.current = { id: rows[0].log_id, ancestors: rows[0].ancestors };
    else await this.pull(this.head); // renewed by another replica: its id is read with the head
    return this.current;
  }

  commit(proposals: readonly ProposedChange[], catalogue: CatalogueView): Promise<(LoggedRecord | Error)[]> {
    if (this.closed) return Promise.reject(new StorageUnavailableError('the catalogue store is closed'));
    return this.faults.run(() => this.commitOnce(proposals, catalogue));
  }

  private async commitOnce(proposals: readonly ProposedChange[], catalogue: CatalogueView): Promise<(LoggedRecord | Error)[]> {
    const batchId = randomUUID(); // stored with the records: how a lost commit answer is looked up
    const deadline = this.db.writeDeadline();
    let sent: PlannedBatch | null = null;
    let outcomes: (LoggedRecord | Error)[];
    try {
      outcomes = await commitChanges(this.db, batchId, deadline, proposals, catalogue, (batch) => (sent = batch));
    } catch (error) {
      if (!(error instanceof CommitOutcomeUnknownError)) throw error;
      const first = await this.db.settleLostWrite(deadline, error, 'the change', async () => {
        const { rows } = await this.db.query<{ first: string | null }>('SELECT min(seq) AS first FROM catalog_ops WHERE batch_id = $1', [batchId]);
        return rows[0]?.first == null ? null : Number(rows[0].first);
      });
      outcomes = numbered(sent!.outcomes, first);
    }
    for (const outcome of outcomes) if (!(outcome instanceof Error)) this.head = Math.max(this.head, outcome.record.seq);
    return outcomes;
  }

  async recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<{ entry: ErrorEntry; seq: number }> | null> {
    const found = await recallKey(this.db, 'catalog', claim);
    if (!found) return null;
    const { rows } = await this.db.query<OpRow>(`SELECT ${OP_COLUMNS} FROM catalog_ops WHERE seq = $1`, [found.outcome]);
    if (!rows[0]) return null;
    const { record } = recordOfRow(rows[0]);
    return { fingerprint: found.fingerprint, outcome: { entry: record.entry, seq: record.seq } };
  }

  /** How long a change may wait in the replica's queue before it is sent: past it, it is refused unsent (503, certainly not saved). */
  maxQueueWaitMs(): number {
    return this.db.config.timeoutMs;
  }

  async pull(seq: number): Promise<LoggedRecord[]> {
    // The id as scalar subqueries: joined as a table, the planner's guess at its size made the
    // plan costly enough to be JIT-compiled on every pull (hundreds of ms).
    const { rows } = await this.db.query<OpRow & { head: string; log_id: string; ancestors: LogIdentity['ancestors'] }>(
      `SELECT h.seq AS head, (SELECT log_id FROM catalog_log) AS log_id, (SELECT ancestors FROM catalog_log) AS ancestors, o.* FROM catalog_head h LEFT JOIN LATERAL (SELECT ${OP_COLUMNS} FROM catalog_ops WHERE seq > $1 ORDER BY seq LIMIT ${PAGE}) o ON true`,
      [seq],
    );
    if (rows[0]) {
      if (rows[0].log_id !== this.current.id) this.current = { id: rows[0].log_id, ancestors: rows[0].ancestors };
      this.stored = Number(rows[0].head);
      this.head = Math.max(this.head, this.stored);
    }
    const records: LoggedRecord[] = [];
    for (const row of rows) {
      // Commits take seqs in order under the head's lock, so a gap cannot come from them; if one
      // ever shows, stop before it rather than skip a record that may still be committing.
      if (row.seq === null || Number(row.seq) !== seq + records.length + 1) break;
      records.push(recordOfRow(row));
    }
    return records;
  }

  watch(wake: (seq: number | null) => void): void {
    this.listener = this.db.listen(CATALOG_CHANNEL, { onWake: (payload) => wake(payload === null ? null : Number(payload)) });
    this.poll = setInterval(() => wake(null), POLL_MS);
    this.poll.unref();
  }

  lastSeq(): number {
    return this.head;
  }

  storedHead(): number | null {
    return this.stored;
  }

  health(): OpLogHealth {
    const db = this.db.health();
    const listening = this.listener?.connected ?? true;
    const connected = db.connected && listening;
    const faults = this.faults.report();
    const reason = this.closed ? 'the catalogue store is closed' : null;
    return {
      store: this.store,
      writable: reason === null,
      reason,
      failing: faults.writable ? null : faults.reason,
      last_fault: faults.last_fault,
      tornTail: null,
      corruption: null,
      database: { connected, reason: db.reason ?? (listening ? null : 'the listening connection is down'), since: db.since },
      head_seq: this.head,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.faults.stop();
    if (this.poll) clearInterval(this.poll);
    await this.listener?.close();
  }
}
