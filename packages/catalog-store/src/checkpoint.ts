import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Records up to this seq have their files written. It is not fsynced: a stale or lost
// checkpoint only makes start-up compare more records with the files, and that is idempotent.
const CHECKPOINT_FILE = 'catalog-applied.json';

/** The seq up to which entry files are known to be applied; 0 when unknown. */
export async function readCheckpoint(dataDir: string): Promise<number> {
  try {
    const { applied_seq: seq } = JSON.parse(await readFile(join(dataDir, CHECKPOINT_FILE), 'utf8')) as { applied_seq?: unknown };
    return Number.isSafeInteger(seq) && (seq as number) > 0 ? (seq as number) : 0;
  } catch {
    return 0;
  }
}

export async function writeCheckpoint(dataDir: string, seq: number): Promise<void> {
  const path = join(dataDir, CHECKPOINT_FILE);
  await writeFile(`${path}.tmp`, JSON.stringify({ applied_seq: seq }) + '\n');
  await rename(`${path}.tmp`, path);
}
