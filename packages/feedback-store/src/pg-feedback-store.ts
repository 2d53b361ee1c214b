import { randomUUID } from 'node:crypto';
import { CommitOutcomeUnknownError, WriteFaults, type Database, type Tx } from '@companion/database';
import { KeyTakenError, KEY_RETENTION_MS, type IdempotencyClaim, type Recalled } from '@companion/idempotency';
import { claimValues, forgetExpiredKey, forgetExpiredKeys, isKeyTaken, keyInsertSql, migrateIdempotencyKeys, recallKey } from '@companion/idempotency/postgresql';
import { StorageUnavailableError, type FaultReport, type StorageEvents } from '@companion/journal';
import { AT_WRITINGS, clientVersion, formatTimestamp, formatUtcInstant, type Clock, type FeedbackInput, type FeedbackType } from '@companion/schema';
import { cleanFeedback } from './clean-feedback';
import { contactWithoutAddress, foldedAddress, holdsAddress, withoutAddress } from './address-match';
import { narrowsBeyondType, type FeedbackFilter } from './feedback-filter';
import type { FeedbackRecord } from './feedback-record';
import { FeedbackCounts, statsWindow, type FeedbackPage, type FeedbackQuery, type FeedbackStats } from './feedback-stats';
import { FEEDBACK_MIGRATIONS } from './pg-feedback-migrations';
import { FeedbackChangedError, type FeedbackReceipt, type FeedbackStatusChange, type FeedbackStore, type FeedbackWork, type FeedbackWorker, type FeedbackWorkItem } from './store';

export interface PgFeedbackStoreOptions {
  database: Database;
  clock: Clock;
  events?: StorageEvents;
  /** How long Idempotency-Keys answer (default KEY_RETENTION_MS). */
  keyRetentionMs?: number;
}

/** Keyed submissions between two sweeps of expired keys. */
const KEYED_WRITES_PER_SWEEP = 1000;

/** Own submissions remembered past the last stats read before a read is made to forget them. */
const OWN_SUBMISSIONS_KEPT = 1000;

/** A feedback's thread: its note events, oldest first (feedback_events_notes). */
const NOTES = `FROM feedback_events e WHERE e.kind = 'note' AND e.feedback[1] = feedback.id`;

const RECORD_COLUMNS = `id::float8 AS id, to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, type, content, contact, client_version, platform,
  status, (SELECT e.note ${NOTES} ORDER BY e.id DESC LIMIT 1) AS note,
  (SELECT coalesce(json_agg(json_build_object('by', e.actor, 'at', to_char(e.at, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'text', e.note) ORDER BY e.id), '[]'::json) ${NOTES}) AS notes,
  status_by, to_char(status_at, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS status_at, user_ip`;

/** Rows read per round trip while an export streams. */
const SCAN_BATCH = 500;

/** The filter as SQL over `feedback`, its values numbered from `$<first>`. */
function whereOf(filter: FeedbackFilter, first = 1): { sql: string; values: unknown[] } {
  const terms: string[] = [];
  const values: unknown[] = [];
  const term = (sql: (n: string) => string, value: unknown) => {
    if (value === undefined) return;
    values.push(value);
    terms.push(sql(`$${first + values.length - 1}`));
  };
  term((n) => `type = ${n}`, filter.type);
  term((n) => `platform = ${n}`, filter.platform);
  term((n) => `client_version = ${n}`, filter.clientVersion === undefined ? undefined : clientVersion(filter.clientVersion));
  term((n) => `status = ${n}`, filter.status);
  term((n) => `created_at >= ${n}::date`, filter.from);
  term((n) => `created_at < ${n}::date + 1`, filter.to);
  term((n) => `strpos(lower(content), lower(${n})) > 0`, filter.text);
  return { sql: terms.length > 0 ? terms.join(' AND ') : 'true', values };
}

/**
 * Feedback in PostgreSQL, shared by every replica. Each submission and its day's count are one
 * statement (one transaction), so stats read a table that grows by days, not by submissions,
 * and every replica reads the same counts.
 */
export class PgFeedbackStore implements FeedbackStore {
  /**
   * What stats answers while the database cannot be reached: the last counts read (as of the
   * highest id then visible) plus this replica's own submissions with a higher id.
   */
  private lastCounts = { counts: new FeedbackCounts(), upToId: 0 };
  private ownSince: { id: number; day: string; type: FeedbackType }[] = [];
  private readonly faults: WriteFaults;
  /** A held key fails the feedback's own statement (its primary key): see submit. */
  readonly refusesHeldKeys = true;
  private keyedWrites = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    events?: StorageEvents,
    private readonly keyRetentionMs = KEY_RETENTION_MS,
  ) {
    this.faults = new WriteFaults(db, 'feedback', () => formatUtcInstant(clock.nowMicros()), events);
  }

  async submit(input: FeedbackInput, meta: { ip: string; claim?: IdempotencyClaim }): Promise<FeedbackReceipt> {
    const created_at = formatTimestamp(this.clock.nowMicros());
    const clean = cleanFeedback(input);
    const receipt = randomUUID();
    const { claim } = meta;
    // The key commits in the feedback's own statement: both rows or neither.
    const keyed = claim ? `, keyed AS (${keyInsertSql('feedback', 10, 'id::text', 'FROM stored')})` : '';
    const id = await this.faults.run(async () => {
      for (let attempt = 1; ; attempt++) {
        // One statement (it commits as it ends, no COMMIT of its own to be held up), refusing
        // itself past its deadline: see WriteDeadline.
        const deadline = this.db.writeDeadline();
        try {
          const { rows } = await this.db.statement<{ id: number }>(
            `WITH stored AS (
               INSERT INTO feedback (receipt, created_at, type, content, contact, client_version, platform, user_ip)
               SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE clock_timestamp() <= $9 RETURNING id),
             counted AS (
               INSERT INTO feedback_daily (day, type, count) SELECT $2::timestamp::date, $3, 1 FROM stored
               ON CONFLICT (day, type) DO UPDATE SET count = feedback_daily.count + 1)${keyed}
             SELECT id::float8 AS id FROM stored`,
            [receipt, created_at, clean.type, clean.content, clean.contact ?? null, clean.client_version ?? null, clean.platform ?? null, meta.ip, deadline.at, ...(claim ? claimValues(claim) : [])],
          );
          if (!rows[0]) throw new StorageUnavailableError('the database did not take the feedback within the timeout, and it was not stored');
          return rows[0].id;
        } catch (error) {
          if (claim && isKeyTaken(error)) {
            // A key past its retention is new again: its old row goes, and the feedback is sent once more.
            if (attempt === 1 && (await forgetExpiredKey(this.db, claim, this.keyRetentionMs))) continue;
            throw new KeyTakenError(claim);
          }
          if (!(error instanceof CommitOutcomeUnknownError)) throw error;
          return this.db.settleLostWrite(deadline, error, 'the feedback', async () => {
            const { rows } = await this.db.query<{ id: number }>('SELECT id::float8 AS id FROM feedback WHERE receipt = $1', [receipt]);
            return rows[0]?.id ?? null;
          });
        }
      }
    });
    this.ownSince.push({ id, day: created_at.slice(0, 10), type: clean.type });
    // A stats read forgets what it counted; without readers, one now and then keeps this short.
    if (this.ownSince.length >= OWN_SUBMISSIONS_KEPT) void this.stats(this.clock.nowMicros()).catch(() => undefined);
    if (claim && ++this.keyedWrites % KEYED_WRITES_PER_SWEEP === 0) void forgetExpiredKeys(this.db, this.keyRetentionMs).catch(() => undefined);
    return { id, created_at: `${created_at}Z` };
  }

  async recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<FeedbackReceipt> | null> {
    const found = await recallKey(this.db, 'feedback', claim, this.keyRetentionMs);
    if (!found) return null;
    const { rows } = await this.db.query<FeedbackReceipt>(`SELECT id::float8 AS id, to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at FROM feedback WHERE id = $1`, [found.outcome]);
    // The key names a feedback deleted since (never done by the service): nothing to answer with.
    return rows[0] ? { fingerprint: found.fingerprint, outcome: rows[0] } : null;
  }

  async list(query: FeedbackQuery): Promise<FeedbackPage> {
    const { page, perPage, type } = query;
    const limit = Math.max(1, perPage);
    if (narrowsBeyondType(query)) {
      const where = whereOf(query, 3);
      const { rows } = await this.db.query<FeedbackRecord & { total: number }>(
        `SELECT counted.total, page.* FROM
           (SELECT count(*)::float8 AS total FROM feedback WHERE ${where.sql}) AS counted
           LEFT JOIN LATERAL (SELECT ${RECORD_COLUMNS} FROM feedback WHERE ${where.sql} ORDER BY id DESC LIMIT $1 OFFSET $2) AS page ON true`,
        [limit, (Math.max(1, page) - 1) * limit, ...where.values],
      );
      return { total: rows[0]?.total ?? 0, records: rows.filter((row) => row.id !== null).map(({ total: _total, ...record }) => record) };
    }
    // One statement, one snapshot: the total and the page agree.
    const { rows } = await this.db.query<FeedbackRecord & { total: number }>(
      `SELECT counted.total, page.* FROM
         (SELECT coalesce(sum(count), 0)::float8 AS total FROM feedback_daily WHERE $1::text IS NULL OR type = $1) AS counted
         LEFT JOIN LATERAL (
           SELECT ${RECORD_COLUMNS} FROM feedback WHERE $1::text IS NULL OR type = $1
           ORDER BY id DESC LIMIT $2 OFFSET $3) AS page ON true`,
      [type ?? null, limit, (Math.max(1, page) - 1) * limit],
    );
    const records = rows.filter((row) => row.id !== null).map(({ total: _total, ...record }) => record);
    return { total: rows[0]?.total ?? 0, records };
  }

  async *scan(filter: FeedbackFilter): AsyncIterable<FeedbackRecord> {
    const where = whereOf(filter, 3);
    let below = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const { rows } = await this.db.query<FeedbackRecord>(
        `SELECT ${RECORD_COLUMNS} FROM feedback WHERE id < $1 AND ${where.sql} ORDER BY id DESC LIMIT $2`,
        [below, SCAN_BATCH, ...where.values],
      );
      yield* rows;
      if (rows.length < SCAN_BATCH) return;
      below = rows.at(-1)!.id;
    }
  }

  async version(): Promise<string> {
    const { rows } = await this.db.query<{ version: string }>(
      `SELECT (SELECT coalesce(max(id), 0) FROM feedback) || '.' || (SELECT coalesce(max(id), 0) FROM feedback_events) AS version`,
    );
    return rows[0]!.version;
  }

  async setStatus(id: number, change: FeedbackStatusChange, who: FeedbackWorker): Promise<FeedbackRecord | null> {
    const { seen } = change;
    // Made on what the person saw: the row changes only while it still holds that (one statement, so no one slips between).
    const unchanged = seen ? 'AND status = $7 AND status_by IS NOT DISTINCT FROM $8 AND status_at IS NOT DISTINCT FROM $9::timestamptz AT TIME ZONE \'UTC\'' : '';
    const values = [id, change.status, change.note || null, who.actor, this.now(), who.reason ?? null, ...(seen ? [seen.status, seen.status_by, seen.status_at] : [])];
    // The key commits in the status's own statement, with its log line.
    const keyed = who.claim ? `, keyed AS (${keyInsertSql('feedback-status', values.length + 1, 'id::text', 'FROM logged')})` : '';
    // A note sent with the status joins the thread, unless it is the latest note sent again.
    const { rows } = await this.keyedWrite(
      `WITH changed AS (
         UPDATE feedback SET status = $2, status_by = $4, status_at = $5 WHERE id = $1 ${unchanged} RETURNING id),
       logged AS (
         INSERT INTO feedback_events (kind, feedback, status, actor, at, reason)
         SELECT 'status', ARRAY[id::bigint], $2, $4, $5, $6 FROM changed RETURNING id),
       noted AS (
         INSERT INTO feedback_events (kind, feedback, note, actor, at)
         SELECT 'note', ARRAY[id::bigint], $3, $4, $5 FROM changed AS feedback
         WHERE $3::text IS NOT NULL AND $3::text IS DISTINCT FROM (SELECT e.note ${NOTES} ORDER BY e.id DESC LIMIT 1))${keyed}
       SELECT id::float8 AS id FROM changed`,
      values,
      who.claim,
    );
    if (rows.length > 0) return this.byId(id);
    // Nothing changed: a change sent again after it was made (its key held) is its key's, not a conflict.
    if (who.claim && (await recallKey(this.db, ['feedback-status', 'feedback-erasure', 'feedback-note', 'feedback'], who.claim, this.keyRetentionMs))) throw new KeyTakenError(who.claim);
    if (!seen) return null;
    const now = await this.db.query(`SELECT ${RECORD_COLUMNS} FROM feedback WHERE id = $1`, [id]);
    if (now.rows.length === 0) return null;
    throw new FeedbackChangedError(now.rows[0] as FeedbackRecord);
  }

  async addNote(id: number, text: string, who: FeedbackWorker): Promise<FeedbackRecord | null> {
    const keyed = who.claim ? `, keyed AS (${keyInsertSql('feedback-note', 5, 'id::text', 'FROM logged')})` : '';
    const { rows } = await this.keyedWrite(
      `WITH logged AS (
         INSERT INTO feedback_events (kind, feedback, note, actor, at)
         SELECT 'note', ARRAY[id], $2, $3, $4 FROM feedback WHERE id = $1 RETURNING id)${keyed}
       SELECT id::float8 AS id FROM logged`,
      [id, text, who.actor, this.now()],
      who.claim,
    );
    if (rows.length > 0) return this.byId(id);
    if (who.claim && (await recallKey(this.db, ['feedback-status', 'feedback-erasure', 'feedback-note', 'feedback'], who.claim, this.keyRetentionMs))) throw new KeyTakenError(who.claim);
    return null;
  }

  private async byId(id: number): Promise<FeedbackRecord | null> {
    const { rows } = await this.db.query<FeedbackRecord>(`SELECT ${RECORD_COLUMNS} FROM feedback WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /**
   * One transaction: the rows that may write the address (those writing `@` in any of its forms,
   * AT_WRITINGS: a test no database locale or normalisation changes, so never narrower than
   * address-match) are locked and read, and those address-match finds it in erased here in every
   * form it is written (contacts, texts and notes of feedback, notes and reasons of the events
   * log), and the erasure recorded, its reason without the address too, with its key. The
   * erasure names the ids whose feedback or status events held it, and how many outbox messages
   * were erased before it.
   */
  async erase(address: string, who: FeedbackWorker & { outbox?: number }): Promise<{ ids: number[] }> {
    // An address without `@` (never one the erasure forms take) leaves no row out.
    const maybe = (column: string) => (foldedAddress(address).includes('@') ? `EXISTS (SELECT 1 FROM unnest($1::text[]) AS at(sign) WHERE strpos(${column}, at.sign) > 0)` : `$1::text[] IS NOT NULL`);
    const near = [AT_WRITINGS];
    const scrub = (text: string | null) => (text === null ? null : withoutAddress(text, address));
    const keyed = who.claim ? `, keyed AS (${keyInsertSql('feedback-erasure', 6, 'id::text', 'FROM logged')})` : '';
    const ids = await this.keyedTransaction(async (tx) => {
      const feedback = await tx.query<{ id: number; contact: string | null; content: string; note: string | null }>(
        `SELECT id::float8 AS id, contact, content, note FROM feedback WHERE ${maybe('content')} OR ${maybe('contact')} OR ${maybe('note')} ORDER BY id FOR UPDATE`,
        near,
      );
      const erased = feedback.rows.filter((row) => holdsAddress(row.content, address) || holdsAddress(row.contact, address) || holdsAddress(row.note, address));
      if (erased.length > 0) {
        await tx.query(
          `UPDATE feedback f SET contact = u.contact, content = u.content, note = u.note FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS u(id, contact, content, note) WHERE f.id = u.id`,
          [erased.map((row) => row.id), erased.map((row) => (row.contact === null ? null : contactWithoutAddress(row.contact, address))), erased.map((row) => scrub(row.content)), erased.map((row) => scrub(row.note))],
        );
      }
      const events = await tx.query<{ id: number; kind: string; feedback: number; note: string | null; reason: string | null }>(
        `SELECT id::float8 AS id, kind, feedback[1]::float8 AS feedback, note, reason FROM feedback_events WHERE ${maybe('note')} OR ${maybe('reason')} ORDER BY id FOR UPDATE`,
        near,
      );
      const scrubbed = events.rows.filter((row) => holdsAddress(row.note, address) || holdsAddress(row.reason, address));
      if (scrubbed.length > 0) {
        await tx.query(`UPDATE feedback_events e SET note = u.note, reason = u.reason FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, note, reason) WHERE e.id = u.id`, [
          scrubbed.map((row) => row.id),
          scrubbed.map((row) => scrub(row.note)),
          scrubbed.map((row) => scrub(row.reason)),
        ]);
      }
      const ids = [...new Set([...erased.map((row) => row.id), ...scrubbed.filter((row) => row.kind !== 'erasure').map((row) => row.feedback)])].sort((a, b) => a - b);
      await tx.query(
        `WITH logged AS (
           INSERT INTO feedback_events (kind, feedback, actor, at, reason, outbox_messages) VALUES ('erasure', $1::bigint[], $2, $3, $4, $5) RETURNING id)${keyed}
         SELECT 1`,
        [ids, who.actor, this.now(), who.reason === undefined ? null : withoutAddress(who.reason, address), who.outbox ?? null, ...(who.claim ? claimValues(who.claim) : [])],
      );
      return ids;
    }, who.claim);
    return { ids };
  }

  async recallWork(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<FeedbackWork> | null> {
    const found = await recallKey(this.db, ['feedback-status', 'feedback-erasure', 'feedback-note'], claim, this.keyRetentionMs);
    if (!found) return null;
    const { fingerprint } = found;
    // A key of another kind of write: its fingerprint never matches this request's, so it is refused (422).
    if (found.kind !== 'feedback-status' && found.kind !== 'feedback-erasure' && found.kind !== 'feedback-note') return { fingerprint, outcome: { kind: 'erasure', ids: [], outbox_messages: 0 } };
    const { rows } = await this.db.query<{ kind: string; feedback: number[]; status: FeedbackRecord['status']; note: string | null; actor: string; at: string; outbox_messages: number | null }>(
      `SELECT kind, feedback::float8[] AS feedback, status, note, actor, to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, outbox_messages FROM feedback_events WHERE id = $1`,
      [found.outcome],
    );
    const event = rows[0];
    if (!event) return null;
    if (event.kind === 'erasure') return { fingerprint, outcome: { kind: 'erasure', ids: event.feedback, outbox_messages: event.outbox_messages ?? 0 } };
    const record = await this.byId(event.feedback[0]!);
    if (!record) return null;
    if (event.kind === 'note') return { fingerprint, outcome: { kind: 'note', record } };
    // The feedback's status as that change left it (its text and notes as they are now: an erasure since is kept).
    return { fingerprint, outcome: { kind: 'status', record: { ...record, status: event.status, status_by: event.actor, status_at: event.at } } };
  }

  private now(): string {
    return formatTimestamp(this.clock.nowMicros());
  }

  /**
   * A statement that changes feedback; repeating it is harmless, so a lost answer says so. With a
   * claim (its key's row in the statement): KeyTakenError when the key is held, and a key past
   * its retention is forgotten and the statement sent once more.
   */
  private keyedWrite(sql: string, values: unknown[], claim: IdempotencyClaim | undefined) {
    return this.keyed(() => this.db.statement(sql, claim ? [...values, ...claimValues(claim)] : values), claim);
  }

  /** As keyedWrite, for a change of several statements in one transaction. */
  private keyedTransaction<T>(work: (tx: Tx) => Promise<T>, claim: IdempotencyClaim | undefined): Promise<T> {
    return this.keyed(() => this.db.transaction(work), claim);
  }

  private keyed<T>(send: () => Promise<T>, claim: IdempotencyClaim | undefined): Promise<T> {
    return this.faults.run(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await send();
        } catch (error) {
          if (claim && isKeyTaken(error)) {
            if (attempt === 1 && (await forgetExpiredKey(this.db, claim, this.keyRetentionMs))) continue;
            throw new KeyTakenError(claim);
          }
          if (!(error instanceof CommitOutcomeUnknownError)) throw error;
          throw new StorageUnavailableError(`the connection to the database was lost while committing; the change may have been saved, and repeating it is safe${claim ? ' with the same Idempotency-Key' : ''}`);
        }
      }
    });
  }

  async workLog(): Promise<FeedbackWorkItem[]> {
    const { rows } = await this.db.query<FeedbackWorkItem>(
      `SELECT kind, feedback::float8[] AS feedback, status, actor, to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM feedback_events WHERE kind IN ('status', 'erasure') ORDER BY id`,
    );
    return rows;
  }

  /**
   * The counts table, read whole for the totals and the window for the days. While the database
   * cannot be reached, the last counts read are answered (this replica's writes are refused then).
   */
  async stats(nowMicros: number): Promise<FeedbackStats> {
    const window = statsWindow(nowMicros);
    try {
      const { rows } = await this.db.query<{ day: string | null; type: FeedbackType | null; count: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, type, count::float8 AS count FROM feedback_daily WHERE day BETWEEN $1 AND $2
         UNION ALL SELECT NULL, type, sum(count)::float8 FROM feedback_daily GROUP BY type
         UNION ALL SELECT NULL, NULL, coalesce(max(id), 0)::float8 FROM feedback`,
        [window[0], window.at(-1)],
      );
      const counts = new FeedbackCounts();
      let upToId = 0;
      for (const { day, type, count } of rows) {
        if (type === null) upToId = count;
        else if (day === null) {
          counts.byType[type] += count;
          counts.total += count;
        } else counts.perDay.set(day, (counts.perDay.get(day) ?? 0) + count);
      }
      this.lastCounts = { counts, upToId };
      this.ownSince = this.ownSince.filter((own) => own.id > upToId);
      return counts.stats(nowMicros);
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      return this.lastKnown(nowMicros);
    }
  }

  private lastKnown(nowMicros: number): FeedbackStats {
    const counts = this.lastCounts.counts.clone();
    const { upToId } = this.lastCounts;
    for (const own of this.ownSince) if (own.id > upToId) counts.add(own.day, own.type);
    return counts.stats(nowMicros);
  }

  health(): FaultReport {
    return this.faults.report();
  }

  async close(): Promise<void> {
    this.faults.stop();
  }
}

/** Applies the feedback migrations, reads the counts once, and returns the store. */
export async function openPgFeedbackStore({ database, clock, events, keyRetentionMs }: PgFeedbackStoreOptions): Promise<PgFeedbackStore> {
  await database.migrate('feedback', FEEDBACK_MIGRATIONS);
  await migrateIdempotencyKeys(database);
  const store = new PgFeedbackStore(database, clock, events, keyRetentionMs);
  await store.stats(clock.nowMicros());
  return store;
}
