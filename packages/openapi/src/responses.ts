import { Count, Timestamp } from '@companion/schema';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';
import { jsonSchema, type Models } from './json-schema';

type Json = Record<string, unknown>;

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Headers the service sends, described once and referred to by the responses. */
export const HEADERS: Record<string, Json> = {
  ETag: { description: 'strong tag of the answer without its timestamp; send it back in If-None-Match', required: true, schema: { type: 'string', pattern: '^"[^"]+"$' } },
  Allow: { description: 'the methods this path answers', required: true, schema: { type: 'string' } },
  'WWW-Authenticate': { description: 'the Bearer challenge, with error="invalid_token", "invalid_request" or "insufficient_scope" when one applies', required: true, schema: { type: 'string' } },
  'Retry-After': { description: 'seconds to wait before retrying', required: true, schema: { type: 'integer', minimum: 1 } },
  RateLimit: { description: 'the limit, the requests left and the seconds until the window resets (IETF draft 7)', required: true, schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'the limit and its window in seconds (IETF draft 7)', required: true, schema: { type: 'string' } },
  'Content-Language': { description: 'the languages of the answer\'s items, the one chosen first (`lang`, else Accept-Language, else en, the originals\' own); the answer varies by Accept-Language', required: true, schema: { type: 'string' }, example: 'de, en' },
  'Idempotent-Replayed': { description: 'true: the answer of the first request sent with this Idempotency-Key, answered again; nothing was done this time', required: false, schema: { type: 'string', enum: ['true'] } },
};

export const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'a key unique to this write (a quoted Structured Field String, 1-255 printable ASCII characters; a random UUID): a retry with the same key, credential, method, path and body answers the first answer again (Idempotent-Replayed: true) without doing the write again; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED, a retry while the first is still running 409 IDEMPOTENCY_KEY_IN_USE, a malformed key 400 IDEMPOTENCY_KEY_INVALID. Each credential has keys of its own: a key never answers another credential\'s request. Keys are kept 24 hours, stored atomically with the write (a write that did not commit leaves no key); after that a request with the key is a new request. After the service\'s data was restored from an older backup, for 24 hours: a key the service does not hold that carries the time it was made (a UUIDv7) and was made before the restore was noticed is refused, 409 IDEMPOTENCY_KEY_LOST (its first answer may have been lost: check whether the change was made, then send it with a new key); a key without a time is taken as new, its answer marked `Idempotency-Key-Status: unverified-after-restore`.',
  schema: { type: 'string', pattern: '^"([\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\["\\\\])+"$', maxLength: 257 },
  example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
};

export const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'the ETag of the entry as last read (or *): the write happens only while the entry is still in that state, else 412 PRECONDITION_FAILED; checked together with the write, so two writers holding the same ETag cannot both win',
  schema: { type: 'string' },
  example: '"2jmj7l5rSw0yVb_vlWAYkK_YBwk"',
};

export const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'an ETag from an earlier answer: 304 without a body while it still matches',
  schema: { type: 'string' },
  example: '"2jmj7l5rSw0yVb_vlWAYkK_YBwk"',
};

/** The error body with `code` narrowed to the codes a response can carry. */
export function errorSchema(codes?: readonly ErrorCode[]): Json {
  return {
    type: 'object',
    required: ['success', 'error', 'timestamp'],
    additionalProperties: false,
    properties: {
      success: { type: 'boolean', const: false },
      error: {
        type: 'object',
        required: ['code', 'message', 'details'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: codes ?? Object.keys(ERROR_CODES) },
          message: { type: 'string' },
          details: {
            type: 'array',
            description: 'one entry per bad field or parameter',
            items: { type: 'object', required: ['path', 'message'], additionalProperties: false, properties: { path: { type: 'string' }, message: { type: 'string' } } },
          },
        },
      },
      timestamp: jsonSchema(Timestamp),
    },
  };
}

/** Named error schemas, one per set of codes, collected while the document is built. */
export type ErrorSchemas = Map<string, Json>;

const pascal = (code: string) => code.toLowerCase().replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** A reference to the error body narrowed to `codes` (`ErrorBadParameterInvalidJson`), registered once. */
export function errorRef(codes: readonly ErrorCode[], schemas: ErrorSchemas): Json {
  const name = `Error${codes.map(pascal).join('')}`;
  if (!schemas.has(name)) schemas.set(name, errorSchema(codes));
  return { $ref: `#/components/schemas/${name}` };
}

const isList = (schema: z.ZodType | undefined) => schema instanceof z.ZodArray || schema instanceof z.ZodRecord;

/** The JSON answer of a route: its own shape, or the envelope around its `data`. */
function successJson(route: RouteDef, models: Models): Json {
  if (route.answer) return jsonSchema(route.answer, 'output', models);
  if (!route.data) throw new Error(`${route.method} ${route.path}: the route table gives no data schema`);
  const envelope = z.strictObject({
    success: z.literal(true),
    ...(isList(route.data) && { count: Count.meta({ description: 'number of items in data' }) }),
    data: route.data,
    ...route.extra,
    timestamp: Timestamp,
  });
  return jsonSchema(envelope, 'output', models);
}

const TEXT_SCHEMAS: Record<string, Json> = {
  'text/html': { type: 'string', description: 'an HTML page' },
  'text/css': { type: 'string', description: 'a stylesheet' },
  'text/plain': { type: 'string', description: 'Prometheus text exposition format 0.0.4' },
  'application/rss+xml': { type: 'string', description: 'an RSS 2.0 feed' },
  'application/atom+xml': { type: 'string', description: 'an Atom 1.0 feed' },
  'application/yaml': { type: 'string', description: "an electron-updater channel file (YAML)" },
  'application/feed+json': {
    type: 'object',
    description: 'a JSON Feed 1.1',
    required: ['version', 'title', 'home_page_url', 'feed_url', 'items'],
    properties: {
      version: { type: 'string', const: 'https://jsonfeed.org/version/1.1' },
      title: { type: 'string' },
      home_page_url: { type: 'string' },
      feed_url: { type: 'string' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'url', 'title', 'content_html', 'summary', 'date_modified'],
          properties: { id: { type: 'string' }, url: { type: 'string' }, title: { type: 'string' }, content_html: { type: 'string' }, summary: { type: 'string' }, date_modified: { type: 'string', format: 'date-time' } },
        },
      },
    },
  },
};

const mediaOf = (route: RouteDef): readonly string[] => route.media ?? ['application/json'];
const isRateLimited = (route: RouteDef) => route.method !== 'GET';

export function successResponse(route: RouteDef, models: Models): Json {
  const content = Object.fromEntries(mediaOf(route).map((type) => [type, { schema: type === 'application/json' ? successJson(route, models) : TEXT_SCHEMAS[type] }]));
  const headers = {
    ...((route.method === 'GET' || route.answersTag) && { ETag: header('ETag') }),
    // A route that takes `lang` answers in a negotiated language.
    ...(route.query?.lang !== undefined && { 'Content-Language': header('Content-Language') }),
    ...(isRateLimited(route) && { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimit-Policy') }),
    ...(route.idempotent && { 'Idempotent-Replayed': header('Idempotent-Replayed') }),
  };
  const description = route.status === 201 ? 'created' : route.status === 202 ? 'accepted' : 'success';
  return { description, ...(Object.keys(headers).length > 0 && { headers }), content };
}

/** Every error a route can answer: those its shape implies plus those it declares. */
function routeErrors(route: RouteDef): ErrorCode[] {
  // A route refuses bad parameters and, unless it ignores them, query parameters it does not
  // take; any route can fail unexpectedly.
  const refusesParameters = route.unknownQuery !== 'ignore' || route.params !== undefined || route.query !== undefined;
  const codes: ErrorCode[] = [...(refusesParameters ? (['BAD_PARAMETER'] as const) : []), 'INTERNAL_ERROR'];
  if (route.scope) codes.push('UNAUTHORIZED', 'FORBIDDEN');
  if (route.optionalScope) codes.push('UNAUTHORIZED');
  if (route.body) codes.push('INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_FAILED');
  if (isRateLimited(route)) codes.push('RATE_LIMITED');
  if (route.idempotent) codes.push('IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_LOST', 'IDEMPOTENCY_KEY_REUSED');
  return [...new Set([...codes, ...(route.errors ?? [])])];
}

const STATUS_HEADERS: Record<number, string[]> = {
  401: ['WWW-Authenticate'],
  403: ['WWW-Authenticate'],
  429: ['Retry-After', 'RateLimit', 'RateLimit-Policy'],
};

/** One response per status, its codes listed; pages answer their errors as HTML unless JSON is preferred. */
export function errorResponses(route: RouteDef, schemas: ErrorSchemas): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrors(route)) byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
  const html = mediaOf(route).includes('text/html');
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => {
      const headers = Object.fromEntries((STATUS_HEADERS[status] ?? []).map((name) => [name, header(name)]));
      const content = { ...(html && { 'text/html': { schema: { type: 'string', description: 'an error page' } } }), 'application/json': { schema: errorRef(codes, schemas) } };
      return [String(status), { description: codes.join(', '), ...(Object.keys(headers).length > 0 && { headers }), content }];
    }),
  );
}
