import { createHash } from 'node:crypto';
import { formatTimestamp, type Clock } from '@companion/schema';
import type { Request, Response } from 'express';
import { dataMembers, envelopeBody } from './read';
import { BoundedMap } from './bounded-map';
import { ApiError } from './errors';

/** The members of a JSON object without its braces, so envelopes can be built by concatenation. */
export const members = (fields: Record<string, unknown>): string => JSON.stringify(fields).slice(1, -1);

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * ETags of the bodies and data most recently sent. They are built once per snapshot and then
 * reused, so looking one up costs a map probe, not a hash of the whole body per request. Bounded
 * in bytes: a key is a body, which the map would otherwise keep alive.
 */
// Distinct large answers (searches) must not pin their bodies here: bounded in bytes.
const recentTags = new BoundedMap<string, string>(32 * 1024 * 1024);
export function cachedEtagOf(data: string): string {
  let etag = recentTags.get(data);
  if (etag === undefined) {
    etag = etagOf(data);
    recentTags.set(data, etag, 64 + data.length * 2);
  }
  return etag;
}

/** True when If-None-Match lists `etag` (or `*`); `etag` may be a list of one representation's equivalents. */
export function ifNoneMatch(header: string | undefined, etags: readonly string[]): boolean {
  if (!header) return false;
  if (etags.includes(header)) return true; // what a client that kept one answer sends: its ETag alone
  return header.split(',').some((tag) => {
    const t = tag.trim();
    const strong = t.startsWith('W/') ? t.slice(2) : t;
    return t === '*' || etags.includes(strong);
  });
}

const matches = (req: Request, etag: string) => ifNoneMatch(req.headers['if-none-match'], [etag]);

/** Sends a GET's answer with a strong ETag (by default over the body) and 304 when the client holds it. */
export function sendTagged(req: Request, res: Response, type: string, body: string | (() => string), etag = cachedEtagOf(body as string)): void {
  res.setHeader('ETag', etag);
  if (matches(req, etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type(type).send(typeof body === 'string' ? body : body());
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends `{<members>,"timestamp":"..."[,<after>]}`. The strong ETag covers everything but the
 * timestamp, so an unchanged answer revalidates with 304 even though each response is stamped
 * anew. `after` holds members that follow the timestamp (the service index's endpoints).
 */
export function sendEnvelope(req: Request, res: Response, clock: Clock, body: string, status = 200, etag?: string, after = '', micros = clock.nowMicros()): void {
  const stamped = () => envelopeBody(body, formatTimestamp(micros), after);
  if ((req.method === 'GET' || req.method === 'HEAD') && status === 200) sendTagged(req, res, JSON_TYPE, stamped, etag ?? etagOf(body + after));
  else res.status(status).type(JSON_TYPE).send(stamped());
}

/** `{ success: true, [count,] data, timestamp }`; `dataJson` is already serialised. */
export function sendData(req: Request, res: Response, clock: Clock, dataJson: string, count?: number, status = 200): void {
  // count is derived from the data, so the data alone decides the tag.
  sendEnvelope(req, res, clock, dataMembers(dataJson, count), status, cachedEtagOf(dataJson));
}

export function errorBody(error: ApiError): string {
  return members({ success: false, error: { code: error.code, message: error.message, details: error.details } });
}
