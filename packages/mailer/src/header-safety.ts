// The schema already rejects line breaks in subjects and malformed addresses; these checks
// repeat that at the last step before the headers are written, so a caller that skipped the
// schema still cannot smuggle in a header or an extra recipient.

// An addr-spec without a display name, comments, quoting or a list separator: nothing that an
// address parser could read as a second mailbox or a header.
const BARE_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

export function isBareAddress(text: string): boolean {
  return BARE_ADDRESS.test(text) && !/[\u0000-\u001f\u007f]/.test(text);
}

/** Collapses every run of control characters (CR and LF among them) into one space. */
export function toSingleLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
