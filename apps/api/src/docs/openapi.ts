import { z } from 'zod';
import { ERROR_CODES } from '../http/errors';
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

const errorResponse = (status: number) => ({
  description: Object.entries(ERROR_CODES).filter(([, e]) => e.status === status).map(([code]) => code).join(', '),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The OpenAPI 3.1 document, generated from the route table and the same zod schemas. */
export function openApiDocument(routes: readonly RouteDef[], version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const params = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const query = Object.entries(route.query ?? {}).map(([name, description]) => ({ name, in: 'query', required: false, description, schema: { type: 'string' } }));
    const success = route.method === 'POST' ? (route.path.endsWith('send_email') ? 202 : 201) : 200;
    const responses: Record<string, object> = {
      [success]: { description: 'success', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
    };
    if (route.method === 'GET') responses['304'] = { description: 'not modified (If-None-Match matched the strong ETag)' };
    if (params.length > 0 || query.length > 0) responses['400'] = errorResponse(400);
    if (route.scope) Object.assign(responses, { 401: errorResponse(401), 403: errorResponse(403) });
    if (route.body) Object.assign(responses, { 413: errorResponse(413), 415: errorResponse(415), 422: errorResponse(422), 429: errorResponse(429) });
    (paths[path] ??= {})[route.method.toLowerCase()] = {
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
    tags: CATEGORIES.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Envelope: envelope, Error: errorBody },
    },
  };
}
