import type { OutboxBackend } from './outbox-backend';

const claim = (key: string, owner = 'owner-a') => ({ owner, key, fingerprint: 'fp' });
const message = { to: ['ada@example.com', 'grace@example.org'], subject: 'Once', text: 'Sent once.' };

/**
 * What every outbox store promises of Idempotency-Keys: a key is kept with its message and
 * recalled with the answer the send gave, after a reopen too, for its owner only; a send that
 * was refused leaves no key.
 */
export function outboxKeysContract(backend: OutboxBackend): void {
  (backend.unavailable ? describe.skip : describe)(`outbox Idempotency-Keys: ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 120_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    it('recalls the answer of the message sent with a key, after a reopen too, for its owner only', async () => {
      const mailer = await backend.open();
      const receipt = await mailer.send(message, claim('k-1'));
      expect(await mailer.recall(claim('k-1'))).toEqual({ fingerprint: 'fp', outcome: receipt });
      expect(await mailer.recall(claim('k-2'))).toBeNull();
      expect(await mailer.recall(claim('k-1', 'owner-b'))).toBeNull();
      const reopened = await backend.open();
      expect(await reopened.recall(claim('k-1'))).toEqual({ fingerprint: 'fp', outcome: receipt });
      expect(await backend.messages()).toHaveLength(1);
    });

    it('a refused send leaves no key; its retry is kept once', async () => {
      const mailer = await backend.open();
      await backend.refuse();
      await expect(mailer.send(message, claim('k-refused'))).rejects.toThrow();
      await backend.allow();
      expect(await mailer.recall(claim('k-refused')).catch(() => 'unreadable')).toBeNull();
      let receipt = null;
      for (let i = 0; i < 100 && !receipt; i++) {
        receipt = await mailer.send(message, claim('k-refused')).catch(() => null);
        if (!receipt) await new Promise((done) => setTimeout(done, 100));
      }
      expect(await mailer.recall(claim('k-refused'))).toEqual({ fingerprint: 'fp', outcome: receipt });
      expect(await backend.messages()).toHaveLength(1);
    });
  });
}
