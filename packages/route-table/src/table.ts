import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { Scope } from '@companion/auth';
import type { ErrorCode, JsonWrite, SnapshotRead } from '@companion/http-kit';

export const CATEGORIES = [
  'notices',
  'changelog',
  'user feedback',
  'system monitoring',
  'software codenames',
  'mail service',
  'error information management',
] as const;
export type Category = (typeof CATEGORIES)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route: the single source of the Express wiring, the service index and the 405 answers. */
export interface RouteDef {
  method: Method;
  /** Express path, parameters written `:name`. */
  path: string;
  category: Category;
  description: string;
  handlers: RequestHandler[];
  /** The scope a credential needs; documented in /openapi.json (requireScope enforces it). */
  scope?: Scope;
  /** The request body's schema; documented in /openapi.json (parseBody enforces it). */
  body?: z.ZodType;
  /** The body's media type when not application/json (a merge patch). */
  bodyMedia?: string;
  /** A write whose answer carries the entity's ETag (every GET answers one). */
  answersTag?: boolean;
  /** A write that honours If-Match (412 when it names another state of the entity). */
  ifMatch?: boolean;
  /** A write that takes an Idempotency-Key (see http/idempotency.ts); documented in /openapi.json. */
  idempotent?: boolean;
  /** Documented query parameters: name -> schema with its description (the handler checks the same bounds). */
  query?: Record<string, z.ZodType>;
  /** Path parameters: name -> schema with its description (the handler checks the same pattern). */
  params?: Record<string, z.ZodType>;
  /** 'ignore': query parameters the route does not take are ignored, not 400 (HTML pages, whose shared links carry utm_source & co.). */
  unknownQuery?: 'ignore';
  /** The schema of the answer's `data`; documented in /openapi.json and checked by the tests. */
  data?: z.ZodType;
  /** Errors this route answers beyond those its parameters, scope and body imply. */
  errors?: ErrorCode[];
  /** Members of the envelope beside `data` (`total`, `logs_count`). */
  extra?: z.ZodRawShape;
  /** The whole answer when it is not the envelope (the service index, /health, /openapi.json). */
  answer?: z.ZodType;
  /** Media types of the success answer, the default first, when not only JSON (pages, feeds, CSS). */
  media?: readonly string[];
  /** When the route answers 204 No Content (its read's `none`), described for /openapi.json. */
  noContent?: string;
  /** When the route answers with a redirect (302 and Location) instead of a body: where it points, for /openapi.json. */
  redirect?: string;
  /** The success status when it is not 200: 201 for a creation, 202 for accepted mail. */
  status?: 201 | 202;
  /** A scope that, on a credential the request carries, widens the answer (no credential: public). */
  optionalScope?: Scope;
  /** A request body that works, for example-driven tools. */
  example?: unknown;
  /** A public read answered from the content snapshot: served by the fast path, and by Express after `handlers` (see fast/read.ts). */
  read?: SnapshotRead;
  /** An authenticated JSON write (needs `scope`; `body` when it takes one): answered by the fast write path, by Express after `handlers` otherwise (see http/write.ts). */
  write?: JsonWrite;
}

/** `/api/notice/:id` as the index shows it: `/api/notice/<id>`. */
export const displayPath = (path: string): string => path.replace(/:(\w+)/g, '<$1>');

/** A matcher for a route path: literal segments exactly, `:name` any one non-empty segment. */
export function pathMatcher(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}
