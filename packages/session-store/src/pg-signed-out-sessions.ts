import type { Database, Migration } from '@companion/database';
import { digest, type SignedOutSessions } from './signed-out-sessions';

export const SIGNED_OUT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'console sessions signed out',
    change: 'expand',
    sql: `
      CREATE TABLE console_signed_out (
        sid_digest text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX console_signed_out_expiry ON console_signed_out (expires_at);`,
  },
];

/** A fleet: rows of `console_signed_out`, read by every replica on each console request. */
export async function openPgSignedOutSessions(database: Database): Promise<SignedOutSessions> {
  await database.migrate('console-sessions', SIGNED_OUT_MIGRATIONS);
  return {
    async add(sid, exp) {
      // Rows of sessions that would have expired by now go at the same time: the table stays small.
      await database.statement(
        `WITH swept AS (DELETE FROM console_signed_out WHERE expires_at < now())
         INSERT INTO console_signed_out (sid_digest, expires_at) VALUES ($1, to_timestamp($2 / 1000.0)) ON CONFLICT (sid_digest) DO NOTHING`,
        [digest(sid), exp],
      );
    },
    async has(sid) {
      const { rows } = await database.query('SELECT 1 FROM console_signed_out WHERE sid_digest = $1 AND expires_at > now()', [digest(sid)]);
      return rows.length > 0;
    },
    close: async () => undefined,
  };
}
