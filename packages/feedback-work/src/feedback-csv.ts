import type { FeedbackFilter, FeedbackNote, FeedbackRecord } from '@companion/feedback-store';

export const CSV_TYPE = 'text/csv; charset=utf-8';

const COLUMNS = ['id', 'created_at', 'type', 'status', 'platform', 'client_version', 'contact', 'content', 'notes', 'status_by', 'status_at'] as const;

/** The thread in one cell, a note a line, oldest first, each with its time and author: `2026-11-28 09:14 UTC Ann Lee: text`. */
const thread = (notes: readonly FeedbackNote[]): string | null =>
  notes.length === 0 ? null : notes.map((n) => `${n.at.slice(0, 16).replace('T', ' ')} UTC ${n.by}: ${n.text.replace(/\r?\n/g, ' ')}`).join('\n');

/**
 * Text a spreadsheet may run as a formula: `=`, `+`, `-`, `@` first (their fullwidth forms `＝`,
 * `＋`, `－`, `＠` too, which some spreadsheets read as the ASCII ones), also behind leading
 * spaces or invisible format characters (a zero-width space, a BOM, a word joiner); or a tab or CR first.
 */
const FORMULA = /^[\s\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/u;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text a
 * spreadsheet would run as a formula (see FORMULA) gets a leading `'`.
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The file's first line, led by a UTF-8 byte-order mark: without it Excel reads the file in the
 * system's legacy code page and garbles every non-ASCII letter.
 */
export const csvHeader = `\uFEFF${COLUMNS.join(',')}\r\n`;

/** A query value in a file name: letters, digits, `.` and `-` only, the rest `_`, 40 at most. */
const safe = (value: string): string => value.replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 40);

/**
 * The download's file name, saying what it holds: the day it was made (UTC) and the filters, in
 * the query's terms (`feedback-2026-11-28-type-bug-from-2026-11-01.csv`). A search term is
 * only named as `search`: it may be an address, which has no place in a file name.
 */
export function csvFilename(filter: FeedbackFilter, nowMicros: number): string {
  const parts = ['feedback', new Date(nowMicros / 1000).toISOString().slice(0, 10)];
  const named: [string, string | undefined][] = [
    ['type', filter.type],
    ['platform', filter.platform],
    ['version', filter.clientVersion],
    ['status', filter.status],
    ['from', filter.from],
    ['to', filter.to],
  ];
  for (const [name, value] of named) if (value !== undefined) parts.push(name, safe(value));
  if (filter.text !== undefined) parts.push('search');
  return `${parts.join('-')}.csv`;
}

export const csvRow = (record: FeedbackRecord): string => `${COLUMNS.map((column) => field(column === 'notes' ? thread(record.notes) : record[column])).join(',')}\r\n`;
