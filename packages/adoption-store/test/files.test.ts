import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderBackend } from '@companion/database/testing';
import { openFileAdoptionStore } from '../src';
import { adoptionContract } from './contract/adoption-contract';

adoptionContract(folderBackend('adoption', openFileAdoptionStore));

test('the keys and day files are readable by the service user alone', async () => {
  const data = await mkdtemp(join(tmpdir(), 'adoption-modes-'));
  try {
    const store = await openFileAdoptionStore(data);
    await store.add([{ day: '2026-11-02', install: 'i1', version: '1.12.0', channel: 'stable', platform: '', arch: '', offered: '' }]);
    await store.vote([{ day: '2026-11-02', install: 'i1', network: 'n1', version: '1.12.0' }]);
    const names = (await readdir(join(data, 'adoption'))).sort();
    expect(names).toEqual(['2026-11-02.tsv', '2026-11-02.votes.tsv', 'credential-key', 'secret']);
    for (const name of names) expect((await stat(join(data, 'adoption', name))).mode & 0o077).toBe(0);
    expect((await stat(join(data, 'adoption'))).mode & 0o077).toBe(0);
  } finally {
    await rm(data, { recursive: true, force: true });
  }
});
