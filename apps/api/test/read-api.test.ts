import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectEnvelope, expectError, SHIPPED_CONTENT, startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => call(server.url + path, init);
const compareSemver = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
};

describe('changelog', () => {
  it('lists stable releases keyed by version, newest first in semver order', async () => {
    const data = expectEnvelope((await get('/api/changelog')).body, true);
    const versions = Object.keys(data);
    expect(versions.length).toBeGreaterThanOrEqual(8);
    for (const v of versions) expect(v).toMatch(/^\d+\.\d+\.\d+$/);
    expect([...versions].sort(compareSemver).reverse()).toEqual(versions);
    expect(versions.indexOf('1.10.0')).toBeLessThan(versions.indexOf('1.9.0'));
    // The shipped 1.9.1 is critical and 1.12.0 staged: each carries what its file sets.
    const extra: Record<string, string[]> = { '1.9.1': ['critical'], '1.12.0': ['rollout'] };
    expect(data['1.9.1'].critical).toBe(true);
    expect(data['1.12.0'].rollout).toBe(20);
    for (const [version, entry] of Object.entries<any>(data)) {
      expect(Object.keys(entry)).toEqual(['changes', 'date', 'description', ...(extra[version] ?? [])]);
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.changes.every((c: unknown) => typeof c === 'string')).toBe(true);
    }
  });

  it('serves one version, the latest, and 404/400 for unknown and malformed versions', async () => {
    const list = expectEnvelope((await get('/api/changelog')).body, true);
    // The newest the list holds, 1.12.0, is staged (rollout 20): the latest is the newest every install is offered.
    expect(Object.keys(list).slice(0, 2)).toEqual(['1.12.0', '1.11.2']);
    expect(list['1.12.0']).toMatchObject({ rollout: 20 });
    const latest = expectEnvelope((await get('/api/changelog/latest')).body, false);
    expect(latest).toEqual({ version: '1.11.2', ...list['1.11.2'] });
    expect(expectEnvelope((await get('/api/changelog/1.9.0')).body, false).version).toBe('1.9.0');
    expectError(await get('/api/changelog/9.9.9'), 404, 'RELEASE_NOT_FOUND');
    expectError(await get('/api/changelog/1.x'), 400, 'BAD_PARAMETER');
    expectError(await get('/api/changelog/..%2F..%2Fpackage.json'), 400, 'BAD_PARAMETER');
    expectError(await get(`/api/changelog/${'1'.repeat(70)}.0.0`), 400, 'BAD_PARAMETER');
  });

  it('serves previews: list, latest and by version', async () => {
    const previews = expectEnvelope((await get('/api/changelog/preview')).body, true);
    const versions = Object.keys(previews);
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const latest = expectEnvelope((await get('/api/changelog/preview/latest')).body, false);
    expect(latest.version).toBe(versions[0]);
    const one = expectEnvelope((await get(`/api/changelog/preview/${versions[1]}`)).body, false);
    expect(one).toEqual({ version: versions[1], ...previews[versions[1]!] });
    expectError(await get('/api/changelog/preview/9.0.0-beta.1'), 404, 'RELEASE_NOT_FOUND');
  });
});

describe('notices', () => {
  const fields = ['id', 'active', 'content', 'date', 'priority', 'summary', 'type', 'starts_at', 'expires_at'];

  it('lists active notices by priority, date, id', async () => {
    const data = expectEnvelope((await get('/api/notice')).body, true);
    expect(data.length).toBeGreaterThan(0);
    for (const n of data) {
      // A notice announcing an event (the maintenance) adds its window after the others.
      expect(Object.keys(n)).toEqual(n.event_starts_at ? [...fields, 'event_starts_at', 'event_ends_at'] : fields);
      expect(n.active).toBe(true);
    }
    for (let i = 1; i < data.length; i++) {
      const [a, b] = [data[i - 1], data[i]];
      expect(a.priority > b.priority || (a.priority === b.priority && (a.date > b.date || (a.date === b.date && a.id > b.id)))).toBe(true);
    }
  });

  it('lists all notices including inactive ones, and types with totals', async () => {
    const all = expectEnvelope((await get('/api/notice/all')).body, true);
    const active = expectEnvelope((await get('/api/notice')).body, true);
    expect(all.some((n: any) => !n.active)).toBe(true);
    const types = expectEnvelope((await get('/api/notice/types')).body, false);
    expect(types.total).toBe(all.length);
    expect(types.active).toBe(active.length);
    expect(types.types.maintenance.total).toBe(all.filter((n: any) => n.type === 'maintenance').length);
    expect(types.types.notice.active).toBe(active.filter((n: any) => n.type === 'notice').length);
  });

  it('serves one notice (inactive too), the latest, and 404/400', async () => {
    const all = expectEnvelope((await get('/api/notice/all')).body, true);
    const inactive = all.find((n: any) => !n.active);
    expect(expectEnvelope((await get(`/api/notice/${inactive.id}`)).body, false)).toEqual(inactive);
    const latest = expectEnvelope((await get('/api/notice/latest')).body, false);
    expect(latest.active).toBe(true);
    const activeDates = all.filter((n: any) => n.active).map((n: any) => n.date).sort();
    expect(latest.date).toBe(activeDates.at(-1));
    expectError(await get('/api/notice/99999'), 404, 'NOTICE_NOT_FOUND');
    expectError(await get('/api/notice/abc'), 400, 'BAD_PARAMETER');
    expectError(await get('/api/notice/1.5'), 400, 'BAD_PARAMETER');
    expectError(await get('/api/notice/-1'), 400, 'BAD_PARAMETER');
  });
});

describe('notice windows', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('judges starts_at / expires_at at request time', async () => {
    dir = await mkdtemp(join(tmpdir(), 'content-'));
    await cp(SHIPPED_CONTENT, dir, { recursive: true });
    await writeFile(
      join(dir, 'notices/900-window.md'),
      '---\nid: 900\nactive: true\ndate: 2026-01-01\npriority: 999\nsummary: Windowed\ntype: maintenance\nstarts_at: 2030-01-01T00:00:00Z\nexpires_at: 2030-01-02T00:00:00Z\n---\nBody\n',
    );
    let now = Date.parse('2029-12-31T23:59:59Z') * 1000;
    const windowed = await startServer({ contentDir: dir, clock: { nowMicros: () => now } });
    try {
      const ids = async () => expectEnvelope((await call(`${windowed.url}/api/notice`)).body, true).map((n: any) => n.id);
      expect(await ids()).not.toContain(900);
      now = Date.parse('2030-01-01T00:00:00Z') * 1000;
      expect(await ids()).toContain(900);
      now = Date.parse('2030-01-02T00:00:00Z') * 1000;
      expect(await ids()).not.toContain(900);
      const notice = (await call(`${windowed.url}/api/notice/900`)).body.data;
      expect(notice.active).toBe(false);
      // The window itself, in RFC 3339 with Z, so a client can show it.
      expect([notice.starts_at, notice.expires_at]).toEqual(['2030-01-01T00:00:00.000000Z', '2030-01-02T00:00:00.000000Z']);
      const open = (await call(`${windowed.url}/api/notice/1`)).body.data; // its file sets no window
      expect([open.starts_at, open.expires_at]).toEqual([null, null]);
    } finally {
      await windowed.close();
    }
  });
});

describe('codenames', () => {
  it('lists codenames with their element and versions', async () => {
    const data = expectEnvelope((await get('/api/codenames')).body, true);
    expect(data.length).toBeGreaterThan(0);
    const changelog = expectEnvelope((await get('/api/changelog')).body, true);
    const previews = expectEnvelope((await get('/api/changelog/preview')).body, true);
    for (const c of data) {
      expect(Object.keys(c)).toEqual(['codename', 'element', 'versions']);
      expect(Object.keys(c.element)).toEqual(['number', 'symbol', 'name']);
      expect(c.element.name).toBe(c.codename);
      for (const v of c.versions) expect(v in changelog || v in previews).toBe(true);
    }
  });
});

describe('error catalogue reads', () => {
  it('lists entries with exactly Flag, Info, Solution', async () => {
    const data = expectEnvelope((await get('/api/tunnel/errors')).body, true);
    expect(data.length).toBeGreaterThanOrEqual(25);
    for (const e of data) {
      expect(Object.keys(e)).toEqual(['Flag', 'Info', 'Solution']);
      expect(e.Flag).toMatch(/^[A-Z]+[0-9]+$/);
    }
  });

  it('serves one entry with its metadata and 404/400', async () => {
    const data = expectEnvelope((await get('/api/tunnel/errors/PORT1001')).body, false);
    expect(Object.keys(data)).toEqual(['Flag', 'Info', 'Solution', 'messages', 'category', 'severity', 'creator', 'notes', 'created_at', 'updated_at']);
    expect(data.messages).toEqual(['bind: address already in use', 'only one usage of each socket address (protocol/network address/port) is normally permitted', 'EADDRINUSE', 'System.Net.Sockets.SocketException (10048)']);
    expect(data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expectError(await get('/api/tunnel/errors/NOPE9999'), 404, 'ERROR_ENTRY_NOT_FOUND');
    expectError(await get('/api/tunnel/errors/port1001'), 400, 'BAD_PARAMETER');
    expectError(await get('/api/tunnel/errors/..%2F..%2Fetc'), 400, 'BAD_PARAMETER');
    expectError(await get(`/api/tunnel/errors/A${'1'.repeat(40)}`), 400, 'BAD_PARAMETER');
  });

  it('searches best match first: exact Flag, Flag prefix, then text', async () => {
    const exact = expectEnvelope((await get('/api/tunnel/errors/search?q=port1001')).body, true);
    expect(exact[0].Flag).toBe('PORT1001');
    const prefix = expectEnvelope((await get('/api/tunnel/errors/search?q=TLS')).body, true);
    const flags: string[] = prefix.map((e: any) => e.Flag);
    const prefixed = flags.filter((f) => f.startsWith('TLS'));
    expect(prefixed.length).toBeGreaterThanOrEqual(2);
    expect(flags.slice(0, prefixed.length)).toEqual(prefixed); // every Flag match before any text match
    expect(flags.length).toBeGreaterThan(prefixed.length); // and text matches follow
    const text = expectEnvelope((await get('/api/tunnel/errors/search?q=CERTIFICATE')).body, true);
    expect(text.length).toBeGreaterThan(0);
    for (const e of text) {
      expect(`${e.Info}\n${e.Solution.join('\n')}\n${e.messages.join('\n')}`.toLowerCase()).toMatch(/certificate|cert\b/);
      expect(e.matched).toEqual(expect.arrayContaining([expect.stringMatching(/^cert/)]));
      expect(e.page).toBe(`/errors/${e.Flag}`);
    }
    // A pasted line: noise around the message, the entry first, the words that matched named.
    const pasted = expectEnvelope((await get(`/api/tunnel/errors/search?q=${encodeURIComponent('2026-11-27T10:00:01Z ERROR listen tcp 127.0.0.1:8080: bind: address already in use')}`)).body, true);
    expect(pasted[0].Flag).toBe('PORT1001');
    expect(pasted[0].matched).toEqual(expect.arrayContaining(['bind', 'address', 'already', 'use']));
  });

  it('filters search by category and severity, and limits', async () => {
    const tls = expectEnvelope((await get('/api/tunnel/errors/search?category=tls')).body, true);
    expect(tls.length).toBeGreaterThan(0);
    expect(tls.every((e: any) => e.category === 'tls')).toBe(true);
    const high = expectEnvelope((await get('/api/tunnel/errors/search?severity=high&limit=2')).body, true);
    expect(high.length).toBeLessThanOrEqual(2);
    expect(high.every((e: any) => e.severity === 'high')).toBe(true);
    expectError(await get('/api/tunnel/errors/search?limit=0'), 400, 'BAD_PARAMETER');
    expectError(await get('/api/tunnel/errors/search?limit=abc'), 400, 'BAD_PARAMETER');
    expectError(await get('/api/tunnel/errors/search?severity=urgent'), 400, 'BAD_PARAMETER');
    expectError(await get('/api/tunnel/errors/search?q=a&q=b'), 400, 'BAD_PARAMETER');
  });
});

describe('health and the service index', () => {
  it('reports ok with content counts', async () => {
    const { status, body } = await get('/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, status: 'ok', version: '1.0.0', storage: { writable: true } });
    expect(body.content.issues).toEqual([]);
    expect(body.content.counts.elements).toBe(118);
    expect(body.content.loaded_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(Number.isInteger(body.uptime_s)).toBe(true);
  });

  it('lists every route of the table at / and /api, grouped in the seven categories', async () => {
    const index = (await get('/')).body;
    expect(Object.keys(index)).toEqual(['message', 'version', 'timestamp', 'endpoints']);
    expect((await get('/api')).body.endpoints).toEqual(index.endpoints);
    expect(Object.keys(index.endpoints)).toEqual(['notices', 'changelog', 'user feedback', 'system monitoring', 'software codenames', 'mail service', 'error information management']);
    const listed = Object.values<Record<string, string>>(index.endpoints).flatMap((group) => Object.keys(group));
    expect(listed).toContain('GET /api/notice/<id>');
    // Every listed GET route without a parameter answers something other than 404 ROUTE_NOT_FOUND.
    for (const route of listed.filter((r) => r.startsWith('GET ') && !r.includes('<'))) {
      const res = await fetch(server.url + route.slice(4), { headers: { accept: 'application/json' } });
      expect([res.status, route]).not.toEqual([404, route]);
    }
  });
});

describe('HTTP behaviour of every GET', () => {
  const paths = ['/', '/api', '/api/changelog', '/api/changelog/latest', '/api/changelog/1.9.0', '/api/changelog/preview', '/api/changelog/preview/latest', '/api/notice', '/api/notice/1', '/api/notice/all', '/api/notice/latest', '/api/notice/types', '/api/codenames', '/api/tunnel/errors', '/api/tunnel/errors/PORT1001', '/api/tunnel/errors/search?q=port'];

  it.each(paths)('%s answers JSON with a strong ETag and 304 on If-None-Match', async (path) => {
    const first = await fetch(server.url + path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const second = await fetch(server.url + path, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    const other = await fetch(server.url + path, { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('revalidates /health until its data (uptime included) changes', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z') * 1000;
    const clocked = await startServer({ clock: { nowMicros: () => now } });
    try {
      const first = await fetch(`${clocked.url}/health`);
      const etag = first.headers.get('etag')!;
      expect((await fetch(`${clocked.url}/health`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      now += 2_000_000;
      expect((await fetch(`${clocked.url}/health`, { headers: { 'if-none-match': etag } })).status).toBe(200);
    } finally {
      await clocked.close();
    }
  });

  it('sends security headers', async () => {
    const res = await fetch(`${server.url}/api/notice`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('answers unknown routes with JSON 404 and wrong methods with 405 and Allow', async () => {
    expectError(await get('/api/nothing-here'), 404, 'ROUTE_NOT_FOUND');
    expectError(await get('/nope'), 404, 'ROUTE_NOT_FOUND');
    const wrong = await get('/api/changelog', { method: 'DELETE' });
    expectError(wrong, 405, 'METHOD_NOT_ALLOWED');
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectError(await get('/api/notice/5', { method: 'PUT' }), 405, 'METHOD_NOT_ALLOWED');
    // A literal route hides the parameter route beside it: stats is not a Flag.
    expect((await get('/api/tunnel/errors/stats', { method: 'POST' })).headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await get('/api/tunnel/errors/PORT1001', { method: 'POST' })).headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS, PATCH, PUT');
  });

  it('answers OPTIONS with 204 and Allow', async () => {
    const res = await fetch(`${server.url}/api/notice`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('matches paths case-sensitively', async () => {
    expectError(await get('/API/NOTICE'), 404, 'ROUTE_NOT_FOUND');
  });

  it('answers 400, never 500, for malformed %-escapes and unknown or unparsable query parameters', async () => {
    for (const path of ['/api/notice/%', '/api/notice/%E0%A4%A', '/api/tunnel/errors/%', '/api/changelog/%zz']) {
      expectError(await get(path), 400, 'BAD_PARAMETER');
    }
    const unknown = await get('/api/tunnel/errors/search?q=tls&foo=bar');
    expectError(unknown, 400, 'BAD_PARAMETER');
    expect(unknown.body.error.details).toEqual([{ path: 'foo', message: 'unknown query parameter' }]);
    expectError(await get('/api/notice?limit=5'), 400, 'BAD_PARAMETER');
    expectError(await get('/api/tunnel/errors/search?q[]=x'), 400, 'BAD_PARAMETER');
    const padded = Array.from({ length: 1200 }, (_, i) => `limit=${i}`).join('&');
    expectError(await get(`/api/tunnel/errors/search?${padded}&limit=0`), 400, 'BAD_PARAMETER');
  });

  it('answers a pre-release version on the stable route with 400 naming the preview route', async () => {
    const res = await get('/api/changelog/1.12.0-beta.1');
    expectError(res, 400, 'BAD_PARAMETER');
    expect(res.body.error.message).toContain('/api/changelog/preview/');
  });
});
