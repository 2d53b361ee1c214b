import { hash } from 'node:crypto';
import type { ParseResult } from './collections';
import { compactStrings } from './compact';
import type { FileInput } from './content-model';
import { parseContentFile } from './parse-file';
import type { FileRead } from './read-files';

/**
 * A digest of a file's bytes that tells a changed file from a touched one: the first 48 bits of
 * its SHA-256, kept as a number (a string per file cost more heap than the file's own values).
 */
export const hashBytes = (bytes: Uint8Array): number => hash('sha256', bytes, 'buffer').readUIntBE(0, 6);

/** Parses one file; any failure of a parser is a problem of that file, never of the load or batch. */
export function parseSafely(file: string, bytes: Uint8Array, parse: typeof parseContentFile = parseContentFile): ParseResult {
  try {
    const result = parse(file, bytes);
    compactStrings(result.value);
    return result;
  } catch (error) {
    const what = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]!.slice(0, 200)}` : 'an unknown error';
    return { value: null, issues: [{ file, line: 1, column: 1, code: 'PARSE_FAILED', message: `expected a file the parser can read; it failed with ${what}` }] };
  }
}

/** What the model gets for a read path: bytes and their parse, a problem, or null when gone. */
export function toFileInput(file: string, read: FileRead, hash = read.kind === 'file' ? hashBytes(read.bytes) : 0): FileInput | null {
  switch (read.kind) {
    case 'file':
      return { hash, parsed: parseSafely(file, read.bytes), stamp: read.stamp };
    case 'problem':
      return { hash: `${read.issue.code} ${read.issue.message}`, parsed: { value: null, issues: [read.issue] } };
    default:
      return null;
  }
}
