import { openFeedbackStore } from '../src';
import { feedback, ip, manualClock, useDataDir } from './harness';

const dataDir = useDataDir();

test('submit stores durably and answers with the id and time; list pages newest first', async () => {
  const clock = manualClock();
  const store = await openFeedbackStore({ dataDir: dataDir(), clock });
  expect(await store.submit(feedback('first', { type: 'bug', contact: 'me@example.org', platform: 'linux' }), ip)).toEqual({
    id: 1,
    created_at: '2026-11-25T22:04:40.123456Z',
  });
  for (let i = 2; i <= 7; i++) await store.submit(feedback(`number ${i}`, { type: i % 2 ? 'question' : 'suggestion' }), ip);

  const page1 = store.list({ page: 1, perPage: 3 });
  expect(page1.total).toBe(7);
  expect(page1.records.map((r) => r.id)).toEqual([7, 6, 5]);
  expect(store.list({ page: 3, perPage: 3 }).records.map((r) => r.id)).toEqual([1]);
  expect(store.list({ page: 4, perPage: 3 })).toEqual({ total: 7, records: [] });
  expect(store.list({ page: 1, perPage: 50, type: 'question' })).toMatchObject({ total: 3, records: [{ id: 7 }, { id: 5 }, { id: 3 }] });
  expect(store.list({ page: 2, perPage: 2, type: 'suggestion' })).toMatchObject({ total: 3, records: [{ id: 2 }] });
  expect(store.list({ page: 1, perPage: 1, type: 'bug' }).records[0]).toEqual({
    id: 1,
    created_at: '2026-11-25T22:04:40.123456Z',
    type: 'bug',
    content: 'first',
    contact: 'me@example.org',
    client_version: null,
    platform: 'linux',
    user_ip: '198.51.100.4',
  });
  await store.close();

  const reopened = await openFeedbackStore({ dataDir: dataDir(), clock });
  expect(reopened.list({ page: 1, perPage: 100 })).toEqual(store.list({ page: 1, perPage: 100 }));
  expect((await reopened.submit(feedback('after reopen'), ip)).id).toBe(8);
  await reopened.close();
});

test('concurrent submissions all land with distinct ids', async () => {
  const store = await openFeedbackStore({ dataDir: dataDir(), clock: manualClock() });
  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => store.submit(feedback(`n${i}`), ip)));
  expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  expect(store.list({ page: 1, perPage: 500 }).records.map((r) => r.content)).toEqual(Array.from({ length: 100 }, (_, i) => `n${99 - i}`));
  await store.close();
});
