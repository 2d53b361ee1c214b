import { appendFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FEEDBACK_FILE, openFeedbackStore, StorageUnavailableError } from '../src';
import { feedback, ip, manualClock, useDataDir } from './harness';

const dataDir = useDataDir();

test('a torn last line is dropped and reported; the store goes on', async () => {
  const clock = manualClock();
  const store = await openFeedbackStore({ dataDir: dataDir(), clock });
  await store.submit(feedback('kept'), ip);
  await store.close();
  const torn = '{"seq":2,"created_at":"2026-11-25T2';
  await appendFile(join(dataDir(), FEEDBACK_FILE), torn);

  const reopened = await openFeedbackStore({ dataDir: dataDir(), clock });
  expect(reopened.health()).toMatchObject({ writable: true, tornTail: { bytes: torn.length }, corruption: null });
  expect(reopened.list({ page: 1, perPage: 10 }).records.map((r) => r.content)).toEqual(['kept']);
  expect((await reopened.submit(feedback('next'), ip)).id).toBe(2);
  await reopened.close();
});

test('a damaged line inside the log: readable, read-only', async () => {
  const clock = manualClock();
  const store = await openFeedbackStore({ dataDir: dataDir(), clock });
  for (const text of ['one', 'two', 'three']) await store.submit(feedback(text), ip);
  await store.close();
  const path = join(dataDir(), FEEDBACK_FILE);
  await writeFile(path, (await readFile(path, 'utf8')).replace('"two"', '"tw0"'));

  const reopened = await openFeedbackStore({ dataDir: dataDir(), clock });
  expect(reopened.health()).toMatchObject({ writable: false, corruption: { line: 2, reason: 'checksum mismatch' } });
  expect(reopened.list({ page: 1, perPage: 10 }).records.map((r) => r.content)).toEqual(['one']);
  await expect(reopened.submit(feedback('four'), ip)).rejects.toBeInstanceOf(StorageUnavailableError);
  await reopened.close();
});

// /dev/full refuses every write with ENOSPC: a real full disk.
test('a failed write refuses this and later submissions', async () => {
  await mkdir(dataDir(), { recursive: true });
  await symlink('/dev/full', join(dataDir(), FEEDBACK_FILE));
  const store = await openFeedbackStore({ dataDir: dataDir(), clock: manualClock() });
  await expect(store.submit(feedback('lost'), ip)).rejects.toBeInstanceOf(StorageUnavailableError);
  expect(store.health()).toMatchObject({ writable: false, reason: expect.stringContaining('ENOSPC') });
  expect(store.list({ page: 1, perPage: 10 })).toEqual({ total: 0, records: [] });
  expect(store.stats(0).total).toBe(0);
  await store.close();
});
