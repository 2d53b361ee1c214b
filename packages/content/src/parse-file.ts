import { COLLECTIONS, type ParseResult } from './collections';
import { decodeContent } from './text';

/** Editor swap files, backups, dot-files and notes that live in content/ without being content. */
export function isIgnoredFile(file: string): boolean {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return base.startsWith('.') || base.endsWith('~') || /\.(swp|swx|tmp)$/.test(base) || base === '4913' || base === 'README.md';
}

/** Reads one content file (its path relative to the content folder, with `/`) into a value. */
export function parseContentFile(file: string, bytes: Uint8Array): ParseResult {
  for (const collection of COLLECTIONS) {
    const stem = collection.match(file);
    if (stem === null) continue;
    const decoded = decodeContent(file, bytes);
    if (!decoded.ok) return { value: null, issues: [decoded.issue] };
    return collection.parse(file, decoded.text, stem);
  }
  return {
    value: null,
    issues: [
      {
        file,
        line: 1,
        column: 1,
        code: 'UNKNOWN_FILE',
        message:
          'expected changelog/stable/<version>.yaml, changelog/preview/<version>.yaml, notices/<name>.md, errors/<Flag>.yaml, codenames.yaml or elements.yaml; found a file that matches none',
      },
    ],
  };
}
