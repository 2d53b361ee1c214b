import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { isContentPath } from './content-path';
import { isTemporary } from './read-files';

/** The content folder itself is missing or not a folder: nothing can be served from it. */
export class ContentFolderError extends Error {
  override readonly name = 'ContentFolderError';
}

/** The folders of which a content folder holds at least one. */
const COLLECTION_FOLDERS = ['changelog', 'notices', 'errors'] as const;

/**
 * Refuses a folder that cannot be the content folder: missing, not a folder, or holding none of
 * the collection folders (a mistyped CONTENT_DIR, or the repository above it). A content folder
 * that merely lacks one of them is still read, and the missing one reported (FOLDER_MISSING).
 */
async function checkContentFolder(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new ContentFolderError(`content folder ${dir} does not exist or is not a folder (CONTENT_DIR)`);
  const held = await Promise.all(COLLECTION_FOLDERS.map((name) => stat(join(dir, name)).then((s) => s.isDirectory(), () => false)));
  if (!held.includes(true)) {
    throw new ContentFolderError(`content folder ${dir} holds none of ${COLLECTION_FOLDERS.map((name) => `${name}/`).join(', ')} (give the content folder itself, the one that holds them)`);
  }
}

/** What a walk found under a folder: paths relative to the content folder, with `/`. */
export interface FolderListing {
  /** Files and other non-folder entries (their reading reports pipes, sockets and devices). */
  files: string[];
  folders: string[];
  /** Symbolic links: reported, never followed. */
  links: string[];
}

/**
 * Lists `sub` (a folder relative to `dir`, '' for the content folder itself) recursively, without
 * following links and skipping hidden folders and ignored files. `onFolder` is called for each
 * folder before it is read, so a watch set there misses nothing that happens after the listing.
 */
export async function walkFolder(dir: string, sub = '', onFolder?: (folder: string) => void): Promise<FolderListing> {
  if (sub === '') await checkContentFolder(dir);
  const listing: FolderListing = { files: [], folders: [], links: [] };
  const visit = async (folder: string): Promise<void> => {
    onFolder?.(folder);
    if (folder !== '') listing.folders.push(folder);
    const entries = await listWaitingOutShortage(join(dir, folder));
    for (const entry of entries) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (!isContentPath(path)) continue;
      if (entry.isSymbolicLink()) listing.links.push(path);
      else if (entry.isDirectory()) await visit(path);
      else listing.files.push(path);
    }
  };
  await visit(sub);
  listing.files.sort();
  return listing;
}

/** How long a listing keeps trying through a shortage of descriptors or memory before it fails. */
const LISTING_RETRY_MS = 10_000;

/** One folder's entries ([] when it went); a passing shortage (EMFILE...) is waited out, backing off. */
async function listWaitingOutShortage(folder: string): Promise<Dirent[]> {
  for (let waited = 0, wait = 5; ; waited += wait, wait = Math.min(wait * 2, 1000)) {
    try {
      return await readdir(folder, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return [];
      if (!isTemporary(error) || waited >= LISTING_RETRY_MS) throw error;
      await delay(wait);
    }
  }
}

/** Content file paths under `dir`, relative and with `/`, editor and hidden files left out. */
export async function listContentFiles(dir: string): Promise<string[]> {
  return (await walkFolder(dir)).files;
}
