import { isIgnoredFile } from './parse-file';

/**
 * True for a path (relative to the content folder, with `/`) that a full load would read:
 * nothing inside hidden folders, no editor or dot-files. The watcher uses the same rule, so a
 * file reported at start-up (UNKNOWN_FILE included) is also reported when it appears later.
 */
export function isContentPath(file: string): boolean {
  return file !== '' && !file.split('/').some((part) => part.startsWith('.')) && !isIgnoredFile(file);
}
