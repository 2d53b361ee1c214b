import { createHash } from 'node:crypto';
import { claimId, KeyTakenError, type IdempotencyClaim, type Recalled } from '@companion/idempotency';
import type { KeyedRequest, WriteAnswer } from './write';
import { ApiError } from './errors';

/** The request header (draft-ietf-httpapi-idempotency-key-header) and the answer header of a replay (Stripe's). */
export const IDEMPOTENCY_KEY = 'idempotency-key';
export const REPLAYED = 'Idempotent-Replayed';
/** The answer header of a write whose key carries no time, taken while a restore may have lost keys. */
export const KEY_STATUS = 'Idempotency-Key-Status';
export const UNVERIFIED_AFTER_RESTORE = 'unverified-after-restore';

/** Longest key taken, in characters: a UUID is 36; room for a client's own prefix. */
export const MAX_KEY_LENGTH = 255;

/** An sf-string (RFC 8941 3.3.3): printable ASCII in double quotes, `"` and `\` escaped by `\`. */
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;
/** The common case, a key without escapes (a UUID): its content is the string between the quotes. */
const PLAIN_SF_STRING = /^"[\x20\x21\x23-\x5b\x5d-\x7e]{1,255}"$/;

/**
 * The key a request carries: null without the header; the key (unescaped) when it is one
 * Structured Field String of 1 to 255 characters; ApiError 400 otherwise (two headers, a bare
 * token, an empty string, a control character).
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (PLAIN_SF_STRING.test(value)) return value.slice(1, -1);
  const match = SF_STRING.exec(value.trim());
  const key = match?.[1]?.replace(/\\(["\\])/g, '$1');
  if (key === undefined || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new ApiError('IDEMPOTENCY_KEY_INVALID', `Idempotency-Key must be one quoted string of 1 to ${MAX_KEY_LENGTH} printable ASCII characters, such as "8e03978e-40d5-43e8-bc93-6894a57f9324".`);
  }
  return key;
}

/** Whose keys a request uses: a digest of its bearer credential, `-` without one. */
export function keyOwnerOf(authorization: string | undefined): string {
  if (authorization === undefined) return '-';
  // A client sends the same credential with each write: its digest is made once.
  if (authorization !== lastOwner.authorization) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    lastOwner = { authorization, owner: token ? createHash('sha256').update(`bearer\n${token}`).digest('base64url') : '-' };
  }
  return lastOwner.owner;
}

let lastOwner = { authorization: '', owner: '-' };

/** What a retry must repeat: method, path, credential (the owner) and body (as parsed JSON). */
export function requestFingerprint(method: string, path: string, owner: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${owner}\n${JSON.stringify(body ?? null)}`).digest('base64url');
}

/** The claim of a request, or null when it carries no key (400 on a malformed one). */
export function claimOf(request: KeyedRequest & { body: unknown }): IdempotencyClaim | null {
  const key = idempotencyKeyOf(request.key);
  if (key === null) return null;
  const owner = request.owner ?? keyOwnerOf(request.authorization);
  return { owner, key, fingerprint: requestFingerprint(request.method, request.path, owner, request.body) };
}

/** A store's side of a keyed write: what a key was committed with, and the write itself (with the key). */
export interface KeyedWrite<T> {
  recall(claim: IdempotencyClaim): Promise<Recalled<T> | null>;
  perform(claim: IdempotencyClaim | null): Promise<T>;
  /**
   * `perform` itself refuses a key the store holds (KeyTakenError, the key's row refused in the
   * write's own statement): the write is sent without a recall before it, a round trip saved, and
   * the key is recalled only when it was refused.
   */
  refusesHeldKeys?: boolean | undefined;
  /**
   * Within the keys' retention after a restore, a key the store does not hold and that carries no
   * time is refused (IDEMPOTENCY_KEY_LOST) rather than written unverified: for a write that must
   * never happen twice for one key (a mail sent).
   */
  refusesUnverifiedKeys?: boolean | undefined;
}

/**
 * What the service knows of a restore of its data (RestoreWatch): whether a key the store does
 * not hold may have been lost by it, and the tick to advance after a keyed write.
 */
export interface KeyRestoreGuard {
  keyVerdict(key: string): { kind: 'fresh' } | { kind: 'unverified' | 'lost'; restoredAt: string };
  touch(): Promise<void>;
}

/**
 * Runs writes that may carry an Idempotency-Key. A key seen first is stored by the store with
 * the write (atomically); a key the store holds answers again what its write answered, marked
 * `Idempotent-Replayed: true`, without writing. The same key with another request: 422. While
 * its first request is still running here: 409. Errors are never stored: a refused write leaves
 * no key, and its retry runs again.
 *
 * After a restore of the data (`restore`), a key the store does not hold may be one whose write
 * the restore undid: a key that says it was made before the restore was noticed (a UUIDv7, as
 * @companion/client makes) is refused, 409 IDEMPOTENCY_KEY_LOST, rather than written twice; a key
 * that carries no time is written, its answer marked `Idempotency-Key-Status: unverified-after-restore`
 * (or refused as lost, where the write says `refusesUnverifiedKeys`).
 */
export class IdempotentWrites {
  private readonly running = new Set<string>();

  constructor(private readonly restore: KeyRestoreGuard | null = null) {}

  async run<T>(claim: IdempotencyClaim | null, write: KeyedWrite<T>, answer: (outcome: T) => WriteAnswer): Promise<WriteAnswer> {
    const { outcome, replayed, unverified } = await this.settle(claim, write);
    const first = answer(outcome);
    if (replayed) return { ...first, headers: { ...first.headers, [REPLAYED]: 'true' } };
    return unverified ? { ...first, headers: { ...first.headers, [KEY_STATUS]: UNVERIFIED_AFTER_RESTORE } } : first;
  }

  /** The write's outcome, or the outcome its key was first committed with (`replayed`); `unverified`: see the class. */
  async settle<T>(claim: IdempotencyClaim | null, write: KeyedWrite<T>): Promise<{ outcome: T; replayed: boolean; unverified?: boolean }> {
    if (claim === null) return { outcome: await write.perform(null), replayed: false };
    const id = claimId(claim);
    if (this.running.has(id)) throw new ApiError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry it once that one has been answered.', [], { 'Retry-After': '1' });
    this.running.add(id);
    try {
      const verdict = this.restore?.keyVerdict(claim.key) ?? { kind: 'fresh' as const };
      // A key a restore may have lost is looked up first, even where the write itself would refuse a held one.
      const earlier = write.refusesHeldKeys && verdict.kind === 'fresh' ? null : await write.recall(claim);
      if (earlier) return replay(claim, earlier);
      if (verdict.kind === 'unverified' && write.refusesUnverifiedKeys) {
        throw new ApiError('IDEMPOTENCY_KEY_LOST', `The service's data was restored from a backup on ${verdict.restoredAt}, and this Idempotency-Key carries no time (a UUIDv7 does), so whether its first answer was lost cannot be told: check whether the change was made, then send it with a new UUIDv7 key if it was not.`);
      }
      if (verdict.kind === 'lost') {
        throw new ApiError('IDEMPOTENCY_KEY_LOST', `The first answer to this Idempotency-Key may have been lost when the service's data was restored from a backup on ${verdict.restoredAt}: check whether the change was made, then send it with a new key if it was not.`);
      }
      try {
        const outcome = await write.perform(claim);
        // The tick records the write before it is acknowledged: a backup that holds the answer holds a tick past it.
        await this.restore?.touch().catch(() => undefined);
        return verdict.kind === 'unverified' ? { outcome, replayed: false, unverified: true } : { outcome, replayed: false };
      } catch (error) {
        if (!(error instanceof KeyTakenError)) throw error;
        // Another replica committed this key meanwhile: its answer is the answer.
        const taken = await write.recall(claim);
        if (!taken) throw error;
        return replay(claim, taken);
      }
    } finally {
      this.running.delete(id);
    }
  }
}

function replay<T>(claim: IdempotencyClaim, earlier: Recalled<T>): { outcome: T; replayed: true } {
  if (earlier.fingerprint !== claim.fingerprint) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request (method, path, credential or body); use a new key for a new request.');
  }
  return { outcome: earlier.outcome, replayed: true };
}
