import pg from 'pg';
import { StorageUnavailableError } from '@companion/journal';
import { redactedUrl, type DatabaseConfig } from './config';
import { asStorageError, CommitOutcomeUnknownError, isUnavailable, unavailableCause, WriteOutcomeUnknownError } from './errors';
import { Listener, type ListenerOptions } from './listener';
import { migrate, type MigrateOptions, type Migration, type MigrationOutcome } from './migrate';

/** What /health shows of the database. */
export interface DatabaseHealth {
  store: 'postgresql';
  url: string;
  /** The last statement or connection attempt succeeded. */
  connected: boolean;
  /** Why the last attempt failed, while it is failing. */
  reason: string | null;
  since: string | null;
  pool: { total: number; idle: number; waiting: number; max: number };
}

/**
 * When a write must have committed by, or never will. The statement carries `at` and refuses to
 * commit past it (its SQL checks `clock_timestamp() <= at`), and runs for at most the statement
 * timeout; so at `conclusive` a lookup tells for certain whether it landed, whatever the network
 * did to it (a statement held up in transit arrives late and refuses itself).
 */
export interface WriteDeadline {
  /** The statement's own deadline, as a timestamptz parameter. */
  at: Date;
  /** ms since the epoch: past it the statement has committed or never will. */
  conclusive: number;
}

/** Margin on top of the statement timeout for the clocks of this host and the database's. */
const CLOCK_MARGIN_MS = 200;

/** A client inside `transaction`: run statements; the transaction commits when the callback returns. */
export type Tx = Pick<pg.PoolClient, 'query'>;

/**
 * One bounded pool per replica. Every statement has a deadline (connection, wait for a free
 * connection, execution), so a slow or absent database is a refusal within `timeoutMs`, never a
 * hung request; failures that mean "unavailable" surface as StorageUnavailableError (503).
 */
export class Database {
  readonly pool: pg.Pool;
  private failure: { reason: string; since: string } | null = null;
  private readonly listeners = new Set<Listener>();

  constructor(readonly config: DatabaseConfig) {
    this.pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolMax,
      connectionTimeoutMillis: config.timeoutMs,
      idleTimeoutMillis: 30_000,
      statement_timeout: config.timeoutMs,
      query_timeout: config.timeoutMs + 1000,
      keepAlive: true,
      application_name: 'tunnel-companion',
    });
    // An idle connection the server dropped (a restart) must not crash the process.
    this.pool.on('error', (error) => this.noteFailure(error));
  }

  /** Opens the pool and checks the database answers (start-up waits up to `timeoutMs`). */
  static async open(config: DatabaseConfig): Promise<Database> {
    const db = new Database(config);
    try {
      await db.query('SELECT 1');
    } catch (error) {
      await db.pool.end().catch(() => undefined);
      throw error;
    }
    return db;
  }

  /** Applies a store's migrations under the shared advisory lock (see migrate). */
  migrate(component: string, migrations: readonly Migration[], options?: MigrateOptions): Promise<MigrationOutcome> {
    return this.track(() => migrate(this.pool, component, migrations, options));
  }

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.track(() => this.pool.query<R>(text, values));
  }

  /**
   * One statement on its own: it commits as it ends (one round trip, where a transaction takes
   * three). A connection lost once it was sent is CommitOutcomeUnknownError: it may have committed.
   */
  statement<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.track(async () => {
      const client = await this.pool.connect();
      let release: Error | undefined;
      const onLost = (error: Error) => (release ??= error);
      client.on('error', onLost);
      try {
        return await client.query<R>(text, values);
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        release ??= error as Error;
        // The server answered the statement with an ERROR (a statement timeout): it rolled back,
        // certainly. A FATAL ends the connection, perhaps after the commit: that stays unknown.
        if (error instanceof pg.DatabaseError && error.severity === 'ERROR') throw error;
        throw new CommitOutcomeUnknownError(error);
      } finally {
        client.off('error', onLost);
        client.release(release);
      }
    });
  }

  /**
   * Runs `work` in one transaction. When the connection fails while COMMIT is under way the
   * outcome is unknown: CommitOutcomeUnknownError, so the caller can look before answering.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.track(async () => {
      const client = await this.pool.connect();
      let release: Error | undefined;
      // A checked-out client has no listener of the pool's: a connection lost mid-transaction
      // would be an unhandled 'error' event (a crash). The failing query reports it instead.
      const onLost = (error: Error) => (release ??= error);
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        let result: T;
        try {
          result = await work(client);
        } catch (error) {
          await client.query('ROLLBACK').catch((rollback: Error) => (release = rollback));
          throw error;
        }
        try {
          await client.query('COMMIT');
        } catch (error) {
          release = error as Error;
          throw isUnavailable(error) ? new CommitOutcomeUnknownError(error) : error;
        }
        return result;
      } catch (error) {
        if (isUnavailable(error)) release ??= error as Error;
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(release);
      }
    });
  }

  /** The deadline of a write sent now: it may run until `timeoutMs` from now, and be in doubt for one more timeout. */
  writeDeadline(now = Date.now()): WriteDeadline {
    const at = now + this.config.timeoutMs;
    return { at: new Date(at), conclusive: at + this.config.timeoutMs + CLOCK_MARGIN_MS };
  }

  /**
   * The outcome of a write whose answer was lost (`cause`): waits until the deadline makes it
   * certain, then asks `lookup` once, within what is left of one second. Landed: its value. Not
   * landed: a StorageUnavailableError saying it was not saved (it never will be). The lookup
   * failing: one saying the outcome is not known. A caller answers within 2 x timeoutMs + 1 s.
   */
  async settleLostWrite<T>(deadline: WriteDeadline, cause: CommitOutcomeUnknownError, what: string, lookup: () => Promise<T | null>): Promise<T> {
    const wait = deadline.conclusive - Date.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error('no answer')), 1000 - CLOCK_MARGIN_MS)));
    let found: T | null;
    try {
      found = await Promise.race([lookup(), late]);
    } catch {
      throw new WriteOutcomeUnknownError(`${cause.message}; whether ${what} was saved is not known: read it back before retrying`);
    } finally {
      clearTimeout(timer);
    }
    if (found === null) throw new StorageUnavailableError(`the connection to the database was lost while committing, and ${what} was not saved`);
    return found;
  }

  /** LISTEN on `channel` with its own connection, reconnecting; see Listener. */
  listen(channel: string, options: Omit<ListenerOptions, 'url' | 'channel' | 'timeoutMs'>): Listener {
    const listener = new Listener({ ...options, url: this.config.url, channel, timeoutMs: this.config.timeoutMs });
    this.listeners.add(listener);
    listener.start();
    return listener;
  }

  health(): DatabaseHealth {
    return {
      store: 'postgresql',
      url: redactedUrl(this.config.url),
      connected: this.failure === null,
      reason: this.failure?.reason ?? null,
      since: this.failure?.since ?? null,
      pool: { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount, max: this.config.poolMax },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.listeners].map((listener) => listener.close()));
    await this.pool.end();
  }

  /** Runs a call, keeping the connection state for /health and mapping outages to 503s. */
  private async track<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.failure = null;
      return result;
    } catch (error) {
      this.noteFailure(error);
      throw error instanceof CommitOutcomeUnknownError ? error : asStorageError(error);
    }
  }

  private noteFailure(error: unknown): void {
    if (!isUnavailable(error) && !(error instanceof CommitOutcomeUnknownError)) return;
    const reason = unavailableCause(error instanceof CommitOutcomeUnknownError ? error.cause : error);
    if (this.failure?.reason !== reason) this.failure = { reason, since: new Date().toISOString() };
  }
}
