import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { ErrorEntryFile, toErrorEntry, type Clock, type ErrorEntry } from '@companion/schema';
import type { StorageEvents } from '@companion/journal';
import { parse } from 'yaml';
import { freshEntryText, OP_LOG_FILE, openCatalogStore, type CatalogStore, type OpLogChoice, type OpRecord } from '../src';

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

/**
 * Stands in for the service: the entry files of a real content folder (the repository's side,
 * read from disk), `catalog-exports.yaml`'s map, and the catalogue served (each Flag's file
 * merged with the API's state through `store.overlay`), kept current by onApplied as the
 * content store's resolveErrors does.
 */
export interface Service {
  /** The catalogue served. */
  entries: Map<string, ErrorEntry>;
  /** The entry files as the content folder holds them. */
  files: Map<string, ErrorEntry>;
  /** catalog-exports.yaml: per log id, the last seq the files hold. */
  exports: Map<string, number>;
  /** The Flags each onApplied call named, in order. */
  applied: string[][];
  store: CatalogStore;
  /** A maintainer's edit: writes (or removes, with null) the Flag's file and serves it, as the content watcher does. */
  editFile(flag: string, entry: ErrorEntry | null): Promise<void>;
  /** An export: the files hold this log's changes through `seq` (catalog-exports.yaml), served again. */
  exported(seq: number): void;
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
      // Concurrency tests queue a hundred writes on a few connections; a loaded machine's queue
      // outlasts a short deadline (the deadline tests open their own pools with theirs).
      const db = await Database.open({ url, poolMax: 8, timeoutMs: 10_000 });
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

/** The entries of the catalogue folder's files, read from disk as the content loader reads them. */
export async function readEntryFiles(errorsDir: string): Promise<Map<string, ErrorEntry>> {
  const files = new Map<string, ErrorEntry>();
  for (const name of (await entryFiles(errorsDir)).filter((n) => n.endsWith('.yaml'))) {
    const entry = toErrorEntry(ErrorEntryFile.parse(parse(await readFile(join(errorsDir, name), 'utf8'))));
    files.set(entry.Flag, entry);
  }
  return files;
}

/** Every file of the catalogue folder with its bytes (hidden names included): to check the API leaves it alone. */
export async function folderBytes(errorsDir: string): Promise<Map<string, string>> {
  const names = (await readdir(errorsDir).catch(() => [] as string[])).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(errorsDir, name), 'utf8').catch(() => '<folder>')] as [string, string])));
}

/**
 * Opens the store over `folders` as the service does: `initial` entries are written as files
 * of the content folder first (where it has none of that name yet), then the folder's files are
 * what the store plans against and what the served catalogue is merged from.
 */
export async function openService(folders: Folders, initial: ErrorEntry[] = [], clock = steppingClock(), events?: StorageEvents): Promise<Service> {
  await mkdir(folders.errorsDir, { recursive: true });
  for (const entry of initial) {
    const path = join(folders.errorsDir, `${entry.Flag}.yaml`);
    await writeFile(path, freshEntryText(entry), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  const files = await readEntryFiles(folders.errorsDir);
  const exports = new Map<string, number>();
  const entries = new Map<string, ErrorEntry>();
  const applied: string[][] = [];
  let store: CatalogStore | null = null;
  const resolve = (flags: Iterable<string>) => {
    for (const flag of flags) {
      const served = store ? store.overlay.resolve(flag, files.get(flag), exports) : files.get(flag);
      if (served) entries.set(flag, served);
      else entries.delete(flag);
    }
  };
  store = await openCatalogStore({
    dataDir: folders.dataDir,
    log: folders.log,
    clock,
    events,
    files: () => files,
    exports: () => exports,
    onApplied: (flags) => {
      applied.push([...flags]);
      resolve(flags);
    },
  });
  const opened = store;
  resolve(new Set([...files.keys(), ...opened.overlay.flags()]));
  return {
    entries,
    files,
    exports,
    applied,
    store: opened,
    async editFile(flag, entry) {
      const path = join(folders.errorsDir, `${flag}.yaml`);
      if (entry) {
        await writeFile(path, freshEntryText(entry));
        files.set(flag, entry);
      } else {
        await unlink(path).catch(() => undefined);
        files.delete(flag);
      }
      resolve([flag]);
    },
    exported(seq) {
      exports.set(opened.logId, seq);
      resolve(new Set([...files.keys(), ...opened.overlay.flags()]));
    },
  };
}

export const who = { ip: '203.0.113.7', actor: 'token:ops' };

export const input = (Flag: string, Info = `Info of ${Flag}`) => ({ Flag, Info, Solution: [`Fix ${Flag}`] });

/** The entry files in a catalogue folder, sorted; hidden names left out. */
export async function entryFiles(errorsDir: string): Promise<string[]> {
  return (await readdir(errorsDir)).filter((name) => !name.startsWith('.')).sort();
}
