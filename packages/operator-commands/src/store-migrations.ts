import { CATALOG_MIGRATIONS, DRAFT_MIGRATIONS } from '@companion/catalog-store';
import type { Database, MigrateOptions, Migration } from '@companion/database';
import { FEEDBACK_MIGRATIONS } from '@companion/feedback-store/postgresql';
import { IDEMPOTENCY_MIGRATIONS } from '@companion/idempotency/postgresql';
import { OUTBOX_MIGRATIONS } from '@companion/mailer/postgresql';
import { SESSION_SECRET_MIGRATIONS, SIGNED_OUT_MIGRATIONS } from '@companion/session-store/postgresql';
import { ADOPTION_MIGRATIONS } from '@companion/adoption-store/postgresql';
import { RATE_LIMIT_MIGRATIONS } from '@companion/rate-limit-store/postgresql';
import { ROLLOUT_HALT_MIGRATIONS } from '@companion/rollout-store/postgresql';
import { RESTORE_MIGRATIONS } from '@companion/restore-watch/postgresql';
import { SEARCH_FEEDBACK_MIGRATIONS } from '@companion/search-feedback/postgresql';

/**
 * Every store's schema on PostgreSQL, as the service applies them at start-up: db-migrate
 * creates every table the service uses (start-up adds only the day partitions of install_day).
 */
export const STORE_MIGRATIONS: readonly (readonly [string, readonly Migration[]])[] = [
  ['idempotency', IDEMPOTENCY_MIGRATIONS],
  ['catalog', CATALOG_MIGRATIONS],
  ['catalog-drafts', DRAFT_MIGRATIONS],
  ['feedback', FEEDBACK_MIGRATIONS],
  ['mail', OUTBOX_MIGRATIONS],
  ['rate-limit', RATE_LIMIT_MIGRATIONS],
  ['console-sessions', SIGNED_OUT_MIGRATIONS],
  ['console', SESSION_SECRET_MIGRATIONS],
  ['adoption', ADOPTION_MIGRATIONS],
  ['rollout-halts', ROLLOUT_HALT_MIGRATIONS],
  ['restore-watch', RESTORE_MIGRATIONS],
  ['search-feedback', SEARCH_FEEDBACK_MIGRATIONS],
];

/**
 * Applies every store's migrations (contract steps only with `contract`); one line per store
 * saying what it did, what waits for the contract step and what a newer version applied.
 */
export async function migrateStores(database: Database, options: MigrateOptions = {}): Promise<string[]> {
  const lines: string[] = [];
  for (const [component, migrations] of STORE_MIGRATIONS) {
    const { applied, waiting, ahead, compatibleBackTo } = await database.migrate(component, migrations, options);
    const level = Math.max(0, ...migrations.filter((step) => !waiting.includes(step)).map((step) => step.version));
    const at = migrations.find((step) => step.version === level);
    const back = `runs services of level ${Math.max(compatibleBackTo, 1)} or later`;
    if (ahead) lines.push(`${component}: at version ${ahead.version} (${ahead.name}), applied by a newer version; ${back}, this one included`);
    else lines.push(applied.length === 0 ? `${component}: up to date at version ${level}; ${back}` : `${component}: applied ${applied.join(', ')}; now at version ${level} (${at!.name}); ${back}`);
    const contract = waiting.find((step) => step.change === 'contract');
    if (contract?.change === 'contract' && !ahead) lines.push(`${component}: contract step ${contract.version} (${contract.name}) waits: run db-migrate --contract once no replica below ${component} level ${contract.compatibleBackTo} runs`);
  }
  return lines;
}
