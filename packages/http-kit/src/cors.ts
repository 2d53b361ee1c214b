import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { ConfigError } from './config-error';

/**
 * Which origins browsers may call the service from (`CORS_ORIGINS`):
 * - `*` (the default): public reads from any origin, nothing else;
 * - a comma-separated list of origins: those origins only, for every operation (credentials in
 *   `Authorization` included), others nothing;
 * - `none`: no cross-origin access at all.
 */
export type CorsPolicy = { mode: 'public' } | { mode: 'listed'; origins: ReadonlySet<string> } | { mode: 'none' };

export const DEFAULT_CORS: CorsPolicy = { mode: 'public' };

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

export function corsFromEnv(env: Record<string, string | undefined>): CorsPolicy {
  const value = (env.CORS_ORIGINS ?? '*').trim();
  if (value === '*' || value === '') return DEFAULT_CORS;
  if (value === 'none') return { mode: 'none' };
  const origins = value.split(',').map((o) => o.trim().replace(/\/$/, '').toLowerCase());
  const bad = origins.find((o) => !ORIGIN.test(o));
  if (bad !== undefined) throw new ConfigError(`CORS_ORIGINS: expected *, none, or origins such as https://app.example.com separated by commas; found "${bad}"`);
  return { mode: 'listed', origins: new Set(origins) };
}

/** The answer depends on Origin only when origins are listed. */
export const variesByOrigin = (policy: CorsPolicy): boolean => policy.mode === 'listed';

/**
 * Answer headers a browser script may read beyond the CORS-safelisted ones: the validator, the
 * rate-limit state (draft-7's `RateLimit` and `RateLimit-Policy`), when to retry, where a
 * creation lives, and the language of a translated answer. Sent with every allowed answer.
 */
export const EXPOSED_HEADERS = 'ETag, RateLimit, RateLimit-Policy, Retry-After, Location, Content-Language, Idempotent-Replayed, Idempotency-Key-Status';

/** The CORS headers of an answer allowed for `origin`, as a flat name/value list. */
export const corsHeaderList = (origin: string): string[] => ['Access-Control-Allow-Origin', origin, 'Access-Control-Expose-Headers', EXPOSED_HEADERS];

/**
 * Access-Control-Allow-Origin for a request from `origin` to a route; null: none. `isPublicRead`:
 * a GET (or HEAD) that needs no credential, the only kind the public policy opens to every origin.
 */
export function allowedOrigin(policy: CorsPolicy, origin: string | undefined, isPublicRead: boolean): string | null {
  if (policy.mode === 'public') return isPublicRead ? '*' : null;
  if (policy.mode === 'listed' && origin !== undefined && policy.origins.has(origin.toLowerCase())) return origin;
  return null;
}

/** Per route in Express: the CORS headers of its answers (errors included), as its preflight allows them. */
export function corsForRoute(policy: CorsPolicy, isPublicRead: boolean): RequestHandler {
  return (req, res, next) => {
    const allow = allowedOrigin(policy, req.headers.origin, isPublicRead);
    if (variesByOrigin(policy)) res.vary('Origin');
    if (allow !== null) {
      res.setHeader('Access-Control-Allow-Origin', allow);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    next();
  };
}

const PUBLIC_METHODS = ['GET', 'HEAD'];
const PUBLIC_REQUEST_HEADERS = ['if-none-match'];
const LISTED_REQUEST_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'if-match', 'if-none-match'];

/**
 * A CORS preflight (OPTIONS with Access-Control-Request-Method) to a path answering `allowed`
 * methods, of which `publicMethods` need no credential. Allowed: the CORS headers are added;
 * refused: none are, and the browser refuses the request.
 */
export function answerPreflight(policy: CorsPolicy, headers: IncomingHttpHeaders, res: Response, allowed: readonly string[], publicMethods: readonly string[]): void {
  const method = headers['access-control-request-method'];
  if (typeof method !== 'string') return;
  if (variesByOrigin(policy)) res.vary('Origin');
  const listed = policy.mode === 'listed';
  const methods = listed ? allowed.filter((m) => m !== 'OPTIONS') : PUBLIC_METHODS.filter((m) => publicMethods.includes(m));
  const origin = allowedOrigin(policy, headers.origin, methods.length > 0);
  const asked = (headers['access-control-request-headers'] ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  const allowedHeaders = listed ? LISTED_REQUEST_HEADERS : PUBLIC_REQUEST_HEADERS;
  if (origin === null || !methods.includes(method) || !asked.every((h) => allowedHeaders.includes(h))) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Methods', methods.join(', '));
  res.setHeader('Access-Control-Allow-Headers', allowedHeaders.map((h) => h.replace(/(^|-)\w/g, (c) => c.toUpperCase())).join(', '));
  res.setHeader('Access-Control-Max-Age', '600');
}
