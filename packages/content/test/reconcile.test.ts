import { link, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentStore } from '../src/index';
import { copyOfShippedContent } from './tree';

// Events can be missed: inotify says nothing when a file is changed through a hard link from
// outside the watched folder (as deploy tools that share files between trees do), nor about what
// an overflowed queue dropped. The periodic reconciliation (a stat of each file) serves such a
// change within its interval, and status() says when it last ran and what it found.
let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
let outside: string;
let store: ContentStore;

beforeEach(async () => {
  tree = await copyOfShippedContent({ errorTranslations: false });
  outside = await mkdtemp(join(tmpdir(), 'linked-'));
  await rm(join(tree.dir, 'errors/PORT1001.yaml'));
  await writeFile(join(outside, 'PORT1001.yaml'), 'Flag: PORT1001\nInfo: Shared through a hard link.\nSolution:\n  - Retry.\n');
  await link(join(outside, 'PORT1001.yaml'), join(tree.dir, 'errors/PORT1001.yaml'));
  store = await ContentStore.open(tree.dir);
});
afterEach(async () => {
  await store.close();
  await tree.cleanup();
  await rm(outside, { recursive: true, force: true });
});

async function until<T>(probe: () => T | undefined | false | null, what: string): Promise<T> {
  for (const started = Date.now(); ; await new Promise((done) => setTimeout(done, 10))) {
    const value = probe();
    if (value) return value;
    if (Date.now() - started > 120_000) throw new Error(`not within 2 minutes: ${what}`);
  }
}

test('a change no event reports is served after the next reconciliation, which says what it found', async () => {
  await store.watch({ debounceMs: 20, reconcileMs: 150 });
  expect(store.status().reconciliation).toMatchObject({ intervalMs: 150, lastRunAt: null, eventQueue: expect.any(Number) });
  await until(() => store.status().reconciliation?.lastRunAt, 'a first run');
  await writeFile(join(outside, 'PORT1001.yaml'), 'Flag: PORT1001\nInfo: Changed through the other name.\nSolution:\n  - Retry.\n');
  await until(() => store.current().errors.get('PORT1001')?.Info === 'Changed through the other name.', 'the change served');
  const found = await until(() => (store.status().reconciliation?.found ? store.status().reconciliation : null), 'a run that found it');
  expect(found.files).toEqual(['errors/PORT1001.yaml']);
  expect(store.status().issues).toEqual([]);
});

test('reconcile() run by hand finds and serves a change no event reported', async () => {
  await store.watch({ debounceMs: 20 });
  expect(store.status().reconciliation).toBeNull();
  await writeFile(join(outside, 'PORT1001.yaml'), 'Flag: PORT1001\nInfo: Changed through the other name.\nSolution:\n  - Retry.\n');
  // What an explicit run finds is what the timer would have found.
  const run = await store.reconcile();
  expect(run).toMatchObject({ found: 1, files: ['errors/PORT1001.yaml'] });
  expect(store.current().errors.get('PORT1001')?.Info).toBe('Changed through the other name.');
});
