import type { FeedbackInput } from '@companion/schema';
import { openFeedbackStore } from '../src';
import { feedback, ip, manualClock, useDataDir } from './harness';

const dataDir = useDataDir();

test('stats count per type and per UTC day over the last 30 days, zero days included', async () => {
  const clock = manualClock();
  const store = await openFeedbackStore({ dataDir: dataDir(), clock });
  const at = async (iso: string, type: FeedbackInput['type']) => {
    clock.set(iso);
    await store.submit(feedback('x', { type }), ip);
  };
  await at('2026-10-26T23:59:59.999999Z', 'bug'); // 30 days before today: outside the window
  await at('2026-10-27T00:00:00Z', 'bug'); // first day of the window
  await at('2026-11-24T12:00:00Z', 'question');
  await at('2026-11-25T00:00:00Z', 'other');
  await at('2026-11-25T23:59:59.999999Z', 'other');

  const stats = store.stats(Date.parse('2026-11-25T23:59:59.999Z') * 1000);
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

  // A day later the window moves on without rereading anything.
  const tomorrow = store.stats(Date.parse('2026-11-26T08:00:00Z') * 1000).by_day;
  expect(tomorrow[0]).toEqual({ date: '2026-10-28', count: 0 });
  expect(tomorrow.at(-1)).toEqual({ date: '2026-11-26', count: 0 });
  await store.close();

  const reopened = await openFeedbackStore({ dataDir: dataDir(), clock });
  expect(reopened.stats(Date.parse('2026-11-25T23:59:59.999Z') * 1000)).toEqual(stats);
  await reopened.close();
});
