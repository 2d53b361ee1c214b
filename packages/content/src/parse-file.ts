import { ORIGINAL_COLLECTIONS, type ParseResult } from './collections';
import { TRANSLATION_COLLECTIONS } from './translations';

const COLLECTIONS = [...ORIGINAL_COLLECTIONS, ...TRANSLATION_COLLECTIONS];
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
    if (bytes.byteLength > collection.maxBytes) {
      const message = `expected at most ${formatBytes(collection.maxBytes)} for a file in ${collection.name}; found ${formatBytes(bytes.byteLength)} (the file is not served)`;
      return { value: null, issues: [{ file, line: 1, column: 1, code: 'FILE_TOO_LARGE', message }] };
    }
    const decoded = decodeContent(file, bytes);
    if (!decoded.ok) return { value: null, issues: [decoded.issue] };
    try {
      return collection.parse(file, decoded.text, stem);
    } catch (error) {
      // Whatever a parser throws on hostile input stays a problem of this one file.
      const message = `expected a file the parser can read; found one that made it fail (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`;
      return { value: null, issues: [{ file, line: 1, column: 1, code: 'PARSE_FAILED', message: message.slice(0, 300) }] };
    }
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
          'expected changelog/stable/<version>.yaml, changelog/preview/<version>.yaml, changelog/channels.yaml, notices/<name>.md, a translation such as notices/<name>.<lang>.md or changelog/stable/<version>.<lang>.yaml, errors/<Flag>.yaml, errors/<Flag>.<lang>.yaml, codenames.yaml or elements.yaml; found a file that matches none',
      },
    ],
  };
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : n >= 1024 ? `${Math.ceil(n / 1024)} KiB` : `${n} bytes`;
}
