import { Database } from '@companion/database';
import { clusterUnavailable, CommitCutter, TempCluster } from '@companion/database/testing';
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
