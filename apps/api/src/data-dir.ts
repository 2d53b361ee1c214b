import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { faultMessage } from '@companion/journal';
import { ConfigError } from '@companion/http-kit';

/**
 * Makes sure `dataDir` is a folder this process can write and sync, so a full, read-only or
 * misplaced DATA_DIR stops start-up with one line (exit 2) instead of a service that starts
 * and refuses every write. The probe file is removed whatever happens.
 */
export async function checkDataDir(dataDir: string): Promise<void> {
  const refuse = (error: unknown) => new ConfigError(`DATA_DIR ${faultMessage(dataDir, error)}`);
  try {
    await mkdir(dataDir, { recursive: true });
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
