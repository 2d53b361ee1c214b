import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { StorageUnavailableError } from '@companion/journal';
import type { EmailInput } from '@companion/schema';
import { createMailer, type SentKeys } from '../src/index';
import { openPgSentKeys } from '../src/postgresql';
import { smtpMailerConfig } from './support/config';
import { startSmtpServer, type RunningSmtpServer } from './support/smtp-server';

const input: EmailInput = { to: 'ada@example.com', subject: 'Your report', text: 'Thanks.' };
const claim = { owner: 'token-a', key: '8e03978e-40d5-43e8-bc93-6894a57f9324', fingerprint: 'fp-1' };

let server: RunningSmtpServer;
beforeEach(async () => {
  server = await startSmtpServer();
});
afterEach(async () => server.close());

/**
 * A message sent with a key, then a second mailer on the same store (a restart, another replica)
 * asked for the key: it knows the first answer, so the message is not sent again.
 */
async function sendThenRecallElsewhere(config: ReturnType<typeof smtpMailerConfig>, openKeys: () => Promise<SentKeys | undefined>) {
  const first = createMailer(config, { sentKeys: await openKeys() });
  const receipt = await first.send(input, claim);
  await first.close();
  const second = createMailer(config, { sentKeys: await openKeys() });
  try {
    expect(await second.recall({ owner: claim.owner, key: claim.key })).toEqual({ fingerprint: 'fp-1', outcome: receipt });
    // Another credential's key space is its own.
    expect(await second.recall({ owner: 'token-b', key: claim.key })).toBeNull();
  } finally {
    await second.close();
  }
  expect(server.received).toHaveLength(1);
  const parsed = await simpleParser(server.received[0]!.raw);
  // The Message-ID the relay saw is the answer's, derived from the key: the same on any resend.
  expect(parsed.messageId).toBe(receipt.message_id);
  expect(receipt.message_id).toMatch(/^<[A-Za-z0-9_-]{43}@companion\.test>$/);
  return receipt;
}

describe('an Idempotency-Key sent through SMTP, on files', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smtp-keys-'));
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('is kept under DATA_DIR once the relay accepted the message: a restarted mailer answers it', async () => {
    const config = { ...smtpMailerConfig(server.port), outboxDir: path.join(dataDir, 'outbox') };
    const receipt = await sendThenRecallElsewhere(config, async () => undefined);
    expect(receipt.accepted).toEqual(['ada@example.com']);
    expect(await readdir(path.join(dataDir, 'outbox', '.sent-keys'))).toHaveLength(1);
  });

  it('is not kept when the relay refused the message', async () => {
    await server.close();
    server = await startSmtpServer({ onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('no such user'), { responseCode: 550 })) });
    const config = { ...smtpMailerConfig(server.port), outboxDir: path.join(dataDir, 'outbox') };
    const mailer = createMailer(config);
    await expect(mailer.send(input, claim)).rejects.toThrow();
    expect(await mailer.recall(claim)).toBeNull();
    await mailer.close();
  });

  it('answers all the same when the key cannot be kept (the relay has the message): this process knows the key, a restarted one cannot tell and refuses', async () => {
    // DATA_DIR/outbox is a file: the key's folder cannot be made.
    await writeFile(path.join(dataDir, 'outbox'), 'not a folder');
    const config = { ...smtpMailerConfig(server.port), outboxDir: path.join(dataDir, 'outbox') };
    const mailer = createMailer(config);
    const receipt = await mailer.send(input, claim);
    expect(await mailer.recall(claim)).toEqual({ fingerprint: 'fp-1', outcome: receipt });
    await mailer.close();
    const restarted = createMailer(config);
    // Not knowing is a 503 (StorageUnavailableError), never a second message sent on a guess.
    await expect(restarted.recall(claim)).rejects.toBeInstanceOf(StorageUnavailableError);
    await restarted.close();
    expect(server.received).toHaveLength(1);
  });

  it('stays through an erasure of its recipient, the address erased from its answer: a retry is never sent again to the others', async () => {
    const config = { ...smtpMailerConfig(server.port), outboxDir: path.join(dataDir, 'outbox') };
    const mailer = createMailer(config);
    const sent = await mailer.send({ ...input, to: ['ada@example.com', 'grace@example.com'] }, claim);
    await mailer.send({ ...input, to: 'grace@example.com' }, { ...claim, key: 'other' });
    expect(await mailer.erase('ADA@example.com')).toBe(0); // the relay has the messages: none erased here
    expect(await mailer.recall(claim)).toEqual({ fingerprint: 'fp-1', outcome: { ...sent, accepted: ['[erased]', 'grace@example.com'] } });
    expect(await mailer.recall({ ...claim, key: 'other' })).toEqual({ fingerprint: 'fp-1', outcome: expect.objectContaining({ accepted: ['grace@example.com'] }) });
    const files = await readdir(path.join(dataDir, 'outbox', '.sent-keys'));
    for (const name of files) expect(await readFile(path.join(dataDir, 'outbox', '.sent-keys', name), 'utf8')).not.toMatch(/ada@/i);
    await mailer.close();
  });
});

(clusterUnavailable() ? describe.skip : describe)('an Idempotency-Key sent through SMTP, on PostgreSQL', () => {
  let cluster: TempCluster;
  beforeAll(async () => {
    cluster = await TempCluster.start();
  }, 120_000);
  afterAll(async () => cluster?.destroy(), 60_000);

  it('is kept in idempotency_keys once the relay accepted the message: another replica answers it', async () => {
    const url = await cluster.createDatabase('smtp_keys');
    const databases: Database[] = [];
    try {
      const open = async () => {
        const database = await Database.open({ url, poolMax: 2, timeoutMs: 2000 });
        databases.push(database);
        return openPgSentKeys(database);
      };
      await sendThenRecallElsewhere(smtpMailerConfig(server.port), open);
      const { rows } = await databases[0]!.query<{ kind: string }>('SELECT kind FROM idempotency_keys');
      expect(rows).toEqual([{ kind: 'mail-sent' }]);
      // An erasure of the recipient keeps the key, its address erased from the answer.
      const keys = await openPgSentKeys(databases[0]!);
      expect(await keys.erase('ada@EXAMPLE.com')).toBe(1);
      expect(await keys.recall(claim)).toEqual({ fingerprint: 'fp-1', outcome: expect.objectContaining({ accepted: ['[erased]'], rejected: [] }) });
      expect((await databases[0]!.query<{ ref: string }>('SELECT ref FROM idempotency_keys')).rows[0]!.ref).not.toMatch(/ada@/i);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  }, 60_000);
});
