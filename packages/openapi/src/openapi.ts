import { SCOPES, type Scope } from '@companion/auth';
import { CATEGORIES, type Category, type RouteDef } from '@companion/route-table';
import { jsonSchema, parameter, type Models } from './json-schema';
import { operationId } from './operation-id';
import { errorRef, errorResponses, errorSchema, HEADERS, IDEMPOTENCY_KEY, IF_MATCH, IF_NONE_MATCH, successResponse, type ErrorSchemas } from './responses';

type Json = Record<string, unknown>;

const TAGS: Record<Category, string> = {
  notices: 'Announcements to the client app, active within their windows',
  changelog: 'Stable and preview releases, and what a client needs to update',
  'user feedback': 'Feedback from users and its statistics',
  'system monitoring': 'The service index, health, this document and the API documentation',
  'software codenames': 'Release codenames on the periodic table',
  'mail service': 'Sending e-mail',
  'error information management': 'The catalogue of tunnel error explanations and its operation log',
};

const security = (route: RouteDef): Json[] => {
  if (route.scope) return [{ bearer: [route.scope] }];
  // An empty requirement first: the operation is public; a credential, if sent, must be valid.
  if (route.optionalScope) return [{}, { bearer: [route.optionalScope] }];
  return [];
};

const securityNote = (scope?: Scope, optional?: Scope) =>
  scope
    ? `Needs a credential with the \`${scope}\` scope.`
    : optional
      ? `Public. A credential with the \`${optional}\` scope widens the answer; a credential that is sent must be valid (401 otherwise).`
      : undefined;

function parameters(route: RouteDef): Json[] {
  return [
    ...Object.entries(route.params ?? {}).map(([name, schema]) => parameter(name, 'path', schema)),
    ...Object.entries(route.query ?? {}).map(([name, schema]) => parameter(name, 'query', schema)),
  ];
}

const isPage = (route: RouteDef) => route.media?.[0] === 'text/html';

function operation(route: RouteDef, errors: ErrorSchemas, models: Models): Json {
  const note = securityNote(route.scope, route.optionalScope);
  return {
    operationId: operationId(route.method, route.path, isPage(route)),
    summary: route.description,
    ...(note && { description: note }),
    tags: [route.category],
    security: security(route),
    parameters: [...parameters(route), ...(route.method === 'GET' ? [IF_NONE_MATCH] : []), ...(route.ifMatch ? [IF_MATCH] : []), ...(route.idempotent ? [IDEMPOTENCY_KEY] : [])],
    ...(route.body && {
      requestBody: {
        required: true,
        description: route.bodyMedia ? `${route.bodyMedia} (application/json is read the same), at most 64 KiB` : 'JSON, at most 64 KiB',
        content: { [route.bodyMedia ?? 'application/json']: { schema: jsonSchema(route.body, 'input', models), ...(route.example !== undefined && { example: route.example }) } },
      },
    }),
    responses: {
      ...(route.redirect === undefined ? { [route.status ?? 200]: successResponse(route, models) } : { 302: { description: route.redirect, headers: { Location: { description: 'where the build is', schema: { type: 'string', format: 'uri' } } } } }),
      ...(route.noContent !== undefined && { 204: { description: route.noContent } }),
      ...(route.method === 'GET' && { 304: { description: 'not modified: If-None-Match named the current ETag', headers: { ETag: { $ref: '#/components/headers/ETag' } } } }),
      ...errorResponses(route, errors),
      default: { $ref: '#/components/responses/Unexpected' },
    },
  };
}

/** HEAD answers what GET answers, without a body. */
function headOperation(get: RouteDef, errors: ErrorSchemas, models: Models): Json {
  const asGet = operation(get, errors, models);
  const { 200: ok, ...rest } = asGet.responses as Record<string, Json>;
  return {
    ...asGet,
    operationId: operationId('HEAD', get.path, isPage(get)),
    summary: `Headers of: ${get.description}`,
    responses: { ...(ok !== undefined && { 200: { description: 'success, without a body', headers: ok.headers } }), ...Object.fromEntries(Object.entries(rest).map(([status, r]) => [status, status === 'default' ? r : { ...r, content: undefined }])) },
  };
}

function optionsOperation(route: RouteDef, params: Json[], errors: ErrorSchemas): Json {
  return {
    operationId: operationId('OPTIONS', route.path, isPage(route)),
    summary: 'The methods this path answers',
    tags: ['system monitoring'],
    security: [],
    parameters: params,
    responses: {
      204: { description: 'no content; Allow lists the methods', headers: { Allow: { $ref: '#/components/headers/Allow' } } },
      // A parameter segment is decoded, so a malformed %-escape in it is refused.
      ...(params.length > 0 && { 400: { description: 'BAD_PARAMETER', content: { 'application/json': { schema: errorRef(['BAD_PARAMETER'], errors) } } } }),
      default: { $ref: '#/components/responses/Unexpected' },
    },
  };
}

/** The OpenAPI 3.1 document, generated from the route table and the same zod schemas the service runs. */
export function openApiDocument(routes: readonly RouteDef[], version: string): object {
  const paths: Record<string, Record<string, unknown>> = {};
  const errors: ErrorSchemas = new Map();
  const models: Models = new Map();
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const item = (paths[path] ??= {});
    item[route.method.toLowerCase()] = operation(route, errors, models);
    if (route.method === 'GET') item.head = headOperation(route, errors, models);
    item.options ??= optionsOperation(route, parameters(route).filter((p) => p.in === 'path'), errors);
  }
  return JSON.parse(
    JSON.stringify({
      openapi: '3.1.0',
      info: {
        title: 'Tunnel Companion Service',
        version,
        description:
          'Release changelogs, notices, feedback, codenames, health, e-mail and the tunnel error catalogue. Every GET answers a strong ETag and 304 to If-None-Match. A path with a method it does not answer is 405 METHOD_NOT_ALLOWED with Allow; an unknown path is 404 ROUTE_NOT_FOUND. See /docs.',
      },
      servers: [{ url: '/' }],
      tags: CATEGORIES.map((name) => ({ name, description: TAGS[name] })),
      paths,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: `Authorization: Bearer <CREDENTIAL>; credentials carry scopes (${SCOPES.join(', ')})` } },
        headers: HEADERS,
        schemas: { ...Object.fromEntries([...models].sort(([a], [b]) => (a < b ? -1 : 1))), Error: errorSchema(), ...Object.fromEntries([...errors].sort(([a], [b]) => (a < b ? -1 : 1))) },
        responses: {
          Unexpected: {
            description: 'any other failure: 404 ROUTE_NOT_FOUND, 405 METHOD_NOT_ALLOWED (with Allow), 500 INTERNAL_ERROR',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    }),
  );
}
