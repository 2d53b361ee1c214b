import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './config-error';

const LOCK_FILE = 'service.lock';
/** Folders this process holds: a lock file naming our own pid may be a stale one (pid 1 in a container). */
const held = new Set<string>();

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const unique = (path: string, what: string) => `${path}.${what}-${process.pid}-${Math.random().toString(36).slice(2)}`;
const pidIn = async (path: string) => Number((await readFile(path, 'utf8').catch(() => '')).trim());

/** Creates the lock with our pid in one step (link fails if it exists), so no one reads it half-written. */
async function tryCreate(path: string): Promise<boolean> {
  const temp = unique(path, 'new');
  await writeFile(temp, String(process.pid));
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Makes this process the only writer of `dataDir`: two services appending to one op log would
 * interleave its sequence numbers. A lock left by a process that died (kill -9) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  if (held.has(path)) throw new ConfigError(`DATA_DIR ${dataDir} is already in use by this process`);
  for (let attempt = 0; !(await tryCreate(path)); attempt++) {
    const holder = await pidIn(path);
    if (holder !== process.pid && isAlive(holder)) {
      throw new ConfigError(`DATA_DIR ${dataDir} is in use by another running service (pid ${holder}); stop it or choose another DATA_DIR`);
    }
    // A stale lock is moved aside, which only one contender can do to a given file; if what was
    // moved turns out to be a live process's fresh lock, start-up stops rather than guess.
    const aside = unique(path, 'stale');
    const moved = await rename(path, aside).then(() => pidIn(aside), () => null);
    await rm(aside, { force: true });
    if ((moved !== null && moved !== holder && moved !== process.pid && isAlive(moved)) || attempt >= 3) {
      throw new ConfigError(`DATA_DIR ${dataDir}: another service started at the same time; start one at a time`);
    }
  }
  held.add(path);
  return async () => {
    held.delete(path);
    if ((await pidIn(path)) === process.pid) await rm(path, { force: true });
  };
}
