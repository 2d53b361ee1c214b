import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { useApiOnContentCopy } from './support/service';

// The site as a reader meets it at a laptop's and a phone's width, measured in Chromium: where
// the column sits, what is on screen on load, what wraps, what every page links to. Screenshots
// land in tests/test-artifacts/site-*.png.
const service = useApiOnContentCopy();
const chrome = useBrowser();

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };
const box = (page: Page, selector: string): Promise<Box> =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  });
/** The left edge of an element's first line of text (its padding box would hide a misalignment). */
const textLeft = (page: Page, selector: string): Promise<number> =>
  page.locator(selector).first().evaluate((el) => {
    const walker = el.ownerDocument.createTreeWalker(el, 4);
    let node = walker.nextNode();
    while (node && !node.textContent!.trim()) node = walker.nextNode();
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(node!);
    return range.getClientRects()[0]!.left;
  });

describe.each([
  ['desktop', 1366],
  ['phone', 390],
])('the site on a %s (%i px wide)', (device, width) => {
  const height = 860;
  let page: Page;
  beforeAll(async () => {
    page = await chrome.browser.newPage({ viewport: { width, height } });
  });
  afterAll(() => page.close());
  const shot = (name: string, fullPage = false) => page.screenshot({ path: join(ARTIFACTS, `site-${name}-${device}.png`), fullPage });

  it('sets notices and releases in one centred column, header and footer lined up with it', async () => {
    for (const path of ['/notices', '/notices/8', '/changelog']) {
      await page.goto(service.api.url + path);
      const main = await box(page, 'main > h1, main > nav.crumbs');
      const card = await box(page, 'article');
      // The space left and right of the cards is the same (the footer's centre was the page's, the cards' was not).
      expect([path, Math.round(card.left - (width - card.right))]).toEqual([path, 0]);
      expect([path, Math.round(main.left)]).toEqual([path, Math.round(card.left)]);
      // The header's brand and the footer's text start where the column does.
      expect([path, Math.round(await textLeft(page, 'header.site .brand'))]).toEqual([path, Math.round(card.left)]);
      expect([path, Math.round(await textLeft(page, 'footer.site'))]).toEqual([path, Math.round(card.left)]);
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(`column${path.replace(/\//g, '-')}`);
    }
  });

  it('names a notice in its breadcrumb by its summary, on one line inside the width', async () => {
    await page.goto(`${service.api.url}/notices/8`);
    const summary = (await page.locator('h1').textContent())!;
    await expect(page.locator('nav.crumbs').textContent()).resolves.toBe(`Notices › ${summary}`);
    const crumbs = await box(page, 'nav.crumbs');
    const line = await box(page, 'nav.crumbs a');
    expect(crumbs.height).toBeLessThanOrEqual(line.height + 1);
    expect(crumbs.right).toBeLessThanOrEqual(width);
  });

  it('shows a maintenance window ahead of it, with a link that adds it to a calendar', async () => {
    await page.goto(`${service.api.url}/notices`);
    const event = page.locator('#notice-8 .event');
    await expect(event.textContent()).resolves.toMatch(/^Maintenance window Sun 6 Dec 2026, 01:00–03:00 UTC Add to calendar$/);
    const link = await event.locator('a.add-to-calendar').evaluate((a) => ({ href: new URL((a as unknown as { href: string }).href).pathname, right: a.getBoundingClientRect().right }));
    expect(link).toEqual({ href: '/api/notice/8/event.ics', right: expect.any(Number) });
    expect(link.right).toBeLessThanOrEqual(width);
    const response = await page.request.get(`${service.api.url}${link.href}`);
    expect([response.status(), response.headers()['content-type']]).toEqual([200, 'text/calendar; charset=utf-8']);
    await page.locator('#notice-8').scrollIntoViewIfNeeded();
    await shot('notices-event');
  });

  it('links every page to /docs, and /docs carries the site header', async () => {
    for (const path of ['/notices', '/changelog', '/elements', '/codename/neon', '/docs', '/no/such/page']) {
      await page.goto(service.api.url + path);
      const docs = page.locator('header.site nav a[href="/docs"]');
      expect([path, await docs.count()]).toEqual([path, 1]);
      expect([path, (await box(page, 'header.site nav a[href="/docs"]')).right <= width]).toEqual([path, true]);
    }
    await page.goto(`${service.api.url}/docs`);
    await expect(page.locator('header.site nav a[aria-current="page"]').textContent()).resolves.toBe('Docs');
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
    await shot('docs');
  });

  it('answers an unknown address with the site 404 page to a browser, JSON to an API client', async () => {
    const response = await page.goto(`${service.api.url}/no/such/page`);
    expect([response!.status(), response!.headers()['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    await expect(page.locator('h1').textContent()).resolves.toBe('Not found');
    expect(await page.locator('header.site nav a').count()).toBe(5);
    await shot('not-found');
    for (const [path, accept] of [
      ['/no/such/page', 'application/json'],
      ['/no/such/page', '*/*'],
      ['/api/no/such', 'text/html'],
    ] as const) {
      const api = await page.request.get(service.api.url + path, { headers: { accept } });
      expect([path, accept, api.status(), (await api.json()).error.code]).toEqual([path, accept, 404, 'ROUTE_NOT_FOUND']);
    }
  });

  it('opens the changelog on a version index; a version is one tap away and the page is short', async () => {
    await page.goto(`${service.api.url}/changelog`);
    const releases = await page.locator('article.release').count();
    const index = page.locator('nav.version-index a');
    expect(await index.count()).toBe(releases);
    // The index is on the first screen.
    expect((await box(page, 'nav.version-index')).bottom).toBeLessThanOrEqual(height);
    // A version in the middle lands at the top of the screen; the oldest, at the page's end, on screen.
    const middle = index.nth(Math.floor(releases / 2));
    const version = (await middle.textContent())!;
    await middle.click();
    expect(new URL(page.url()).hash).toBe(`#v${version}`);
    const target = await box(page, `article[id="v${version}"]`);
    expect([Math.round(target.top) >= -1, target.top < 40]).toEqual([true, true]);
    const oldest = (await index.last().textContent())!;
    await index.last().click();
    const last = await box(page, `article[id="v${oldest}"]`);
    expect([last.top >= -1, last.bottom <= height]).toEqual([true, true]);
    // Channels are a tab each, with their numbers of releases.
    await expect(page.locator('nav.tabs a').allTextContents()).resolves.toEqual([expect.stringMatching(/^Stable\d+$/), expect.stringMatching(/^Preview\d+$/)]);
    const pageHeight = await page.locator('html').evaluate((html) => html.scrollHeight);
    // Before the index and the folded changes: 10,660 px on a phone, 6,486 px on a laptop.
    expect(pageHeight).toBeLessThan(device === 'phone' ? 6000 : 4500);
    await page.locator('html').evaluate((html) => html.ownerDocument.defaultView!.scrollTo(0, 0));
    await shot('changelog');
  });

  describe('the periodic table', () => {
    beforeAll(async () => {
      await page.goto(`${service.api.url}/elements`);
    });

    it('has every codename in use on the first screen, as a link', async () => {
      const inUse = await page.locator('a.element.in-use .name').allTextContents();
      expect(inUse.length).toBe(10);
      // On screen: inside the viewport and not hidden beyond the edge of a box that scrolls.
      const onScreen = await page.locator('main').evaluate(
        (main, { names, width, height }) =>
          names.filter((name) =>
            [...main.querySelectorAll('a')].some((a) => {
              if (!a.textContent!.includes(name)) return false;
              const r = a.getBoundingClientRect();
              const scroller = a.closest('.table-scroll');
              const clip = scroller ? scroller.getBoundingClientRect() : { left: 0, right: width };
              return r.width > 0 && r.left >= Math.max(0, clip.left) && r.right <= Math.min(width, clip.right) && r.top >= 0 && r.bottom <= height;
            }),
          ),
        { names: inUse, width, height },
      );
      expect(onScreen).toEqual(inUse);
      await shot('elements');
    });

    it('says so where the table scrolls sideways, and keeps the legend whole inside the screen', async () => {
      const scroller = await page.locator('.table-scroll').evaluate((el) => ({ scrolls: el.scrollWidth > el.clientWidth + 1, width: el.scrollWidth }));
      const hint = page.locator('.scroll-hint');
      if (scroller.scrolls) {
        expect(await hint.isVisible()).toBe(true);
        await expect(hint.textContent()).resolves.toMatch(/sideways/);
        expect((await box(page, '.scroll-hint')).bottom).toBeLessThanOrEqual((await box(page, '.table-scroll')).top + 1);
      } else {
        expect(await hint.isVisible()).toBe(false);
      }
      // A phone always scrolls the table; a desktop only in a face too wide for it (see codename-browser.test.ts).
      if (device === 'phone') expect(scroller.scrolls).toBe(true);
      // Every line of the legend is inside the page's width, outside any box that scrolls.
      const legend = await page.locator('.legend li, .legend p').evaluateAll((els) =>
        els.map((el) => ({ text: el.textContent!.trim(), right: el.getBoundingClientRect().right, inScroller: !!el.closest('.table-scroll'), clipped: el.scrollWidth > el.clientWidth + 1 })),
      );
      expect(legend.filter((l) => l.right > width || l.inScroller || l.clipped)).toEqual([]);
      await page.locator('.legend').scrollIntoViewIfNeeded();
      await shot('elements-legend');
    });

    it('writes each name and version on one line, so every cell of a row is as tall as the others', async () => {
      const lines = await page.locator('a.element .name, a.element .release').evaluateAll((spans) =>
        spans.map((span) => {
          const range = span.ownerDocument.createRange();
          range.selectNodeContents(span);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { text: span.textContent!, lines: tops.size };
        }),
      );
      expect(lines.filter((l) => l.lines !== 1)).toEqual([]);
      const rows = await page.locator('a.element').evaluateAll((cells) => {
        const byRow = new Map<number, number[]>();
        for (const cell of cells) {
          const r = cell.getBoundingClientRect();
          byRow.set(Math.round(r.top), [...(byRow.get(Math.round(r.top)) ?? []), r.height]);
        }
        return [...byRow.values()].map((heights) => Math.max(...heights) - Math.min(...heights));
      });
      expect(rows.filter((spread) => spread > 0.5)).toEqual([]);
      // Nothing sticks out of its cell either.
      const overflowing = await page.locator('a.element .name, a.element .release').evaluateAll((spans) =>
        spans.filter((span) => {
          const cell = span.closest('a')!.getBoundingClientRect();
          const r = span.getBoundingClientRect();
          return r.left < cell.left || r.right > cell.right;
        }).map((span) => span.textContent),
      );
      expect(overflowing).toEqual([]);
      await page.locator('a.element', { hasText: 'Molybdenum' }).scrollIntoViewIfNeeded();
      await shot('elements-names');
    });
  });
});
