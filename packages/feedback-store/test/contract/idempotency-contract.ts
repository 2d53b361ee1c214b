import { KeyTakenError, type IdempotencyClaim } from '@companion/idempotency';
import { FeedbackChangedError, StorageUnavailableError } from '../../src';
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

    test('a status change and an erasure keep their keys in their own records: a held key changes nothing again, after a reopen too', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('mail ann@example.org', { contact: 'ann@example.org' }), ip);
      const who = { actor: 'Pia Product' };
      const set = await store.setStatus(1, { status: 'planned', note: 'Soon.' }, { ...who, claim: claim('s-1') });
      expect(set).toMatchObject({ id: 1, status: 'planned', note: 'Soon.', status_by: 'Pia Product' });
      // The same change sent again, made on what the first form showed: its key, not a conflict.
      const seen = { status: 'new' as const, note: null, status_by: null, status_at: null };
      await expect(store.setStatus(1, { status: 'planned', note: 'Soon.', seen }, { ...who, claim: claim('s-1') })).rejects.toBeInstanceOf(KeyTakenError);
      await expect(store.setStatus(1, { status: 'done', seen }, { ...who, claim: claim('s-2') })).rejects.toBeInstanceOf(FeedbackChangedError);
      expect(await store.recallWork(claim('s-1'))).toEqual({ fingerprint: 'fp-1', outcome: { kind: 'status', record: set } });

      expect(await store.erase('ann@example.org', { ...who, outbox: 2, claim: claim('e-1', 'fp-e') })).toEqual({ ids: [1] });
      await expect(store.erase('ann@example.org', { ...who, claim: claim('e-1', 'fp-e') })).rejects.toBeInstanceOf(KeyTakenError);
      const erasure = { fingerprint: 'fp-e', outcome: { kind: 'erasure', ids: [1], outbox_messages: 2 } };
      expect(await store.recallWork(claim('e-1'))).toEqual(erasure);
      expect(await store.recallWork(claim('e-1', 'fp-e', 'owner-b'))).toBeNull();
      expect(await store.recallWork(claim('nothing'))).toBeNull();
      await store.close();

      const reopened = await backend.open(clock);
      expect(await reopened.recallWork(claim('e-1'))).toEqual(erasure);
      // The status as that change left it; the text as it is now (erased since).
      const recalled = await reopened.recallWork(claim('s-1'));
      expect(recalled).toMatchObject({ fingerprint: 'fp-1', outcome: { kind: 'status', record: { id: 1, status: 'planned', note: 'Soon.', status_by: 'Pia Product', status_at: set!.status_at, contact: null } } });
      await expect(reopened.setStatus(1, { status: 'done' }, { ...who, claim: claim('s-1') })).rejects.toBeInstanceOf(KeyTakenError);
      await expect(reopened.erase('ann@example.org', { ...who, claim: claim('e-1') })).rejects.toBeInstanceOf(KeyTakenError);
      expect((await reopened.list({ page: 1, perPage: 10 })).records[0]).toMatchObject({ status: 'planned' });
      await reopened.close();
    });
  });
}
