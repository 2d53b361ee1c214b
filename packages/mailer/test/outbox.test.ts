import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { outboxContract } from './contract/outbox-contract';
import { filesOutbox } from './contract/outbox-backend';

const files = filesOutbox();
outboxContract(files);

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

  it('names the file and its cause in the refusal, never the full path', async () => {
    const mailer = await files.open();
    await files.refuse();
    const refusal = (await mailer.send({ to: 'ada@example.com', subject: 'x', text: 'x' }).catch((error: unknown) => error)) as Error;
    expect(refusal.message).toMatch(/^outbox\/\S+\.eml: .*E[A-Z]+\)?$/);
    expect(JSON.stringify(mailer.health())).not.toContain(files.dataDir());
  });
});
