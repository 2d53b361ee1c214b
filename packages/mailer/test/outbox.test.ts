import { mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { outboxContract } from './contract/outbox-contract';
import { outboxKeysContract } from './contract/outbox-keys-contract';
import { filesOutbox } from './contract/outbox-backend';
import { createFileOutbox, createMailer, mailerConfigFromEnv } from '../src/index';

const files = filesOutbox();
outboxContract(files);
outboxKeysContract(files);

// What only a folder of files can get wrong: temp files left behind, a full path in /health.
describe('the outbox folder', () => {
  beforeEach(() => files.fresh());
  afterEach(() => files.cleanUp());

  it('leaves no temporary files, is described by its folder, and never shows the full path in health', async () => {
    const mailer = await files.open();
    await Promise.all(Array.from({ length: 10 }, (_, i) => mailer.send({ to: 'ada@example.com', subject: `n${i}`, text: 'x' })));
    const outbox = path.join(files.dataDir(), 'outbox');
    expect((await readdir(outbox)).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    expect(mailer.describe()).toEqual({ transport: 'outbox', target: outbox });
    expect(mailer.health()).toMatchObject({ target: 'outbox' });
  });

  it("a key whose message file is missing (a crash before the message's rename) was never committed: its retry sends", async () => {
    const mailer = await files.open();
    const claim = { owner: 'o', key: 'k', fingerprint: 'fp' };
    const first = await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }, claim);
    const outbox = path.join(files.dataDir(), 'outbox');
    const [eml] = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    await rm(path.join(outbox, eml!));
    expect(await mailer.recall(claim)).toBeNull();
    const second = await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }, claim);
    expect(second.message_id).not.toBe(first.message_id);
    expect(await mailer.recall(claim)).toEqual({ fingerprint: 'fp', outcome: second });
  });

  it("keeps a keyed message's key in its own file name: one file, nothing else in the folder", async () => {
    const mailer = await files.open();
    const receipt = await mailer.send({ to: ['ada@example.com', 'grace@example.org'], subject: 'x', text: 'x' }, { owner: 'o', key: 'k', fingerprint: 'fp' });
    const outbox = path.join(files.dataDir(), 'outbox');
    const names = await readdir(outbox);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{8}T\d{6}\.\d{6}Z-[^~]+~[A-Za-z0-9_-]{43}~fp\.eml$/);
    expect(receipt.accepted).toEqual(['ada@example.com', 'grace@example.org']);
  });

  it('a crash before the rename (only the temp file is there) leaves no key: the retry sends', async () => {
    const mailer = await files.open();
    const claim = { owner: 'o', key: 'crash', fingerprint: 'fp' };
    await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }, claim);
    const outbox = path.join(files.dataDir(), 'outbox');
    const [eml] = await readdir(outbox);
    await rename(path.join(outbox, eml!), path.join(outbox, `.${eml!}.tmp`)); // as if the process died before renaming
    const restarted = await files.open();
    expect(await restarted.recall(claim)).toBeNull();
    await restarted.send({ to: 'ada@example.com', subject: 'x', text: 'x' }, claim);
    expect((await files.messages()).map(({ name }) => name)).toHaveLength(1);
  });

  it('recalls a key within the retention only, after a restart too', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outbox-retention-'));
    let now = Date.UTC(2026, 10, 25, 12) * 1000;
    const clock = { nowMicros: () => now };
    const hour = 60 * 60 * 1000;
    try {
      const store = createFileOutbox(dir, clock, undefined, hour);
      const mailer = createMailer(mailerConfigFromEnv({ DATA_DIR: dir }), { clock, outbox: store });
      const claim = { owner: 'o', key: 'old', fingerprint: 'fp' };
      const receipt = await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }, claim);
      now += hour * 1000 - 1000;
      expect(await createFileOutbox(dir, clock, undefined, hour).recall(claim)).toEqual({ fingerprint: 'fp', outcome: receipt });
      now += 2000;
      expect(await mailer.recall(claim)).toBeNull();
      expect(await createFileOutbox(dir, clock, undefined, hour).recall(claim)).toBeNull();
      await mailer.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('erasing an address erases the keys of the messages sent to it, and only those', async () => {
    const mailer = await files.open();
    const ada = { owner: 'o', key: 'to-ada', fingerprint: 'fp' };
    const grace = { owner: 'o', key: 'to-grace', fingerprint: 'fp' };
    await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }, ada);
    const kept = await mailer.send({ to: 'grace@example.org', subject: 'x', text: 'x' }, grace);
    expect(await mailer.erase('ADA@example.com')).toBe(1);
    expect(await mailer.recall(ada)).toBeNull();
    expect(await (await files.open()).recall(ada)).toBeNull();
    expect(await mailer.recall(grace)).toEqual({ fingerprint: 'fp', outcome: kept });
    const outbox = path.join(files.dataDir(), 'outbox');
    for (const name of await readdir(outbox)) expect((await readFile(path.join(outbox, name), 'latin1')).toLowerCase()).not.toContain('ada@example.com');
  });

  it('refuses a fingerprint that is not a short digest (it is part of the file name)', async () => {
    const mailer = await files.open();
    await expect(mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }, { owner: 'o', key: 'k', fingerprint: 'a/b' })).rejects.toThrow(TypeError);
  });

  it('names the file and its cause in the refusal, never the full path', async () => {
    const mailer = await files.open();
    await files.refuse();
    const refusal = (await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }).catch((error: unknown) => error)) as Error;
    expect(refusal.message).toMatch(/^outbox\/\S+\.eml: .*E[A-Z]+\)?$/);
    expect(JSON.stringify(mailer.health())).not.toContain(files.dataDir());
  });
});
