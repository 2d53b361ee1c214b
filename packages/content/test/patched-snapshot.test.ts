import { lstat, mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toErrorEntry, type ErrorEntry } from '@companion/schema';
import type { ReloadReport } from '../src/index';
import { PersistentMap } from '../src/persistent-map';
import { TombstoneMap } from '../src/tombstone-map';
import { storeOverShippedContent } from './tree';

const live = storeOverShippedContent();

const entryText = (flag: string, info: string) => `Flag: ${flag}\nInfo: ${info}\nSolution:\n  - Retry.\n`;
const entry = (flag: string, info: string): ErrorEntry => toErrorEntry({ Flag: flag, Info: info, Solution: ['Retry.'] });
const SLICES = ['stable', 'preview', 'notices', 'elements', 'codenames', 'codenameOf', 'errors', 'issues', 'counts'] as const;
const unchangedSlices = (a: object, b: object) => SLICES.filter((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);

describe('a snapshot patched by a change', () => {
  it('keeps the identity of every slice and entry that did not change, and says which Flags did', async () => {
    const before = live.store.current();
    await live.tree.write('errors/PORT1001.yaml', entryText('PORT1001', 'Changed.'));
    await live.store.refresh(['errors/PORT1001.yaml']);
    const after = live.store.current();
    expect(after.generation).toBe(before.generation + 1);
    expect(unchangedSlices(before, after)).toEqual(SLICES.filter((k) => k !== 'errors'));
    expect(after.errors.get('PORT1002')).toBe(before.errors.get('PORT1002'));
    expect(after.errorChanges).toEqual({ since: before.generation, flags: ['PORT1001'] });
  });

  it('a changed notice replaces one entry of the notice list; errors are untouched', async () => {
    const before = live.store.current();
    const file = before.notices.find((n) => n.id === 4)!.file;
    await live.tree.write(file, `---\nid: 4\nactive: true\ndate: 2026-05-01\npriority: 1000\nsummary: Now first\ntype: notice\n---\nBody.\n`);
    await live.store.refresh([file]);
    const after = live.store.current();
    expect(unchangedSlices(before, after)).toEqual(['stable', 'preview', 'elements', 'codenames', 'codenameOf', 'errors', 'issues', 'counts']);
    expect(after.notices[0]).toMatchObject({ id: 4, summary: 'Now first' });
    expect(after.notices.slice(1)).toEqual(before.notices.filter((n) => n.id !== 4));
    expect(after.errorChanges).toEqual({ since: before.generation, flags: [] });
  });

  it('touching a file without changing its bytes makes no new snapshot', async () => {
    const before = live.store.current();
    expect(await live.store.refresh(['errors/PORT1001.yaml', 'notices'])).toBeNull();
    expect(live.store.current()).toBe(before);
  });
});

describe('ContentStore.applyOwnEntry', () => {
  it('serves the entry it is given, in Flag order, patching only the catalogue', async () => {
    const before = live.store.current();
    [...before.errors.keys()]; // the previous order is known, so the next one is patched from it
    const added = entry('NET3004A', 'Own write.');
    live.store.applyOwnEntry('errors/NET3004A.yaml', added, Buffer.from(entryText('NET3004A', 'Own write.')));
    const after = live.store.current();
    expect(after.errors.get('NET3004A')).toBe(added);
    expect([...after.errors.keys()]).toEqual([...before.errors.keys(), 'NET3004A'].sort());
    expect(unchangedSlices(before, after)).toEqual(SLICES.filter((k) => k !== 'errors' && k !== 'counts'));
    expect(after.counts.errors).toBe(before.counts.errors + 1);
    expect(after.errorChanges).toEqual({ since: before.generation, flags: ['NET3004A'] });

    live.store.applyOwnEntry('errors/PORT1001.yaml', null, null);
    expect(live.store.current().errors.has('PORT1001')).toBe(false);
    expect([...live.store.current().errors.keys()]).toEqual([...after.errors.keys()].filter((f) => f !== 'PORT1001'));
  });

  it('a write renamed in from errors/.tmp raises no reload: the watcher finds the same bytes', async () => {
    const reloads: ReloadReport[] = [];
    await live.store.watch({ debounceMs: 30, onReload: (report) => reloads.push(report) });
    const text = entryText('OWN1', 'Written by the service.');
    await mkdir(join(live.tree.dir, 'errors/.tmp'), { recursive: true });
    await writeFile(join(live.tree.dir, 'errors/.tmp/OWN1.yaml'), text);
    await rename(join(live.tree.dir, 'errors/.tmp/OWN1.yaml'), join(live.tree.dir, 'errors/OWN1.yaml'));
    live.store.applyOwnEntry('errors/OWN1.yaml', entry('OWN1', 'Written by the service.'), Buffer.from(text));
    const served = live.store.current();
    await new Promise((done) => setTimeout(done, 300));
    expect(reloads).toEqual([]);
    expect(live.store.current()).toBe(served);
  });

  it('a write given with its stamp is not read back when the watcher reports it; a later edit is', async () => {
    const reloads: ReloadReport[] = [];
    await live.store.watch({ debounceMs: 30, onReload: (report) => reloads.push(report) });
    const settled = async () => {
      await new Promise((done) => setTimeout(done, 300));
      return reloads.splice(0).flatMap((report) => report.files);
    };
    const file = join(live.tree.dir, 'errors/OWN2.yaml');
    const temp = join(live.tree.dir, 'errors/.tmp/OWN2.yaml');
    const text = entryText('OWN2', 'Written by the service.');
    await mkdir(join(live.tree.dir, 'errors/.tmp'), { recursive: true });
    await writeFile(temp, text);
    await utimes(temp, 1_700_000_000, 1_700_000_000); // a whole second: the same stamp can be set again below
    const stamp = await lstat(temp);
    await rename(temp, file);
    live.store.applyOwnEntry('errors/OWN2.yaml', entry('OWN2', 'Written by the service.'), Buffer.from(text), [], stamp);

    // Other bytes under the same stamp (inode, size, modification time): only a read would see them.
    await writeFile(file, text.replace('service', 'SERVICE'));
    await utimes(file, 1_700_000_000, 1_700_000_000);
    expect(await settled()).toEqual([]);
    expect(live.store.current().errors.get('OWN2')?.Info).toBe('Written by the service.');

    // An edit as an editor makes one (a new modification time) is read.
    await writeFile(file, entryText('OWN2', 'Edited by hand.'));
    expect(await settled()).toEqual(['errors/OWN2.yaml']);
    expect(live.store.current().errors.get('OWN2')?.Info).toBe('Edited by hand.');
  });
});

describe('PersistentMap', () => {
  it('agrees with a Map under random changes, iterating in key order', () => {
    let next = 12345;
    const rand = (n: number) => ((next = (next * 1103515245 + 12345) % 2 ** 31) % n);
    const reference = new Map<string, number>();
    let map = PersistentMap.of<number>([]);
    const versions: [PersistentMap<number>, string][] = [];
    for (let step = 0; step < 3000; step++) {
      const key = `K${rand(500)}`;
      const value = rand(3) === 0 ? undefined : step;
      if (value === undefined) reference.delete(key);
      else reference.set(key, value);
      map = map.with([[key, value]]);
      if (rand(7) === 0) [...map.keys()]; // sometimes the order is built, sometimes patched
      if (step % 500 === 0) versions.push([map, JSON.stringify([...reference].sort())]);
      expect(map.size).toBe(reference.size);
    }
    expect([...map]).toEqual([...reference].sort(([a], [b]) => (a < b ? -1 : 1)));
    for (const [key, value] of reference) expect(map.get(key)).toBe(value);
    // Older versions are untouched by later changes.
    for (const [version, expected] of versions) expect(JSON.stringify([...version])).toBe(expected);
  });
});

describe('TombstoneMap', () => {
  it('agrees with a Map while keys are deleted and added again, across sweeps', () => {
    let next = 777;
    const rand = (n: number) => ((next = (next * 1103515245 + 12345) % 2 ** 31) % n);
    const reference = new Map<string, number>();
    const map = new TombstoneMap<string, number>();
    for (let step = 0; step < 20_000; step++) {
      const key = `K${rand(3000)}`;
      if (rand(2) === 0) expect(map.delete(key)).toBe(reference.delete(key));
      else {
        map.set(key, step);
        reference.set(key, step);
      }
      expect(map.size).toBe(reference.size);
    }
    expect([...map.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, value] of reference) expect([map.has(key), map.get(key)]).toEqual([true, value]);
    expect(map.get('absent')).toBeUndefined();
  });
});
