import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderBackend } from '@companion/database/testing';
import { openFileRolloutStore } from '../src';
import { rolloutContract } from './contract/rollout-contract';

let dir = '';
rolloutContract(folderBackend('rollout', openFileRolloutStore));

// What only the files meet: a file an earlier version wrote, a write that fails.
describe('the rollout store in DATA_DIR', () => {
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rollout-files-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('halts written before people could halt read as the guard\'s, with no reasons', async () => {
    const earlier = { id: 1, version: '1.12.0', channel: 'stable', day: '2026-11-05', halted_at: '2026-11-05T10:00:00.000Z', figures: { from: '2026-10-30' }, notify: ['releases@example.com'], notified_at: null, resumed_at: '2026-11-06T10:00:00.000Z', resumed_by: 'console: Pia: fixed' };
    await writeFile(join(dir, 'rollout-halts.json'), JSON.stringify({ halts: [earlier] }));
    const store = await openFileRolloutStore(dir);
    expect(await store.list()).toEqual([{ ...earlier, halted_by: 'guard', reason: null, resume_reason: null }]);
    expect(await store.shares()).toEqual([]);
    await store.close();
  });

  test('a write that fails changes nothing, in memory or on disk', async () => {
    const store = await openFileRolloutStore(dir);
    await store.setShare({ version: '1.12.0', channel: 'stable', rollout: 40, file_rollout: 20, replaces: null, set_at: '2026-11-06T10:00:00.000Z', set_by: 'console: Pia', reason: 'slower' });
    const before = await readFile(join(dir, 'rollout-shares.json'), 'utf8');
    // A folder where the temp file goes: the write fails (root included).
    await mkdir(join(dir, 'rollout-shares.json.tmp'));
    try {
      await expect(store.setShare({ version: '1.12.0', channel: 'stable', rollout: 60, file_rollout: 20, replaces: 1, set_at: '2026-11-06T11:00:00.000Z', set_by: 'console: Pia', reason: 'faster' })).rejects.toThrow(/EISDIR/);
      expect((await store.shares()).map((s) => s.rollout)).toEqual([40]);
      expect(await readFile(join(dir, 'rollout-shares.json'), 'utf8')).toBe(before);
      // Once it can write, the next one is recorded after the one in memory.
      await rm(join(dir, 'rollout-shares.json.tmp'), { recursive: true });
      expect(await store.setShare({ version: '1.12.0', channel: 'stable', rollout: 60, file_rollout: 20, replaces: 1, set_at: '2026-11-06T11:00:00.000Z', set_by: 'console: Pia', reason: 'faster' })).toMatchObject({ id: 2 });
    } finally {
      await store.close();
    }
  });
});
