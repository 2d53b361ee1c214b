/**
 * The common case of a new catalogue file written by hand-made string building, byte for byte
 * what `yaml` writes for it (entry-yaml's `fieldText`, checked against it by the tests), at the
 * cost of a JSON.stringify: one-line values that need no quoting. A value this cannot vouch for
 * returns null and is written by `yaml`.
 */

/** A one-line Info folded at `width` columns as `yaml` folds a `>-` block (indent 2; see its foldFlowLines). */
function foldedInfo(text: string, width: number): string {
  const step = width - 1; // 1 + width - indent
  if (text.length <= step) return text;
  let out = '';
  let from = 0;
  let end = width - 2;
  let split = -1;
  for (let i = 1; i < text.length; i++) {
    // A single space between two non-spaces may become a line break.
    if (text.charCodeAt(i) === 0x20 && text.charCodeAt(i - 1) !== 0x20 && i + 1 < text.length && text.charCodeAt(i + 1) !== 0x20) split = i;
    if (i >= end && split > 0) {
      out += `${text.slice(from, split)}\n  `;
      from = split + 1;
      end = split + step;
      split = -1;
    }
  }
  return out + text.slice(from);
}

// Characters that make `yaml` quote, escape or break a value, or that this writer leaves to it:
// controls (tab and newline included), DEL and C1, the Unicode line separators, a BOM, and any
// surrogate (an emoji is fine for yaml, but rare enough to leave to it).
const UNSAFE_CHAR = /[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]/;
// Where a plain scalar would mean something else: `: ` or ` #` inside, a space or `:` at the end.
const UNSAFE_PLAIN = /: | #|[ :]$/;
// Plain scalars YAML 1.2's core schema would read as null or a boolean (ints and floats start with a digit, sign or dot).
const NOT_A_STRING = /^(?:null|true|false)$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** Whether `value` is written plain by `yaml`, as it is. */
function isPlain(value: string): boolean {
  const first = value.charCodeAt(0);
  const letter = (first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a);
  const digit = first >= 0x30 && first <= 0x39;
  if (!(letter || (digit && TIMESTAMP.test(value)))) return false;
  return !UNSAFE_CHAR.test(value) && !UNSAFE_PLAIN.test(value) && !(letter && NOT_A_STRING.test(value));
}

/** One `key: value` field (newline included) as `yaml` writes it in the shipped files' style; null when this cannot tell. */
export function plainFieldText(key: string, value: unknown, infoWidth: number): string | null {
  if (key === 'Info') {
    if (typeof value !== 'string' || value.length === 0 || UNSAFE_CHAR.test(value) || value.charCodeAt(0) === 0x20 || value.charCodeAt(value.length - 1) === 0x20) return null;
    return `Info: >-\n  ${foldedInfo(value, infoWidth)}\n`;
  }
  if (typeof value === 'string') return isPlain(value) ? `${key}: ${value}\n` : null;
  if (Array.isArray(value) && value.length > 0 && value.every((step) => typeof step === 'string' && isPlain(step))) return `${key}:\n  - ${value.join('\n  - ')}\n`;
  return null;
}
