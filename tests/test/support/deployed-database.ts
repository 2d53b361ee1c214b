import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebianPostgres } from './debian-postgres';
import { docBlock } from './doc-blocks';
import { contentRepository } from './replicas';

/** A temp folder with a maintainer's content repository, and Debian's cluster set up for the service. */
export interface DeployedDatabase {
  root: string;
  /** The maintainer's content folder. */
  content: string;
  machine: DebianPostgres;
  /** The password deploy/README.md's setup gave the service's role. */
  password: string;
}

/**
 * For one describe block: the folder and the cluster, with deploy/README.md's role and database
 * made as an operator makes them (its `postgres-setup` block), before the block's own set-up.
 * After its tests `stopService` runs, then the cluster and the folder go.
 */
export function useDeployedDatabase(name: string, stopService: () => Promise<void> | undefined): DeployedDatabase {
  const deployed = {} as DeployedDatabase;
  beforeAll(async () => {
    deployed.root = await mkdtemp(join(tmpdir(), `${name}-`));
    deployed.content = join((await contentRepository(deployed.root)).maintainer, 'content');
    deployed.machine = await DebianPostgres.start();
    const printed = await deployed.machine.ok(await docBlock('deploy/README.md', 'postgres-setup'));
    deployed.password = /^DATABASE_URL=postgres:\/\/companion:([0-9a-f]+)@/m.exec(printed)![1]!;
  }, 180_000);
  afterAll(async () => {
    await stopService();
    await deployed.machine?.destroy();
    if (deployed.root) await rm(deployed.root, { recursive: true, force: true });
  }, 180_000);
  return deployed;
}
