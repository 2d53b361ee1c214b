import { StorageUnavailableError } from '@companion/journal';
import { redactedUrl, type DatabaseConfig } from './config';
import type { Database } from './database';

/**
 * The database named by DATABASE_URL did not answer at start-up (within DATABASE_TIMEOUT_MS).
 * Start-up stops with this one line (exit code 1, an outage rather than a bad setting), so a
 * process manager retries instead of running a replica that could take no write.
 */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
}

export const databaseUnreachable = (config: DatabaseConfig, error: StorageUnavailableError) =>
  new DatabaseUnreachableError(`DATABASE_URL ${redactedUrl(config.url)}: ${error.message} (waited up to DATABASE_TIMEOUT_MS=${config.timeoutMs})`);

/** Opens the replica's one pool and checks the database answers; see DatabaseUnreachableError. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  try {
    // Loaded here, not at start: the flat-file default never needs the pg client.
    const { Database } = await import('./database');
    return await Database.open(config);
  } catch (error) {
    throw error instanceof StorageUnavailableError ? databaseUnreachable(config, error) : error;
  }
}

/** How often an idle replica checks the database, so /health tells the truth without a write. */
const HEARTBEAT_MS = 1000;

/**
 * Asks the database `SELECT 1` every second (one at a time): `db.health()` then says within a
 * second that the database went away or came back, even on a replica nobody writes through.
 */
export function watchDatabase(db: Database): { close(): Promise<void> } {
  let asking = false;
  const timer = setInterval(() => {
    if (asking) return;
    asking = true;
    db.query('SELECT 1')
      .catch(() => undefined) // recorded by db.health()
      .finally(() => (asking = false));
  }, HEARTBEAT_MS).unref();
  return { close: async () => clearInterval(timer) };
}

/**
 * The database answered at start-up but refused us, or holds what this version cannot run on: a
 * setting to fix, not an outage. Start-up stops with this one line (exit code 2).
 */
export class DatabaseSetupError extends Error {
  override readonly name = 'DatabaseSetupError';
}

/** The role and database DATABASE_URL names (libpq's defaults when it leaves them out). */
function namesIn(url: string): { user: string; database: string } {
  try {
    const parsed = new URL(url);
    const user = decodeURIComponent(parsed.username) || process.env.PGUSER || 'companion';
    return { user, database: decodeURIComponent(parsed.pathname.slice(1)) || user };
  } catch {
    return { user: 'companion', database: 'companion' };
  }
}

/** What a SQLSTATE at start-up means for whoever set the database up, and what to do, in their database's and role's names. */
const SETUP_HINTS: Record<string, (names: { user: string; database: string }, message: string) => string> = {
  '28P01': () => "the password was refused: check DATABASE_URL's password (percent-encode / @ : # ? % in it)",
  '28000': () => 'the server does not let this user in from here: add a line for it to pg_hba.conf, or check sslmode',
  '3D000': ({ user, database }) => `the database does not exist: create it (createdb -O ${user} ${database})`,
  '42501': ({ user, database }, message) =>
    /must be owner of|permission denied for (table|sequence|function)/.test(message)
      ? `the service's tables in ${database} belong to another role than ${user} (a pg_restore run as postgres without --role?): restore again as docs/OPERATIONS.md gives it (pg_restore --no-owner --role=${user} -d ${database}), or give every table of ${database} to ${user} (ALTER TABLE ... OWNER TO ${user})`
      : `the user may not create the service's tables: PostgreSQL 15 no longer lets every user create in schema public; make ${user} the owner of ${database} (ALTER DATABASE ${database} OWNER TO ${user}) or GRANT CREATE ON SCHEMA public TO ${user} (deploy/README.md)`,
  '3F000': () => 'the schema named in the search path does not exist',
};

/**
 * One line for a start-up failure of the database that is not an outage (a refused password,
 * an unknown database, missing privileges, an SSL mismatch, a schema newer than this version),
 * or null when it is none of those.
 */
export function databaseSetupFailure(config: DatabaseConfig, error: unknown): DatabaseSetupError | null {
  if (!(error instanceof Error)) return null;
  const where = `DATABASE_URL ${redactedUrl(config.url)}`;
  if (error.name === 'SchemaTooNewError' || error.name === 'MigrationMismatchError' || error.name === 'ContractStepWaitingError') return new DatabaseSetupError(`${where}: ${error.message}`);
  const code = (error as { code?: unknown }).code;
  const hint = typeof code === 'string' ? SETUP_HINTS[code] : undefined;
  if (hint) return new DatabaseSetupError(`${where}: ${error.message.split('\n')[0]} (${hint(namesIn(config.url), error.message)})`);
  if (/\bSSL\b|certificate|self[- ]signed/i.test(error.message)) {
    return new DatabaseSetupError(`${where}: ${error.message.split('\n')[0]} (the server and DATABASE_URL disagree on SSL: set sslmode=require, verify-full with sslrootcert=<file>, or disable as the server allows)`);
  }
  return null;
}
