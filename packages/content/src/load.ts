import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { systemClock, type Clock } from '@companion/schema';
import type { ParseResult } from './collections';
import type { ContentIssue } from './issues';
import { isContentPath } from './content-path';
import { parseContentFile } from './parse-file';
import { readFiles } from './read-files';
import { buildSnapshot, type ContentSnapshot } from './snapshot';

export interface LoadResult {
  snapshot: ContentSnapshot;
  issues: readonly ContentIssue[];
}

/** The content folder itself is missing or not a folder: nothing can be served from it. */
export class ContentFolderError extends Error {
  override readonly name = 'ContentFolderError';
}

/** Content file paths under `dir`, relative and with `/`, editor and hidden files left out. */
export async function listContentFiles(dir: string): Promise<string[]> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new ContentFolderError(`content folder ${dir} does not exist or is not a folder (CONTENT_DIR)`);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter(isContentPath)
    .sort();
}

/** A file's parse result with the hash of the bytes it came from. */
export interface ParsedFile {
  hash: string;
  result: ParseResult;
}

export const hashBytes = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Reads and parses `files`; a file removed between listing and reading is simply not content. */
export async function parseFiles(dir: string, files: readonly string[]): Promise<Map<string, ParsedFile>> {
  const results = new Map<string, ParsedFile>();
  for (const [file, bytes] of await readFiles(dir, files)) {
    if (bytes) results.set(file, { hash: hashBytes(bytes), result: parseContentFile(file, bytes) });
  }
  return results;
}

/** Loads a whole content folder: every valid file in the snapshot, every problem in `issues`. */
export async function load(dir: string, clock: Clock = systemClock): Promise<LoadResult> {
  const parsed = await parseFiles(dir, await listContentFiles(dir));
  const snapshot = buildSnapshot(new Map([...parsed].map(([file, { result }]) => [file, result])), clock.nowMicros());
  return { snapshot, issues: snapshot.issues };
}
