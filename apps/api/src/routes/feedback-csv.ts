import type { FeedbackRecord } from '@companion/feedback-store';

export const CSV_TYPE = 'text/csv; charset=utf-8';

const COLUMNS = ['id', 'created_at', 'type', 'status', 'platform', 'client_version', 'contact', 'content', 'note', 'status_by', 'status_at'] as const;

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

export const csvHeader = `${COLUMNS.join(',')}\r\n`;

export const csvRow = (record: FeedbackRecord): string => `${COLUMNS.map((column) => field(record[column])).join(',')}\r\n`;
