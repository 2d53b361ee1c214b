import { isUtf8 } from 'node:buffer';
import type { ContentIssue } from './issues';

export type DecodedText = { ok: true; text: string } | { ok: false; issue: ContentIssue };

/** Line and column (1-based) of a character offset in text. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Turns a file's bytes into text the parsers can trust: strict UTF-8, no byte order mark,
 * LF line ends (CRLF and lone CR become LF, so reported lines match what editors show).
 */
export function decodeContent(file: string, bytes: Uint8Array): DecodedText {
  if (!isUtf8(bytes)) {
    const lossy = Buffer.from(bytes).toString('utf8');
    const at = positionOf(lossy, Math.max(0, lossy.indexOf('\uFFFD')));
    return {
      ok: false,
      issue: { file, ...at, code: 'FILE_NOT_UTF8', message: 'expected UTF-8 text; found a byte sequence that is not UTF-8 (save the file as UTF-8)' },
    };
  }
  const text = Buffer.from(bytes).toString('utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') {
    return { ok: false, issue: { file, line: 1, column: 1, code: 'FILE_EMPTY', message: 'expected content; found an empty file' } };
  }
  return { ok: true, text };
}
