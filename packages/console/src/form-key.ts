import { randomBytes } from 'node:crypto';
import { ApiError } from '@companion/http-kit';

/**
 * A console form that changes something carries a key of its own, made when the form is shown
 * (a hidden field): the write it makes is sent with it as its Idempotency-Key, so a double submit
 * or a browser's resubmission is answered with the first outcome instead of being done twice.
 */
export const FORM_KEY = 'idempotency_key';

const FORM_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A UUIDv7 (RFC 9562): its first 48 bits are when the form was shown, so a form shown before a
 * restore of the data and sent after it is refused as possibly done already, never done twice.
 */
export function newFormKey(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The hidden field of a new form key (or of `key`, a form shown again after a preview or a refusal). */
export const formKeyField = (key: string = newFormKey()): string => `<input type="hidden" name="${FORM_KEY}" value="${key}">`;

/** The key a submitted form carries; a new one for a form without (a page shown before keys were). */
export function formKeyOf(body: Record<string, unknown>): string {
  const key = body[FORM_KEY];
  return typeof key === 'string' && FORM_KEY_PATTERN.test(key) ? key : newFormKey();
}

const FORM_KEY_LOST = "This form was shown before the service's data was restored from a backup, and may have been sent then: what it did may have been undone by the restore, or not. Nothing was changed now. Check the page as it is, then open the form again to make the change.";

/** How often a second submit asks whether the first, still running, has been answered. */
const WAIT_STEP_MS = 25;
/** How long it waits at most: longer than a write is let run (then it shows the 409 as any refusal). */
const WAIT_LIMIT_MS = 30_000;

/**
 * Runs a write sent with a form's key. A second submit arriving while the first still runs
 * waits for it and is answered as it was (a person double-clicking sees the outcome, not an
 * error). A form sent again with other contents after it was done (the browser's back button,
 * then an edit) is a new request: it is sent with a new key; unless `fixed` (a confirmation: sent
 * again, its reason retyped or not, it is the same decision): then its key used before means the
 * form was done, and the IDEMPOTENCY_KEY_REUSED refusal is thrown. A form the data's restore may
 * have undone (IDEMPOTENCY_KEY_LOST) is refused in the console's words.
 */
export async function withFormKey<T>(key: string, write: (key: string) => Promise<T>, fixed = false): Promise<T> {
  const until = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    try {
      return await write(key);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'IDEMPOTENCY_KEY_LOST') throw new ApiError('IDEMPOTENCY_KEY_LOST', FORM_KEY_LOST);
      if (error.code === 'IDEMPOTENCY_KEY_REUSED' && !fixed) key = newFormKey();
      else if (error.code !== 'IDEMPOTENCY_KEY_IN_USE' || Date.now() > until) throw error;
      else await new Promise((done) => setTimeout(done, WAIT_STEP_MS));
    }
  }
}
