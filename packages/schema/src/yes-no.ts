/**
 * The spellings every yes/no setting accepts, in any letter case: the service's own switches
 * (`CONTENT_WATCH`, `FAST_READS`), the mail settings (`SMTP_SECURE` & co.) and `TRUST_PROXY`'s
 * yes/no values. One list, so a value that works for one setting works for all.
 */
const YES = ['on', 'yes', 'true', '1'];
const NO = ['off', 'no', 'false', '0'];

/** What a refusal says is expected. */
export const YES_NO_EXPECTED = 'yes or no (on/off, true/false, 1/0)';

/** true or false for a yes/no spelling; undefined for anything else (the caller refuses it). */
export function parseYesNo(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if (YES.includes(word)) return true;
  if (NO.includes(word)) return false;
  return undefined;
}
