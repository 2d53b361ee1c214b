import type { Database, Migration } from '@companion/database';
import { KEY_RETENTION_MS, type IdempotencyClaim, type Recalled } from './claim';

/**
 * One table for every store on PostgreSQL: a row per key, inserted by the statement or
 * transaction of the write it names (feedback, outbox message, catalogue record), so it commits
 * or rolls back with it. `ref` names what the write stored (a feedback id, a Message-ID, an op
 * record's seq), from which the store rebuilds the first answer.
 */
export const IDEMPOTENCY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'idempotency keys',
    change: 'expand',
    sql: `
      CREATE TABLE idempotency_keys (
        owner text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        -- feedback, mail or catalog: whose row ref names
        kind text NOT NULL,
        ref text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (owner, key)
      );
      CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);`,
  },
];

export const IDEMPOTENCY_KEYS_PRIMARY_KEY = 'idempotency_keys_pkey';

/** Applies the migration (every store that takes keys calls it before its own). */
export async function migrateIdempotencyKeys(database: Database): Promise<void> {
  await database.migrate('idempotency', IDEMPOTENCY_MIGRATIONS);
}

/** Whose row a key's `ref` names: a feedback, a feedback_events row (a status change, a note or an erasure), an outbox message, an op record; `mail-sent`: the ref is the answer itself (JSON), the message went to an SMTP relay. */
export type KeyKind = 'feedback' | 'feedback-status' | 'feedback-note' | 'feedback-erasure' | 'mail' | 'mail-sent' | 'catalog';

/** The insert a write adds to its statement: `$owner, $key, $fingerprint` numbered from `first`, `ref` as SQL. */
export function keyInsertSql(kind: KeyKind, first: number, ref: string, from = ''): string {
  return `INSERT INTO idempotency_keys (owner, key, fingerprint, kind, ref) SELECT $${first}, $${first + 1}, $${first + 2}, '${kind}', ${ref}${from ? ` ${from}` : ''}`;
}

export const claimValues = (claim: IdempotencyClaim): string[] => [claim.owner, claim.key, claim.fingerprint];

/** Whether a write failed because its key is in the table already (another replica committed it). */
export function isKeyTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === IDEMPOTENCY_KEYS_PRIMARY_KEY;
}

/**
 * The key's row if it is younger than the retention: its fingerprint, what its write stored and
 * its kind (one of `kinds`: a store that writes more than one kind recalls them at once).
 */
export async function recallKey(database: Database, kinds: KeyKind | readonly KeyKind[], claim: Pick<IdempotencyClaim, 'owner' | 'key'>, retentionMs = KEY_RETENTION_MS): Promise<(Recalled<string> & { kind: string }) | null> {
  const { rows } = await database.query<{ fingerprint: string; ref: string; kind: string }>(
    `SELECT fingerprint, ref, kind FROM idempotency_keys WHERE owner = $1 AND key = $2 AND created_at > now() - $3 * interval '1 millisecond'`,
    [claim.owner, claim.key, retentionMs],
  );
  const row = rows[0];
  if (!row) return null;
  // A key first used for another kind of write answers only that write's fingerprint: never this one.
  const ours = typeof kinds === 'string' ? row.kind === kinds : (kinds as readonly string[]).includes(row.kind);
  return { fingerprint: ours ? row.fingerprint : `${row.kind}:${row.fingerprint}`, outcome: row.ref, kind: row.kind };
}

/**
 * A write's key row was refused as a duplicate: deletes that row if it is past the retention (a
 * key used again after it expired, its row not swept yet), so the write can be sent again as a
 * new one. True when a row was deleted; false when the key is held (KeyTakenError).
 */
export async function forgetExpiredKey(database: Database, claim: Pick<IdempotencyClaim, 'owner' | 'key'>, retentionMs = KEY_RETENTION_MS): Promise<boolean> {
  const { rowCount } = await database.query(
    `DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2 AND created_at <= now() - $3 * interval '1 millisecond'`,
    [claim.owner, claim.key, retentionMs],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Deletes keys past twice the retention, a batch at a time; run now and then by a writer. A key
 * younger than the retention is never deleted; `recallKey` ignores the older ones meanwhile.
 */
export async function forgetExpiredKeys(database: Database, retentionMs = KEY_RETENTION_MS): Promise<number> {
  const { rowCount } = await database.query(
    `DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 millisecond' LIMIT 1000)`,
    [retentionMs * 2],
  );
  return rowCount ?? 0;
}
