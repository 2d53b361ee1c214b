import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderBackend } from '@companion/database/testing';
import { openFileSearchFeedback, SearchRecorder, MAX_QUERIES_PER_DAY, OTHER_QUERIES } from '../src';
import { searchFeedbackContract } from './contract/search-feedback-contract';

const clock = { nowMicros: () => Date.parse('2026-12-02T09:00:00Z') * 1000 };
searchFeedbackContract(folderBackend('search-feedback', (dir) => openFileSearchFeedback(dir, clock)));

describe('the recorder, on files', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'search-recorder-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('counts at most MAX_QUERIES_PER_DAY distinct queries a day, the rest together', async () => {
    const store = await openFileSearchFeedback(dir, clock);
    const recorder = new SearchRecorder(store, clock);
    for (let i = 0; i < MAX_QUERIES_PER_DAY + 5; i++) recorder.searched(`query number ${i}`, 'en', 1);
    recorder.searched('query number 0', 'en', 1);
    await recorder.flush();
    const report = await store.report('2026-12-02', '2026-12-02');
    expect(report).toHaveLength(MAX_QUERIES_PER_DAY + 1);
    expect(report.find((r) => r.query === OTHER_QUERIES)!.searches).toBe(5);
    expect(report.find((r) => r.query === 'query number 0')!.searches).toBe(2);
    await store.close();
  });

  it('counts at most MAX_QUERIES_PER_DAY distinct opens (a query and a Flag) a day, the rest together: an open names its own query', async () => {
    const store = await openFileSearchFeedback(dir, clock);
    const recorder = new SearchRecorder(store, clock);
    for (let i = 0; i < MAX_QUERIES_PER_DAY + 5; i++) recorder.opened(`made up ${i % 100}`, 'en', `FLAG${i}`);
    recorder.opened('made up 0', 'en', 'FLAG0');
    await recorder.flush();
    const report = await store.report('2026-12-02', '2026-12-02');
    expect(report).toHaveLength(101);
    expect(report.find((r) => r.query === OTHER_QUERIES)!.clicks).toBe(5);
    expect(report.find((r) => r.query === 'made up 0')!.chosen.find((c) => c.flag === 'FLAG0')!.clicks).toBe(2);
    await store.close();
  });
});
