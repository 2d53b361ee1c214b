import { migrateStores } from '../store-migrations';
import { CommandRefusal, runDatabaseCommand } from './database-command';

/**
 * `pnpm db:migrate` (built: `node apps/api/dist/db-migrate.js`): applies every store's schema
 * migrations to DATABASE_URL and exits, as the service would at start-up, so an upgrade can
 * migrate before any replica of the new version takes traffic. Safe to run again (and beside
 * running replicas: each migration runs once, under the same advisory lock). Contract steps,
 * which end the way back to the previous release, only with `--contract`.
 */
const args = process.argv.slice(2);
await runDatabaseCommand('migrate', async (database) => {
  const unknown = args.filter((arg) => arg !== '--contract');
  if (unknown.length > 0) throw new CommandRefusal(`unknown argument ${unknown[0]} (usage: db-migrate [--contract])`);
  for (const line of await migrateStores(database, { contract: args.includes('--contract') })) console.log(line);
});
