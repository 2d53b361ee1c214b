import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../http/errors';
import { CATEGORIES, type RouteDef } from '../routes/table';

const envelope = {
  type: 'object',
  required: ['success', 'data', 'timestamp'],
  properties: {
    success: { const: true },
    count: { type: 'integer', description: 'number of items in data, on lists' },
    data: {},
    timestamp: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}$', description: 'UTC, no zone, six fraction digits' },
  },
};

const errorBody = {
  type: 'object',
  required: ['success', 'error', 'timestamp'],
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      properties: {
        code: { enum: Object.keys(ERROR_CODES) },
        message: { type: 'string' },
        details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
    timestamp: { type: 'string' },
  },
};

/** The envelope, with the route's `data` schema where it declares one. */
function successSchema(route: RouteDef): object {
  const envelopeRef = { $ref: '#/components/schemas/Envelope' };
  if (!route.data) return envelopeRef;
  return { allOf: [envelopeRef, { type: 'object', properties: { data: z.toJSONSchema(route.data, { io: 'output', unrepresentable: 'any' }) } }] };
}

/** Every error a route can answer: those its shape implies plus those it declares. */
function routeErrors(route: RouteDef): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (route.path.includes(':') || route.query) codes.push('BAD_PARAMETER');
  if (route.scope) codes.push('UNAUTHORIZED', 'FORBIDDEN');
  if (route.body) codes.push('INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_FAILED');
  if (route.method !== 'GET') codes.push('RATE_LIMITED');
  return [...codes, ...(route.errors ?? [])];
}

function errorResponses(codes: readonly ErrorCode[]): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(ERROR_CODES[code].status, [...(byStatus.get(ERROR_CODES[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [status, { description: list.join(', '), content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
  );
}

const operationId = (route: RouteDef) =>
  route.method.toLowerCase() + route.path.split(/[/_.-]/).filter(Boolean).map((part) => (part.startsWith(':') ? `By${part[1]!.toUpperCase()}${part.slice(2)}` : part[0]!.toUpperCase() + part.slice(1))).join('');

/** The OpenAPI 3.1 document, generated from the route table and the same zod schemas. */
export function openApiDocument(routes: readonly RouteDef[], version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const params = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const query = Object.entries(route.query ?? {}).map(([name, description]) => ({ name, in: 'query', required: false, description, schema: { type: 'string' } }));
    const success = route.method === 'POST' ? (route.path.endsWith('send_email') ? 202 : 201) : 200;
    const responses: Record<string, object> = {
      [success]: { description: 'success', content: { 'application/json': { schema: successSchema(route) } } },
      ...(route.method === 'GET' && { 304: { description: 'not modified (If-None-Match matched the strong ETag)' } }),
      ...errorResponses(routeErrors(route)),
    };
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: route.description,
      tags: [route.category],
      parameters: [...params, ...query],
      ...(route.scope && { security: [{ bearer: [route.scope] }], description: `Needs a credential with the \`${route.scope}\` scope.` }),
      ...(route.body && { requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) } } } }),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tunnel Companion Service', version },
    servers: [{ url: '/' }],
    tags: CATEGORIES.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Envelope: envelope, Error: errorBody },
    },
  };
}
