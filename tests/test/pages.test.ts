import { get, useApiOnContentCopy, waitFor } from './support/service';

// /elements, /codename and /codename/<name> on the real service, over a content copy in which
// one element description carries markup, to prove every text is escaped.
const HOSTILE = `<script>alert("x")</script> & 'quoted'`;
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const service = useApiOnContentCopy(async (content) => {
  const elements = await content.read('elements.yaml');
  await content.write('elements.yaml', elements.replace(/(name: Argon\n(?:.*\n)*?\s+description: ).*/, `$1${JSON.stringify(HOSTILE)}`));
});

const cells = (html: string) => [...html.matchAll(/<a class="element ([^"]*)" href="([^"]*)"/g)].map(([, classes, href]) => ({ classes: classes!, href: href! }));

describe('the periodic table', () => {
  it('is an HTML page with 118 element cells laid out by group and period, codenames in use marked', async () => {
    const res = await get(`${service.api.url}/elements`, HTML_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/Accept/);
    expect(res.text).toContain('<link rel="stylesheet" href="/assets/pages.css">');
    const all = cells(res.text);
    expect(all).toHaveLength(118);
    expect(new Set(all.map((c) => c.href)).size).toBe(118);
    const hydrogen = all.find((c) => c.href === '/codename/hydrogen')!;
    expect(hydrogen.classes.split(' ')).toEqual(expect.arrayContaining(['cat-nonmetal', 'col-1', 'row-1', 'in-use']));
    expect(all.find((c) => c.href === '/codename/lanthanum')!.classes).toContain('col-3 row-lanthanides');
    expect(all.find((c) => c.href === '/codename/lawrencium')!.classes).toContain('col-17 row-actinides');
    expect(all.filter((c) => c.classes.includes('in-use')).map((c) => c.href)).toEqual(
      ['hydrogen', 'helium', 'lithium', 'beryllium', 'boron', 'carbon', 'nitrogen', 'oxygen', 'fluorine', 'neon'].map((n) => `/codename/${n}`),
    );
  });

  it('answers the same at /codename, HTML by default', async () => {
    const [elements, alias, noAccept] = await Promise.all([get(`${service.api.url}/elements`, HTML_ACCEPT), get(`${service.api.url}/codename`, HTML_ACCEPT), get(`${service.api.url}/codename`, '*/*')]);
    expect(alias.text).toBe(elements.text);
    expect(noAccept.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers JSON in the envelope when the request prefers it', async () => {
    const res = await get(`${service.api.url}/elements`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toMatchObject({ success: true, count: 118 });
    expect(res.body.data).toHaveLength(118);
    expect(res.body.data[0]).toEqual({ number: 1, symbol: 'H', name: 'Hydrogen', category: 'nonmetal', period: 1, group: 1, atomic_mass: 1.008, versions: ['1.3.1', '1.3.0'] });
    expect(res.body.data[56]).toMatchObject({ number: 57, group: null, versions: [] });
  });

  it('revalidates with its strong ETag', async () => {
    const first = await fetch(`${service.api.url}/elements`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await fetch(`${service.api.url}/elements`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const css = await fetch(`${service.api.url}/assets/pages.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('.periodic-table');
  });
});

describe('an element page', () => {
  it('shows the facts, the description and the releases, whatever the case of the name', async () => {
    for (const name of ['oxygen', 'Oxygen', 'OXYGEN']) {
      const res = await get(`${service.api.url}/codename/${name}`, HTML_ACCEPT);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<h1>Oxygen</h1>');
      for (const fact of ['<dt>Atomic number</dt><dd>8</dd>', '<dd>O</dd>', '<dd>Nonmetal</dd>', '<dt>Period</dt><dd>2</dd>', '<dt>Group</dt><dd>16</dd>', '<dd>15.999</dd>']) expect(res.text).toContain(fact);
      expect(res.text).toContain('most abundant element');
      expect(res.text.match(/<a href="\/changelog\/stable\/1\.10\.\d">/g)).toHaveLength(3);
    }
  });

  it('answers JSON with the element and its releases', async () => {
    const res = await get(`${service.api.url}/codename/NEON`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['success', 'data', 'timestamp']);
    expect(res.body.data).toMatchObject({ number: 10, symbol: 'Ne', name: 'Neon', category: 'noble-gas', period: 2, group: 18 });
    expect(res.body.data.releases).toEqual([
      { version: '1.12.0', channel: 'stable', date: '2026-11-25', description: expect.any(String) },
      { version: '1.12.0-beta.1', channel: 'preview', date: '2026-10-13', description: expect.any(String) },
    ]);
  });

  it('escapes every text it shows', async () => {
    const res = await get(`${service.api.url}/codename/argon`, HTML_ACCEPT);
    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quoted&#39;');
    expect((await get(`${service.api.url}/codename/argon`)).body.data.description).toBe(HOSTILE);
  });

  it('is a 404 page for an unknown name, or the JSON error when JSON is preferred', async () => {
    const page = await get(`${service.api.url}/codename/unobtainium`, HTML_ACCEPT);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('<h1>Not found</h1>');
    expect(page.text).toContain('No element is named &#34;unobtainium&#34;.');

    const json = await get(`${service.api.url}/codename/unobtainium`);
    expect(json.status).toBe(404);
    expect(json.body).toMatchObject({ success: false, error: { code: 'CODENAME_NOT_FOUND', details: [] } });
  });

  it('is a 400 for a name that cannot be an element', async () => {
    const page = await get(`${service.api.url}/codename/${encodeURIComponent('<b>x</b>')}`, HTML_ACCEPT);
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('<b>');
    expect((await get(`${service.api.url}/codename/neon1`)).body.error.code).toBe('BAD_PARAMETER');
  });

  it('follows content changes: a new codename is marked at once', async () => {
    const codenames = await service.content.read('codenames.yaml');
    await service.content.write('codenames.yaml', `${codenames}- codename: Sodium\n  versions: [2.0.0-alpha.1]\n`);
    const res = await waitFor(async () => {
      const page = await get(`${service.api.url}/elements`, HTML_ACCEPT);
      return cells(page.text).find((c) => c.href === '/codename/sodium')!.classes.includes('in-use') && page;
    });
    expect(res.text).toContain('>2.0.0-alpha.1</span>');
    expect((await get(`${service.api.url}/codename/sodium`)).body.data.releases[0].version).toBe('2.0.0-alpha.1');
  });
});
