import { CommitOutcomeUnknownError, WriteFaults, type Database, type Migration } from '@companion/database';
import { KeyTakenError, KEY_RETENTION_MS } from '@companion/idempotency';
import { claimValues, forgetExpiredKey, forgetExpiredKeys, isKeyTaken, keyInsertSql, migrateIdempotencyKeys, recallKey } from '@companion/idempotency/postgresql';
import { StorageUnavailableError, type StorageEvents } from '@companion/journal';
import { formatTimestamp, formatUtcInstant, type Clock } from '@companion/schema';
import { messageHolds } from './message-holds';
import type { OutboxStore } from './outbox-store';

export const OUTBOX_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'mail outbox',
    change: 'expand',
    sql: `
      CREATE TABLE mail_outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        message_id text NOT NULL UNIQUE,
        -- the .eml name a file outbox would have used: the time part sorts in sending order
        name text NOT NULL,
        queued_at timestamp(6) NOT NULL,
        recipients text[] NOT NULL,
        raw bytea NOT NULL
      );`,
  },
];

/** Keyed messages between two sweeps of expired keys. */
const KEYED_SENDS_PER_SWEEP = 1000;

/** How /health names the outbox on PostgreSQL: the table. */
const OUTBOX_TABLE = 'mail_outbox';

/**
 * The outbox as rows of `mail_outbox`, shared by every replica: the raw message bytes, its
 * Message-ID (unique: a commit whose answer was lost is looked up by it) and recipients.
 */
export async function openPgOutbox(database: Database, clock: Clock, events?: StorageEvents, keyRetentionMs = KEY_RETENTION_MS): Promise<OutboxStore> {
  await database.migrate('mail', OUTBOX_MIGRATIONS);
  await migrateIdempotencyKeys(database);
  let keyedSends = 0;
  const faults = new WriteFaults(database, 'mail outbox', () => formatUtcInstant(clock.nowMicros()), events);

  return {
    put: ({ messageId, name, recipients, raw, claim }) =>
      faults.run(async () => {
        // One statement refusing itself past its deadline (see WriteDeadline): a 503 is never stored later.
        // With a key, the key's row is inserted by the same statement: both rows or neither.
        const insert = 'INSERT INTO mail_outbox (message_id, name, queued_at, recipients, raw) SELECT $1, $2, $3, $4, $5 WHERE clock_timestamp() <= $6';
        for (let attempt = 1; ; attempt++) {
          const deadline = database.writeDeadline();
          try {
            const { rowCount } = await database.statement(
              claim ? `WITH stored AS (${insert} RETURNING message_id), keyed AS (${keyInsertSql('mail', 7, 'message_id', 'FROM stored')}) SELECT 1 FROM stored` : insert,
              [messageId, name, formatTimestamp(clock.nowMicros()), recipients, raw, deadline.at, ...(claim ? claimValues(claim) : [])],
            );
            if (rowCount === 0) throw new StorageUnavailableError('the database did not take the message within the timeout, and it was not stored');
          } catch (error) {
            if (claim && isKeyTaken(error)) {
              // A key past its retention is new again: its old row goes, and the message is sent once more.
              if (attempt === 1 && (await forgetExpiredKey(database, claim, keyRetentionMs))) continue;
              throw new KeyTakenError(claim);
            }
            if (!(error instanceof CommitOutcomeUnknownError)) throw error;
            await database.settleLostWrite(deadline, error, 'the message', async () => {
              const { rows } = await database.query('SELECT 1 FROM mail_outbox WHERE message_id = $1', [messageId]);
              return rows.length > 0 ? true : null;
            });
          }
          break;
        }
        if (claim && ++keyedSends % KEYED_SENDS_PER_SWEEP === 0) void forgetExpiredKeys(database, keyRetentionMs).catch(() => undefined);
      }),
    erase: (address) =>
      faults.run(async () => {
        // Read a batch at a time and judged here, as the file outbox judges its files: the raw
        // bytes are encoded (quoted-printable, base64), which SQL cannot read through.
        const doomed: number[] = [];
        for (let after = 0; ; ) {
          const { rows } = await database.query<{ id: number; recipients: string[]; raw: Buffer }>(
            'SELECT id::float8 AS id, recipients, raw FROM mail_outbox WHERE id > $1 ORDER BY id LIMIT 200',
            [after],
          );
          for (const row of rows) if (messageHolds(row.raw, row.recipients, address)) doomed.push(row.id);
          if (rows.length < 200) break;
          after = rows.at(-1)!.id;
        }
        if (doomed.length === 0) return 0;
        const { rowCount } = await database.statement('DELETE FROM mail_outbox WHERE id = ANY($1::bigint[])', [doomed]);
        return rowCount ?? 0;
      }),
    refusesHeldKeys: true,
    async recall(claim) {
      const found = await recallKey(database, 'mail', claim, keyRetentionMs);
      if (!found) return null;
      const { rows } = await database.query<{ recipients: string[] }>('SELECT recipients FROM mail_outbox WHERE message_id = $1', [found.outcome]);
      return rows[0] ? { fingerprint: found.fingerprint, outcome: { message_id: found.outcome, accepted: rows[0].recipients, rejected: [] } } : null;
    },
    describe: () => `the ${OUTBOX_TABLE} table at ${database.health().url}`,
    health: () => ({ target: OUTBOX_TABLE, ...faults.report() }),
    close: async () => faults.stop(),
  };
}
