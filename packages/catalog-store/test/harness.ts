import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import type { Clock, ErrorEntry } from '@companion/schema';
import { OP_LOG_FILE, openCatalogStore, type AppliedChange, type CatalogStore, type OpLogChoice, type OpRecord } from '../src';

/**
 * The behaviour suites (operations, concurrency, edit-in-place) are written once and run
 * against each op log: the jest project `postgresql` sets CATALOG_TEST_LOG, and `useFolders`
 * then gives each test a fresh database on a temp cluster beside its folders.
 */
export const LOG_UNDER_TEST: OpLogChoice['kind'] = process.env.CATALOG_TEST_LOG === 'postgres' ? 'postgres' : 'jsonl';

/** Microseconds of 2026-11-25T22:04:40.123456Z; each reading advances one millisecond. */
export function steppingClock(start = 1_795_644_280_123_456): Clock {
  let now = start;
  return { nowMicros: () => (now += 1000) - 1000 };
}

/** Stands in for the service: its catalogue map, kept current by onApplied. */
export interface Service {
  entries: Map<string, ErrorEntry>;
  applied: AppliedChange[];
  store: CatalogStore;
}

export interface Folders {
  errorsDir: string;
  dataDir: string;
  /** Where the op log lives for this test. */
  log: OpLogChoice;
}

/** A temp cluster for the whole file, and a database of its own for each test (`kind: 'postgres'`). */
export function useCluster(): () => { cluster: TempCluster; fresh(): Promise<Database> } {
  let cluster: TempCluster | null = null;
  let count = 0;
  const opened: Database[] = [];
  beforeAll(async () => {
    const skip = clusterUnavailable();
    if (skip) throw new Error(skip);
    cluster = await TempCluster.start();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await cluster?.destroy();
  });
  return () => ({
    cluster: cluster!,
    async fresh() {
      const url = await cluster!.createDatabase(`catalog_${++count}`);
      const db = await Database.open({ url, poolMax: 8, timeoutMs: 2000 });
      opened.push(db);
      return db;
    },
  });
}

export function useFolders(kind: OpLogChoice['kind'] = LOG_UNDER_TEST): () => Folders {
  let root = '';
  let folders: Folders = { errorsDir: '', dataDir: '', log: { kind: 'jsonl' } };
  const databases = kind === 'postgres' ? useCluster() : null;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'catalog-'));
    const log: OpLogChoice = databases ? { kind: 'postgres', db: await databases().fresh() } : { kind: 'jsonl' };
    folders = { errorsDir: join(root, 'content', 'errors'), dataDir: join(root, 'data'), log };
    await mkdir(folders.errorsDir, { recursive: true });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });
  return () => folders;
}

/** Every record of the log as stored, in seq order (the JSONL file, or the database's table). */
export async function storedRecords(folders: Folders): Promise<OpRecord[]> {
  if (folders.log.kind === 'postgres') {
    const { rows } = await folders.log.db.query<OpRecord & { seq: string }>('SELECT seq, timestamp, operation, flag, user_ip, actor, entry FROM catalog_ops ORDER BY seq');
    return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
  }
  const text = await readFile(join(folders.dataDir, OP_LOG_FILE), 'utf8');
  return text.trimEnd().split('\n').map((line) => JSON.parse(line) as OpRecord);
}

export async function openService(folders: Folders, initial: ErrorEntry[] = [], clock = steppingClock()): Promise<Service> {
  const entries = new Map(initial.map((e) => [e.Flag, e]));
  const applied: AppliedChange[] = [];
  const store = await openCatalogStore({
    ...folders,
    clock,
    entries: () => entries,
    onApplied: (changes) => {
      for (const change of changes) {
        applied.push(change);
        if (change.entry) entries.set(change.flag, change.entry);
        else entries.delete(change.flag);
      }
    },
  });
  return { entries, applied, store };
}

export const who = { ip: '203.0.113.7', actor: 'token:ops' };

export const input = (Flag: string, Info = `Info of ${Flag}`) => ({ Flag, Info, Solution: [`Fix ${Flag}`] });

/** The entry files in a catalogue folder, sorted; hidden names (the temp folder) left out. */
export async function entryFiles(errorsDir: string): Promise<string[]> {
  return (await readdir(errorsDir)).filter((name) => !name.startsWith('.')).sort();
}
