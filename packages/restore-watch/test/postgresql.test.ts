import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { clusterBackend } from '@companion/database/testing';
import { openPgLineageStore } from '../src/postgresql';
import { lineageContract } from './contract/lineage-contract';

const run = promisify(execFile);
const backend = clusterBackend('lineage', openPgLineageStore);
// A backup is a pg_dump; restoring it replaces the tables under the replicas (pg_restore --clean).
lineageContract({
  ...backend,
  async copy() {
    const dir = await mkdtemp(join(tmpdir(), 'lineage-dump-'));
    const file = join(dir, 'backup.dump');
    await run('pg_dump', ['-Fc', '-f', file, backend.url()]);
    return async () => {
      await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '-d', backend.url(), file]);
      await rm(dir, { recursive: true, force: true });
    };
  },
});
