import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `data` to `dir/name` so that a reader, or a restart after a crash, sees either the
 * whole file or none: temp file, fsync, rename, fsync of the folder. The temp name starts
 * with a dot so that a listing of `*.eml` never picks it up.
 */
export async function writeFileDurably(dir: string, name: string, data: Uint8Array): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.tmp`);
  try {
    const file = await open(temp, 'wx');
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path.join(dir, name));
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncDirectory(dir);
}

// The rename is only durable once the folder's own entry list is on disk.
async function syncDirectory(dir: string): Promise<void> {
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
