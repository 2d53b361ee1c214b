import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { contentCopy, get, startService, type RunningService } from './support/service';

// The errors feed (the catalogue's latest changes) read back by a real feed parser and as JSON
// Feed, against what the catalogue's API answers, in each language the shipped catalogue is
// translated into; then an entry changed through the API leads it.
const TOKEN = 'errors-feed-test-token';
let api: RunningService;
let content: Awaited<ReturnType<typeof contentCopy>>;
let dataDir: string;
beforeAll(async () => {
  content = await contentCopy();
  dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'));
  api = await startService('apps/api/src/main.ts', { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: dataDir, API_TOKENS: `${TOKEN}=errors:write` });
});
afterAll(async () => {
  await api?.stop();
  await content?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const feed = (format: string, headers: Record<string, string> = {}, query = '') => fetch(`${api.url}/feeds/errors.${format}${query}`, { headers });
const firstSentence = (info: string) => /^[\s\S]*?[.!?](?=\s|$)/.exec(info)?.[0] ?? info;

/** What the feed should list, from the API: the entries in `lang`, last changed first (ties by Flag), at most 50. */
async function expectedItems(lang: string | null): Promise<{ title: string; link: string; date: string; info: string }[]> {
  const list = (await get(`${api.url}/api/tunnel/errors`)).body.data as { Flag: string }[];
  const entries = await Promise.all(list.map(async ({ Flag }) => (await get(`${api.url}/api/tunnel/errors/${Flag}${lang ? `?lang=${lang}` : ''}`)).body.data));
  return entries
    .map((e) => ({ flag: e.Flag as string, at: Date.parse(e.updated_at ?? e.created_at), info: e.Info as string }))
    .sort((a, b) => b.at - a.at || (a.flag < b.flag ? -1 : 1))
    .slice(0, 50)
    .map((e) => ({ title: `${e.flag}: ${firstSentence(e.info)}`, link: `${api.url}/errors/${e.flag}${lang ? `?lang=${lang}` : ''}`, date: new Date(e.at).toISOString(), info: e.info }));
}

describe('the errors feed', () => {
  it.each(['rss', 'atom'])('lists the last changed entries, newest first, in English without a language (%s)', async (format) => {
    const res = await feed(format);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`application/${format}+xml; charset=utf-8`);
    expect(res.headers.get('content-language')).toBe('en');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    const parsed = parseFeed(await res.text());
    const expected = await expectedItems(null);
    expect(expected.length).toBeGreaterThan(0);
    expect(parsed.items.map((item) => ({ title: item.title, link: item.url, date: (item.updated ?? item.published)?.toISOString() }))).toEqual(expected.map(({ title, link, date }) => ({ title, link, date })));
    expect(parsed.items[0]!.content).toContain('<h2>What to do</h2>');
  });

  it.each([
    ['de', 'Was zu tun ist', 'Fehlerreferenz'],
    ['fr', 'Que faire', 'Référence des erreurs'],
    ['es', 'Qué hacer', 'Referencia de errores'],
  ])('answers in %s, asked by Accept-Language or lang=, its items linking to the pages in that language', async (lang, whatToDo, title) => {
    const expected = await expectedItems(lang);
    for (const res of [await feed('json', { 'accept-language': `${lang}-XX, en;q=0.5` }), await feed('json', { 'accept-language': 'it' }, `?lang=${lang}`)]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-language')).toBe(lang);
      expect(res.headers.get('vary')).toMatch(/Accept-Language/);
      const json = (await res.json()) as any;
      expect(json.language).toBe(lang);
      expect(json.title).toBe(`Tunnel Companion: ${title}`);
      expect(json.items.map((item: any) => ({ title: item.title, link: item.url, date: item.date_modified }))).toEqual(expected.map(({ title: t, link, date }) => ({ title: t, link, date })));
      // Each item's content is the entry's text in the language, under the reference's headings in it.
      for (const [i, item] of json.items.entries()) {
        expect(item.content_html).toContain(`<h2>${whatToDo}</h2>`);
        expect(item.summary).toBe(firstSentence(expected[i]!.info));
      }
    }
    const page = await get(expected[0]!.link, 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<html lang="${lang}">`);
  });

  it('answers in English for a language the catalogue is not translated into, and refuses a malformed lang', async () => {
    const res = await feed('rss', { 'accept-language': 'it' });
    expect(res.headers.get('content-language')).toBe('en');
    expect(parseFeed(await res.text()).language).toBe('en');
    expect(parseFeed(await (await feed('rss', { 'accept-language': 'de' })).text()).language).toBe('de');
    expect((await feed('atom', {}, '?lang=!!')).status).toBe(400);
  });

  it('keeps its ETag per language and revalidates with it', async () => {
    const german = await feed('atom', { 'accept-language': 'de' });
    const english = await feed('atom');
    const etag = german.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(english.headers.get('etag')).not.toBe(etag);
    expect((await feed('atom', { 'accept-language': 'de', 'if-none-match': etag! })).status).toBe(304);
  });

  it('puts an entry changed through the API first, in every language', async () => {
    const before = JSON.parse(await (await feed('json')).text());
    const last = before.items.at(-1).id.split('/').pop();
    const res = await fetch(`${api.url}/api/tunnel/errors/${last}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ severity: 'critical' }),
    });
    expect(res.status).toBe(200);
    for (const lang of ['', '?lang=de']) {
      const after = JSON.parse(await (await feed('json', {}, lang)).text());
      expect(after.items[0].id).toBe(`${api.url}/api/tunnel/errors/${last}`);
      expect(after.items).toHaveLength(before.items.length);
    }
  });

  it('is named on the pages and in the service index', async () => {
    const { text } = await get(`${api.url}/errors`, 'text/html');
    for (const format of ['rss', 'atom', 'json']) expect(text).toContain(`href="/feeds/errors.${format}"`);
    const { body } = await get(`${api.url}/api`);
    const routes = Object.values<Record<string, unknown>>(body.endpoints).flatMap((category) => Object.keys(category));
    for (const format of ['rss', 'atom', 'json']) expect(routes).toContain(`GET /feeds/errors.${format}`);
  });
});
