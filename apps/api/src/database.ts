import type { Database } from '@companion/database';
import { redactedUrl, type DatabaseConfig } from '@companion/database/config';
import { StorageUnavailableError } from '@companion/journal';

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
    const { Database } = await import('@companion/database');
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
