import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderBackend } from '@companion/database/testing';
import { openFileLineageStore } from '../src';
import { lineageContract } from './contract/lineage-contract';

const backend = folderBackend('lineage', openFileLineageStore);
// A backup is a copy of DATA_DIR with the service stopped; restoring it replaces the folder.
lineageContract({
  ...backend,
  async copy() {
    const saved = await mkdtemp(join(tmpdir(), 'lineage-copy-'));
    await cp(backend.dir(), saved, { recursive: true });
    return async () => {
      await rm(backend.dir(), { recursive: true, force: true });
      await cp(saved, backend.dir(), { recursive: true });
      await rm(saved, { recursive: true, force: true });
    };
  },
});
