import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '@companion/schema';
import { corsFromEnv, PUBLIC_CACHE_CONTROL } from '@companion/http-kit';
import { rawRequest, servedFast } from './raw-http';
import { SHIPPED_CONTENT, startServer, type TestServer } from './server';

const TOKEN = 'policy-test-token';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: `${TOKEN}=*` });
});
afterAll(() => server.close());

const JSON_POLICY = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };

describe('response headers', () => {
  it.each([
    ['/api/notice', 200, true],
    ['/api/tunnel/errors/search?q=port', 200, true],
    ['/health', 200, false],
    ['/api/tunnel/errors/stats', 200, false],
    ['/api/notice/999999', 404, false],
    ['/api/nothing', 404, false],
  ] as const)('JSON answer %s (status %s, fast path %s) carries the JSON policy', async (path, status, fast) => {
    const answer = await rawRequest(server.url + path);
    expect([answer.status, servedFast(answer)]).toEqual([status, fast]);
    expect(answer.headers).toMatchObject(JSON_POLICY);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('HTML error pages keep the page policy', async () => {
    const answer = await rawRequest(`${server.url}/codename/unobtainium`);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends HSTS only when the request arrived over HTTPS through a trusted proxy', async () => {
    const trusting = await startServer({ deps: { trustProxy: true } });
    try {
      for (const path of ['/api/notice', '/api/notice', '/health', '/elements']) {
        const https = await rawRequest(trusting.url + path, { headers: { 'x-forwarded-proto': 'https' } });
        expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const http = await rawRequest(trusting.url + path, { headers: { 'x-forwarded-proto': 'http' } });
        expect(http.headers['strict-transport-security']).toBeUndefined();
        // Without trust proxy, the header is the client's word and counts for nothing.
        const untrusted = await rawRequest(server.url + path, { headers: { 'x-forwarded-proto': 'https' } });
        expect(untrusted.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await trusting.close();
    }
  });

  it('caches public reads briefly, never private or failed answers', async () => {
    for (const path of ['/api/changelog', '/api/tunnel/errors', '/openapi.json', '/elements', '/']) {
      expect((await rawRequest(server.url + path)).headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    }
    expect(PUBLIC_CACHE_CONTROL).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await rawRequest(`${server.url}/api/feedback`, { headers: auth })).headers['cache-control']).toBe('no-store');
    expect((await rawRequest(`${server.url}/api/tunnel/errors/logs`, { headers: auth })).headers['cache-control']).toBe('no-store');
    expect((await rawRequest(`${server.url}/api/tunnel/errors/stats`, { headers: auth })).headers['cache-control']).toBe('no-store');
    expect((await rawRequest(`${server.url}/api/notice/999999`)).headers['cache-control']).toBe('no-store');
  });
});

describe('notice answers near a window boundary', () => {
  const T = Date.parse('2030-06-01T12:00:00Z');
  let contentDir: string;
  beforeAll(async () => {
    contentDir = await mkdtemp(join(tmpdir(), 'api-window-'));
    await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
    const notice = (id: number, expires: number) =>
      `---\nid: ${id}\nactive: true\ndate: 2030-06-01\npriority: 1\nsummary: Window ${id}\ntype: maintenance\nexpires_at: ${new Date(expires).toISOString()}\n---\nBody.\n`;
    await writeFile(join(contentDir, 'notices/901-window.md'), notice(901, T + 45_000));
  });
  afterAll(() => rm(contentDir, { recursive: true, force: true }));

  it('never lets a cache keep an answer past the next starts_at/expires_at', async () => {
    let now = T * 1000;
    const clock: Clock = { nowMicros: () => now };
    const dataDirs = [await mkdtemp(join(tmpdir(), 'api-data-')), await mkdtemp(join(tmpdir(), 'api-data-'))];
    // The fast path and Express alone share the content folder (reads only) and must agree.
    const servers = [await startServer({ contentDir, dataDir: dataDirs[0], clock }), await startServer({ contentDir, dataDir: dataDirs[1], clock, deps: { fastReads: false } })];
    try {
      const at = async (offsetMs: number) => {
        now = (T + offsetMs) * 1000;
        const answers = await Promise.all(servers.map((s) => rawRequest(`${s.url}/api/notice`)));
        expect(answers[0]!.headers['cache-control']).toBe(answers[1]!.headers['cache-control']);
        const ids = (JSON.parse(String(answers[0]!.body)).data as { id: number }[]).map((n) => n.id);
        return { cacheControl: answers[0]!.headers['cache-control'], shows: ids.includes(901) };
      };
      expect(await at(-3_600_000)).toEqual({ cacheControl: PUBLIC_CACHE_CONTROL, shows: true });
      expect(await at(0)).toEqual({ cacheControl: 'public, max-age=30, stale-while-revalidate=15', shows: true });
      expect(await at(40_000)).toEqual({ cacheControl: 'public, max-age=5, stale-while-revalidate=0', shows: true });
      expect(await at(45_000)).toEqual({ cacheControl: PUBLIC_CACHE_CONTROL, shows: false });
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  });
});

describe('CORS', () => {
  const ORIGIN = 'https://app.example.com';
  const preflight = (url: string, method: string, headers = '') =>
    rawRequest(url, { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': method, ...(headers && { 'access-control-request-headers': headers }) } });

  it('by default lets any origin read public routes, and nothing else', async () => {
    for (const path of ['/api/notice', '/api/tunnel/errors/stats', '/api/notice/999999']) {
      const answer = await rawRequest(server.url + path, { headers: { origin: ORIGIN } });
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers.vary ?? '').not.toContain('Origin');
    }
    const read = await preflight(`${server.url}/api/notice`, 'GET', 'if-none-match');
    expect(read.status).toBe(204);
    expect(read.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD' });
    const privateRead = await rawRequest(`${server.url}/api/feedback`, { headers: { origin: ORIGIN, authorization: `Bearer ${TOKEN}` } });
    expect(privateRead.headers['access-control-allow-origin']).toBeUndefined();
    for (const [path, method, headers] of [['/api/tunnel/errors/addNew', 'POST', 'authorization, content-type'], ['/api/feedback', 'GET', 'authorization'], ['/api/notice', 'GET', 'authorization']]) {
      const refused = await preflight(server.url + path!, method!, headers);
      expect(refused.status).toBe(204);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('with CORS_ORIGINS lets the listed origins do everything, and others nothing', async () => {
    const listed = await startServer({ tokens: `${TOKEN}=*`, deps: { cors: corsFromEnv({ CORS_ORIGINS: `${ORIGIN}, https://other.example.com` }) } });
    try {
      for (const path of ['/api/notice', '/health']) {
        const allowed = await rawRequest(listed.url + path, { headers: { origin: ORIGIN } });
        expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
        expect(allowed.headers.vary).toContain('Origin');
        const stranger = await rawRequest(listed.url + path, { headers: { origin: 'https://evil.example.com' } });
        expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
        expect(stranger.headers.vary).toContain('Origin');
      }
      const write = await preflight(`${listed.url}/api/tunnel/errors/addNew`, 'POST', 'Authorization, Content-Type');
      expect(write.headers).toMatchObject({ 'access-control-allow-origin': ORIGIN, 'access-control-allow-methods': 'POST' });
      expect(write.headers['access-control-allow-headers']).toContain('Authorization');
      const patch = await preflight(`${listed.url}/api/tunnel/errors/PORT1001`, 'PATCH', 'authorization, content-type, if-match');
      expect(patch.headers).toMatchObject({ 'access-control-allow-origin': ORIGIN, 'access-control-allow-methods': 'DELETE, GET, HEAD, PATCH, PUT' });
      const privateRead = await rawRequest(`${listed.url}/api/feedback`, { headers: { origin: ORIGIN, authorization: `Bearer ${TOKEN}` } });
      expect(privateRead.headers['access-control-allow-origin']).toBe(ORIGIN);
      const stranger = await rawRequest(`${listed.url}/api/tunnel/errors/addNew`, { method: 'OPTIONS', headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' } });
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await listed.close();
    }
  });

  // Every route of the service index, its parameters filled in, as a browser would call it.
  const everyRoute = async (base: string) => {
    const { endpoints } = (await (await fetch(`${base}/api`)).json()) as { endpoints: Record<string, Record<string, string>> };
    const sample: Record<string, string> = { flag: 'PORT1001', version: '1.9.0', id: '1', codename: 'neon' };
    return Object.values(endpoints)
      .flatMap((routes) => Object.keys(routes))
      .map((line) => {
        const [method, path] = line.split(' ') as [string, string];
        return { method, path: path.replace(/<(\w+)>/g, (_m, name: string) => sample[name] ?? 'x') };
      });
  };
  const actual = (base: string, method: string, path: string) =>
    fetch(base + path, { method, headers: { origin: ORIGIN, ...(method !== 'GET' && { 'content-type': 'application/json' }) }, ...(method !== 'GET' && method !== 'DELETE' && { body: '{}' }) });

  it.each([
    ['the default policy', {}],
    ['listed origins', { CORS_ORIGINS: ORIGIN }],
  ])('answers each route and its preflight alike under %s: both allow the origin, or neither', async (_name, env) => {
    const target = 'CORS_ORIGINS' in env ? await startServer({ deps: { cors: corsFromEnv(env) } }) : server;
    try {
      const disagree: string[] = [];
      for (const { method, path } of await everyRoute(target.url)) {
        const answer = await actual(target.url, method, path);
        await answer.arrayBuffer();
        const pre = await preflight(target.url + path, method, method === 'GET' ? '' : 'content-type');
        const allowsActual = answer.headers.get('access-control-allow-origin') !== null;
        const allowsPreflight = pre.headers['access-control-allow-origin'] !== undefined;
        if (allowsActual !== allowsPreflight) {
          disagree.push(`${method} ${path}: answer ${allowsActual ? 'allows' : 'refuses'}, preflight ${allowsPreflight ? 'allows' : 'refuses'}`);
        }
      }
      expect(disagree).toEqual([]);
    } finally {
      if (target !== server) await target.close();
    }
  });

  it('lets browsers read the headers the API documents', async () => {
    const listed = await startServer({ tokens: `${TOKEN}=*`, deps: { cors: corsFromEnv({ CORS_ORIGINS: ORIGIN }) } });
    try {
      const expose = (headers: Headers | Record<string, unknown>) =>
        String(headers instanceof Headers ? headers.get('access-control-expose-headers') : headers['access-control-expose-headers'])
          .split(',')
          .map((h) => h.trim().toLowerCase());
      const wanted = ['etag', 'ratelimit', 'ratelimit-policy', 'retry-after', 'location', 'content-language'];
      // Public reads through the fast path and through Express, by default and with listed origins.
      for (const base of [server.url, listed.url]) {
        for (const path of ['/api/notice', '/api/notice/999999', '/elements']) {
          expect(expose((await rawRequest(base + path, { headers: { origin: ORIGIN } })).headers)).toEqual(expect.arrayContaining(wanted));
        }
      }
      const created = await fetch(`${listed.url}/api/tunnel/errors`, {
        method: 'POST',
        headers: { origin: ORIGIN, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ Flag: 'CORS1001', Info: 'Seen from a browser.', Solution: ['Read the headers.'] }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('ratelimit')).not.toBeNull();
      expect(expose(created.headers)).toEqual(expect.arrayContaining(wanted));
    } finally {
      await listed.close();
    }
  });

  it('refuses a malformed CORS_ORIGINS setting', () => {
    expect(() => corsFromEnv({ CORS_ORIGINS: 'app.example.com' })).toThrow(/CORS_ORIGINS/);
    expect(corsFromEnv({ CORS_ORIGINS: 'none' })).toEqual({ mode: 'none' });
    expect(corsFromEnv({})).toEqual({ mode: 'public' });
  });
});
