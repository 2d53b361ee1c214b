import fc from 'fast-check';
import { bodyText, hostileString, valueOf, type JsonSchema } from './fuzz-schema';

/** One route as /openapi.json (generated from the route table and its zod schemas) describes it. */
export interface RouteSpec {
  method: string;
  /** OpenAPI path, parameters written `{name}`. */
  path: string;
  query: string[];
  body?: JsonSchema;
  scope?: string;
}

export interface FuzzRequest {
  method: string;
  /** Raw request target: path and query string, already percent-encoded (or deliberately not). */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

/** A schema with each named model (`$ref: #/components/schemas/...`) written out in place. */
function inlineModels(value: any, models: Record<string, any>): any {
  if (Array.isArray(value)) return value.map((item) => inlineModels(item, models));
  if (value === null || typeof value !== 'object') return value;
  if (typeof value.$ref === 'string') return inlineModels(models[value.$ref.replace('#/components/schemas/', '')], models);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineModels(item, models)]));
}

/** Routes from an OpenAPI document; a body's schema is that of its one media type (JSON, or a merge patch). */
export function routesOf(document: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any> } }): RouteSpec[] {
  const models = document.components?.schemas ?? {};
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    // HEAD and OPTIONS mirror GET and the route table; the fuzzer sends those methods itself.
    Object.entries(operations).filter(([method]) => method !== 'head' && method !== 'options').map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name as string),
      body: inlineModels(Object.values<any>(op.requestBody?.content ?? {})[0]?.schema, models),
      scope: op.security?.[0]?.bearer?.[0],
    })),
  );
}

/** Percent-encodes every byte that is not unreserved, so lone surrogates and NUL reach the server as bytes. */
export const encode = (value: string): string =>
  [...Buffer.from(value, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** Encoded forms that are not the encoding of any string: kept raw. */
const RAW_SEGMENTS = ['%', '%zz', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%00', '%ED%A0%80', '%C0%AE%C0%AE', '%FF%FE', '%252e%252e', '..', '.', '%2F', 'a%00b'];

const paramValue = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('PORT1001', 'TLS3001', 'NOPE9999', '1', '2', '999', '1.9.0', '1.12.0-beta.1', 'latest', 'hydrogen', 'Helium', 'oganesson').map(encode) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Z]{1,6}[0-9]{1,6}$/) },
  { weight: 2, arbitrary: fc.oneof(fc.string({ maxLength: 40 }), hostileString, fc.integer().map(String), fc.constant('9'.repeat(400))).map(encode) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
);

const queryValue = fc.oneof(
  fc.constantFrom('tls', 'port', 'certificate', 'PORT1001', 'network', 'high', 'low', 'CREATE', 'bug', '1', '20', '100', '0', '-1', '501', '1e3', ''),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  hostileString,
  fc.constant('q'.repeat(5000)),
).map(encode);

const queryString = (known: string[]) =>
  fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: known.length > 0 ? fc.tuple(fc.constantFrom(...known), queryValue) : fc.tuple(fc.constant('x'), queryValue) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom('__proto__', 'constructor', 'q[]', 'limit[a]', 'access_token', 'x', '', '%00', '%'), queryValue) },
        { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }).map(encode), queryValue) },
      ),
      { maxLength: 4 },
    )
    .chain((pairs) =>
      // Sometimes one parameter twice (duplicates), sometimes a bare key or a lone '&'.
      fc.constantFrom('pairs', 'dup', 'bare', 'empty').map((shape) => {
        if (shape === 'empty') return '?';
        const parts = pairs.map(([k, v]) => `${k}=${v}`);
        if (shape === 'dup' && pairs[0]) parts.push(`${pairs[0][0]}=${pairs[0][1]}`);
        if (shape === 'bare') parts.push(pairs[0]?.[0] ?? '&');
        return parts.length > 0 ? `?${parts.join('&')}` : '';
      }),
    );

const pathOf = (route: RouteSpec) =>
  fc
    .tuple(
      fc.array(paramValue, { minLength: 4, maxLength: 4 }),
      fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '//', '/..', '/%2e%2e/%2e%2e/etc/passwd', '/x', '.json', '%00') }),
      fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
    )
    .map(([values, suffix, upper]) => {
      let i = 0;
      const path = route.path.replace(/\{\w+\}/g, () => values[i++]!) + suffix;
      return upper ? path.toUpperCase() : path;
    });

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'PROPFIND'];
const CONTENT_TYPES = ['application/json', 'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/merge-patch+json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''];

const headersFor = (token: string) =>
  fc
    .record(
      {
        authorization: fc.constantFrom(`Bearer ${token}`, `Bearer ${token}`, `Bearer ${token}`, `Bearer ${token}`, `Bearer ${token}`, `Bearer ${token}`, '', 'Bearer ', 'Bearer wrong-token', `Basic ${Buffer.from('a:b').toString('base64')}`, `bearer ${token}`, `Bearer ${'x'.repeat(5000)}`, `Bearer ${token} extra`),
        accept: fc.constantFrom('application/json', 'text/html', '*/*', 'text/html;q=0.1, application/json', 'image/png', 'garbage;;;q=x'),
        'content-type': fc.constantFrom(...CONTENT_TYPES),
        'if-none-match': fc.constantFrom('*', '"abc"', 'W/"abc"', 'garbage', '"' + 'a'.repeat(3000) + '"'),
        'x-request-id': fc.constantFrom('abc', 'x'.repeat(500), '../../etc'),
        'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage, ::1', '999.999.999.999'),
        'content-encoding': fc.constantFrom('gzip', 'identity', 'br'),
      },
      { requiredKeys: [] },
    )
    .chain((headers) => fc.integer({ min: 0, max: 9 }).map((n) => (n < 7 && headers.authorization === undefined ? { ...headers, authorization: `Bearer ${token}` } : headers)))
    .chain((headers) => fc.integer({ min: 0, max: 9 }).map((n) => (n < 7 ? { ...headers, 'content-type': 'application/json', 'content-encoding': undefined } : headers)))
    .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>);

/** A request aimed at one route of the table, with mutations. */
export function requestFor(route: RouteSpec, token: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.oneof({ weight: 6, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      path: pathOf(route),
      query: queryString(route.query),
      headers: headersFor(token),
      body: bodyText(route.body),
      sendBody: fc.boolean(),
    })
    .map(({ method, path, query, headers, body, sendBody }) => ({
      method,
      target: path + query,
      headers,
      ...((['POST', 'PUT', 'PATCH'].includes(method) || sendBody) && { body }),
    }));
}

/** A well-formed POST to a route without path parameters: the body its schema allows, the token, JSON. */
function plainWrite(routes: RouteSpec[], token: string): fc.Arbitrary<FuzzRequest> {
  const writes = routes.filter((route) => route.method === 'POST' && route.body && !route.path.includes('{'));
  return fc.constantFrom(...writes).chain((route) =>
    valueOf(route.body!).map((body) => ({
      method: 'POST',
      target: route.path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })),
  );
}

/** A request anywhere: a route of the table (mutated), a plain write, or a made-up path. */
export function anyRequest(routes: RouteSpec[], token: string): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...routes).chain((route) => requestFor(route, token)) },
    // Mutations rarely leave a write valid; this arm makes sure the write paths are reached in every run.
    { weight: 1, arbitrary: plainWrite(routes, token) },
    { weight: 1, arbitrary: fc.record({ method: fc.constantFrom(...METHODS), target: fc.webPath().map((p) => encode(p).replace(/%2F/g, '/') || '/'), headers: headersFor(token) }) },
  );
}
