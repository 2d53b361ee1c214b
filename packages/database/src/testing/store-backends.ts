import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../database';
import { clusterUnavailable, TempCluster } from './temp-cluster';

/** Something a store opens and must close. */
interface Closable {
  close(): Promise<void>;
}

/**
 * One way of keeping a store's data, as its contract suite drives it: the suite written once runs
 * against each (STYLE: one contract suite, every backend).
 */
export interface StoreBackend<S> {
  name: string;
  /** Why this backend cannot run here (printed, then skipped), or null. */
  unavailable: string | null;
  /** Whether several stores may share the storage at once (replicas on one database); a folder has one owner (the data lock). */
  replicas: boolean;
  /** Once per suite (start a cluster). */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** Before each test: empty storage. */
  fresh(): Promise<void>;
  /** After each test: closes what `open` opened and removes the storage. */
  cleanUp(): Promise<void>;
  /** Opens a store on this test's storage; opening it again (a restart, another replica) finds what the last one stored. */
  open(): Promise<S>;
}

/** A store in a temp folder of its own per test (DATA_DIR); `dir()` is this test's folder. */
export function folderBackend<S extends Closable>(prefix: string, open: (dir: string) => Promise<S>): StoreBackend<S> & { dir(): string } {
  let dir = '';
  const opened: S[] = [];
  return {
    name: 'files',
    unavailable: null,
    replicas: false,
    setUp: async () => undefined,
    tearDown: async () => undefined,
    async fresh() {
      dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
    },
    async cleanUp() {
      await Promise.all(opened.splice(0).map((store) => store.close()));
      await rm(dir, { recursive: true, force: true });
    },
    async open() {
      const store = await open(dir);
      opened.push(store);
      return store;
    },
    dir: () => dir,
  };
}

/** A store on a database of its own per test, on one throwaway cluster; each `open` is a replica with its own pool. */
export function clusterBackend<S extends Closable>(prefix: string, open: (db: Database) => Promise<S>, pool: { poolMax?: number; timeoutMs?: number } = {}): StoreBackend<S> & { url(): string } {
  let cluster: TempCluster | null = null;
  let url = '';
  let count = 0;
  const opened: { store: S; db: Database }[] = [];
  return {
    name: 'postgresql',
    unavailable: clusterUnavailable(),
    replicas: true,
    async setUp() {
      cluster = await TempCluster.start();
    },
    tearDown: async () => cluster?.destroy(),
    async fresh() {
      url = await cluster!.createDatabase(`${prefix}_${++count}`);
    },
    async cleanUp() {
      for (const { store, db } of opened.splice(0).reverse()) {
        await store.close();
        await db.close();
      }
    },
    async open() {
      const db = await Database.open({ url, poolMax: pool.poolMax ?? 4, timeoutMs: pool.timeoutMs ?? 10_000 });
      const store = await open(db);
      opened.push({ store, db });
      return store;
    },
    url: () => url,
  };
}
