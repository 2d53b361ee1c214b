import { CATALOG_MIGRATIONS } from '@companion/catalog-store';
import type { Database } from '@companion/database';
import { FEEDBACK_MIGRATIONS } from '@companion/feedback-store/postgresql';
import { OUTBOX_MIGRATIONS } from '@companion/mailer/postgresql';
import { SESSION_SECRET_MIGRATIONS, SIGNED_OUT_MIGRATIONS } from '@companion/session-store/postgresql';
import { ADOPTION_MIGRATIONS } from '@companion/adoption-store/postgresql';
import { RATE_LIMIT_MIGRATIONS } from '@companion/rate-limit-store/postgresql';
import { ROLLOUT_HALT_MIGRATIONS } from '@companion/rollout-store/postgresql';

/** Every store's schema on PostgreSQL, as the service applies them at start-up. */
export const STORE_MIGRATIONS = [
  ['catalog', CATALOG_MIGRATIONS],
  ['feedback', FEEDBACK_MIGRATIONS],
  ['mail', OUTBOX_MIGRATIONS],
  ['rate-limit', RATE_LIMIT_MIGRATIONS],
  ['console-sessions', SIGNED_OUT_MIGRATIONS],
  ['console', SESSION_SECRET_MIGRATIONS],
  ['adoption', ADOPTION_MIGRATIONS],
  ['rollout-halts', ROLLOUT_HALT_MIGRATIONS],
] as const;

/** Applies every store's migrations; one line per store saying what it did. */
export async function migrateStores(database: Database): Promise<string[]> {
  const lines: string[] = [];
  for (const [component, migrations] of STORE_MIGRATIONS) {
    const applied = await database.migrate(component, migrations);
    const latest = migrations.at(-1)!;
    lines.push(applied.length === 0 ? `${component}: up to date at version ${latest.version}` : `${component}: applied ${applied.join(', ')}; now at version ${latest.version} (${latest.name})`);
  }
  return lines;
}
