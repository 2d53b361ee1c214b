/**
 * An e-mail address as people and programs write it: in any letter case, inside a display name
 * (`Pat Doe <pat@example.org>`) or a link (`mailto:pat@example.org`, `mailto:pat%40example.org`),
 * in the fullwidth and other compatibility forms NFKC folds (`ｐａｔ＠ｅｘａｍｐｌｅ．ｏｒｇ`,
 * `pat﹫example.org`: the forms the CSV export already reads as their ASCII letters), and with
 * invisible format characters (a zero-width space, a soft hyphen) inside. Erasure finds it in every
 * one of these forms.
 */

/** Each piece of the text as compared: its folded form and where it came from. */
interface Folded {
  text: string;
  /** For each UTF-16 unit of `text`: the start and end (exclusive) of the original it folds. */
  from: number[];
  to: number[];
}

const FORMAT = /^\p{Cf}$/u;
const PERCENT_AT = /^%40/i;

/** A code point as compared: NFKC, lower case, format characters dropped. */
const foldPoint = (point: string): string => (FORMAT.test(point) ? '' : point.normalize('NFKC').toLowerCase());

function fold(text: string): Folded {
  const folded: Folded = { text: '', from: [], to: [] };
  let i = 0;
  while (i < text.length) {
    let piece: string;
    let end: number;
    if (text[i] === '%' && PERCENT_AT.test(text.slice(i, i + 3))) {
      piece = '@';
      end = i + 3;
    } else {
      const point = String.fromCodePoint(text.codePointAt(i)!);
      piece = foldPoint(point);
      end = i + point.length;
    }
    for (let k = 0; k < piece.length; k++) {
      folded.from.push(i);
      folded.to.push(end);
    }
    folded.text += piece;
    i = end;
  }
  return folded;
}

/** The address as compared against texts (see fold). */
export const foldedAddress = (address: string): string => fold(address).text;

/** The spans of `text` (start, end) that write `address`, left to right, not overlapping. */
function spansOf(text: string, address: string): [number, number][] {
  const wanted = foldedAddress(address);
  if (wanted === '') return [];
  const folded = fold(text);
  const spans: [number, number][] = [];
  for (let at = folded.text.indexOf(wanted); at >= 0; at = folded.text.indexOf(wanted, at + wanted.length)) {
    spans.push([folded.from[at]!, folded.to[at + wanted.length - 1]!]);
  }
  return spans;
}

/** Whether `text` writes `address` in any of its forms. */
export const holdsAddress = (text: string | null | undefined, address: string): boolean => typeof text === 'string' && spansOf(text, address).length > 0;

export const ERASED = '[erased]';

/** `text` with every writing of `address` replaced by `[erased]`. */
export function withoutAddress(text: string, address: string): string {
  let out = '';
  let last = 0;
  for (const [start, end] of spansOf(text, address)) {
    out += `${text.slice(last, start)}${ERASED}`;
    last = end;
  }
  return out + text.slice(last);
}

/** A contact with nothing but the erased address left (`[erased]`, `<[erased]>`, `mailto:[erased]`) is no contact. */
const ONLY_ERASED = /^\s*(?:mailto:\s*)?<?\s*\[erased\]\s*>?\s*$/i;

/** A contact without the address: null when it was the address alone, else with `[erased]` in its place. */
export function contactWithoutAddress(contact: string, address: string): string | null {
  const erased = withoutAddress(contact, address);
  return ONLY_ERASED.test(erased) ? null : erased;
}
