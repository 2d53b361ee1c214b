import type { StoreBackend } from '@companion/database/testing';
import type { SearchFeedbackStore } from '../../src';
import { SearchRecorder } from '../../src';

const count = (day: string, query: string, flag: string | null, n: { searches?: number; empty?: number; clicks?: number }, lang = 'en') => ({ day, lang, query, flag, searches: n.searches ?? 0, empty: n.empty ?? 0, clicks: n.clicks ?? 0 });

/**
 * What every store of search counts and staff answers promises, on each backend: counts add up per
 * day, language, query and entry; a report sums the days asked for; pruning forgets old days and
 * keeps the answers; all of it survives a restart and is shared by replicas.
 */
export function searchFeedbackContract(backend: StoreBackend<SearchFeedbackStore>): void {
  const suite = backend.unavailable ? describe.skip : describe;
  if (backend.unavailable) console.log(backend.unavailable);
  suite(`search counts and staff answers, on ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 240_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    test('counts add up per day, language and query; a report sums the days asked for, most searched first', async () => {
      const store = await backend.open();
      await store.add([count('2026-12-01', 'emfile', null, { searches: 2, empty: 0 }), count('2026-12-01', 'emfile', 'LOCAL6003', { clicks: 1 }), count('2026-12-01', 'zuklappen', null, { searches: 1, empty: 1 }, 'de')]);
      await store.add([count('2026-12-02', 'emfile', null, { searches: 1 }), count('2026-12-02', 'emfile', 'LOCAL6003', { clicks: 1 }), count('2026-12-02', 'emfile', 'NET3001', { clicks: 1 })]);
      expect(await store.report('2026-12-01', '2026-12-02')).toEqual([
        { lang: 'en', query: 'emfile', searches: 3, empty: 0, clicks: 3, chosen: [{ flag: 'LOCAL6003', clicks: 2 }, { flag: 'NET3001', clicks: 1 }] },
        { lang: 'de', query: 'zuklappen', searches: 1, empty: 1, clicks: 0, chosen: [] },
      ]);
      expect(await store.report('2026-12-02', '2026-12-02')).toEqual([{ lang: 'en', query: 'emfile', searches: 1, empty: 0, clicks: 2, chosen: [{ flag: 'LOCAL6003', clicks: 1 }, { flag: 'NET3001', clicks: 1 }] }]);
      await store.close();
      const again = await backend.open();
      expect((await again.report('2026-12-01', '2026-12-31'))[0]!.searches).toBe(3);
    });

    test('pruning forgets the days before the one given and keeps the answers staff marked, across a restart', async () => {
      const store = await backend.open();
      await store.add([count('2026-09-01', 'old', null, { searches: 5 }), count('2026-12-01', 'new', null, { searches: 1 })]);
      await store.markAnswer({ query: 'old', lang: 'en', flag: 'NET3004', at: '2026-09-01T10:00:00.000000Z' });
      expect(await store.prune('2026-09-02')).toBe(1);
      expect(await store.prune('2026-09-02')).toBe(0);
      expect((await store.report('2026-01-01', '2026-12-31')).map((r) => r.query)).toEqual(['new']);
      await store.add([count('2026-12-01', 'new', null, { searches: 1 })]);
      await store.close();
      const again = await backend.open();
      expect(await again.report('2026-01-01', '2026-12-31')).toEqual([{ lang: 'en', query: 'new', searches: 2, empty: 0, clicks: 0, chosen: [] }]);
      expect(await again.answers()).toEqual([{ query: 'old', lang: 'en', flag: 'NET3004', at: '2026-09-01T10:00:00.000000Z' }]);
    });

    test('an answer marked twice is kept once, and taken back', async () => {
      const store = await backend.open();
      const answer = { query: 'laptop zugeklappt', lang: 'de', flag: 'NET3004', at: '2026-12-01T10:00:00.000000Z' };
      await store.markAnswer(answer);
      await store.markAnswer({ ...answer, at: '2026-12-01T11:00:00.000000Z' });
      await store.markAnswer({ query: 'lid closed', lang: 'en', flag: 'NET3004', at: '2026-12-01T12:00:00.000000Z' });
      expect((await store.answers()).map((a) => [a.query, a.at])).toEqual([['laptop zugeklappt', answer.at], ['lid closed', '2026-12-01T12:00:00.000000Z']]);
      await store.unmarkAnswer({ query: 'lid closed', lang: 'en', flag: 'NET3004' });
      await store.close();
      expect((await (await backend.open()).answers()).map((a) => a.query)).toEqual(['laptop zugeklappt']);
    });

    test('a recorder counts normalised queries and what was opened, keeping nothing of who searched', async () => {
      const store = await backend.open();
      const recorder = new SearchRecorder(store, { nowMicros: () => Date.parse('2026-12-02T09:00:00Z') * 1000 });
      recorder.searched('Too many  open files!', 'en', 2);
      recorder.searched('too many open files from 203.0.113.7 pid 1234567', 'en', 0);
      recorder.opened('TOO MANY OPEN FILES', 'en', 'LOCAL6003');
      await recorder.flush();
      await recorder.flush();
      expect(await store.report('2026-12-02', '2026-12-02')).toEqual([
        { lang: 'en', query: 'too many open files', searches: 1, empty: 0, clicks: 1, chosen: [{ flag: 'LOCAL6003', clicks: 1 }] },
        { lang: 'en', query: 'too many open files from pid', searches: 1, empty: 1, clicks: 0, chosen: [] },
      ]);
    });

    (backend.replicas ? test : test.skip)('replicas add to the same counts and see the same answers', async () => {
      const [one, two] = [await backend.open(), await backend.open()];
      await Promise.all([one.add([count('2026-12-01', 'q', null, { searches: 1 })]), two.add([count('2026-12-01', 'q', null, { searches: 2 })])]);
      await one.markAnswer({ query: 'q', lang: 'en', flag: 'AUTH2001', at: '2026-12-01T10:00:00.000000Z' });
      expect((await two.report('2026-12-01', '2026-12-01'))[0]!.searches).toBe(3);
      expect((await two.answers()).map((a) => a.flag)).toEqual(['AUTH2001']);
    });
  });
}
