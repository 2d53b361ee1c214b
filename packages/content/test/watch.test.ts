import { writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toErrorEntry, type ErrorEntry } from '@companion/schema';
import { ContentStore, type ReloadReport } from '../src/index';
import { copyOfShippedContent } from './tree';

// The real watcher on a real temp folder: every change goes through the file system.
let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
let store: ContentStore;
let reloads: ReloadReport[];

const DEBOUNCE_MS = 100;
const entry = (flag: string, info: string) => `Flag: ${flag}\nInfo: ${info}\nSolution:\n  - Retry.\n`;
/** What the API decided of one Flag, served over its file (as the catalogue store's overlay does). */
const apiOverlay = (flag: string, info: string) => {
  const decided: ErrorEntry = toErrorEntry({ Flag: flag, Info: info, Solution: ['Retry.'] });
  return { resolve: (f: string, file: ErrorEntry | undefined) => (f === flag ? decided : file), flags: () => [flag] };
};
const notice = (id: number, summary: string) => `---\nid: ${id}\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: ${summary}\ntype: notice\n---\nBody.\n`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Resolves with the next reload report (fails the test after `ms`, a ceiling a working machine never reaches). */
function nextReload(ms = 60_000): Promise<ReloadReport> {
  const seen = reloads.length;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (reloads.length > seen) {
        clearInterval(poll);
        resolve(reloads[seen]!);
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`no reload within ${ms} ms`));
      }
    }, 5);
  });
}

beforeEach(async () => {
  tree = await copyOfShippedContent({ errorTranslations: false });
  store = await ContentStore.open(tree.dir);
  reloads = [];
  await store.watch({ debounceMs: DEBOUNCE_MS, onReload: (report) => reloads.push(report) });
});

afterEach(async () => {
  await store.close();
  await tree.cleanup();
});

describe('ContentStore.watch', () => {
  it('reloads a changed file and keeps the parse of every other file', async () => {
    const before = store.current();
    const reload = nextReload();
    await tree.write('errors/PORT1001.yaml', entry('PORT1001', 'Changed on disk.'));
    expect((await reload).files).toEqual(['errors/PORT1001.yaml']);
    const after = store.current();
    expect(after).not.toBe(before);
    expect(after.errors.get('PORT1001')!.Info).toBe('Changed on disk.');
    expect(after.errors.get('PORT1002')).toBe(before.errors.get('PORT1002'));
    expect(after.notices.find((n) => n.id === 1)).toBe(before.notices.find((n) => n.id === 1));
  });

  it('adds, deletes and renames files', async () => {
    let reload = nextReload();
    await tree.write('notices/900-new.md', notice(900, 'Added'));
    await reload;
    expect(store.current().notices.find((n) => n.id === 900)?.summary).toBe('Added');

    reload = nextReload();
    await rename(join(tree.dir, 'notices/900-new.md'), join(tree.dir, 'notices/900-renamed.md'));
    expect((await reload).files.sort()).toEqual(['notices/900-new.md', 'notices/900-renamed.md']);
    expect(store.current().notices.find((n) => n.id === 900)?.file).toBe('notices/900-renamed.md');

    reload = nextReload();
    await tree.remove('notices/900-renamed.md');
    await reload;
    expect(store.current().notices.find((n) => n.id === 900)).toBeUndefined();
    expect(store.status().issues).toEqual([]);
  });

  it('treats an atomic save (temp file renamed over the original) as a change', async () => {
    const reload = nextReload();
    await writeFile(join(tree.dir, 'errors/.PORT1001.yaml.tmp'), entry('PORT1001', 'Saved atomically.'));
    await rename(join(tree.dir, 'errors/.PORT1001.yaml.tmp'), join(tree.dir, 'errors/PORT1001.yaml'));
    expect((await reload).files).toEqual(['errors/PORT1001.yaml']);
    expect(store.current().errors.get('PORT1001')!.Info).toBe('Saved atomically.');
  });

  it('turns a burst of 200 files into one reload', async () => {
    await mkdir(join(tree.dir, 'errors'), { recursive: true });
    const files = Array.from({ length: 200 }, (_, i) => `BURST${i + 1}`);
    const reload = nextReload();
    // As a checkout writes them, back to back. Written synchronously, the burst is whole in the
    // kernel's event queue before this process (the watcher's) reads any of it, so no pause of a
    // busy machine between two writes can split it: one reload, however loaded the machine.
    for (const flag of files) writeFileSync(join(tree.dir, `errors/${flag}.yaml`), entry(flag, 'From a pull.'));
    expect((await reload).files).toHaveLength(200);
    await sleep(5 * DEBOUNCE_MS);
    expect(reloads).toHaveLength(1);
    expect(store.current().errors.get('BURST200')?.Info).toBe('From a pull.');
  });

  it('misses no file of a flood of 5,000 (more events than the kernel may queue lists the folder again)', async () => {
    const files = Array.from({ length: 5000 }, (_, i) => `FLOOD${i + 1}`);
    await Promise.all(files.map((flag) => writeFile(join(tree.dir, `errors/${flag}.yaml`), entry(flag, 'From a flood.'))));
    const missing = () => files.filter((flag) => !store.current().errors.has(flag));
    for (const ceiling = Date.now() + 120_000; missing().length > 0 && Date.now() < ceiling; ) await sleep(50);
    expect(missing()).toEqual([]);
  });

  it('keeps serving the last good version of a broken file, reports it, and clears it on the next good save', async () => {
    let reload = nextReload();
    await tree.write('errors/PORT1001.yaml', 'Flag: PORT1001\nInfo: [unclosed\nSolution: x\n');
    const broken = await reload;
    expect(broken.issues).toEqual([expect.objectContaining({ file: 'errors/PORT1001.yaml', code: 'YAML_SYNTAX', line: expect.any(Number), column: expect.any(Number) })]);
    expect(store.status().issues).toHaveLength(1);
    expect(store.current().errors.get('PORT1001')!.Info).toMatch(/another program is already using it/);

    reload = nextReload();
    await tree.write('errors/PORT1001.yaml', entry('PORT1001', 'Fixed.'));
    expect((await reload).issues).toEqual([]);
    expect(store.status().issues).toEqual([]);
    expect(store.current().errors.get('PORT1001')!.Info).toBe('Fixed.');
  });

  it('reports a new broken file without a previous version, serving nothing for it', async () => {
    const reload = nextReload();
    await tree.write('errors/ZZZ1.yaml', 'Flag: ZZZ2\nInfo: x\nSolution: [y]\n');
    expect((await reload).issues).toEqual([expect.objectContaining({ file: 'errors/ZZZ1.yaml', code: 'FILE_NAME_MISMATCH', line: 1, column: 7 })]);
    expect(store.current().errors.has('ZZZ1')).toBe(false);
    expect(store.current().errors.has('ZZZ2')).toBe(false);
  });

  it('ignores editor and hidden files', async () => {
    await tree.write('notices/.1-version-1-0-released.md.swp', 'x');
    await tree.write('notices/1-version-1-0-released.md~', 'x');
    await tree.write('errors/4913', 'x');
    await sleep(5 * DEBOUNCE_MS);
    expect(reloads).toEqual([]);
  });

  it('an API change served through the overlay raises no reload and is kept across reloads of other files', async () => {
    store.setErrorOverlay(apiOverlay('PORT1001', 'Written by the API.'));
    const served = store.current();
    expect(served.errors.get('PORT1001')!.Info).toBe('Written by the API.');
    await sleep(5 * DEBOUNCE_MS);
    expect(reloads).toEqual([]);
    expect(store.current()).toBe(served);

    // A foreign edit of its file is read (the files' side), and the overlay still decides what is served.
    const reload = nextReload();
    await tree.write('errors/PORT1001.yaml', entry('PORT1001', 'Edited by hand.'));
    expect((await reload).files).toEqual(['errors/PORT1001.yaml']);
    expect(store.current().errorFiles.get('PORT1001')!.Info).toBe('Edited by hand.');
    expect(store.current().errors.get('PORT1001')!.Info).toBe('Written by the API.');
  });

  it('never lets a disk read in flight undo what the overlay serves', async () => {
    const refresh = store.refresh(['errors/PORT1001.yaml', 'errors/PORT1002.yaml']);
    store.setErrorOverlay(apiOverlay('PORT1001', 'Own write.'));
    await tree.write('errors/PORT1001.yaml', entry('PORT1001', 'Edited by hand.'));
    await refresh;
    expect(store.current().errors.get('PORT1001')!.Info).toBe('Own write.');
  });

  it('picks up changes made between the initial load and watch()', async () => {
    await store.close();
    store = await ContentStore.open(tree.dir);
    await tree.write('errors/PORT1001.yaml', entry('PORT1001', 'Changed before watching.'));
    await sleep(2 * DEBOUNCE_MS);
    const reload = nextReload();
    await store.watch({ debounceMs: DEBOUNCE_MS, onReload: (report) => reloads.push(report) });
    await reload;
    expect(reloads.map((r) => r.files)).toEqual([['errors/PORT1001.yaml']]);
    expect(store.current().errors.get('PORT1001')!.Info).toBe('Changed before watching.');
  });
});
