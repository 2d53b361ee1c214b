import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeLine } from '@companion/journal';
import { FEEDBACK_FILE, openFileFeedbackStore, StorageUnavailableError } from '../src';
import { FEEDBACK_EVENTS_FILE } from '../src/file-feedback-store';
import { filesBackend } from './backends';
import { feedbackContract } from './contract/feedback-contract';
import { idempotencyContract } from './contract/idempotency-contract';
import { feedback, ip, manualClock } from './harness';
import { STATUS_CHANGES_WITH_NOTES, THREAD_FROM_STATUS_NOTES } from './status-notes';

const files = filesBackend();
feedbackContract(files);
idempotencyContract(files);

// What only a log file can meet: a crash's torn last line, a line damaged on disk.
describe('the flat log on disk', () => {
  beforeEach(() => files.fresh());
  afterEach(() => files.cleanUp());

  test('a torn last line is dropped and reported; the store goes on', async () => {
    const clock = manualClock();
    const store = await openFileFeedbackStore({ dataDir: files.dataDir(), clock });
    await store.submit(feedback('kept'), ip);
    await store.close();
    const torn = '{"seq":2,"created_at":"2026-11-25T2';
    await appendFile(join(files.dataDir(), FEEDBACK_FILE), torn);

    const reopened = await openFileFeedbackStore({ dataDir: files.dataDir(), clock });
    expect(reopened.health()).toMatchObject({ writable: true, tornTail: { bytes: torn.length }, corruption: null });
    expect((await reopened.list({ page: 1, perPage: 10 })).records.map((r) => r.content)).toEqual(['kept']);
    expect((await reopened.submit(feedback('next'), ip)).id).toBe(2);
    await reopened.close();
  });

  test('status lines written before notes were a thread: each note they carried is in the thread under the person who wrote it', async () => {
    const clock = manualClock();
    const store = await openFileFeedbackStore({ dataDir: files.dataDir(), clock });
    await store.submit(feedback('the tray icon vanishes'), ip);
    await store.close();
    const lines = STATUS_CHANGES_WITH_NOTES.map((change) => ({ kind: 'status', feedback: 1, ...change }));
    await writeFile(join(files.dataDir(), FEEDBACK_EVENTS_FILE), Buffer.concat(lines.map((line, i) => encodeLine(i + 1, line))));
    const reopened = await openFileFeedbackStore({ dataDir: files.dataDir(), clock });
    expect((await reopened.list({ page: 1, perPage: 10 })).records[0]).toMatchObject(THREAD_FROM_STATUS_NOTES);
    await reopened.close();
  });

  test('a damaged line inside the log: readable, read-only', async () => {
    const clock = manualClock();
    const store = await openFileFeedbackStore({ dataDir: files.dataDir(), clock });
    for (const text of ['one', 'two', 'three']) await store.submit(feedback(text), ip);
    await store.close();
    const path = join(files.dataDir(), FEEDBACK_FILE);
    await writeFile(path, (await readFile(path, 'utf8')).replace('"two"', '"tw0"'));

    const reopened = await openFileFeedbackStore({ dataDir: files.dataDir(), clock });
    expect(reopened.health()).toMatchObject({ writable: false, corruption: { line: 2, reason: 'checksum mismatch' } });
    expect((await reopened.list({ page: 1, perPage: 10 })).records.map((r) => r.content)).toEqual(['one']);
    await expect(reopened.submit(feedback('four'), ip)).rejects.toBeInstanceOf(StorageUnavailableError);
    await reopened.close();
  });
});
