/**
 * iCalendar (RFC 5545) text: CRLF line ends, content lines folded at 75 octets (never inside a
 * UTF-8 sequence), TEXT values escaped, instants in UTC (`20261206T010000Z`).
 */
const encoder = new TextEncoder();

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const icsText = (text: string): string => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** A DATE-TIME in UTC from any ISO 8601 instant with a zone. */
export const icsInstant = (iso: string): string => new Date(Date.parse(iso)).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/** One content line, folded: at most 75 octets per line, each continuation starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line's leading space counts towards its 75 octets.
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** A whole iCalendar object from its content lines (`NAME:value`, values already escaped). */
export const icsDocument = (lines: readonly string[]): string => lines.map(foldLine).join('\r\n') + '\r\n';
