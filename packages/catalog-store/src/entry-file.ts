import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile } from '@companion/journal';
import { toErrorEntryFile, type ErrorEntry } from '@companion/schema';
import { stringify } from 'yaml';

export const entryFilePath = (errorsDir: string, flag: string) => join(errorsDir, `${flag}.yaml`);
// A maintainer may have written `<Flag>.yml`; the store writes `.yaml` and removes the twin so
// the content folder never holds the same Flag twice.
const twinPath = (errorsDir: string, flag: string) => join(errorsDir, `${flag}.yml`);
// Half-written files live in a hidden subfolder: the content loader and the watcher skip hidden
// folders, and only the final rename shows in the catalogue folder (one event, one rescan).
const tempDir = (errorsDir: string) => join(errorsDir, '.tmp');
const tempPath = (errorsDir: string, flag: string) => join(tempDir(errorsDir), `${flag}.yaml`);

/** The catalogue file for an entry, in `ErrorEntryFile` field order, absent values left out. */
export function entryFileText(entry: ErrorEntry): string {
  return stringify(toErrorEntryFile(entry)); // undefined fields are omitted
}

/** Writes the file whole or not at all. The caller syncs the folder. */
export async function writeEntryFile(errorsDir: string, entry: ErrorEntry): Promise<void> {
  await replaceFile(entryFilePath(errorsDir, entry.Flag), tempPath(errorsDir, entry.Flag), entryFileText(entry));
  await rm(twinPath(errorsDir, entry.Flag), { force: true });
}

/** Removes the entry's file (and a `.yml` twin). The caller syncs the folder. */
export async function removeEntryFile(errorsDir: string, flag: string): Promise<void> {
  await rm(entryFilePath(errorsDir, flag), { force: true });
  await rm(twinPath(errorsDir, flag), { force: true });
}

/** Whether the files for `flag` already say what `entry` says (null: no file at all). */
export async function entryFileMatches(errorsDir: string, flag: string, entry: ErrorEntry | null): Promise<boolean> {
  const [text, twin] = await Promise.all([readIfPresent(entryFilePath(errorsDir, flag)), readIfPresent(twinPath(errorsDir, flag))]);
  if (twin !== null) return false;
  return entry === null ? text === null : text === entryFileText(entry);
}

/** Empties the temp folder a crash may have left files in: their changes are renamed already or replayed. */
export async function resetTempFiles(errorsDir: string): Promise<void> {
  await rm(tempDir(errorsDir), { recursive: true, force: true });
  await mkdir(tempDir(errorsDir));
}

async function readIfPresent(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
