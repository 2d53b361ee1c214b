import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { TempCluster } from '@companion/database/testing';
import type { ErrorEntry } from '@companion/schema';
import { openService, type Folders, type Service } from '../harness';

/** One replica: its own folders and its own pool on the shared database, as a second machine has. */
export interface Replica extends Service {
  folders: Folders;
  db: Database;
  /** The database it writes to. */
  url: string;
  close(): Promise<void>;
}

export async function openReplica(url: string, root: string, name: string, initial: ErrorEntry[] = [], timeoutMs = 2000): Promise<Replica> {
  const db = await Database.open({ url, poolMax: 8, timeoutMs });
  const folders: Folders = { errorsDir: join(root, name, 'content', 'errors'), dataDir: join(root, name, 'data'), log: { kind: 'postgres', db } };
  await mkdir(folders.errorsDir, { recursive: true });
  const service = await openService(folders, initial);
  return {
    ...service,
    folders,
    db,
    url,
    async close() {
      await service.store.close();
      await db.close();
    },
  };
}

/** Waits until `condition` holds (checked every few ms); fails with `what` after `ms`, a bound and not a speed check. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting, after ${ms} ms, for ${what}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

/**
 * A real temp cluster for one test file (started once, running again after each test) and a
 * fresh folder per test. Replicas opened here (`timeoutMs` their database timeout) are closed
 * after their test.
 */
export function useReplicaCluster(name: string, timeoutMs?: number) {
  let count = 0;
  const opened: Replica[] = [];
  const env = {
    cluster: undefined as unknown as TempCluster,
    root: '',
    /** A new, empty database: its name and URL. */
    async newDatabase(prefix = name): Promise<{ name: string; url: string }> {
      const database = `${prefix}_${++count}`;
      return { name: database, url: await env.cluster.createDatabase(database) };
    },
    /** One replica with its folders under `<root>/<folder>` (the same folder again: its checkout). */
    async open(url: string, folder: string, initial: ErrorEntry[] = []): Promise<Replica> {
      const replica = await openReplica(url, env.root, folder, initial, timeoutMs);
      opened.push(replica);
      return replica;
    },
    /** Two replicas over a new database, or over `url`. */
    async replicas(url?: string): Promise<[Replica, Replica]> {
      const target = url ?? (await env.newDatabase()).url;
      return [await env.open(target, 'r0'), await env.open(target, 'r1')];
    },
    /** Closes a replica before its test ends (as a machine going away). */
    async close(replica: Replica): Promise<void> {
      opened.splice(opened.indexOf(replica), 1);
      await replica.close();
    },
  };
  beforeAll(async () => {
    env.cluster = await TempCluster.start();
  });
  afterAll(async () => {
    await env.cluster.destroy();
  });
  beforeEach(async () => {
    env.root = await mkdtemp(join(tmpdir(), `catalog-${name}-`));
  });
  afterEach(async () => {
    await env.cluster.start().catch(() => undefined); // running again for the next test (a no-op error if it is)
    await Promise.all(opened.splice(0).map((replica) => replica.close().catch(() => undefined)));
    await rm(env.root, { recursive: true, force: true });
  });
  return env;
}
