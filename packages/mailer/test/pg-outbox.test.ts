import { Database } from '@companion/database';
import { clusterUnavailable, CommitCutter, TempCluster } from '@companion/database/testing';
import { KeyTakenError } from '@companion/idempotency';
import { StorageUnavailableError } from '@companion/journal';
import { createMailer, mailerConfigFromEnv } from '../src/index';
import { openPgOutbox } from '../src/postgresql';
import { outboxContract } from './contract/outbox-contract';
import { outboxKeysContract } from './contract/outbox-keys-contract';
import { postgresOutbox } from './contract/outbox-backend';

outboxContract(postgresOutbox());
outboxKeysContract(postgresOutbox());

(clusterUnavailable() ? describe.skip : describe)('the outbox on PostgreSQL', () => {
  let cluster: TempCluster;
  beforeAll(async () => {
    cluster = await TempCluster.start();
  }, 120_000);
  afterAll(async () => cluster?.destroy(), 60_000);

  it('a key used again past its retention, its row not swept yet, is a new key: the message is stored, the key names it', async () => {
    const url = await cluster.createDatabase('expired_key');
    const database = await Database.open({ url, poolMax: 2, timeoutMs: 2000 });
    const outbox = await openPgOutbox(database, { nowMicros: () => Date.now() * 1000 });
    try {
      const raw = Buffer.from('Subject: x\r\n\r\nx\r\n');
      const put = (messageId: string, fingerprint: string) => outbox.put({ messageId, name: `${messageId}.eml`, recipients: ['ada@example.com'], raw, claim: { owner: 'o', key: 'k', fingerprint } });
      await put('<first@example.com>', 'fp-1');
      await database.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours'");
      expect(await outbox.recall({ owner: 'o', key: 'k' })).toBeNull();
      await put('<second@example.com>', 'fp-2');
      expect(await outbox.recall({ owner: 'o', key: 'k' })).toMatchObject({ fingerprint: 'fp-2', outcome: { message_id: '<second@example.com>' } });
      // A key inside its retention still refuses a second message.
      await expect(put('<third@example.com>', 'fp-3')).rejects.toBeInstanceOf(KeyTakenError);
      const { rows } = await database.query<{ message_id: string }>('SELECT message_id FROM mail_outbox ORDER BY id');
      expect(rows.map((r) => r.message_id)).toEqual(['<first@example.com>', '<second@example.com>']);
    } finally {
      await outbox.close();
      await database.close();
    }
  });

  it('a connection lost during COMMIT: the send looks its message up before it answers', async () => {
    await cluster.createDatabase('cut');
    const cutter = await CommitCutter.start(cluster.port);
    const database = await Database.open({ url: cutter.url('cut'), poolMax: 2, timeoutMs: 2000 });
    const clock = { nowMicros: () => Date.now() * 1000 };
    const mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: '/nonexistent' }), { outbox: await openPgOutbox(database, clock) });
    try {
      cutter.arm('afterCommit', 'INSERT INTO mail_outbox');
      const landed = await mailer.send({ to: 'ada@example.com', subject: 'landed', text: 'x' });
      cutter.arm('beforeCommit', 'INSERT INTO mail_outbox');
      const lost = await mailer.send({ to: 'ada@example.com', subject: 'lost', text: 'x' }).catch((error: unknown) => error);
      expect(lost).toBeInstanceOf(StorageUnavailableError);
      expect((lost as Error).message).toBe('the connection to the database was lost while committing, and the message was not saved');
      const { rows } = await database.query<{ message_id: string }>('SELECT message_id FROM mail_outbox');
      expect(rows).toEqual([{ message_id: landed.message_id }]);
    } finally {
      await mailer.close();
      await database.close();
      await cutter.close();
    }
  });
});
