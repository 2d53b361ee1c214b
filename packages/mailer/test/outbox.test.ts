import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { outboxContract } from './contract/outbox-contract';
import { outboxKeysContract } from './contract/outbox-keys-contract';
import { filesOutbox } from './contract/outbox-backend';

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

  it('names the file and its cause in the refusal, never the full path', async () => {
    const mailer = await files.open();
    await files.refuse();
    const refusal = (await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }).catch((error: unknown) => error)) as Error;
    expect(refusal.message).toMatch(/^outbox\/\S+\.eml: .*E[A-Z]+\)?$/);
    expect(JSON.stringify(mailer.health())).not.toContain(files.dataDir());
  });
});
