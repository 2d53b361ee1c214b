import type { Database } from '@companion/database';
import { KeyTakenError, KEY_RETENTION_MS } from '@companion/idempotency';
import { claimValues, forgetExpiredKey, forgetExpiredKeys, isKeyTaken, keyInsertSql, migrateIdempotencyKeys, recallKey } from '@companion/idempotency/postgresql';
import type { MailReceipt } from './delivery';
import { ERASED_RECIPIENT, type SentKeys } from './sent-keys';

/** Keeps between two sweeps of expired keys. */
const KEEPS_PER_SWEEP = 1000;

/**
 * The keys of messages an SMTP relay accepted, as rows of `idempotency_keys` (kind `mail-sent`,
 * `ref` the 202's answer as JSON), shared by every replica.
 */
export async function openPgSentKeys(database: Database, keyRetentionMs = KEY_RETENTION_MS): Promise<SentKeys> {
  await migrateIdempotencyKeys(database);
  let keeps = 0;
  return {
    async keep(claim, receipt) {
      for (let attempt = 1; ; attempt++) {
        try {
          await database.statement(keyInsertSql('mail-sent', 1, '$4'), [...claimValues(claim), JSON.stringify(receipt)]);
          break;
        } catch (error) {
          if (!isKeyTaken(error)) throw error;
          // A key past its retention is new again: its old row goes.
          if (attempt === 1 && (await forgetExpiredKey(database, claim, keyRetentionMs))) continue;
          throw new KeyTakenError(claim);
        }
      }
      if (++keeps % KEEPS_PER_SWEEP === 0) void forgetExpiredKeys(database, keyRetentionMs).catch(() => undefined);
    },
    async recall(claim) {
      const found = await recallKey(database, 'mail-sent', claim, keyRetentionMs);
      if (!found) return null;
      return { fingerprint: found.fingerprint, outcome: found.kind === 'mail-sent' ? (JSON.parse(found.outcome) as MailReceipt) : { message_id: '', accepted: [], rejected: [] } };
    },
    async erase(address) {
      // The key and its fingerprint stay (a retry is answered, never sent again); recipients the relay refused are in the answer too.
      const list = (field: string) => `(SELECT coalesce(jsonb_agg(CASE WHEN lower(a) = lower($1) THEN $2 ELSE a END ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements_text(coalesce((ref::jsonb)->'${field}', '[]')) WITH ORDINALITY AS t(a, n))`;
      const { rowCount } = await database.statement(
        `UPDATE idempotency_keys SET ref = ((ref::jsonb) || jsonb_build_object('accepted', ${list('accepted')}, 'rejected', ${list('rejected')}))::text
         WHERE kind = 'mail-sent' AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(coalesce((ref::jsonb)->'accepted', '[]') || coalesce((ref::jsonb)->'rejected', '[]')) a WHERE lower(a) = lower($1))`,
        [address, ERASED_RECIPIENT],
      );
      return rowCount ?? 0;
    },
    close: async () => undefined,
  };
}
