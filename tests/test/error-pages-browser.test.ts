import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { useApiOnContentCopy } from './support/service';

// The error reference as a customer meets it, at a laptop's and a phone's width, with JavaScript
// off (the search box is a plain form): search with a pasted log line, read the results with the
// matched words marked, open an entry. Screenshots land in tests/test-artifacts/errors-*.png.
const service = useApiOnContentCopy();
const chrome = useBrowser();

const PASTED = '2026-11-27T10:00:01Z ERROR visitor "db" failed: listen tcp 127.0.0.1:5432: bind: address already in use';

describe.each([
  ['desktop', 1366],
  ['phone', 390],
])('the error reference on a %s (%i px wide)', (device, width) => {
  let page: Page;
  beforeAll(async () => {
    const context = await chrome.browser.newContext({ viewport: { width, height: 860 }, javaScriptEnabled: false });
    page = await context.newPage();
  });
  afterAll(() => page.context().close());
  const shot = (name: string, fullPage = false) => page.screenshot({ path: join(ARTIFACTS, `errors-${name}-${device}.png`), fullPage });
  const overflow = () => page.locator('html').evaluate((html) => html.scrollWidth);

  it('lists every entry by category under a search box, linked from the site header', async () => {
    await page.goto(`${service.api.url}/notices`);
    await page.locator('header.site nav a', { hasText: 'Errors' }).click();
    expect(new URL(page.url()).pathname).toBe('/errors');
    await expect(page.locator('header.site nav a[aria-current]').textContent()).resolves.toBe('Errors');
    const listed = await page.locator('.entries li a code').allTextContents();
    expect(listed.length).toBe(34);
    expect(listed).toContain('PORT1001');
    await expect(page.locator('section.category h2').allTextContents()).resolves.toEqual(expect.arrayContaining(['Local', 'Network', 'Tls']));
    expect(await overflow()).toBeLessThanOrEqual(width);
    await shot('list');
  });

  it('finds the entry of a pasted log line without JavaScript, the words that matched marked', async () => {
    await page.goto(`${service.api.url}/errors`);
    await page.locator('input[name=q]').fill(PASTED);
    await page.locator('form.search button').click();
    expect(new URL(page.url()).searchParams.get('q')).toBe(PASTED);
    await expect(page.locator('input[name=q]').inputValue()).resolves.toBe(PASTED);
    const first = page.locator('.results > li').first();
    await expect(first.locator('.result-head code').textContent()).resolves.toBe('PORT1001');
    await expect(first.locator('.result-messages code').first().locator('mark').allTextContents()).resolves.toEqual(['bind', 'address', 'already', 'use']);
    // The box and the results stay inside the width: the long query and the messages wrap or scroll inside.
    const [form, result] = await Promise.all(['form.search', '.results > li'].map((selector) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().right)));
    expect(form).toBeLessThanOrEqual(width);
    expect(result).toBeLessThanOrEqual(width);
    expect(await overflow()).toBeLessThanOrEqual(width);
    // Marks are visible: a yellow background behind the word.
    const background = await first.locator('mark').first().evaluate((mark) => mark.ownerDocument.defaultView!.getComputedStyle(mark).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await shot('results');
  });

  it('says so when nothing matches, and keeps the query in the box', async () => {
    await page.goto(`${service.api.url}/errors?q=${encodeURIComponent('zzzqqq xyzzy')}`);
    await expect(page.locator('.none').textContent()).resolves.toMatch(/^No error matches for “zzzqqq xyzzy”/);
    await expect(page.locator('input[name=q]').inputValue()).resolves.toBe('zzzqqq xyzzy');
  });

  it("opens an entry's page: what it means, what the client prints, the steps rendered", async () => {
    await page.goto(`${service.api.url}/errors?q=PORT1001`);
    await page.locator('.results > li a').first().click();
    expect(new URL(page.url()).pathname).toBe('/errors/PORT1001');
    await expect(page.locator('nav.crumbs').textContent()).resolves.toBe('Errors › PORT1001');
    await expect(page.locator('.messages code').allTextContents()).resolves.toContain('bind: address already in use');
    const steps = page.locator('.steps ol > li');
    await expect(steps.count()).resolves.toBe(4);
    await expect(steps.first().locator('code').first().textContent()).resolves.toBe('lsof -i :8080');
    expect(await overflow()).toBeLessThanOrEqual(width);
    await shot('entry', true);
  });

  it('answers an unknown Flag with the site’s 404 page', async () => {
    const response = await page.goto(`${service.api.url}/errors/NOPE9999`);
    expect(response!.status()).toBe(404);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Not found');
  });
});

describe.each([
  ['de-DE', { heading: 'Fehlerreferenz', button: 'Suchen', query: 'Zugriffstoken ist abgelaufen', flag: 'AUTH2002', matched: 'Gefunden', crumb: 'Fehler › AUTH2002', whatToDo: 'Was zu tun ist' }],
  ['fr-FR', { heading: 'Référence des erreurs', button: 'Rechercher', query: 'erreur de certificat auto-signé', flag: 'TLS4002', matched: 'Trouvé', crumb: 'Erreurs › TLS4002', whatToDo: 'Que faire' }],
  ['es-ES', { heading: 'Referencia de errores', button: 'Buscar', query: 'tiempo de espera agotado al conectar', flag: 'NET3002', matched: 'Coincidencias', crumb: 'Errores › NET3002', whatToDo: 'Qué hacer' }],
])('the error reference in a browser set to %s', (locale, words) => {
  let page: Page;
  beforeAll(async () => {
    // The browser's locale is what it sends as Accept-Language.
    const context = await chrome.browser.newContext({ viewport: { width: 1366, height: 860 }, javaScriptEnabled: false, locale });
    page = await context.newPage();
  });
  afterAll(() => page.context().close());

  it('shows its headings, search box and results in that language, then the entry', async () => {
    const lang = locale.slice(0, 2);
    await page.goto(`${service.api.url}/errors`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
    await expect(page.locator('main h1').textContent()).resolves.toBe(words.heading);
    await expect(page.locator('form.search button').textContent()).resolves.toBe(words.button);
    const placeholder = await page.locator('input[name=q]').getAttribute('placeholder');
    // The example in the box is one of the reference's own: searching it finds an entry.
    await page.locator('input[name=q]').fill(placeholder!);
    await page.locator('form.search button').click();
    await expect(page.locator('.results > li').count()).resolves.toBeGreaterThan(0);

    await page.locator('input[name=q]').fill(words.query);
    await page.locator('form.search button').click();
    const first = page.locator('.results > li').first();
    await expect(first.locator('.result-head code').textContent()).resolves.toBe(words.flag);
    await expect(first.locator('.matched').textContent()).resolves.toMatch(new RegExp(`^${words.matched}: `));
    await first.locator('a').first().click();
    await expect(page.locator('nav.crumbs').textContent()).resolves.toBe(words.crumb);
    await expect(page.locator('main h2').allTextContents()).resolves.toContain(words.whatToDo);
    await page.screenshot({ path: join(ARTIFACTS, `errors-entry-${lang}.png`), fullPage: true });
  });
});
