import { foldText } from '@companion/schema';
import type { FeedbackRecord } from './feedback-record';

/**
 * An e-mail address as people and programs write it: in any letter case, inside a display name
 * (`Pat Doe <pat@example.org>`) or a link (`mailto:pat@example.org`, `mailto:pat%40example.org`),
 * in the fullwidth and other compatibility forms (NFKD) (`ｐａｔ＠ｅｘａｍｐｌｅ．ｏｒｇ`,
 * `pat﹫example.org`: the forms the CSV export already reads as their ASCII letters), and with
 * invisible format characters (a zero-width space, a soft hyphen) inside, its accented letters
 * composed or decomposed (see foldText). Erasure finds it in every one of these forms.
 */

/** The address as compared against texts (see foldText). */
export const foldedAddress = (address: string): string => foldText(address).text;

/** The spans of `text` (start, end) that write `address`, left to right, not overlapping. */
function spansOf(text: string, address: string): [number, number][] {
  const wanted = foldedAddress(address);
  if (wanted === '') return [];
  const folded = foldText(text);
  const spans: [number, number][] = [];
  for (let at = folded.text.indexOf(wanted); at >= 0; at = folded.text.indexOf(wanted, at + wanted.length)) {
    spans.push([folded.from[at]!, folded.to[at + wanted.length - 1]!]);
  }
  return spans;
}

/** Whether `text` writes `address` in any of its forms. */
export const holdsAddress = (text: string | null | undefined, address: string): boolean => typeof text === 'string' && spansOf(text, address).length > 0;

/** Whether a feedback's contact, text or any note of its thread writes `address`, in any form holdsAddress reads: what an erasure of it would change there. */
export const feedbackHoldsAddress = (record: Pick<FeedbackRecord, 'contact' | 'content' | 'notes'>, address: string): boolean =>
  holdsAddress(record.contact, address) || holdsAddress(record.content, address) || record.notes.some((note) => holdsAddress(note.text, address));

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
