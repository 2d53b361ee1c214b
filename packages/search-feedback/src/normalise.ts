import { addressSpans } from '@companion/schema';

/** The longest normalised query kept, in characters: a pasted log line is counted by its start. */
export const MAX_QUERY_CHARS = 100;

/** `q` with every run that reads as an e-mail address in any form erasure knows (addressSpans) blanked. */
function withoutAddresses(q: string): string {
  let out = '';
  let last = 0;
  for (const [start, end] of addressSpans(q)) {
    out += `${q.slice(last, start)} `;
    last = end;
  }
  return out + q.slice(last);
}

/**
 * A query as it is counted: lower case, accents kept, words (letters and digits) joined by one
 * space, at most MAX_QUERY_CHARS; `Too many  open files!` and `too many open files` are one query.
 * Numbers of six digits or more, addresses and ids are blanked first: what names a customer's
 * machine is never counted. An address is blanked in every form erasure finds (fullwidth,
 * `%40`, accented, zero-width spaces inside), so no count ever holds one.
 */
export function normaliseQuery(q: string): string {
  const blanked = withoutAddresses(q)
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b/g, ' ')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ')
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
