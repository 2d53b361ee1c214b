import { migrateStores } from '../store-migrations';
import { runDatabaseCommand } from './database-command';

/**
 * `pnpm db:migrate` (built: `node apps/api/dist/db-migrate.js`): applies every store's schema
 * migrations to DATABASE_URL and exits, as the service would at start-up, so an upgrade can
 * migrate before any replica of the new version takes traffic. Safe to run again (and beside
 * running replicas: each migration runs once, under the same advisory lock).
 */
await runDatabaseCommand('migrate', async (database) => {
  for (const line of await migrateStores(database)) console.log(line);
});
