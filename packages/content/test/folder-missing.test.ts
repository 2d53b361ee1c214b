import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentStore } from '../src/index';
import { copyOfShippedContent } from './tree';

// `mv content/notices /tmp/x` while the service runs: a missing folder is not read as "no
// content". The last good notices stay served, /health says FOLDER_MISSING, and the folder
// coming back is read again.
let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
let store: ContentStore;
let away: string;

/** Polls until `ready()` holds (the watcher debounces; no fixed wait is assumed). */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !ready(); await new Promise((done) => setTimeout(done, 10))) {
    if (Date.now() - started > 120_000) throw new Error(`not within 2 minutes: ${what}`);
  }
}
const missing = () => store.status().issues.filter((issue) => issue.code === 'FOLDER_MISSING').map((issue) => issue.file);

beforeEach(async () => {
  tree = await copyOfShippedContent();
  away = await mkdtemp(join(tmpdir(), 'moved-away-'));
  store = await ContentStore.open(tree.dir);
  await store.watch({ debounceMs: 20 });
});
afterEach(async () => {
  await store.close();
  await tree.cleanup();
  await rm(away, { recursive: true, force: true });
});

test('a notices folder moved away keeps its notices served and is reported; moved back, edits made meanwhile are read', async () => {
  const served = store.current().notices;
  expect(served.length).toBeGreaterThan(0);
  await rename(join(tree.dir, 'notices'), join(away, 'notices'));
  await until(() => missing().includes('notices/'), 'FOLDER_MISSING for notices/');
  expect(store.current().notices).toEqual(served);
  expect(store.current().counts.notices).toBe(served.length);
  expect(store.status().issues.find((issue) => issue.file === 'notices/')!.message).toMatch(/still served/);

  const file = served[0]!.file.replace(/^notices\//, '');
  await writeFile(join(away, 'notices', file), `---\nid: ${served[0]!.id}\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: Edited while away.\ntype: update\n---\nBody.\n`);
  await rename(join(away, 'notices'), join(tree.dir, 'notices'));
  await until(() => missing().length === 0, 'FOLDER_MISSING cleared');
  await until(() => store.current().notices.some((n) => n.summary === 'Edited while away.'), 'the edit made while away');
  expect(store.current().counts.notices).toBe(served.length);
});

test('a changelog folder moved away keeps both channels served', async () => {
  const { stable, preview } = store.current();
  await rename(join(tree.dir, 'changelog'), join(away, 'changelog'));
  await until(() => missing().includes('changelog/stable/') && missing().includes('changelog/preview/'), 'FOLDER_MISSING for both channels');
  expect(store.current().stable).toEqual(stable);
  expect(store.current().preview).toEqual(preview);
  await rename(join(away, 'changelog'), join(tree.dir, 'changelog'));
  await until(() => missing().length === 0, 'FOLDER_MISSING cleared');
  expect(store.current().stable.map((r) => r.version)).toEqual(stable.map((r) => r.version));
});
