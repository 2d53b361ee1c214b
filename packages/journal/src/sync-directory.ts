import { open } from 'node:fs/promises';

/** Makes created, renamed or removed names in `dir` durable (fsync on the folder itself). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
