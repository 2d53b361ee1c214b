import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { replaceFile } from '@companion/journal';
import type { ErrorEntry } from '@companion/schema';
import { editEntryText, freshEntryText } from './entry-yaml';

export const entryFilePath = (errorsDir: string, flag: string) => join(errorsDir, `${flag}.yaml`);
/** How faults name an entry file in public: relative to the content folder (`errors/PORT1001.yaml`). */
export const entryFileName = (errorsDir: string, flag: string) => `${basename(errorsDir)}/${flag}.yaml`;
// A maintainer may have written `<Flag>.yml`; the store writes `.yaml` and removes the twin so
// the content folder never holds the same Flag twice.
export const twinPath = (errorsDir: string, flag: string) => join(errorsDir, `${flag}.yml`);
// Half-written files live in a hidden subfolder: the content loader and the watcher skip hidden
// folders, and only the final rename shows in the catalogue folder (one event, one rescan).
const tempDir = (errorsDir: string) => join(errorsDir, '.tmp');
const tempPath = (errorsDir: string, flag: string) => join(tempDir(errorsDir), `${flag}.yaml`);

/** What a record keeps of the file its change replaced (`file_before`): 64 bits of its SHA-256; null for no file. */
export const fileDigest = (text: string | null): string | null => (text === null ? null : createHash('sha256').update(text).digest('hex').slice(0, 16));

/** The text a change writes: the existing file edited in place when there is one, else a new file. */
export function entryText(source: string | null, entry: ErrorEntry): string {
  return (source !== null && editEntryText(source, entry)) || freshEntryText(entry);
}

/** The file of `flag` as it is now (its `.yml` twin if that is all there is); null when absent. */
export function readEntrySource(errorsDir: string, flag: string): string | null {
  return readIfPresent(entryFilePath(errorsDir, flag)) ?? readIfPresent(twinPath(errorsDir, flag));
}

/**
 * What the service knows of a file it wrote (modification time, size, inode): the content store
 * tells the file unchanged by one lstat when the watcher reports it, instead of reading it back.
 */
export interface FileStamp {
  mtimeMs: number;
  size: number;
  ino: number;
}

// The steps of a write below are blocking on purpose: each is a system call or three on a small
// file in the page cache (about 20 us for open + write + fstat + close), where a trip through
// libuv's thread pool costs the main thread a promise and a wake-up per call, three to five times
// as much (see the README's "Cost of a write"). What waits on the disk, the op log's synchronous
// write and the flush, stays off the main thread.

/**
 * Writes the bytes under the temp name, unsynced: the step that meets a full or read-only
 * folder, taken before the change is logged so such a failure is a clean refusal. The temp
 * file keeps its stamp through the rename that publishes it.
 */
export function stageEntryFile(errorsDir: string, flag: string, bytes: Uint8Array): FileStamp {
  const fd = openSync(tempPath(errorsDir, flag), 'w', 0o644);
  try {
    writeFileSync(fd, bytes);
    const { mtimeMs, size, ino } = fstatSync(fd);
    return { mtimeMs, size, ino };
  } finally {
    closeSync(fd);
  }
}

export const discardStagedFile = (errorsDir: string, flag: string) => rmSync(tempPath(errorsDir, flag), { force: true });

/** Puts a staged file in place (one rename: readers see the old file or the new one). */
export function publishEntryFile(errorsDir: string, flag: string): void {
  renameSync(tempPath(errorsDir, flag), entryFilePath(errorsDir, flag));
  removeIfPresent(twinPath(errorsDir, flag));
}

/**
 * Removes a file if there is one. The usual case, no file, costs one access(2) and no exception:
 * a failing unlinkSync builds an Error with its stack, which costs more than the write itself.
 */
function removeIfPresent(path: string): void {
  if (!existsSync(path)) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // removed meanwhile: done
  }
}

/** Writes and fsyncs the file whole (the folder still needs a sync); for retries and repair. */
export async function writeEntryFileDurably(errorsDir: string, flag: string, bytes: Uint8Array): Promise<void> {
  await mkdir(tempDir(errorsDir), { recursive: true });
  await replaceFile(entryFilePath(errorsDir, flag), tempPath(errorsDir, flag), bytes);
  await rm(twinPath(errorsDir, flag), { force: true });
}

/** Removes the entry's file (and a `.yml` twin). The caller syncs the folder. */
export function removeEntryFile(errorsDir: string, flag: string): void {
  removeIfPresent(entryFilePath(errorsDir, flag));
  removeIfPresent(twinPath(errorsDir, flag));
}

/** Makes a renamed file's bytes durable (its name lasts once the folder is synced). */
export async function syncEntryFile(errorsDir: string, flag: string): Promise<void> {
  const handle = await open(entryFilePath(errorsDir, flag), 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null; // removed since: nothing to make durable
    throw error;
  });
  if (!handle) return;
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The texts of a Flag's `.yaml` file and of its `.yml` twin, null where there is none. */
export function readEntryFiles(errorsDir: string, flag: string): { text: string | null; twin: string | null } {
  return { text: readIfPresent(entryFilePath(errorsDir, flag)), twin: readIfPresent(twinPath(errorsDir, flag)) };
}

/** Empties the temp folder a crash may have left files in: their changes are renamed already or replayed. */
export async function resetTempFiles(errorsDir: string): Promise<void> {
  await rm(tempDir(errorsDir), { recursive: true, force: true });
  await mkdir(tempDir(errorsDir));
}

/** Checks the folder takes a write: creates the temp folder if it went, writes, syncs and removes a probe. */
export async function probeEntryFolder(errorsDir: string): Promise<void> {
  await mkdir(tempDir(errorsDir), { recursive: true });
  const probe = join(tempDir(errorsDir), '.probe');
  try {
    await replaceFile(probe, `${probe}.tmp`, Buffer.alloc(4096, 0x0a));
  } finally {
    await rm(probe, { force: true });
  }
}

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
