import type { ErrorCode } from './operation-types.js';

/** A field or parameter the API refused, as its error's `details` lists it. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** The API refused the request: its status and error code, as documented for the operation. */
export interface ApiFailure<C extends string = ErrorCode> {
  kind: 'api';
  status: number;
  code: C;
  message: string;
  details: ErrorDetail[];
  /** Seconds to wait before trying again (429 answers carry it). */
  retryAfter?: number;
}

/**
 * The service's data was restored from a backup after this write's key was made, and the service
 * does not hold the key: its first try may have been done and its answer lost with the restore.
 * Check whether the change was made (by what the write names: the feedback, the entry, the
 * message); send it again only with a new key (a new call does that).
 */
export interface KeyLostFailure extends Omit<ApiFailure<'IDEMPOTENCY_KEY_LOST'>, 'kind'> {
  kind: 'key-lost';
  /** The Idempotency-Key the write was sent with. */
  idempotencyKey: string | undefined;
}

/** No answer: the network failed, the request was aborted, or it timed out. */
export interface NetworkFailure {
  kind: 'network';
  message: string;
  cause: unknown;
}

/** An answer that is not the API's (a proxy's error page, a body that is not the JSON it should be). */
export interface UnexpectedAnswer {
  kind: 'unexpected';
  status: number;
  message: string;
}

export type ClientFailure<C extends string = ErrorCode> = ApiFailure<C> | KeyLostFailure | NetworkFailure | UnexpectedAnswer;

/** A call's outcome: never thrown, always returned, so every failure is handled where it happens. */
export type Result<T, C extends string = ErrorCode> =
  | {
      ok: true;
      /** The parsed answer (the envelope's `data` is `body.data`). */
      body: T;
      status: number;
      etag: string | null;
      /** True when the service answered 304 and `body` is the answer cached for this request. */
      fromCache: boolean;
    }
  | { ok: false; error: ClientFailure<C> };
