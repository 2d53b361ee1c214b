import type { Options, Store } from 'express-rate-limit';
import type { StoreBackend } from '@companion/database/testing';
import type { RateLimitCounters } from '../../src';

const initialised = (store: Store, windowMs: number) => {
  void store.init?.({ windowMs } as Options);
  return store;
};

/**
 * express-rate-limit's Store contract, written once and run against every backend: the counters
 * in memory the service uses without a database and those on PostgreSQL it uses with one.
 */
export function rateLimitContract(backend: StoreBackend<RateLimitCounters>): void {
  const suite = backend.unavailable ? describe.skip : describe;
  if (backend.unavailable) console.log(backend.unavailable);
  suite(`rate-limit store contract: ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 240_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());
    const open = async (windowMs: number, counter = 'feedback') => initialised((await backend.open()).store(counter), windowMs);

    it('counts hits per key within one window, with one reset time', async () => {
      const store = await open(60_000);
      const before = Date.now();
      const first = await store.increment('198.51.100.4');
      expect(first.totalHits).toBe(1);
      expect(first.resetTime!.getTime()).toBeGreaterThanOrEqual(before + 59_000);
      expect(first.resetTime!.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
      const second = await store.increment('198.51.100.4');
      expect(second).toEqual({ totalHits: 2, resetTime: first.resetTime });
      expect((await store.increment('203.0.113.9')).totalHits).toBe(1); // another client
      expect(await store.get!('198.51.100.4')).toEqual({ totalHits: 2, resetTime: first.resetTime });
      expect(await store.get!('192.0.2.1')).toBeUndefined();
      store.shutdown?.();
    });

    it('decrement takes a hit back; resetKey and resetAll start again', async () => {
      const store = await open(60_000);
      for (let i = 0; i < 3; i++) await store.increment('a');
      await store.decrement('a');
      expect((await store.get!('a'))?.totalHits).toBe(2);
      await store.resetKey('a');
      expect((await store.increment('a')).totalHits).toBe(1);
      await store.increment('b');
      await store.resetAll!();
      expect((await store.increment('b')).totalHits).toBe(1);
      store.shutdown?.();
    });

    it('a window that ended starts again at 1', async () => {
      const store = await open(300);
      await store.increment('a');
      await store.increment('a');
      await new Promise((done) => setTimeout(done, 450));
      expect((await store.increment('a')).totalHits).toBe(1);
      store.shutdown?.();
    });

    it('concurrent hits are each counted once', async () => {
      const store = await open(60_000);
      await Promise.all(Array.from({ length: 50 }, () => store.increment('burst')));
      expect((await store.get!('burst'))?.totalHits).toBe(50);
      store.shutdown?.();
    });

    it('limiters of other names count apart; of one name, together where the counters are shared', async () => {
      const [feedback, email] = [await open(60_000, 'feedback'), await open(60_000, 'email')];
      await feedback.increment('a');
      await feedback.increment('a');
      expect((await email.increment('a')).totalHits).toBe(1);
      const again = await open(60_000, 'feedback');
      expect((await again.increment('a')).totalHits).toBe(backend.replicas ? 3 : 1);
      for (const store of [feedback, email, again]) store.shutdown?.();
    });

    it('says it can count while it can', async () => {
      expect((await backend.open()).health()).toMatchObject({ writable: true, reason: null });
    });
  });
}
