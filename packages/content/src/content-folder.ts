import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isContentPath } from './content-path';

/** The content folder itself is missing or not a folder: nothing can be served from it. */
export class ContentFolderError extends Error {
  override readonly name = 'ContentFolderError';
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
  if (sub === '') {
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory()) throw new ContentFolderError(`content folder ${dir} does not exist or is not a folder (CONTENT_DIR)`);
  }
  const listing: FolderListing = { files: [], folders: [], links: [] };
  const visit = async (folder: string): Promise<void> => {
    onFolder?.(folder);
    if (folder !== '') listing.folders.push(folder);
    const entries = await readdir(join(dir, folder), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
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

/** Content file paths under `dir`, relative and with `/`, editor and hidden files left out. */
export async function listContentFiles(dir: string): Promise<string[]> {
  return (await walkFolder(dir)).files;
}
