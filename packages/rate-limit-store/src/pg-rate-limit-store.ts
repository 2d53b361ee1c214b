import { WriteFaults, type Database, type Migration } from '@companion/database';
import { StorageUnavailableError, type StorageEvents } from '@companion/journal';
import { formatUtcInstant, type Clock } from '@companion/schema';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { RateLimitCounters } from './counters';

export const RATE_LIMIT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'rate-limit hits',
    change: 'expand',
    sql: `
      CREATE TABLE rate_limit_hits (
        limiter text NOT NULL,
        key text NOT NULL,
        hits integer NOT NULL,
        reset_at timestamptz NOT NULL,
        PRIMARY KEY (limiter, key)
      );
      CREATE INDEX rate_limit_hits_expiry ON rate_limit_hits (reset_at);`,
  },
];

/** The longest a request waits for its count before it passes without one. */
const COUNT_WAIT_MS = 1000;

/** `work`, or a refusal once `ms` have passed (the work itself goes on and settles unseen). */
function withDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageUnavailableError(`the database did not count within ${ms} ms`)), ms);
  });
  work.catch(() => undefined); // a late failure is the database's to record, not an unhandled rejection
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** How often each replica deletes windows that ended (a minute ago or more). */
const SWEEP_MS = 60_000;

type HitRow = { hits: number; reset_at: Date };

/**
 * express-rate-limit's Store on PostgreSQL: one row per limiter and client, counted with one
 * atomic upsert that also starts a new window once the last one ended (the database's clock
 * decides, so replicas agree). Counts are shared by every replica, so a limit holds across them.
 * A database that cannot be reached throws (the limiter lets the request through; see
 * `limiter` in apps/api/src/http/rate-limit.ts) and shows as a fault in /health until it answers again.
 */
export class PgRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly limiter: string,
    private readonly faults: WriteFaults,
  ) {
    this.prefix = `${limiter}:`;
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS).unref();
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.query<HitRow>('SELECT hits, reset_at FROM rate_limit_hits WHERE limiter = $1 AND key = $2 AND reset_at > clock_timestamp()', [this.limiter, key]);
    return rows[0] && { totalHits: rows[0].hits, resetTime: rows[0].reset_at };
  }

  /**
   * Counts one hit. The request waits for the count at most COUNT_WAIT_MS (the write behind it has
   * its own deadline), and not at all while the counters are known to be down: then it passes at
   * once, until the probe finds the database back.
   */
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const down = this.faults.report();
    if (!down.writable) throw new StorageUnavailableError(down.reason!);
    const { rows } = await this.faults.run(() =>
      withDeadline(Math.min(COUNT_WAIT_MS, this.db.config.timeoutMs), this.db.query<HitRow>(
        `INSERT INTO rate_limit_hits AS h (limiter, key, hits, reset_at)
         VALUES ($1, $2, 1, clock_timestamp() + $3 * interval '1 millisecond')
         ON CONFLICT (limiter, key) DO UPDATE SET
           hits = CASE WHEN h.reset_at <= clock_timestamp() THEN 1 ELSE h.hits + 1 END,
           reset_at = CASE WHEN h.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE h.reset_at END
         RETURNING hits, reset_at`,
        [this.limiter, key, this.windowMs],
      )),
    );
    return { totalHits: rows[0]!.hits, resetTime: rows[0]!.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.db.query('UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE limiter = $1 AND key = $2 AND reset_at > clock_timestamp()', [this.limiter, key]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_hits WHERE limiter = $1 AND key = $2', [this.limiter, key]);
  }

  async resetAll(): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_hits WHERE limiter = $1', [this.limiter]);
  }

  shutdown(): void {
    clearInterval(this.sweeper);
  }

  private async sweep(): Promise<void> {
    await this.db.query("DELETE FROM rate_limit_hits WHERE limiter = $1 AND reset_at < clock_timestamp() - interval '1 minute'", [this.limiter]).catch(() => undefined);
  }
}

/** Rate-limit counters on PostgreSQL: a Store per limiter (express-rate-limit wants one each), one fault state for /health. */
export interface PgRateLimitCounters extends RateLimitCounters {
  close(): Promise<void>;
}

/** Applies the counters' migrations; the stores it makes share `database`. */
export async function openPgRateLimitCounters(database: Database, clock: Clock, events?: StorageEvents): Promise<PgRateLimitCounters> {
  await database.migrate('rate-limit', RATE_LIMIT_MIGRATIONS);
  const faults = new WriteFaults(database, 'rate limits', () => formatUtcInstant(clock.nowMicros()), events, 'requests pass without a rate limit until it answers again');
  const stores: PgRateLimitStore[] = [];
  return {
    store(limiter) {
      const store = new PgRateLimitStore(database, limiter, faults);
      stores.push(store);
      return store;
    },
    health: () => faults.report(),
    async close() {
      for (const store of stores) store.shutdown();
      faults.stop();
    },
  };
}
