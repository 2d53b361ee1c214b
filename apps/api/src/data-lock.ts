import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './auth/tokens';

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

/**
 * Makes this process the only writer of `dataDir`: two services appending to one op log would
 * interleave its sequence numbers. A lock left by a process that died (kill -9) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  if (held.has(path)) throw new ConfigError(`DATA_DIR ${dataDir} is already in use by this process`);
  try {
    const handle = await open(path, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new ConfigError(`DATA_DIR ${dataDir} is in use by another running service (pid ${holder}); stop it or choose another DATA_DIR`);
    }
    await writeFile(path, String(process.pid));
  }
  held.add(path);
  return async () => {
    held.delete(path);
    await rm(path, { force: true });
  };
}
