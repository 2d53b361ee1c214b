import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Authenticator } from '@companion/auth';
import { SEARCH_FEEDBACK_FILE } from '@companion/search-feedback';
import { formOf, signedIn } from './browser-client';
import type { TestServer } from './server';
import { serverWithPeople, stopServerWithPeople, type Person } from './people';

const SECRET = 'a session secret of the test, 32+ characters long';
const PEOPLE: Person[] = [
  ['Sam Support', 'sam', 'errors:write+errors:read-log'],
  ['Rob Reader', 'rob', 'feedback:read'],
  ['Lee Looker', 'lee', 'errors:read-log'],
];

let dir: string;
let auth: Authenticator;
let server: TestServer;
beforeEach(async () => {
  ({ dir, auth, server } = await serverWithPeople('search-analytics-', PEOPLE, { deps: { signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } }));
});
afterEach(() => stopServerWithPeople({ dir, auth, server }));

describe('search in the console', () => {
  it('counts searches and entries opened per query and language, and a marked answer finds its entry for those words', async () => {
    const sam = await signedIn(server.url, 'sam');
    const q = 'mein Laptop war über Mittag zu und der Tunnel hängt';
    const first = (text: string) => /<ol class="search-hits"><li><a href="[^"]*flag=([A-Z0-9]+)/.exec(text)?.[1];
    let page = await sam.follow(`${server.url}/console/search?q=${encodeURIComponent(q)}`);
    expect(page.res.status).toBe(200);
    expect(page.text).not.toContain('flag=NET3004');
    // The entry that answered it is not among the results: named by its Flag.
    const forms = [...page.text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
    const index = forms.findIndex((form) => form[1]!.includes('/console/search/answered') && form[2]!.includes('name="flag" placeholder'));
    const { action, fields } = formOf(page.text, `${server.url}/console/search`, index);
    page = await sam.follow(action, { form: { ...fields, flag: 'NET3004' } });
    // The answer is text of NET3004 from now on: the same words find it first, where it is marked.
    expect(first(page.text)).toBe('NET3004');
    expect(page.text).toContain('Marked as the answer.');
    expect(first((await sam.follow(`${server.url}/console/search?q=${encodeURIComponent('Laptop über Mittag zu')}`)).text)).toBe('NET3004');
    // Opened from the results: counted, then the entry's console page.
    const open = /href="(\/console\/search\/open\?[^"]*flag=NET3004[^"]*)"/.exec(page.text)![1]!;
    page = await sam.follow(`${server.url}${open.replace(/&#38;/g, '&')}`);
    expect(page.url).toBe(`${server.url}/console/errors/NET3004`);

    // Counts reach the store on the recorder's flush; the page reports them, per language.
    await server.services.searchFeedback.recorder.flush();
    page = await sam.follow(`${server.url}/console/search`);
    expect(page.text).toContain('Top queries');
    expect(page.text).toMatch(/mein laptop war über mittag zu und der tunnel hängt<\/a><\/td><td>(de|en)<\/td><td class="number">2<\/td><td class="number">0<\/td><td class="number">1<\/td>/);
    expect(page.text).toMatch(/laptop über mittag zu<\/a><\/td><td>de<\/td><td class="number">1<\/td>/);
    expect(page.text).toContain('<code>NET3004</code></a> (1)');

    // Nothing about who searched is written: no token, no name, no address.
    const written = await readFile(join(dir, 'data', SEARCH_FEEDBACK_FILE), 'utf8');
    for (const personal of ['Sam', 'sam', '127.0.0.1', 'session']) expect(written).not.toContain(personal);
  });

  it('takes a marked answer back: the same words no longer find its entry, and the header links the page for those who may read it', async () => {
    const sam = await signedIn(server.url, 'sam');
    const q = 'mein Laptop war über Mittag zu und der Tunnel hängt';
    const formIndex = (text: string, action: string, marker: string) =>
      [...text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].findIndex((form) => form[1]!.includes(action) && form[2]!.includes(marker));
    let page = await sam.follow(`${server.url}/console/search?q=${encodeURIComponent(q)}`);
    expect(page.text).toContain('<a href="/console/search">Search</a>');
    expect(page.text).not.toContain('flag=NET3004');
    let { action, fields } = formOf(page.text, `${server.url}/console/search`, formIndex(page.text, '/console/search/answered', 'name="flag" placeholder'));
    page = await sam.follow(action, { form: { ...fields, flag: 'NET3004' } });
    expect(page.text).toContain('Marked as the answer.');
    expect(await server.services.searchFeedback.store.answers()).toHaveLength(1);

    ({ action, fields } = formOf(page.text, `${server.url}/console/search`, formIndex(page.text, '/console/search/unanswered', 'value="NET3004"')));
    expect(fields.flag).toBe('NET3004');
    page = await sam.follow(action, { form: fields });
    expect(page.url).toBe(`${server.url}/console/search?q=${encodeURIComponent(q).replace(/%20/g, '+')}`);
    expect(page.text).not.toContain('Marked as the answer.');
    expect(page.text).not.toContain('flag=NET3004');
    expect(await server.services.searchFeedback.store.answers()).toEqual([]);

    // Taking back needs errors:write; reading the page needs errors:read-log, and so does its link.
    const lee = await signedIn(server.url, 'lee');
    const leePage = await lee.follow(`${server.url}/console/search?q=emfile`);
    expect(leePage.text).toContain('<a href="/console/search">Search</a>');
    const refused = await lee.follow(`${server.url}/console/search/unanswered`, { form: { csrf: formOf(leePage.text, server.url, 0).fields.csrf ?? '', q, flag: 'NET3004', lang: 'de' } });
    expect(refused.res.status).toBe(403);
    const rob = await signedIn(server.url, 'rob');
    expect((await rob.follow(`${server.url}/console/feedback`)).text).not.toContain('<a href="/console/search">');
  });

  it('is refused without errors:read-log, and an answer is marked only with errors:write', async () => {
    const rob = await signedIn(server.url, 'rob');
    expect((await rob.follow(`${server.url}/console/search?q=emfile`)).res.status).toBe(403);
    const lee = await signedIn(server.url, 'lee');
    const page = await lee.follow(`${server.url}/console/search?q=emfile`);
    expect(page.res.status).toBe(200);
    expect(page.text).not.toContain('This answered it');
    const refused = await lee.follow(`${server.url}/console/search/answered`, { form: { csrf: formOf(page.text, server.url, 0).fields.csrf ?? '', q: 'emfile', flag: 'LOCAL6003', lang: 'en' } });
    expect(refused.res.status).toBe(403);
    expect(await server.services.searchFeedback.store.answers()).toEqual([]);
  });

  it('counts the public pages\' and the API\'s searches, cached or not, and the entry a result link opened, in the language the client reads', async () => {
    const page = await fetch(`${server.url}/errors?q=${encodeURIComponent('Bei mir kommt immer EMFILE')}`, { headers: { 'accept-language': 'de' } });
    const text = await page.text();
    const link = /<p class="result-head"[^>]*><a href="([^"]+)"/.exec(text)![1]!.replace(/&#38;/g, '&');
    expect(link).toBe(`/errors/LOCAL6003?from=${encodeURIComponent('Bei mir kommt immer EMFILE')}`);
    // The same search again (the fast path's cached answer), and once through the API, in English.
    await (await fetch(`${server.url}/errors?q=${encodeURIComponent('Bei mir kommt immer EMFILE')}`, { headers: { 'accept-language': 'de' } })).text();
    await (await fetch(`${server.url}/api/tunnel/errors/search?q=${encodeURIComponent('kein Treffer xyzzy')}`)).text();
    expect((await fetch(`${server.url}${link}`, { headers: { 'accept-language': 'de' } })).status).toBe(200);
    // An unknown Flag or a link without a query counts nothing.
    await (await fetch(`${server.url}/errors/NOPE1?from=x`)).text();
    await (await fetch(`${server.url}/errors/LOCAL6003`)).text();
    await server.services.searchFeedback.recorder.flush();
    const today = new Date().toISOString().slice(0, 10);
    expect(await server.services.searchFeedback.store.report(today, today)).toEqual([
      { lang: 'de', query: 'bei mir kommt immer emfile', searches: 2, empty: 0, clicks: 1, chosen: [{ flag: 'LOCAL6003', clicks: 1 }] },
      { lang: 'en', query: 'kein treffer xyzzy', searches: 1, empty: 1, clicks: 0, chosen: [] },
    ]);
  });
});
