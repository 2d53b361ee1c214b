import { Database, redactedUrl, type DatabaseConfig } from '@companion/database';
import { StorageUnavailableError } from '@companion/journal';

/**
 * The database named by DATABASE_URL did not answer at start-up (within DATABASE_TIMEOUT_MS).
 * Start-up stops with this one line (exit code 1, an outage rather than a bad setting), so a
 * process manager retries instead of running a replica that could take no write.
 */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
}

/** Opens the replica's one pool and checks the database answers; see DatabaseUnreachableError. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  try {
    return await Database.open(config);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    throw new DatabaseUnreachableError(`DATABASE_URL ${redactedUrl(config.url)}: ${error.message} (waited up to DATABASE_TIMEOUT_MS=${config.timeoutMs})`);
  }
}
