import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SCOPES } from '@companion/auth';
import { ERROR_CODES } from '@companion/http-kit';
import { call, startServer, type TestServer } from './server';

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/API.md'), 'utf8');

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('API documentation', () => {
  it('lists every error code with its status', () => {
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(doc).toContain(`| \`${code}\` | ${status} |`);
    }
    const documented = [...doc.matchAll(/^\| `([A-Z_]+)` \| \d{3} \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it('mentions every route of the service index', async () => {
    const { body } = await call(`${server.url}/api`);
    for (const group of Object.values<Record<string, string>>(body.endpoints)) {
      for (const route of Object.keys(group)) expect(doc).toContain(`\`${route}\``);
    }
  });

  it('serves an OpenAPI document that describes every route, with request schemas', async () => {
    const { status, body } = await openApi();
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.paths['/api/notice/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    const mail = body.paths['/api/send_email'].post;
    expect(mail.security).toEqual([{ bearer: ['email:send'] }]);
    expect(mail.requestBody.content['application/json'].schema.properties.subject).toBeDefined();
    expect(body.components.schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
    expect(body.paths['/api/tunnel/errors/search'].get.parameters.map((p: any) => p.name)).toEqual(['q', 'category', 'severity', 'limit', 'lang', 'If-None-Match']);
    expect(Object.keys(body.paths['/api/tunnel/errors/addNew'].post.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '409', '413', '415', '422', '429', '503']));
    expect(Object.keys(body.paths['/api/notice/{id}'].get.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '404']));
    expect(Object.keys(mail.responses)).toEqual(expect.arrayContaining(['202', '502', '504']));
    const ids = Object.values<any>(body.paths).flatMap((ops) => Object.values<any>(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('types parameters, media types, security, headers and the envelope members exactly', async () => {
    const { body } = await openApi();
    const op = (path: string, method = 'get') => body.paths[path][method];
    const ok = (path: string, method = 'get', status = '200') => op(path, method).responses[status];
    expect(op('/api/notice/{id}').parameters[0].schema).toEqual({ type: 'integer', minimum: 1, maximum: 9_999_999_999 });
    expect(op('/api/tunnel/errors/{flag}').parameters[0].schema).toMatchObject({ type: 'string', maxLength: 32, pattern: '^[A-Z]+[0-9]+$' });
    expect(op('/api/feedback').parameters.find((p: any) => p.name === 'per_page').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
    expect(op('/api/tunnel/errors/logs').parameters.find((p: any) => p.name === 'operation').schema.enum).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    // Public operations say so; the statistics take an optional credential.
    expect(op('/api/notice').security).toEqual([]);
    expect(op('/api/tunnel/errors/stats').security).toEqual([{}, { bearer: ['errors:read-log'] }]);
    expect(Object.keys(ok('/api/tunnel/errors/stats', 'get', '401').headers)).toEqual(['WWW-Authenticate']);
    expect(Object.keys(ok('/api/feedback', 'post', '429').headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit']));
    expect(Object.keys(ok('/api/notice').headers)).toEqual(['ETag', 'Content-Language']);
    expect(Object.keys(ok('/api/notice/types').headers)).toEqual(['ETag']);
    // Pages answer HTML or JSON, their errors too; the stylesheet is CSS.
    expect(Object.keys(ok('/elements').content)).toEqual(['text/html', 'application/json']);
    expect(Object.keys(ok('/codename/{codename}', 'get', '404').content)).toEqual(['text/html', 'application/json']);
    expect(Object.keys(ok('/assets/pages.css').content)).toEqual(['text/css']);
    // The envelope's members are required, beside data where the route answers more.
    const envelope = (path: string, method = 'get', status = '200') => ok(path, method, status).content['application/json'].schema;
    expect(envelope('/api/feedback').required).toEqual(['success', 'count', 'data', 'total', 'timestamp']);
    expect(envelope('/api/tunnel/errors/addNew', 'post', '201').required).toEqual(['success', 'data', 'logs_count', 'timestamp']);
    expect(envelope('/').required).toEqual(['message', 'version', 'timestamp', 'endpoints']);
    expect(envelope('/health').properties.data).toBeUndefined();
    expect(Object.keys(envelope('/api/feedback/stats').properties.data.properties.by_type.properties)).toEqual(['bug', 'suggestion', 'question', 'other']);
    expect(envelope('/api/notice/types').properties.data.properties.total.minimum).toBe(0);
    // What the body schema of a request cannot say in zod's words, it says in JSON Schema's.
    const mail = op('/api/send_email', 'post').requestBody.content['application/json'];
    expect(mail.schema.anyOf).toEqual([{ required: ['text'] }, { required: ['markdown'] }]);
    expect(mail.example).toBeDefined();
    expect(op('/api/feedback', 'post').requestBody.content['application/json'].schema.properties.content.pattern).toBe('\\S');
    expect(op('/api/tunnel/errors/{flag}', 'put').requestBody.content['application/json'].schema.properties.created_at.readOnly).toBe(true);
    expect([op('/').operationId, op('/api').operationId, op('/api/notice/{id}').operationId]).toEqual(['getRoot', 'getApi', 'getNoticeById']);
    expect(body.paths['/api/notice/{id}'].head.responses['200'].content).toBeUndefined();
    expect(body.paths['/api/notice/{id}'].options.responses['204'].headers.Allow).toBeDefined();
  });

  it('names in its security scheme every scope a credential can carry, every operation\'s among them', async () => {
    const { body } = await openApi();
    const named = /credentials carry scopes \(([^)]*)\)/.exec(body.components.securitySchemes.bearer.description)![1]!.split(', ');
    expect([...named].sort()).toEqual([...SCOPES].sort());
    const required = new Set(Object.values(body.paths).flatMap((methods: any) => Object.values(methods).flatMap((op: any) => (op.security ?? []).flatMap((need: any) => need.bearer ?? []))));
    expect(required.size).toBeGreaterThan(4);
    for (const scope of required) expect(named).toContain(scope);
  });

  it('answers every GET with data of the schema it documents', async () => {
    const { body: spec } = await openApi();
    const samples: Record<string, string> = { id: '1', version: '1.9.0', flag: 'PORT1001', codename: 'neon' };
    let checked = 0;
    for (const [path, ops] of Object.entries<any>(spec.paths)) {
      const schema = ops.get?.responses['200']?.content?.['application/json']?.schema;
      const needsCredential = ops.get?.security.length === 1 && ops.get.security[0].bearer;
      if (!schema?.properties?.data || needsCredential) continue;
      const url = path.replace(/\{(\w+)\}/g, (_: string, name: string) => (name === 'version' && path.includes('preview') ? '1.12.0-beta.1' : samples[name]!));
      const { status, body } = await call(server.url + url, { headers: { accept: 'application/json' } });
      expect([url, status]).toEqual([url, 200]);
      const dataSchema = schema.properties.data;
      expect([url, matchesJsonSchema(body.data, dataSchema)]).toEqual([url, true]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(14);
    // The check itself rejects what the documents forbid: a missing field, an extra one, a wrong type.
    const entrySchema = spec.paths['/api/tunnel/errors/{flag}'].get.responses['200'].content['application/json'].schema.properties.data;
    const { body } = await call(`${server.url}/api/tunnel/errors/PORT1001`);
    expect(matchesJsonSchema(body.data, entrySchema)).toBe(true);
    const { Info: _info, ...missing } = body.data;
    for (const wrong of [missing, { ...body.data, extra: 1 }, { ...body.data, Solution: 'text' }, { ...body.data, created_at: '2026-01-01T00:00:00Z' }]) {
      expect(matchesJsonSchema(wrong, entrySchema)).toBe(false);
    }
  });

  it('serves the documentation as JSON when the request prefers it', async () => {
    const { status, body } = await call(`${server.url}/docs`, { headers: { accept: 'application/json' } });
    expect(status).toBe(200);
    expect(body.data.markdown).toContain('# Tunnel Companion Service API');
  });

  it('answers errors under the HTML paths as pages, or as JSON when preferred', async () => {
    for (const path of ['/elements/x', '/docs/x', '/codename/neon/extra', '/codename/%E0%A4%A']) {
      const page = await fetch(server.url + path);
      expect([path, page.headers.get('content-type')]).toEqual([path, 'text/html; charset=utf-8']);
      expect(page.status).toBeGreaterThanOrEqual(400);
      const json = await call(server.url + path, { headers: { accept: 'application/json' } });
      expect(json.body.success).toBe(false);
    }
    const post = await fetch(`${server.url}/elements`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('serves the documentation as a page, with a table of contents linking every section', async () => {
    const res = await fetch(`${server.url}/docs`);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<h1>Tunnel Companion Service API</h1>');
    const sections = [...doc.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
    const ids = [...html.matchAll(/<h2 id="([^"]+)">/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(sections.length);
    expect(new Set(ids).size).toBe(ids.length);
    const toc = /<nav class="toc"[^>]*>([\s\S]*?)<\/nav>/.exec(html)![1]!;
    for (const id of ids) expect(toc).toContain(`href="#${id}"`);
    expect(ids).toContain('error-information-management');
    expect(html).toContain('<td><code>DUPLICATE_FLAG</code></td>');
  });
});

/** A small JSON Schema check (the keywords zod emits here), enough to hold answers to the docs. */
/**
 * The OpenAPI document with each named model (`$ref: #/components/schemas/Notice`) written out
 * where it is used, so the checks below read every schema in place.
 */
async function openApi(): Promise<{ status: number; body: any }> {
  const { status, body } = await call(`${server.url}/openapi.json`);
  const models = body.components.schemas;
  const inline = (value: any): any => {
    if (Array.isArray(value)) return value.map(inline);
    if (value === null || typeof value !== 'object') return value;
    if (typeof value.$ref === 'string' && value.$ref.startsWith('#/components/schemas/')) return inline(models[value.$ref.slice('#/components/schemas/'.length)]);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inline(item)]));
  };
  return { status, body: { ...body, paths: inline(body.paths) } };
}

function matchesJsonSchema(value: unknown, schema: any): boolean {
  if (schema.anyOf) return schema.anyOf.some((option: any) => matchesJsonSchema(value, option));
  if (schema.type === 'null') return value === null;
  if (schema.type === 'string') return typeof value === 'string' && (!schema.pattern || new RegExp(schema.pattern).test(value));
  if (schema.type === 'integer') return Number.isInteger(value);
  if (schema.type === 'number') return typeof value === 'number';
  if (schema.type === 'boolean') return typeof value === 'boolean';
  if (schema.enum) return schema.enum.includes(value);
  if (schema.type === 'array') return Array.isArray(value) && value.every((item) => matchesJsonSchema(item, schema.items));
  if (schema.type === 'object') {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    if ((schema.required ?? []).some((key: string) => !(key in record))) return false;
    return Object.entries(record).every(([key, item]) =>
      key in properties ? matchesJsonSchema(item, properties[key]) : schema.additionalProperties === false ? false : schema.additionalProperties ? matchesJsonSchema(item, schema.additionalProperties) : true,
    );
  }
  return true;
}
