import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Writable } from 'node:stream';
import { TIMESTAMP_PATTERN } from '@companion/schema';
import { pino } from 'pino';
import { backgroundCompressionIdle } from '../src/fast/background-compression';
import { rawRequest, servedFast, unstamped, type RawAnswer } from './raw-http';
import { startServer, type TestServer } from './server';

// Two servers over identical copies of the shipped content: one with the fast read path in front
// of Express, one with Express alone. Every cacheable route must answer both the same way.
let fast: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [fast, plain] = await Promise.all([startServer(), startServer({ deps: { fastReads: false } })]);
});
afterAll(() => Promise.all([fast.close(), plain.close()]));

const JSON_ROUTES = [
  '/',
  '/api',
  '/api/changelog',
  '/api/changelog/latest',
  '/api/changelog/1.9.0',
  '/api/changelog/preview',
  '/api/changelog/preview/latest',
  '/api/notice',
  '/api/notice/',
  '/api/notice/all',
  '/api/notice/latest',
  '/api/notice/types',
  '/api/notice/1',
  '/api/notice/%31',
  '/api/codenames',
  '/api/tunnel/errors',
  '/api/tunnel/errors/PORT1001',
  '/api/tunnel/errors/search?q=port',
  '/api/tunnel/errors/search?q=tls&limit=2',
  '/openapi.json',
];
const PAGE_ROUTES = ['/elements', '/codename', '/codename/neon', '/docs', '/assets/pages.css', '/notices', '/notices/3', '/changelog', '/changelog/stable/1.9.0', '/changelog/preview', '/changelog/preview/1.12.0-beta.1', '/errors', '/errors?q=bind%3A+address+already+in+use', '/errors/PORT1001'];
const AS_JSON = { accept: 'application/json' };

/** Headers that must agree between the two paths (Date, Connection and Keep-Alive are Node's own). */
const compared = (answer: RawAnswer) => {
  const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = answer.headers;
  return rest;
};

describe('the fast read path', () => {
  it.each(JSON_ROUTES)('answers %s first, with the bytes and headers Express sends', async (path) => {
    const [a, b] = await Promise.all([rawRequest(fast.url + path), rawRequest(plain.url + path)]);
    expect(servedFast(a)).toBe(true);
    expect(servedFast(b)).toBe(false);
    expect(a.status).toBe(200);
    expect(unstamped(a.body)).toBe(unstamped(b.body));
    expect(compared(a)).toEqual(compared(b));
    if (path !== '/openapi.json') expect(JSON.parse(String(a.body)).timestamp).toMatch(TIMESTAMP_PATTERN);
  });

  it.each(PAGE_ROUTES)('answers the page %s as HTML and as JSON like Express, with the page policy on HTML', async (path) => {
    for (const headers of [{}, AS_JSON, { accept: 'text/html;q=0.5, application/json;q=0.9' }, { accept: '*/*' }]) {
      const [a, b] = await Promise.all([rawRequest(fast.url + path, { headers }), rawRequest(plain.url + path, { headers })]);
      expect(servedFast(a)).toBe(true);
      expect(a.status).toBe(200);
      expect(unstamped(a.body)).toBe(unstamped(b.body));
      expect(compared(a)).toEqual(compared(b));
    }
    const html = await rawRequest(fast.url + path);
    if (path !== '/assets/pages.css') {
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      // The notices, changelog and error pages come in the reader's language too.
      expect(html.headers.vary).toBe(/^\/(notices|changelog|errors)/.test(path) ? 'Accept, Accept-Encoding, Accept-Language' : 'Accept, Accept-Encoding');
    }
    expect(html.headers['content-security-policy']).toContain("default-src 'self'");
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Shared links carry tracking parameters; pages ignore them, on the fast path too.
    const tracked = await rawRequest(`${fast.url}${path}${path.includes('?') ? '&' : '?'}utm_source=mail`);
    expect([tracked.status, servedFast(tracked), String(tracked.body)]).toEqual([200, true, String(html.body)]);
  });

  it.each(['/notices', '/notices/3', '/changelog/stable/1.9.0', '/notices?lang=de', '/changelog/preview?lang=en'])('answers the page %s in the asked language like Express, HTML and JSON alike', async (path) => {
    for (const headers of [{ 'accept-language': 'de-AT, en;q=0.5' }, { accept: 'application/json', 'accept-language': 'de' }, { accept: 'text/html' }] as Record<string, string>[]) {
      const [a, b] = await Promise.all([rawRequest(fast.url + path, { headers }), rawRequest(plain.url + path, { headers })]);
      expect([path, headers, servedFast(a)]).toEqual([path, headers, true]);
      expect(a.status).toBe(200);
      expect(unstamped(a.body)).toBe(unstamped(b.body));
      expect(compared(a)).toEqual(compared(b));
      expect(a.headers.vary).toBe('Accept, Accept-Encoding, Accept-Language');
    }
  });

  it('stamps every answer anew and keeps the ETag', async () => {
    const first = await rawRequest(`${fast.url}/api/notice`);
    await new Promise((done) => setTimeout(done, 5));
    const second = await rawRequest(`${fast.url}/api/notice`);
    expect(JSON.parse(String(first.body)).timestamp).not.toBe(JSON.parse(String(second.body)).timestamp);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it.each(['/api/notice', '/api/changelog', '/api/tunnel/errors', '/', '/openapi.json', '/elements'])('compresses %s with gzip and brotli to the plain body with a fresh timestamp', async (path) => {
    const plainAnswer = await rawRequest(fast.url + path);
    for (const [coding, decode, suffix] of [['gzip', gunzipSync, '-gz'], ['br', brotliDecompressSync, '-br']] as const) {
      const before = new Date().toISOString().slice(0, 19);
      const answer = await rawRequest(fast.url + path, { headers: { 'accept-encoding': coding } });
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(answer.headers.etag).toBe(`${plainAnswer.headers.etag!.slice(0, -1)}${suffix}"`);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(plainAnswer.body.length);
      const decoded = String(decode(answer.body));
      expect(unstamped(decoded)).toBe(unstamped(plainAnswer.body));
      if (!path.includes('.json') && path !== '/elements') {
        const stamp = JSON.parse(decoded).timestamp as string;
        expect(stamp).toMatch(TIMESTAMP_PATTERN);
        expect(stamp.slice(0, 19) >= before).toBe(true);
      }
    }
  });

  it('is decoded by a client that negotiates compression on its own (fetch)', async () => {
    for (const path of ['/api/tunnel/errors', '/api/changelog']) {
      const res = await fetch(fast.url + path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      const body = await res.text();
      expect(unstamped(body)).toBe(unstamped((await rawRequest(plain.url + path)).body));
      expect(JSON.parse(body).timestamp).toMatch(TIMESTAMP_PATTERN);
    }
  });

  it('honours q-values and leaves small bodies uncompressed', async () => {
    const gzipPreferred = await rawRequest(`${fast.url}/api/tunnel/errors`, { headers: { 'accept-encoding': 'br;q=0.5, gzip' } });
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
    const refused = await rawRequest(`${fast.url}/api/tunnel/errors`, { headers: { 'accept-encoding': 'gzip;q=0, br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const small = await rawRequest(`${fast.url}/api/notice/types`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.body.length).toBeLessThanOrEqual(1024 + 40);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Accept-Encoding');
  });

  it('answers 304 per encoding, to the tag of any representation of the same answer', async () => {
    const path = `${fast.url}/api/changelog`;
    const identity = await rawRequest(path);
    const gzip = await rawRequest(path, { headers: { 'accept-encoding': 'gzip' } });
    const br = await rawRequest(path, { headers: { 'accept-encoding': 'br' } });
    for (const [encoding, own] of [['gzip', gzip], ['br', br], ['identity', identity]] as const) {
      for (const held of [identity, gzip, br]) {
        const answer = await rawRequest(path, { headers: { 'accept-encoding': encoding, 'if-none-match': `"other", ${held.headers.etag}` } });
        expect(answer.status).toBe(304);
        expect(answer.body.length).toBe(0);
        expect(answer.headers.etag).toBe(own.headers.etag);
        expect(answer.headers['cache-control']).toBe(identity.headers['cache-control']);
        expect(answer.headers['content-encoding']).toBeUndefined();
      }
      expect((await rawRequest(path, { headers: { 'accept-encoding': encoding, 'if-none-match': '"other"' } })).status).toBe(200);
    }
    // Express alone (no fast path) revalidates the same tags the same way.
    const routed = await rawRequest(`${plain.url}/api/changelog`, { headers: { 'if-none-match': gzip.headers.etag as string } });
    expect([routed.status, routed.headers.etag, servedFast(routed)]).toEqual([304, identity.headers.etag, false]);
    expect((await rawRequest(path, { headers: { 'if-none-match': `W/${identity.headers.etag}` } })).status).toBe(304);
    expect((await rawRequest(path, { headers: { 'if-none-match': '*' } })).status).toBe(304);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const get = await rawRequest(`${fast.url}/api/tunnel/errors`, { headers });
      const head = await rawRequest(`${fast.url}/api/tunnel/errors`, { method: 'HEAD', headers });
      // The best compression, made in the background, may be swapped in between: a GET just after shows it.
      const after = await rawRequest(`${fast.url}/api/tunnel/errors`, { headers });
      expect(servedFast(head)).toBe(true);
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect([get.headers['content-length'], after.headers['content-length']]).toContain(head.headers['content-length']);
      expect(head.headers.etag).toBe(get.headers.etag);
    }
  });

  it('leaves everything else to Express', async () => {
    const cases: [string, number, string?][] = [
      ['/api/notice?limit=5', 400],
      ['/api/tunnel/errors/search?q=port&foo=1', 400],
      ['/api/tunnel/errors/search?limit=0', 400],
      ['/api/notice/999999', 404],
      ['/api/notice/abc', 400],
      ['/api/notice/%E0%A4%A', 400],
      ['/api/tunnel/errors/stats', 200],
      ['/health', 200],
      ['/api/nothing', 404],
      ['/codename/unobtainium', 404],
      ['/API/NOTICE', 404],
    ];
    for (const [path, status] of cases) {
      const answer = await rawRequest(fast.url + path);
      expect([path, answer.status, servedFast(answer)]).toEqual([path, status, false]);
    }
    const post = await rawRequest(`${fast.url}/api/notice`, { method: 'POST' });
    expect([post.status, servedFast(post)]).toEqual([405, false]);
  });

  it('serves the new content after a reload, and the old answer no more', async () => {
    const server = await startServer();
    try {
      const before = await rawRequest(`${server.url}/api/notice/all`, { headers: { 'accept-encoding': 'gzip' } });
      const file = join(server.contentDir, 'notices/1-version-1-0-released.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^summary: .*$/m, 'summary: Reloaded summary.'));
      await server.content.refresh(['notices/1-version-1-0-released.md']);
      const after = await rawRequest(`${server.url}/api/notice/all`, { headers: { 'accept-encoding': 'gzip' } });
      expect(servedFast(after)).toBe(true);
      const notice = (JSON.parse(String(gunzipSync(after.body))).data as { id: number; summary: string }[]).find((n) => n.id === 1);
      expect(notice?.summary).toBe('Reloaded summary.');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await rawRequest(`${server.url}/api/notice/all`, { headers: { 'if-none-match': before.headers.etag as string } })).status).toBe(200);
      expect(JSON.parse(String((await rawRequest(`${server.url}/api/notice/1`)).body)).data.summary).toBe('Reloaded summary.');
    } finally {
      await server.close();
    }
  });

  it('answers each install from the one lookup of its URL, as Express answers it: the staged share, private, a fresh noCache', async () => {
    const shares = new Set<string>();
    for (let i = 0; i < 60; i++) {
      for (const path of [`/api/changelog/since/1.11.2?install_id=install-${i}`, `/api/changelog/since/1.11.2?platform=macos&install_id=install-${i}&arch=arm64`, `/api/updates/electron/latest-mac.yml?noCache=${i.toString(36)}&install_id=install-${i}`]) {
        const [a, b] = await Promise.all([rawRequest(fast.url + path), rawRequest(plain.url + path)]);
        expect([path, a.status, servedFast(a)]).toEqual([path, 200, true]);
        expect(unstamped(a.body)).toBe(unstamped(b.body));
        expect(compared(a)).toEqual(compared(b));
        expect(a.headers['cache-control']).toMatch(/^private/);
        if (path.includes('since')) shares.add(JSON.parse(String(a.body)).data.latest);
      }
    }
    // 1.12.0 is offered to a fifth of the installs: both sides of the share were asked.
    expect([...shares].sort()).toEqual(['1.11.2', '1.12.0']);
    // electron-updater's own request: a new noCache each check, its id in a header.
    for (let i = 0; i < 20; i++) {
      const path = `/api/updates/electron/latest.yml?noCache=${Math.random().toString(36).slice(2)}`;
      const headers = { 'x-user-staging-id': `8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a${String(i).padStart(2, '0')}` };
      const [a, b] = await Promise.all([rawRequest(fast.url + path, { headers }), rawRequest(plain.url + path, { headers })]);
      expect([a.status, servedFast(a)]).toEqual([200, true]);
      expect(unstamped(a.body)).toBe(unstamped(b.body));
      expect(compared(a)).toEqual(compared(b));
    }
    // What the query parser reads otherwise than written is looked up whole: the same answers, 400s included.
    for (const [query, status] of [['install_id=install-%31', 200], ['install_id=a&install_id=b', 400], ['install_id=', 400], ['install_id=a%20b', 400]] as const) {
      const path = `/api/changelog/since/1.11.2?${query}`;
      const [a, b] = await Promise.all([rawRequest(fast.url + path), rawRequest(plain.url + path)]);
      expect([path, a.status, b.status]).toEqual([path, status, status]);
      expect(unstamped(a.body)).toBe(unstamped(b.body));
    }
    // A route that takes no install_id refuses it, as before.
    const notice = await rawRequest(`${fast.url}/api/tunnel/errors/search?q=tls&install_id=a`);
    expect([notice.status, servedFast(notice)]).toEqual([400, false]);
  });

  it('answers from a bounded cache: ever new URLs evict old answers, never change them', async () => {
    const small = await startServer({ deps: { fastCacheBytes: 40_000 } });
    try {
      const queries = Array.from({ length: 60 }, (_, i) => `/api/tunnel/errors/search?q=${['port', 'tls', 'relay', 'token'][i % 4]}&limit=${(i % 15) + 1}`);
      for (const round of [1, 2]) {
        for (const path of queries) {
          const [a, b] = await Promise.all([rawRequest(small.url + path, { headers: { 'accept-encoding': 'gzip' } }), rawRequest(plain.url + path)]);
          expect([round, path, servedFast(a)]).toEqual([round, path, true]);
          const body = a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body;
          expect(unstamped(body)).toBe(unstamped(b.body));
        }
      }
    } finally {
      await small.close();
    }
  });

  it('keys answers on what they depend on: unknown parameters of the pages are served the one canonical answer', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    const server = await startServer({ deps: { logger: pino({ level: 'debug' }, sink) } });
    try {
      const compiled = () => lines.map((line) => JSON.parse(line)).filter((r) => r.msg === 'fast path: answer compiled').map((r) => r.key as string);
      for (const page of ['/docs', '/elements']) {
        const canonical = await rawRequest(server.url + page, { headers: { 'accept-encoding': 'br' } });
        for (let i = 0; i < 40; i++) {
          const flood = await rawRequest(`${server.url}${page}?v=${Math.random()}&utm_source=${i}`, { headers: { 'accept-encoding': 'br' } });
          expect([flood.status, servedFast(flood), flood.headers.etag]).toEqual([200, true, canonical.headers.etag]);
        }
        expect(compiled().filter((key) => key.includes(`"${page}"`))).toHaveLength(1);
      }
      // Known parameters make their own answers, in any order; unknown ones on an API route are Express's 400.
      await rawRequest(`${server.url}/api/tunnel/errors/search?q=tls&limit=2`);
      await rawRequest(`${server.url}/api/tunnel/errors/search?limit=2&q=tls`);
      expect(compiled().filter((key) => key.includes('search'))).toHaveLength(1);
      const unknown = await rawRequest(`${server.url}/api/tunnel/errors/search?q=tls&v=1`);
      expect([unknown.status, servedFast(unknown)]).toEqual([400, false]);
    } finally {
      await server.close();
    }
  });

  it('compresses at fast settings on a request, and at the best ones in the background for an answer asked for again', async () => {
    const path = '/api/tunnel/errors/search?limit=99'; // asked for by no other test
    const br = { 'accept-encoding': 'br' };
    const first = await rawRequest(fast.url + path, { headers: br });
    await rawRequest(fast.url + path, { headers: br });
    await backgroundCompressionIdle();
    const later = await rawRequest(fast.url + path, { headers: br });
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(unstamped(brotliDecompressSync(later.body))).toBe(unstamped(brotliDecompressSync(first.body)));
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(Number(later.headers['content-length'])).toBe(later.body.length);
  });
});
