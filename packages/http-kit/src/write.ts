import type { Actor } from '@companion/catalog-store';
import type { RequestHandler } from 'express';

/** A request's parts an Idempotency-Key is judged by, besides its body. */
export interface KeyedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  authorization: string | undefined;
  /** The Idempotency-Key header as it came. */
  key: string | string[] | undefined;
  /** Whose keys these are when no bearer credential says (a console session's person). */
  owner?: string;
}

/** What an authenticated JSON write gets: the parsed body (checked for __proto__ & co., not yet by the schema), path parameters, who asks. */
export interface WriteCall {
  body: unknown;
  params: Record<string, string>;
  who: Actor;
  /** The query parameters (the fast path takes only requests without any), for routes that declare `query`. */
  query?: Record<string, unknown>;
  /** The request's If-Match header, for routes that honour it. */
  ifMatch?: string;
  /** What an Idempotency-Key is judged by (see claimOf): the header (on a route marked `idempotent`; a console form's own key), method, path and credential. */
  keyed: KeyedRequest;
}

/** The members of the answer's envelope before its timestamp, its status, and headers of its own (ETag). */
export interface WriteAnswer {
  status: number;
  members: string;
  headers?: Record<string, string>;
}

/**
 * A write route's own work, declared once in the route table beside its `scope` and `body`
 * schema: the fast write path (fast/fast-writes.ts) and Express (fast/express-write.ts) both derive the
 * credential check, the rate limit and the body reading from the route and then call `handle`,
 * so the two answer alike. `handle` validates the body with the route's schema (ApiError 422)
 * and throws ApiError for every refusal.
 */
export interface JsonWrite {
  /** The route's rate limiter; both paths count on this one instance. */
  limiter: RequestHandler;
  handle(call: WriteCall): Promise<WriteAnswer>;
}
