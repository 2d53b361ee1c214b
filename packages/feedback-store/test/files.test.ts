import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FEEDBACK_FILE, openFileFeedbackStore, StorageUnavailableError } from '../src';
import { filesBackend } from './backends';
import { feedbackContract } from './contract/feedback-contract';
import { idempotencyContract } from './contract/idempotency-contract';
import { feedback, ip, manualClock } from './harness';

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
