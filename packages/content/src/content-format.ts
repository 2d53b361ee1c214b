import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentIssue } from './issues';
import { isTemporary } from './read-files';

/**
 * The content format this code reads. Raised with a change to what content may hold that older
 * code cannot serve (a new field, folder or file layout), together with the content folder's
 * FORMAT_FILE: a replica whose checkout is pulled ahead of its code then keeps serving what it
 * had instead of mixing the new files into the old code.
 */
export const CONTENT_FORMAT = 1;

/**
 * At the content folder's root. A dot-file, so no loader reads it as content and git, which
 * checks files out in path order, writes it before any content file of the same pull.
 */
export const FORMAT_FILE = '.format';

/** The format `text` declares: its first line that is neither blank nor a `#` comment, a whole number. */
function declaredFormat(text: string): number | null {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#'));
  return line !== undefined && /^[1-9][0-9]{0,5}$/.test(line) ? Number(line) : null;
}

/**
 * The problem with `dir`'s declared format for this code, or null when this code reads it (no
 * file: format 1, what every folder before the file held). Throws a passing shortage of
 * descriptors or memory (EMFILE and the like): whether the format changed is not known yet.
 */
export function contentFormatIssue(dir: string): ContentIssue | null {
  let text: string;
  try {
    text = readFileSync(join(dir, FORMAT_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (isTemporary(error)) throw error;
    return { file: FORMAT_FILE, line: 1, column: 1, code: 'CONTENT_FORMAT_INVALID', message: `expected a readable file naming the content format; found ${(error as Error).message} (the content served stays as it was)` };
  }
  const format = declaredFormat(text);
  if (format === null) return { file: FORMAT_FILE, line: 1, column: 1, code: 'CONTENT_FORMAT_INVALID', message: 'expected the content format as a whole number on the first line that is not a # comment; found none (the content served stays as it was)' };
  if (format <= CONTENT_FORMAT) return null;
  return {
    file: FORMAT_FILE,
    line: 1,
    column: 1,
    code: 'CONTENT_FORMAT_TOO_NEW',
    message: `expected content of format ${CONTENT_FORMAT} or older, which this service reads; found format ${format}, written for a newer service: the content loaded before stays served, restart the service on the release that reads format ${format} to serve it`,
  };
}
