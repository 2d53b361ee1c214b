import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Reads `files` (relative to `dir`) with bounded parallelism. A file that cannot be read is
 * null, as a full load treats it: gone (or unreadable) means not content.
 */
export async function readFiles(dir: string, files: readonly string[], parallel = 32): Promise<Map<string, Uint8Array | null>> {
  const bytes = new Map<string, Uint8Array | null>();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      bytes.set(file, await readFile(join(dir, file)).catch(() => null));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, files.length) }, worker));
  return bytes;
}
