import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers of every JSON answer. A JSON document is never a page: it may load nothing
 * and be framed by nothing, and browsers must not sniff it into HTML.
 */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** Only sent on answers to requests that arrived over HTTPS: over plain HTTP it means nothing. */
export const HSTS = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const;

/** Whether an address may speak for the client (Express's compiled `trust proxy` setting). */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/** Whether the request arrived over HTTPS: TLS here, or X-Forwarded-Proto from a trusted proxy (as Express's req.protocol). */
export function arrivedOverHttps(req: IncomingMessage, trust: TrustProxy): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  if (typeof forwarded !== 'string' || !trust(req.socket.remoteAddress, 0)) return false;
  const comma = forwarded.indexOf(',');
  return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim() === 'https';
}

/** Before every Express route: the JSON policy, HSTS over HTTPS, and `no-store` unless a route says otherwise. */
export function apiHeaders(trust: TrustProxy): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of API_HEADERS) res.setHeader(name, value);
    if (arrivedOverHttps(req, trust)) res.setHeader(HSTS[0], HSTS[1]);
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

// helmet's whole page policy; HSTS stays with apiHeaders, which knows whether the request was HTTPS.
// The service may run on plain HTTP (on loopback, or behind a TLS proxy that adds its own
// policy), so the CSP must not tell browsers to fetch its stylesheets over https.
const pagePolicy = helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } }, strictTransportSecurity: false });

/** Replaces the JSON policy by helmet's page policy on an HTML (or CSS) answer. */
export function usePagePolicy(req: IncomingMessage, res: ServerResponse): void {
  pagePolicy(req, res, () => undefined);
}

/** How long shared caches and clients may reuse a public read, and serve it stale while revalidating. */
export const MAX_AGE_S = 30;
export const STALE_WHILE_REVALIDATE_S = 60;
export const PUBLIC_CACHE_CONTROL = `public, max-age=${MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
/** A public read that a write through the API may change at any moment: caches must ask every time. */
export const REVALIDATE_CACHE_CONTROL = 'public, no-cache';
/** An answer for one client (an update check with its install id): its own cache may reuse it, no shared one. */
export const PRIVATE_CACHE_CONTROL = `private, max-age=${MAX_AGE_S}`;

/**
 * Cache-Control of a public read that holds until `validUntil` (ms): neither freshness nor the
 * stale window reaches past that instant, so no cache serves a notice past its window.
 */
export function publicCacheControl(validUntil: number | undefined, nowMs: number): string {
  if (validUntil === undefined) return PUBLIC_CACHE_CONTROL;
  const left = Math.floor((validUntil - nowMs) / 1000);
  if (left >= MAX_AGE_S + STALE_WHILE_REVALIDATE_S) return PUBLIC_CACHE_CONTROL;
  if (left <= 0) return 'public, no-cache';
  const maxAge = Math.min(MAX_AGE_S, left);
  return `public, max-age=${maxAge}, stale-while-revalidate=${left - maxAge}`;
}

/** helmet's page policy as a raw header list, for answers written without Express. */
export function pageHeaderList(): string[] {
  const headers: string[] = [];
  const recorder = { setHeader: (name: string, value: string) => headers.push(name, value), removeHeader: () => undefined, getHeader: () => undefined };
  pagePolicy({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}
