import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { Scope } from '../auth/tokens';
import type { ErrorCode } from '../http/errors';
import type { SnapshotRead } from '../fast/read';

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

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  /** Documented query parameters: name -> description. */
  query?: Record<string, string>;
  /** 'ignore': query parameters the route does not take are ignored, not 400 (HTML pages, whose shared links carry utm_source & co.). */
  unknownQuery?: 'ignore';
  /** The schema of the answer's `data`; documented in /openapi.json and checked by the tests. */
  data?: z.ZodType;
  /** Errors this route answers beyond those its parameters, scope and body imply. */
  errors?: ErrorCode[];
  /** A public read answered from the content snapshot: served by the fast path, and by Express after `handlers` (see fast/read.ts). */
  read?: SnapshotRead;
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
