import { rm } from 'node:fs/promises';
import { clientContent } from './client-content';
import { call, expectEnvelope, expectError, startServer, type TestServer } from './server';

// Notices for the clients they concern, in their language, over real files and real HTTP; the
// same answers through the fast path and through Express (FAST_READS=off).

let contentDir: string;
let fast: TestServer;
let routed: TestServer;
beforeAll(async () => {
  contentDir = await clientContent();
  fast = await startServer({ contentDir });
  routed = await startServer({ contentDir, deps: { fastReads: false } });
  expect(fast.content.current().issues).toEqual([]);
});
afterAll(async () => {
  await fast.close();
  await routed.close();
  await rm(contentDir, { recursive: true, force: true });
});

const ids = (data: { id: number }[]) => data.map((n) => n.id);
const withoutStamp = (text: string) => text.replace(/"timestamp":"[^"]+"/, '');

describe.each([
  ['the fast path', () => fast],
  ['Express', () => routed],
])('targeted notices through %s', (_name, server) => {
  const get = (path: string, headers: Record<string, string> = {}) => call(server().url + path, { headers });

  it('lists every notice without client facts, as before', async () => {
    const data = expectEnvelope((await get('/api/notice')).body, true);
    expect(ids(data)).toEqual(expect.arrayContaining([900, 901]));
    expect(data.find((n: { id: number }) => n.id === 900).audience).toEqual({ versions: '>=1.9.0 <1.11.0', platforms: ['windows'], channels: ['stable'] });
    expect(data.every((n: object) => !('lang' in n))).toBe(true);
  });

  it('lists only the notices whose audience matches the client version, platform and channel', async () => {
    const windows110 = ids(expectEnvelope((await get('/api/notice?client_version=1.10.2&platform=windows&channel=stable')).body, true));
    expect(windows110).toContain(900);
    expect(windows110).not.toContain(901);
    const windows111 = ids(expectEnvelope((await get('/api/notice?client_version=1.11.2&platform=windows')).body, true));
    expect(windows111).not.toContain(900);
    const mac = ids(expectEnvelope((await get('/api/notice?client_version=1.10.0&platform=macos')).body, true));
    expect(mac).toEqual(expect.arrayContaining([901]));
    expect(mac).not.toContain(900);
    const preview = ids(expectEnvelope((await get('/api/notice?client_version=1.10.0-beta.1&platform=windows&channel=preview')).body, true));
    expect(preview).not.toContain(900);
    // A fact the client leaves out narrows nothing.
    expect(ids(expectEnvelope((await get('/api/notice?platform=windows')).body, true))).toContain(900);
  });

  it('answers the newest matching notice on /latest, and 404 when none matches', async () => {
    expect(expectEnvelope((await get('/api/notice/latest?client_version=1.10.0&platform=macos')).body, false).id).toBe(901);
    expect(expectEnvelope((await get('/api/notice/latest?client_version=1.10.0&platform=windows')).body, false).id).toBe(900);
  });

  it('gives one answer and one ETag to every version in the same matching set', async () => {
    const [a, b, c] = await Promise.all(['1.9.0', '1.10.7', '1.11.0'].map((v) => fetch(`${server().url}/api/notice?client_version=${v}&platform=windows`)));
    const [ta, tb, tc] = await Promise.all([a!, b!, c!].map((r) => r.text()));
    expect(a!.headers.get('etag')).toBe(b!.headers.get('etag'));
    expect(withoutStamp(ta!)).toBe(withoutStamp(tb!));
    expect(c!.headers.get('etag')).not.toBe(a!.headers.get('etag'));
    expect(withoutStamp(tc!)).not.toBe(withoutStamp(ta!));
    const again = await fetch(`${server().url}/api/notice?client_version=1.10.1&platform=windows`, { headers: { 'if-none-match': a!.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('refuses malformed client facts with 400 BAD_PARAMETER naming the parameter', async () => {
    for (const [query, name] of [
      ['client_version=1.10', 'client_version'],
      ['client_version=v1.10.0', 'client_version'],
      ['client_version=99999999999999999999.0.0', 'client_version'],
      ['platform=beos', 'platform'],
      ['channel=nightly', 'channel'],
      ['lang=!!', 'lang'],
      ['lang=german-language', 'lang'],
      ['client_version=1.0.0&client_version=1.1.0', 'client_version'],
    ] as const) {
      const res = await get(`/api/notice?${query}`);
      expectError(res, 400, 'BAD_PARAMETER');
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: name })]);
    }
    expectError(await get('/api/notice/all?platform=windows'), 400, 'BAD_PARAMETER');
  });
});

describe.each([
  ['the fast path', () => fast],
  ['Express', () => routed],
])('notices and releases in the client language through %s', (_name, server) => {
  const get = (path: string, headers: Record<string, string> = {}) => call(server().url + path, { headers });
  const notice10 = (data: { id: number }[]) => data.find((n) => n.id === 10) as unknown as { summary: string; content: string; lang: string; date: string };

  // Notice 10's window opens on 20 December: /all lists it whatever the date.
  it('answers lang=de in German where a translation exists, each item saying its language', async () => {
    const res = await get('/api/notice/all?lang=de');
    const data = expectEnvelope(res.body, true);
    expect(notice10(data)).toMatchObject({ summary: expect.stringContaining('Support antwortet'), lang: 'de', date: '2026-11-17' });
    expect(notice10(data).content).toContain('Werktagen');
    expect(data.find((n: { id: number }) => n.id === 901)).toMatchObject({ lang: 'en' });
    expect(res.headers.get('content-language')).toBe('de, en');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('negotiates Accept-Language with quality values and falls back from de-AT to de, then to the original', async () => {
    expect(notice10(expectEnvelope((await get('/api/notice/all', { 'accept-language': 'de-AT, en;q=0.5' })).body, true)).lang).toBe('de');
    expect(notice10(expectEnvelope((await get('/api/notice/all', { 'accept-language': 'fr;q=0.9, de;q=0.8, en;q=0.1' })).body, true)).lang).toBe('de');
    expect(notice10(expectEnvelope((await get('/api/notice/all', { 'accept-language': 'en;q=1, de;q=0.5' })).body, true)).lang).toBe('en');
    const french = await get('/api/notice/all', { 'accept-language': 'fr' });
    expect(notice10(expectEnvelope(french.body, true))).toMatchObject({ lang: 'en', summary: expect.stringMatching(/^Support answers/) });
    expect(french.headers.get('content-language')).toBe('en');
    // lang= wins over Accept-Language.
    expect(notice10(expectEnvelope((await get('/api/notice/all?lang=en', { 'accept-language': 'de' })).body, true)).lang).toBe('en');
  });

  it('translates one notice by id and the newest notice', async () => {
    const one = await get('/api/notice/10?lang=de');
    expect(expectEnvelope(one.body, false)).toMatchObject({ id: 10, lang: 'de' });
    expect(one.headers.get('content-language')).toBe('de');
    const plain = await get('/api/notice/10');
    expect(expectEnvelope(plain.body, false)).not.toHaveProperty('lang');
    expect(plain.headers.get('content-language')).toBe('en');
  });

  it('translates releases: the list, one version and the latest', async () => {
    const one = await get('/api/changelog/1.11.2?lang=de');
    expect(expectEnvelope(one.body, false)).toMatchObject({ version: '1.11.2', description: 'Wartungsversion', lang: 'de', date: '2026-10-01' });
    expect(one.headers.get('content-language')).toBe('de');
    const list = expectEnvelope((await get('/api/changelog', { 'accept-language': 'de-DE' })).body, true);
    expect(list['1.11.2']).toMatchObject({ description: 'Wartungsversion', lang: 'de' });
    expect(list['1.11.1']).toMatchObject({ lang: 'en', critical: true });
    expect(list['1.12.0']).toMatchObject({ rollout: 30 });
    expect(expectEnvelope((await get('/api/changelog/1.11.2')).body, false)).not.toHaveProperty('lang');
  });
});

describe('the notices feed', () => {
  const feed = async (query: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${fast.url}/feeds/notices.json${query}`, { headers });
    expect(res.status).toBe(200);
    return { res, items: ((await res.json()) as { items: { id: string; title: string }[] }).items };
  };

  it('lists only the notices meant for the client, in its language', async () => {
    const all = await feed('');
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([expect.stringMatching(/\/900$/), expect.stringMatching(/\/901$/)]));
    const windows111 = await feed('?client_version=1.11.2&platform=windows');
    expect(windows111.items.some((i) => /\/(900|901)$/.test(i.id))).toBe(false);
    const german = await feed('?client_version=1.10.0&platform=windows&channel=stable', { 'accept-language': 'de-CH, de;q=0.9' });
    expect(german.items.find((i) => i.id.endsWith('/900'))!.title).toMatch(/^Windows-Clients vor 1\.11/);
    expect(german.res.headers.get('content-language')).toBe('de, en');
    expect(german.res.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('refuses malformed client facts with 400, which no cache may keep', async () => {
    for (const path of ['/feeds/notices.rss?client_version=latest', '/feeds/notices.atom?platform=amiga', '/feeds/changelog.rss?platform=windows']) {
      const refused = await call(`${fast.url}${path}`);
      expectError(refused, 400, 'BAD_PARAMETER');
      expect(refused.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('the fast path caches one answer per matching set', () => {
  it('holds a handful of answers for a thousand distinct client versions', async () => {
    const entries = fast.app.locals.fastReadCacheEntries as () => number;
    const before = entries();
    const tags = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const version = `${1 + (i % 3)}.${Math.floor(i / 3) % 40}.${i}`;
      const res = await fetch(`${fast.url}/api/notice?client_version=${version}&platform=${i % 2 ? 'windows' : 'linux'}`);
      expect(res.status).toBe(200);
      tags.add(res.headers.get('etag')!);
      await res.arrayBuffer();
    }
    // Matching sets: 900 in or out for windows; 900 and 901 out for linux.
    expect(tags.size).toBeLessThanOrEqual(3);
    expect(entries() - before).toBeLessThanOrEqual(4);
  });
});
