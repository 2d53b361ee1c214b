import type { IdempotencyClaim } from '@companion/idempotency';
import { StorageUnavailableError } from '../../src';
import { feedback, ip, manualClock } from '../harness';
import type { FeedbackBackend } from './backend';

const claim = (key: string, fingerprint = 'fp-1', owner = 'owner-a'): IdempotencyClaim => ({ owner, key, fingerprint });

/**
 * What every feedback store promises of Idempotency-Keys: a key is stored with its submission,
 * recalled with the receipt the submission answered, kept across a reopen, per owner, and never
 * left behind by a submission that was refused.
 */
export function idempotencyContract(backend: FeedbackBackend): void {
  (backend.unavailable ? describe.skip : describe)(`feedback Idempotency-Keys: ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 120_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    test('a key is recalled with the receipt its submission answered, after a reopen too, and only by its owner', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('without a key'), ip);
      const receipt = await store.submit(feedback('with a key'), { ...ip, claim: claim('k-1') });
      expect(receipt).toEqual({ id: 2, created_at: '2026-11-25T22:04:40.123456Z' });
      expect(await store.recall(claim('k-1'))).toEqual({ fingerprint: 'fp-1', outcome: receipt });
      expect(await store.recall(claim('k-2'))).toBeNull();
      expect(await store.recall(claim('k-1', 'fp-1', 'owner-b'))).toBeNull();
      // The key is not part of what readers of the feedback see.
      expect((await store.list({ page: 1, perPage: 10 })).records[0]).not.toHaveProperty('idempotency');
      await store.close();

      const reopened = await backend.open(clock);
      expect(await reopened.recall(claim('k-1'))).toEqual({ fingerprint: 'fp-1', outcome: receipt });
      expect((await reopened.list({ page: 1, perPage: 10 })).total).toBe(2);
      await reopened.close();
    });

    (backend.refusalUnavailable ? test.skip : test)('a refused submission leaves no key, so its retry is stored', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('before'), ip);
      await backend.refuse();
      const refusal = await store.submit(feedback('refused '.repeat(600).trim()), { ...ip, claim: claim('k-refused') }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StorageUnavailableError);
      await backend.allow();
      const recalled = await store.recall(claim('k-refused')).catch(() => 'unreadable');
      expect(recalled).toBeNull();
      let retried: { id: number } | null = null;
      for (let i = 0; i < 100 && !retried; i++) {
        retried = await store.submit(feedback('refused '.repeat(600).trim()), { ...ip, claim: claim('k-refused') }).catch(() => null);
        if (!retried) await new Promise((done) => setTimeout(done, 100));
      }
      expect(retried).toMatchObject({ id: 2 });
      expect(await store.recall(claim('k-refused'))).toEqual({ fingerprint: 'fp-1', outcome: retried });
      expect((await store.list({ page: 1, perPage: 10 })).total).toBe(2);
      await store.close();
    });
  });
}
