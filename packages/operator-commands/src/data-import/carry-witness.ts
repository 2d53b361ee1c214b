import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { replaceFile, syncDirectory } from '@companion/journal';
import { witnessPath } from '@companion/restore-watch';

/**
 * The box's restore witness, put where the same replica looks for it once it runs on the
 * database: the service keeps it beside DATA_DIR on the flat files (a restore replaces DATA_DIR)
 * and inside DATA_DIR with a database (a restore replaces the database), unless WITNESS_FILE names
 * one file for both. With the lineage carried, the replica then finds the history it saw, and a
 * database restored to before the move is seen as the restore it is. A witness already there is
 * kept. Returns where it was put, or null when there was nothing to carry.
 */
export async function carryWitness(dataDir: string, witnessFile: string | undefined): Promise<string | null> {
  if (witnessFile) return null;
  const from = witnessPath(dataDir, false, {});
  const to = witnessPath(dataDir, true, {});
  const there = await stat(to).then(() => true, () => false);
  const text = there ? null : await readFile(from, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  if (text === null) return null;
  await replaceFile(to, `${to}.tmp`, text);
  await syncDirectory(dirname(to));
  return to;
}
