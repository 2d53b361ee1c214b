import { randomUUID } from 'node:crypto';
import { ApiError } from '@companion/http-kit';

/**
 * A console form that changes something carries a key of its own, made when the form is shown
 * (a hidden field): the write it makes is sent with it as its Idempotency-Key, so a double submit
 * or a browser's resubmission is answered with the first outcome instead of being done twice.
 */
export const FORM_KEY = 'idempotency_key';

const FORM_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const newFormKey = (): string => randomUUID();

/** The hidden field of a new form key (or of `key`, a form shown again after a preview or a refusal). */
export const formKeyField = (key: string = newFormKey()): string => `<input type="hidden" name="${FORM_KEY}" value="${key}">`;

/** The key a submitted form carries; a new one for a form without (a page shown before keys were). */
export function formKeyOf(body: Record<string, unknown>): string {
  const key = body[FORM_KEY];
  return typeof key === 'string' && FORM_KEY_PATTERN.test(key) ? key : newFormKey();
}

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
 * form was done, and the IDEMPOTENCY_KEY_REUSED refusal is thrown.
 */
export async function withFormKey<T>(key: string, write: (key: string) => Promise<T>, fixed = false): Promise<T> {
  const until = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    try {
      return await write(key);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'IDEMPOTENCY_KEY_REUSED' && !fixed) key = newFormKey();
      else if (error.code !== 'IDEMPOTENCY_KEY_IN_USE' || Date.now() > until) throw error;
      else await new Promise((done) => setTimeout(done, WAIT_STEP_MS));
    }
  }
}
