/**
 * Strings a parsed value holds, made independent of the file's text. A parser's substrings are
 * slices that keep the whole source text of their file alive (about the content's size again, plus
 * a header per slice); short values that repeat across files (dates, severities, categories) are
 * shared, one copy each.
 */
const SHARED_MAX_LENGTH = 24;
const SHARED_MAX_COUNT = 10_000;
const shared = new Map<string, string>();

function compactString(text: string): string {
  if (text.length > SHARED_MAX_LENGTH) return JSON.parse(JSON.stringify(text)) as string;
  const known = shared.get(text);
  if (known !== undefined) return known;
  // A bound, so a stream of edits cannot grow it: start again once full.
  if (shared.size >= SHARED_MAX_COUNT) shared.clear();
  const copy = JSON.parse(JSON.stringify(text)) as string;
  shared.set(copy, copy);
  return copy;
}

/** Replaces, in place, every string inside a freshly parsed (not yet frozen) value. */
export function compactStrings<T>(value: T): T {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = typeof value[i] === 'string' ? compactString(value[i]) : compactStrings(value[i]);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const v = record[key];
      if (typeof v === 'string') record[key] = compactString(v);
      else if (v !== null && typeof v === 'object') compactStrings(v);
    }
  }
  return value;
}
