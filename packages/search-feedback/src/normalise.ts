/** The longest normalised query kept, in characters: a pasted log line is counted by its start. */
export const MAX_QUERY_CHARS = 100;

/**
 * A query as it is counted: lower case, accents kept, words (letters and digits) joined by one
 * space, at most MAX_QUERY_CHARS; `Too many  open files!` and `too many open files` are one query.
 * Numbers of six digits or more, addresses and ids are blanked first: what names a customer's
 * machine is never counted.
 */
export function normaliseQuery(q: string): string {
  const blanked = q
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b/g, ' ')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
    .replace(/\b\d{6,}\b/g, ' ');
  const words = blanked.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let query = '';
  for (const word of words) {
    const next = query === '' ? word : `${query} ${word}`;
    if (next.length > MAX_QUERY_CHARS) break;
    query = next;
  }
  return query;
}
