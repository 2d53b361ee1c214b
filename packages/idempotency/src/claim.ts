/**
 * A write's Idempotency-Key as the stores keep it: committed with the write it names, in the
 * same journal line, file or transaction, so a key exists exactly when its write does.
 */
export interface IdempotencyClaim {
  /** Whose key it is: a digest of the credential (`-` for an anonymous write). Keys of one owner never answer another's. */
  owner: string;
  /** The key as the client sent it (the Structured Field String's content). */
  key: string;
  /** A digest of the request (method, path, credential, body): a retry must carry the same one. */
  fingerprint: string;
}

/** What a store recalls of a key: the request it was first sent with, and that request's stored outcome. */
export interface Recalled<T> {
  fingerprint: string;
  outcome: T;
}

/** How long keys are kept, at the least: a retry within this time finds its first outcome. */
export const KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * A write's key was committed meanwhile by another writer (another replica), so this write was
 * not: the caller recalls the key and answers with what it holds.
 */
export class KeyTakenError extends Error {
  constructor(readonly claim: IdempotencyClaim) {
    super('the Idempotency-Key was taken by a write committed meanwhile');
    this.name = 'KeyTakenError';
  }
}

/** The map key of a claim: owner and key, never confused (an owner holds no NUL). */
export const claimId = (claim: Pick<IdempotencyClaim, 'owner' | 'key'>): string => `${claim.owner}\u0000${claim.key}`;
