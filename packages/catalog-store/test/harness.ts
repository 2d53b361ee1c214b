import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock, ErrorEntry } from '@companion/schema';
import { openCatalogStore, type AppliedChange, type CatalogStore } from '../src';

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
}

export function useFolders(): () => Folders {
  let root = '';
  let folders: Folders = { errorsDir: '', dataDir: '' };
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'catalog-'));
    folders = { errorsDir: join(root, 'content', 'errors'), dataDir: join(root, 'data') };
    await mkdir(folders.errorsDir, { recursive: true });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });
  return () => folders;
}

export async function openService(folders: Folders, initial: ErrorEntry[] = [], clock = steppingClock()): Promise<Service> {
  const entries = new Map(initial.map((e) => [e.Flag, e]));
  const applied: AppliedChange[] = [];
  const store = await openCatalogStore({
    ...folders,
    clock,
    entries: () => entries,
    onApplied: (change) => {
      applied.push(change);
      if (change.entry) entries.set(change.flag, change.entry);
      else entries.delete(change.flag);
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
