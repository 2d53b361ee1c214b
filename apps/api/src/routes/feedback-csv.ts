import type { FeedbackRecord } from '@companion/feedback-store';

export const CSV_TYPE = 'text/csv; charset=utf-8';

const COLUMNS = ['id', 'created_at', 'type', 'status', 'platform', 'client_version', 'contact', 'content', 'note', 'status_by', 'status_at'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`.
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = `${COLUMNS.join(',')}\r\n`;

export const csvRow = (record: FeedbackRecord): string => `${COLUMNS.map((column) => field(record[column])).join(',')}\r\n`;
