import type { FeedbackInput } from '@companion/schema';
import { BlankFeedbackError, StorageUnavailableError, type FeedbackStore } from '../../src';
import { feedback, ip, manualClock } from '../harness';
import { until, type FeedbackBackend } from './backend';

/**
 * What every feedback store promises, written once and run against each backend (files,
 * PostgreSQL): answers, cleaning, 422 blank, newest first, paging and totals, stats by type and
 * by day, nothing lost across a reopen, and refusals with their cause that heal without one.
 */
export function feedbackContract(backend: FeedbackBackend): void {
  if (backend.unavailable) console.log(`${backend.name}: ${backend.unavailable}`);
  (backend.unavailable ? describe.skip : describe)(`feedback store contract: ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 120_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    const texts = async (store: FeedbackStore) => (await store.list({ page: 1, perPage: 500 })).records.map((r) => r.content);

    test('submit answers the id and time; list pages newest first, filters by type, and survives a reopen', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      expect(await store.submit(feedback('first', { type: 'bug', contact: 'me@example.org', platform: 'linux' }), ip)).toEqual({
        id: 1,
        created_at: '2026-11-25T22:04:40.123456Z',
      });
      for (let i = 2; i <= 7; i++) await store.submit(feedback(`number ${i}`, { type: i % 2 ? 'question' : 'suggestion' }), ip);

      const page1 = await store.list({ page: 1, perPage: 3 });
      expect(page1.total).toBe(7);
      expect(page1.records.map((r) => r.id)).toEqual([7, 6, 5]);
      expect((await store.list({ page: 3, perPage: 3 })).records.map((r) => r.id)).toEqual([1]);
      expect(await store.list({ page: 4, perPage: 3 })).toEqual({ total: 7, records: [] });
      expect(await store.list({ page: 1, perPage: 50, type: 'question' })).toMatchObject({ total: 3, records: [{ id: 7 }, { id: 5 }, { id: 3 }] });
      expect(await store.list({ page: 2, perPage: 2, type: 'suggestion' })).toMatchObject({ total: 3, records: [{ id: 2 }] });
      expect(await store.list({ page: 1, perPage: 5, type: 'other' })).toEqual({ total: 0, records: [] });
      expect((await store.list({ page: 1, perPage: 1, type: 'bug' })).records[0]).toEqual({
        id: 1,
        created_at: '2026-11-25T22:04:40.123456Z',
        type: 'bug',
        content: 'first',
        contact: 'me@example.org',
        client_version: null,
        platform: 'linux',
        user_ip: '198.51.100.4',
      });
      const everything = await store.list({ page: 1, perPage: 100 });
      await store.close();

      const reopened = await backend.open(clock);
      expect(await reopened.list({ page: 1, perPage: 100 })).toEqual(everything);
      expect((await reopened.submit(feedback('after reopen'), ip)).id).toBe(8);
      await reopened.close();
    });

    test('concurrent submissions all land with distinct ids, listed newest first', async () => {
      const store = await backend.open(manualClock());
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => store.submit(feedback(`n${i}`), ip)));
      const ids = answers.map((a) => a.id);
      expect(new Set(ids).size).toBe(100);
      const listed = (await store.list({ page: 1, perPage: 500 })).records;
      expect(listed.map((r) => r.id)).toEqual([...ids].sort((a, b) => b - a));
      expect(listed.map((r) => r.content).sort()).toEqual(answers.map((_, i) => `n${i}`).sort());
      await store.close();
    });

    test('control characters are removed (content keeps line breaks and tabs), text is NFC, blank is refused', async () => {
      const store = await backend.open(manualClock());
      await store.submit(
        feedback('Cafe\u0301 crashed\u0007\r\nstep\t1\rstep 2\u0000\u001b[31m\u0085', {
          contact: 'ann\u000a@example.org',
          platform: 'ma\u0301c\tos',
          client_version: '\u0000',
        }),
        ip,
      );
      const [stored] = (await store.list({ page: 1, perPage: 1 })).records;
      expect(stored).toMatchObject({
        content: 'Café crashed\nstep\t1\nstep 2[31m',
        contact: 'ann@example.org',
        platform: 'm\u00e1cos', // NFC: á as one code point
        client_version: null,
      });
      await expect(store.submit(feedback('\u0000\u0001\u0002'), ip)).rejects.toBeInstanceOf(BlankFeedbackError);
      expect((await store.list({ page: 1, perPage: 10 })).total).toBe(1);
      await store.close();
    });

    test('stats count per type and per UTC day over the last 30 days, zero days included, across a reopen', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      const at = async (iso: string, type: FeedbackInput['type']) => {
        clock.set(iso);
        await store.submit(feedback('x', { type }), ip);
      };
      await at('2026-10-26T23:59:59.999999Z', 'bug'); // 30 days before today: outside the window
      await at('2026-10-27T00:00:00Z', 'bug'); // first day of the window
      await at('2026-11-24T12:00:00Z', 'question');
      await at('2026-11-25T00:00:00Z', 'other');
      await at('2026-11-25T23:59:59.999999Z', 'other');

      const stats = await store.stats(Date.parse('2026-11-25T23:59:59.999Z') * 1000);
      expect(stats.total).toBe(5);
      expect(stats.by_type).toEqual({ bug: 2, suggestion: 0, question: 1, other: 2 });
      expect(stats.by_day).toHaveLength(30);
      expect(stats.by_day[0]).toEqual({ date: '2026-10-27', count: 1 });
      expect(stats.by_day[1]).toEqual({ date: '2026-10-28', count: 0 });
      expect(stats.by_day[5]).toEqual({ date: '2026-11-01', count: 0 }); // across the month end
      expect(stats.by_day.slice(-2)).toEqual([
        { date: '2026-11-24', count: 1 },
        { date: '2026-11-25', count: 2 },
      ]);
      expect(stats.by_day.reduce((sum, d) => sum + d.count, 0)).toBe(4);

      const tomorrow = (await store.stats(Date.parse('2026-11-26T08:00:00Z') * 1000)).by_day;
      expect(tomorrow[0]).toEqual({ date: '2026-10-28', count: 0 });
      expect(tomorrow.at(-1)).toEqual({ date: '2026-11-26', count: 0 });
      await store.close();

      const reopened = await backend.open(clock);
      expect(await reopened.stats(Date.parse('2026-11-25T23:59:59.999Z') * 1000)).toEqual(stats);
      await reopened.close();
    });

    const refusals = backend.refusalUnavailable ? test.skip : test;
    if (backend.refusalUnavailable) console.log(`${backend.name}: ${backend.refusalUnavailable}`);
    refusals('storage that refuses: the submission is refused with its cause and not stored; stats still answer; writes resume by themselves', async () => {
      const clock = manualClock();
      const store = await backend.open(clock);
      await store.submit(feedback('kept', { type: 'bug' }), ip);
      const before = await store.stats(clock.nowMicros());
      await store.submit(feedback('also kept', { type: 'question' }), ip); // after the last stats read
      expect(store.health()).toMatchObject({ writable: true, reason: null });

      await backend.refuse();
      // Long enough to need fresh space whatever the log's last page holds.
      const refusal = await store.submit(feedback('refused '.repeat(600).trim()), ip).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StorageUnavailableError);
      expect((refusal as Error).message).not.toBe('');
      expect(store.health()).toMatchObject({ writable: false, reason: expect.any(String), last_fault: { cleared_at: null } });
      // Stats answer every acknowledged submission, none refused.
      expect(await store.stats(clock.nowMicros())).toEqual({
        total: 2,
        by_type: { ...before.by_type, question: 1 },
        by_day: before.by_day.map((day, i) => (i === 29 ? { ...day, count: 2 } : day)),
      });
      if (backend.listsWhileRefusing) expect(await texts(store)).toEqual(['also kept', 'kept']);
      else await expect(store.list({ page: 1, perPage: 10 })).rejects.toBeInstanceOf(StorageUnavailableError);

      await backend.allow();
      await until(() => store.health().writable, 'writable again');
      expect(store.health().last_fault).toMatchObject({ cleared_at: expect.any(String) });
      await store.submit(feedback('after the fault'), ip);
      expect(await texts(store)).toEqual(['after the fault', 'also kept', 'kept']);
      expect((await store.stats(clock.nowMicros())).total).toBe(3);
      await store.close();
      const reopened = await backend.open(clock);
      expect(await texts(reopened)).toEqual(['after the fault', 'also kept', 'kept']);
      await reopened.close();
    });
  });
}
