import type { Database } from '@companion/database';
import { DatabaseConfigError, databaseConfigFromEnv, type DatabaseConfig } from '@companion/database/config';
import { StorageUnavailableError } from '@companion/journal';
import { databaseSetupFailure, databaseUnreachable, openDatabase } from '@companion/database/open';

/**
 * Runs an operator's command against DATABASE_URL (read from the environment, as the service
 * does): every failure is one line, exit code 2 for a setting to fix, 1 for an outage or a
 * refusal of the command itself (`CommandRefusal`).
 */
export async function runDatabaseCommand(verb: string, work: (database: Database, config: DatabaseConfig) => Promise<void>): Promise<void> {
  let config;
  try {
    config = databaseConfigFromEnv(process.env);
  } catch (error) {
    console.error(`cannot ${verb}: ${(error as DatabaseConfigError).message}`);
    process.exit(2);
  }
  if (!config) {
    console.error(`cannot ${verb}: DATABASE_URL is not set`);
    process.exit(2);
  }
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    await work(database, config);
  } catch (error) {
    const outage = error instanceof StorageUnavailableError ? databaseUnreachable(config, error) : error instanceof Error && error.name === 'DatabaseUnreachableError' ? error : null;
    const setup = databaseSetupFailure(config, error);
    const refused = error instanceof CommandRefusal ? error : null;
    const line = outage ?? setup ?? refused;
    console.error(line ? `cannot ${verb}: ${line.message}` : error);
    process.exitCode = setup ? 2 : 1;
  } finally {
    await database?.close();
  }
}

/** The command will not do what it was asked, for a reason the message gives (exit code 1, one line). */
export class CommandRefusal extends Error {
  override readonly name = 'CommandRefusal';
}
