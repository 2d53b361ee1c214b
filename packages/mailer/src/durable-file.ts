import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { replaceFile, syncDirectory } from '@companion/journal';

/**
 * Writes `data` to `dir/name` so that a reader, or a restart after a crash, sees either the
 * whole file or none. The temp name starts with a dot so that a listing of `*.eml` never
 * picks it up.
 */
export async function writeFileDurably(dir: string, name: string, data: Uint8Array): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await replaceFile(path.join(dir, name), path.join(dir, `.${name}.tmp`), data);
  await syncDirectory(dir);
}
