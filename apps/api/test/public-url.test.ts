import { FEED_FORMATS, FEED_SUBJECTS, feedPath, type FeedFormat, type FeedSubject } from '@companion/pages';
import { configFromEnv } from '../src/config';
import { rawRequest } from './raw-http';
import { startServer, type TestServer } from './server';

// Absolute links come from PUBLIC_URL, or without it from the address the request arrived at:
// never from the Host header, which a client chooses freely and a shared cache would pass on.

const FEEDS = (Object.keys(FEED_SUBJECTS) as FeedSubject[]).flatMap((subject) => (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => feedPath(subject, format)));
const PAGES = ['/', '/api', '/health', '/openapi.json', '/docs', '/elements', '/codename', '/codename/neon', '/codename/nosuch', '/api/changelog', '/api/notice/all', '/nowhere'];

const text = async (server: TestServer, path: string, headers: Record<string, string>) => String((await rawRequest(`${server.url}${path}`, { headers })).body);

describe.each([
  ['without PUBLIC_URL', null],
  ['with PUBLIC_URL', 'https://companion.example.com/tc'],
])('%s', (_name, publicUrl) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ deps: { publicUrl } });
  });
  afterAll(() => server.close());
  const base = () => publicUrl ?? server.url;

  test.each([...FEEDS, ...PAGES])('a Host header never reaches %s, as HTML or JSON', async (path) => {
    for (const accept of ['text/html', 'application/json', '*/*']) {
      for (const host of ['evil.example', 'evil.example:8080', '[::1]:1']) {
        const body = await text(server, path, { host, accept, 'x-forwarded-host': 'evil.example' });
        expect(body).not.toContain('evil.example');
        expect(body).not.toContain('[::1]:1');
      }
    }
  });

  test.each(FEEDS)('%s links to the public base', async (path) => {
    const body = await text(server, path, { host: 'evil.example' });
    expect(body).toContain(`${base()}/api/`);
  });

  test.each(['/elements', '/codename/neon', '/codename/nosuch', '/docs', '/notices', '/notices/3', '/notices/99999', '/changelog', '/changelog/preview/1.12.0-beta.1'])('the links of %s are on PUBLIC_URL when it is set, root-relative otherwise', async (path) => {
    const hrefs = [...(await text(server, path, { host: 'evil.example', accept: 'text/html' })).matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    const own = hrefs.filter((href) => !href.startsWith('#') && !href.startsWith('data:') && !/^https?:\/\/(?!companion\.example\.com)/.test(href));
    expect(own.length).toBeGreaterThan(0);
    for (const href of own) expect(href.startsWith(publicUrl ? `${publicUrl}/` : '/')).toBe(true);
  });

  test('/health says which base is in use', async () => {
    const health = JSON.parse(await text(server, '/health', { host: 'evil.example' }));
    expect(health.public_url).toEqual({ base: base(), source: publicUrl ? 'PUBLIC_URL' : 'listen address' });
  });

  test('a flood of distinct Host headers gets one feed, the same bytes each time', async () => {
    const first = await rawRequest(`${server.url}/feeds/notices.atom`, { headers: { host: 'a0.example' } });
    for (let i = 1; i <= 300; i++) {
      const answer = await rawRequest(`${server.url}/feeds/notices.atom`, { headers: { host: `a${i}.example` } });
      expect(answer.headers.etag).toBe(first.headers.etag);
      expect(answer.body.equals(first.body)).toBe(true);
    }
  });
});

describe('PUBLIC_URL setting', () => {
  test('an absolute http(s) URL with an optional path prefix; its trailing slash dropped', () => {
    expect(configFromEnv({}).publicUrl).toBeNull();
    expect(configFromEnv({ PUBLIC_URL: '' }).publicUrl).toBeNull();
    expect(configFromEnv({ PUBLIC_URL: 'https://API.example.com/' }).publicUrl).toBe('https://api.example.com');
    expect(configFromEnv({ PUBLIC_URL: 'http://example.com:8080/companion/' }).publicUrl).toBe('http://example.com:8080/companion');
  });

  test.each(['example.com', '/companion', 'ftp://example.com', 'https://user:pw@example.com', 'https://example.com/?a=1', 'https://example.com/#top', 'https://'])('refuses %j naming the setting', (value) => {
    expect(() => configFromEnv({ PUBLIC_URL: value })).toThrow(/^PUBLIC_URL: expected an absolute http\(s\) URL/);
  });
});

describe('SHUTDOWN_GRACE_MS setting', () => {
  test('milliseconds, 15000 unless set', () => {
    expect(configFromEnv({}).shutdownGraceMs).toBe(15_000);
    expect(configFromEnv({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
    expect(configFromEnv({ SHUTDOWN_GRACE_MS: '30000' }).shutdownGraceMs).toBe(30_000);
  });

  test.each(['-1', '1.5', '15s', '3600001'])('refuses %j naming the setting', (value) => {
    expect(() => configFromEnv({ SHUTDOWN_GRACE_MS: value })).toThrow(/^SHUTDOWN_GRACE_MS: expected milliseconds/);
  });
});
