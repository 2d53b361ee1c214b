import { chmod, lstat, mkdir, open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { faultMessage } from '@companion/journal';
import { ConfigError } from '@companion/http-kit';

/**
 * Makes sure `dataDir` is a folder this process can write and sync, so a full, read-only or
 * misplaced DATA_DIR stops start-up with one line (exit 2) instead of a service that starts
 * and refuses every write. The probe file is removed whatever happens. The folder is the
 * service's user's alone (see keepPrivate).
 */
export async function checkDataDir(dataDir: string): Promise<void> {
  const refuse = (error: unknown) => new ConfigError(`DATA_DIR ${faultMessage(dataDir, error)}`);
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await keepPrivate(dataDir);
  } catch (error) {
    throw refuse((error as NodeJS.ErrnoException).code === 'EEXIST' ? Object.assign(error as Error, { code: 'ENOTDIR' }) : error);
  }
  const probe = join(dataDir, `.write-probe-${process.pid}`);
  try {
    const handle = await open(probe, 'w');
    try {
      await handle.writeFile(Buffer.alloc(4096, 0x0a));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw refuse(error);
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

/**
 * The data folder holds personal data (feedback, contacts, addresses, mail): whatever the umask
 * of whoever starts the service, no one but its user may read it. The folder is made 0700 and the
 * stores create their folders 0700 and their files 0600; whatever in it another user may read
 * (left by an earlier version, a copy, a restore: 0755, 0644) loses those bits at start-up.
 * Symbolic links are left as they are.
 */
async function keepPrivate(folder: string): Promise<void> {
  const tighten = async (path: string) => {
    const stats = await lstat(path);
    if (!stats.isSymbolicLink() && (stats.mode & 0o077) !== 0) await chmod(path, stats.mode & 0o700);
  };
  await tighten(folder);
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) await tighten(join(entry.parentPath, entry.name));
}
