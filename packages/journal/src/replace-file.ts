import { open, rename, rm } from 'node:fs/promises';

/**
 * Writes `data` to `path` whole or not at all: into `temp` (beside it, on the same disk), fsync,
 * rename over `path`. A reader or a restart sees the old file or the new one, never a part. The
 * rename lasts once the folder is synced too (`syncDirectory`), which callers batch.
 */
export async function replaceFile(path: string, temp: string, data: Uint8Array | string): Promise<void> {
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
