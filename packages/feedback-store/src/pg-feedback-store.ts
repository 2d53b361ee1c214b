import { randomUUID } from 'node:crypto';
import { CommitOutcomeUnknownError, WriteFaults, type Database } from '@companion/database';
import { StorageUnavailableError, type FaultReport, type StorageEvents } from '@companion/journal';
import { formatTimestamp, type Clock, type FeedbackInput, type FeedbackType } from '@companion/schema';
import { cleanFeedback } from './clean-feedback';
import type { FeedbackRecord } from './feedback-record';
import { FeedbackCounts, statsWindow, type FeedbackPage, type FeedbackQuery, type FeedbackStats } from './feedback-stats';
import { FEEDBACK_MIGRATIONS } from './pg-feedback-migrations';
import type { FeedbackStore } from './store';

export interface PgFeedbackStoreOptions {
  database: Database;
  clock: Clock;
  events?: StorageEvents;
}

const RECORD_COLUMNS = `id::float8 AS id, to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at, type, content, contact, client_version, platform, user_ip`;

/**
 * Feedback in PostgreSQL, shared by every replica. Each submission and its day's count are one
 * statement (one transaction), so stats read a table that grows by days, not by submissions,
 * and every replica reads the same counts.
 */
export class PgFeedbackStore implements FeedbackStore {
  /** The last counts read: what stats answers while the database cannot be reached. */
  private lastCounts = new FeedbackCounts();
  private readonly faults: WriteFaults;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    events?: StorageEvents,
  ) {
    this.faults = new WriteFaults(db, 'feedback', () => formatTimestamp(clock.nowMicros()), events);
  }

  async submit(input: FeedbackInput, meta: { ip: string }): Promise<{ id: number; created_at: string }> {
    const created_at = formatTimestamp(this.clock.nowMicros());
    const clean = cleanFeedback(input);
    const receipt = randomUUID();
    const id = await this.faults.run(async () => {
      try {
        return await this.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `WITH stored AS (
               INSERT INTO feedback (receipt, created_at, type, content, contact, client_version, platform, user_ip)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id),
             counted AS (
               INSERT INTO feedback_daily (day, type, count) VALUES ($2::timestamp::date, $3, 1)
               ON CONFLICT (day, type) DO UPDATE SET count = feedback_daily.count + 1)
             SELECT id::float8 AS id FROM stored`,
            [receipt, created_at, clean.type, clean.content, clean.contact ?? null, clean.client_version ?? null, clean.platform ?? null, meta.ip],
          );
          return rows[0]!.id;
        });
      } catch (error) {
        if (error instanceof CommitOutcomeUnknownError) return this.landed(receipt, error);
        throw error;
      }
    });
    return { id, created_at };
  }

  async list({ page, perPage, type }: FeedbackQuery): Promise<FeedbackPage> {
    const limit = Math.max(1, perPage);
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

  /**
   * The counts table, read whole for the totals and the window for the days. While the database
   * cannot be reached, the last counts read are answered (this replica's writes are refused then).
   */
  async stats(nowMicros: number): Promise<FeedbackStats> {
    const window = statsWindow(nowMicros);
    try {
      const { rows } = await this.db.query<{ day: string | null; type: FeedbackType; count: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, type, count::float8 AS count FROM feedback_daily WHERE day BETWEEN $1 AND $2
         UNION ALL SELECT NULL, type, sum(count)::float8 FROM feedback_daily GROUP BY type`,
        [window[0], window.at(-1)],
      );
      const counts = new FeedbackCounts();
      for (const { day, type, count } of rows) {
        if (day === null) {
          counts.byType[type] += count;
          counts.total += count;
        } else counts.perDay.set(day, (counts.perDay.get(day) ?? 0) + count);
      }
      this.lastCounts = counts;
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
    }
    return this.lastCounts.stats(nowMicros);
  }

  health(): FaultReport {
    return this.faults.report();
  }

  async close(): Promise<void> {
    this.faults.stop();
  }

  /** The connection dropped during COMMIT: the answer is what the table says, looked up by receipt. */
  private async landed(receipt: string, error: CommitOutcomeUnknownError): Promise<number> {
    const { rows } = await this.db.query<{ id: number }>('SELECT id::float8 AS id FROM feedback WHERE receipt = $1', [receipt]).catch(() => {
      throw new StorageUnavailableError(`${error.message}; whether the feedback was stored is not known`);
    });
    if (rows[0]) return rows[0].id;
    throw new StorageUnavailableError('the connection to the database was lost while committing; the feedback was not stored');
  }
}

/** Applies the feedback migrations, reads the counts once, and returns the store. */
export async function openPgFeedbackStore({ database, clock, events }: PgFeedbackStoreOptions): Promise<PgFeedbackStore> {
  await database.migrate('feedback', FEEDBACK_MIGRATIONS);
  const store = new PgFeedbackStore(database, clock, events);
  await store.stats(clock.nowMicros());
  return store;
}
