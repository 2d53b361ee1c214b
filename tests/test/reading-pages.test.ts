import { get, useApiOnContentCopy } from './support/service';

// /notices and /changelog pages on the real service, over a content copy holding a hostile
// notice and a hostile release: every trick must reach the page as inert text or not at all.
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const HOSTILE_NOTICE = `---
id: 77
active: true
date: 2026-11-20
priority: 1
summary: 'Hostile <b>summary</b> & "quotes"'
type: security
---
# Read me

<script>alert("notice")</script>

<img src="x" onerror="alert('img')">

[click](javascript:alert('link')) and <a href="javascript:alert(2)">raw</a>

<iframe src="https://evil.example"></iframe>

| table | cell |
|---|---|
| \`a\` | b |
`;
const HOSTILE_RELEASE = `version: 1.11.3
date: "2026-11-21"
description: 'Fix <script>alert(1)</script>'
changes:
  - "Safer [link](javascript:alert('change')) and <img src=x onerror=alert(3)>"
  - "A \`code\` change"
`;

const service = useApiOnContentCopy(async (content) => {
  await content.write('notices/77-hostile.md', HOSTILE_NOTICE);
  await content.write('changelog/stable/1.11.3.yaml', HOSTILE_RELEASE);
});
const page = (path: string) => get(service.api.url + path, HTML_ACCEPT);

/** Nothing a browser would run: no script element, no event attribute, no javascript: URL, no frame. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<iframe|\son\w+\s*=|javascript:/i);
}

describe('the notices page', () => {
  it('shows every active notice, most important first, each linking to its own page', async () => {
    const [res, api] = await Promise.all([page('/notices'), get(`${service.api.url}/api/notice`)]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/Accept/);
    const linked = [...res.text.matchAll(/<h2><a href="\/notices\/(\d+)">/g)].map(([, id]) => Number(id));
    expect(linked).toEqual(api.body.data.map((n: { id: number }) => n.id));
    expect(res.text).toContain('<a href="/notices" aria-current="page">Notices</a>');
  });

  it('answers the API twin in the envelope when the request prefers JSON', async () => {
    const [json, api] = await Promise.all([get(`${service.api.url}/notices`), get(`${service.api.url}/api/notice`)]);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect({ ...json.body, timestamp: 0 }).toEqual({ ...api.body, timestamp: 0 });
  });
});

describe('a notice page', () => {
  it('renders the Markdown, sanitized: scripts, event attributes, javascript: links and frames are gone', async () => {
    const res = await page('/notices/77');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Hostile &#60;b&#62;summary&#60;/b&#62; &#38; &#34;quotes&#34;</h1>');
    expect(res.text).toContain('<h2>Read me</h2>'); // the notice's own title sits under the page's
    expect(res.text).toMatch(/<table>[\s\S]*<code>a<\/code>/);
    expectInert(res.text);
    expectInert((await page('/notices')).text);
  });

  it('shows an inactive notice and says it is not active', async () => {
    const res = await page('/notices/1');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<span class="state inactive">Not active</span>');
    expect(res.text).toContain('<h2>Version 1.0 is here</h2>');
  });

  it('answers 404 and 400 as pages, or as JSON when preferred', async () => {
    const missing = await page('/notices/9999');
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(missing.text).toContain('No notice has id 9999.');
    expect(missing.text).not.toContain('aria-current'); // no section claims an error page
    expect((await page('/notices/abc')).status).toBe(400);
    const json = await get(`${service.api.url}/notices/9999`);
    expect([json.status, json.body.error.code]).toEqual([404, 'NOTICE_NOT_FOUND']);
  });

  it('revalidates with a strong ETag, apart from its JSON form', async () => {
    const first = await fetch(`${service.api.url}/notices/2`, { headers: { Accept: 'text/html' } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await fetch(`${service.api.url}/notices/2`, { headers: { Accept: 'text/html', 'If-None-Match': etag } })).status).toBe(304);
    const json = await fetch(`${service.api.url}/notices/2`, { headers: { Accept: 'application/json', 'If-None-Match': etag } });
    expect(json.status).toBe(200);
  });
});

describe('the changelog pages', () => {
  it('lists a channel newest first, each release linking to its page; /changelog is the stable channel', async () => {
    const [stable, alias, api] = await Promise.all([page('/changelog/stable'), page('/changelog'), get(`${service.api.url}/api/changelog`)]);
    expect(alias.text).toBe(stable.text);
    const linked = [...stable.text.matchAll(/<h2><a href="\/changelog\/stable\/([^"]+)">/g)].map(([, v]) => v);
    expect(linked).toEqual(Object.keys(api.body.data));
    expect(stable.text).toMatch(/<a href="\/changelog\/stable" aria-current="page">Stable<span class="count">\d+<\/span><\/a>/);
    const preview = await page('/changelog/preview');
    expect([...preview.text.matchAll(/<h2><a href="\/changelog\/preview\/([^"]+)">/g)].map(([, v]) => v)).toEqual(Object.keys((await get(`${service.api.url}/api/changelog/preview`)).body.data));
  });

  it('shows one release with its codename and its neighbours', async () => {
    const res = await page('/changelog/stable/1.10.1');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>1.10.1</h1>');
    expect(res.text).toMatch(/<a class="codename" href="\/codename\/oxygen">Oxygen<\/a>/);
    expect(res.text).toContain('<a rel="prev" href="/changelog/stable/1.10.0">');
    expect(res.text).toContain('<a rel="next" href="/changelog/stable/1.10.2">');
    expect((await page('/changelog/preview/1.12.0-beta.1')).text).toContain('<h1>1.12.0-beta.1</h1>');
  });

  it('renders changes as sanitized Markdown', async () => {
    const res = await page('/changelog/stable/1.11.3');
    expect(res.text).toContain('<code>code</code>');
    expect(res.text).toContain('Fix &#60;script&#62;');
    expectInert(res.text);
    expectInert((await page('/changelog/stable')).text);
  });

  it('answers errors as pages: an unknown version 404, a malformed one 400, an unknown channel 404', async () => {
    for (const [path, status] of [['/changelog/stable/9.9.9', 404], ['/changelog/preview/1.9.0', 404], ['/changelog/stable/1.12.0-beta.1', 400], ['/changelog/nightly', 404]] as const) {
      const res = await page(path);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, status, 'text/html; charset=utf-8']);
    }
    const json = await get(`${service.api.url}/changelog/stable/9.9.9`);
    expect([json.status, json.body.error.code]).toEqual([404, 'RELEASE_NOT_FOUND']);
  });
});

describe('the service index', () => {
  it('lists the pages under notices and changelog', async () => {
    const { body } = await get(`${service.api.url}/`);
    expect(Object.keys(body.endpoints.notices)).toEqual(expect.arrayContaining(['GET /notices', 'GET /notices/<id>']));
    expect(Object.keys(body.endpoints.changelog)).toEqual(
      expect.arrayContaining(['GET /changelog', 'GET /changelog/stable', 'GET /changelog/stable/<version>', 'GET /changelog/preview', 'GET /changelog/preview/<version>']),
    );
  });
});
