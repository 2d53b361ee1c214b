import { CATALOG_MIGRATIONS } from '@companion/catalog-store';
import { DatabaseConfigError, databaseConfigFromEnv } from '@companion/database/config';
import { FEEDBACK_MIGRATIONS } from '@companion/feedback-store/postgresql';
import { StorageUnavailableError } from '@companion/journal';
import { OUTBOX_MIGRATIONS } from '@companion/mailer/postgresql';
import { databaseSetupFailure, databaseUnreachable, openDatabase } from '../database';
import { RATE_LIMIT_MIGRATIONS } from '../http/pg-rate-limit-store';

/**
 * `pnpm db:migrate` (built: `node apps/api/dist/db-migrate.js`): applies every store's schema
 * migrations to DATABASE_URL and exits, as the service would at start-up, so an upgrade can
 * migrate before any replica of the new version takes traffic. Safe to run again (and beside
 * running replicas: each migration runs once, under the same advisory lock).
 */
const COMPONENTS = [
  ['catalog', CATALOG_MIGRATIONS],
  ['feedback', FEEDBACK_MIGRATIONS],
  ['mail', OUTBOX_MIGRATIONS],
  ['rate-limit', RATE_LIMIT_MIGRATIONS],
] as const;

let config;
try {
  config = databaseConfigFromEnv(process.env);
} catch (error) {
  console.error(`cannot migrate: ${(error as DatabaseConfigError).message}`);
  process.exit(2);
}
if (!config) {
  console.error('cannot migrate: DATABASE_URL is not set (the flat files need no migration)');
  process.exit(2);
}
let database;
try {
  database = await openDatabase(config);
  for (const [component, migrations] of COMPONENTS) {
    const applied = await database.migrate(component, migrations);
    const latest = migrations.at(-1)!;
    console.log(applied.length === 0 ? `${component}: up to date at version ${latest.version}` : `${component}: applied ${applied.join(', ')}; now at version ${latest.version} (${latest.name})`);
  }
} catch (error) {
  const line = error instanceof StorageUnavailableError ? databaseUnreachable(config, error) : (databaseSetupFailure(config, error) ?? (error instanceof Error && error.name === 'DatabaseUnreachableError' ? error : null));
  console.error(line ? `cannot migrate: ${line.message}` : error);
  process.exitCode = line && line.name === 'DatabaseUnreachableError' ? 1 : line ? 2 : 1;
} finally {
  await database?.close();
}
