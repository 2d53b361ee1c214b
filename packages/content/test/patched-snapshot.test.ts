import { toErrorEntry, type ErrorEntry } from '@companion/schema';
import type { ErrorOverlay } from '../src/index';
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
    // The Info only: its translations keep matching it (the same number of steps), so no issue changes.
    const original = (await import('node:fs/promises')).readFile(`${live.tree.dir}/errors/PORT1001.yaml`, 'utf8');
    await live.tree.write('errors/PORT1001.yaml', (await original).replace(/^Info: [\s\S]*?^Solution:/m, 'Info: Changed.\nSolution:'));
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

/**
 * A tiny overlay, as the catalogue store's is: `own` holds what the API decided of a Flag (an
 * entry, or null: deleted), `merge` how it is merged with the file; every call is recorded.
 */
function tinyOverlay(merge?: (flag: string, file: ErrorEntry | undefined, exported: ReadonlyMap<string, number>) => ErrorEntry | undefined) {
  const own = new Map<string, ErrorEntry | null>();
  const calls: { flag: string; file: ErrorEntry | undefined; exported: ReadonlyMap<string, number> }[] = [];
  const overlay: ErrorOverlay = {
    resolve(flag, file, exported) {
      calls.push({ flag, file, exported });
      if (merge) return merge(flag, file, exported);
      const decided = own.get(flag);
      return decided === undefined ? file : (decided ?? undefined);
    },
    flags: () => own.keys(),
  };
  return { own, calls, overlay };
}

const LOG_ID = '0b9f3c52-7d1e-4f0a-9a51-2c8e6f4d3b10';

describe('ContentStore.setErrorOverlay and resolveErrors', () => {
  it('serves the overlay\'s entries at once, in Flag order, patching only the catalogue; the files stay as they are', async () => {
    const before = live.store.current();
    [...before.errors.keys()]; // the previous order is known, so the next one is patched from it
    const { own, overlay } = tinyOverlay();
    const added = entry('NET3004A', 'Own write.');
    own.set('NET3004A', added);
    live.store.setErrorOverlay(overlay);
    const after = live.store.current();
    expect(after.errors.get('NET3004A')).toEqual(added);
    expect(after.errorFiles.has('NET3004A')).toBe(false);
    expect([...after.errors.keys()]).toEqual([...before.errors.keys(), 'NET3004A'].sort());
    expect(after.errors.get('PORT1002')).toBe(before.errors.get('PORT1002'));
    expect(unchangedSlices(before, after)).toEqual(SLICES.filter((k) => k !== 'errors' && k !== 'counts'));
    expect(after.counts.errors).toBe(before.counts.errors + 1);
    expect(after.errorChanges).toEqual({ since: before.generation, flags: ['NET3004A'] });
  });

  it('resolveErrors resolves only the Flags named, in one snapshot, and says which changed', async () => {
    const { own, calls, overlay } = tinyOverlay();
    live.store.setErrorOverlay(overlay);
    const before = live.store.current();
    own.set('PORT1001', null);
    own.set('NEW1', entry('NEW1', 'Added through the API.'));
    calls.length = 0;
    live.store.resolveErrors(['PORT1001', 'NEW1', 'PORT1002']);
    const after = live.store.current();
    expect(after.generation).toBe(before.generation + 1);
    expect(calls.map((c) => c.flag).sort()).toEqual(['NEW1', 'PORT1001', 'PORT1002']);
    expect(calls.find((c) => c.flag === 'PORT1002')!.file).toBe(before.errorFiles.get('PORT1002'));
    expect(after.errors.has('PORT1001')).toBe(false);
    expect(after.errorFiles.get('PORT1001')).toBe(before.errorFiles.get('PORT1001')); // its file is still there
    expect(after.errors.get('NEW1')?.Info).toBe('Added through the API.');
    expect(after.errors.get('PORT1002')).toBe(before.errors.get('PORT1002'));
    expect(after.errorChanges).toEqual({ since: before.generation, flags: expect.arrayContaining(['PORT1001', 'NEW1']) });
    expect(after.errorChanges!.flags).toHaveLength(2);
  });

  it('a file edit of a Flag the overlay serves is merged through it', async () => {
    const { own, overlay } = tinyOverlay((flag, file) => (file && flag === 'PORT1002' ? { ...file, notes: 'Decided through the API.' } : file));
    own.set('PORT1002', null); // flags() names it
    live.store.setErrorOverlay(overlay);
    expect(live.store.current().errors.get('PORT1002')?.notes).toBe('Decided through the API.');
    const before = live.store.current();
    await live.tree.write('errors/PORT1002.yaml', entryText('PORT1002', 'Reworded in a pull request.'));
    await live.store.refresh(['errors/PORT1002.yaml']);
    const after = live.store.current();
    expect(after.errorFiles.get('PORT1002')).toMatchObject({ Info: 'Reworded in a pull request.', notes: null });
    expect(after.errors.get('PORT1002')).toMatchObject({ Info: 'Reworded in a pull request.', notes: 'Decided through the API.' });
    expect(after.errorChanges).toEqual({ since: before.generation, flags: ['PORT1002'] });
  });

  it('catalog-exports.yaml is read and every Flag of the overlay is resolved again with it', async () => {
    const { own, calls, overlay } = tinyOverlay((flag, file, exported) => ((exported.get(LOG_ID) ?? 0) >= 1 ? file : flag === 'NEW1' ? entry('NEW1', 'Not exported yet.') : file));
    own.set('NEW1', null); // flags() names it
    live.store.setErrorOverlay(overlay);
    expect(live.store.current().errors.get('NEW1')?.Info).toBe('Not exported yet.');
    calls.length = 0;
    await live.tree.write('catalog-exports.yaml', `exported:\n  ${LOG_ID}: 1\n`);
    await live.store.refresh(['catalog-exports.yaml']);
    const after = live.store.current();
    expect(after.catalogExports).toEqual(new Map([[LOG_ID, 1]]));
    expect(calls.map((c) => c.flag)).toContain('NEW1');
    expect(after.errors.has('NEW1')).toBe(false); // exported: the files alone decide, and they have none
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
