import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { useApiOnContentCopy } from './support/service';

// The notices and changelog pages at desktop and phone widths: nothing makes the page scroll
// sideways, no text is under 10 px. Screenshots land in tests/test-artifacts/.
const PAGES = [
  ['notices', '/notices'],
  ['notice-with-table', '/notices/3'],
  ['changelog-stable', '/changelog'],
  ['changelog-preview', '/changelog/preview'],
  ['release', '/changelog/stable/1.11.2'],
  ['notice-not-found', '/notices/9999'],
] as const;

// A long unbroken word and a long code line, as writers sometimes paste them.
const WIDE_NOTICE = `---
id: 78
active: true
date: 2026-11-22
priority: 1
summary: Paste-heavy notice
type: notice
---
See https://dashboard.example.com/settings/access-tokens/rotate?scope=all-the-scopes-a-user-can-hold&confirm=true for details.

\`\`\`
tunnel --config /etc/tunnel/tunnel.toml --relay relay-eu-central-1.example.com:443 --log-level debug --retry-forever
\`\`\`
`;

const service = useApiOnContentCopy((content) => content.write('notices/78-wide.md', WIDE_NOTICE));
const chrome = useBrowser();

/** How wide the document is, and the smallest font of any element that shows text of its own. */
function measure(page: Page): Promise<{ scrollWidth: number; smallest: { px: number; text: string } }> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document;
    const view = globalThis as any;
    let smallest = { px: Infinity, text: '' };
    for (const element of doc.body.querySelectorAll('*')) {
      const own = [...element.childNodes].filter((n: any) => n.nodeType === 3 && n.textContent.trim()).map((n: any) => n.textContent.trim()).join(' ');
      if (!own) continue;
      const px = parseFloat(view.getComputedStyle(element).fontSize);
      if (px < smallest.px) smallest = { px, text: own.slice(0, 40) };
    }
    return { scrollWidth: doc.documentElement.scrollWidth, smallest };
  });
}

describe.each([
  ['desktop', 1280],
  ['phone', 390],
])('the reading pages on a %s (%i px wide)', (device, width) => {
  let page: Page;
  beforeAll(async () => {
    page = await chrome.browser.newPage({ viewport: { width, height: 860 } });
  });
  afterAll(() => page.close());

  it.each(PAGES)('%s: fits the width, text at least 10 px', async (name, path) => {
    await page.goto(service.api.url + path);
    const { scrollWidth, smallest } = await measure(page);
    expect([path, scrollWidth]).toEqual([path, width]);
    expect([path, smallest.text, smallest.px >= 10]).toEqual([path, smallest.text, true]);
    await page.screenshot({ path: join(ARTIFACTS, `reading-${name}-${device}.png`), fullPage: true });
  });

  it('shows a pasted long link and a long code line without widening the page', async () => {
    await page.goto(`${service.api.url}/notices/78`);
    expect((await measure(page)).scrollWidth).toBe(width);
    // The code block scrolls inside its own box instead.
    const pre = await page.locator('.prose pre').evaluate((el: any) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(pre.client).toBeLessThanOrEqual(width);
    // Badges stay one small line (a notice of type `notice` once took the card's padding).
    const badges = await page.locator('.meta .kind').evaluateAll((els: any[]) => els.map((el) => el.getBoundingClientRect().height));
    expect(badges.every((h) => h < 24)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, `reading-notice-wide-${device}.png`), fullPage: true });
  });

  it('links from the list to a notice and back through the header', async () => {
    await page.goto(`${service.api.url}/notices`);
    await page.locator('article.notice h2 a').first().click();
    await expect(page.locator('nav.crumbs').textContent()).resolves.toBe(`Notices › ${await page.locator('h1').textContent()}`);
    await page.locator('header.site a', { hasText: 'Changelog' }).click();
    expect(new URL(page.url()).pathname).toBe('/changelog');
    await page.locator('article.release h2 a').first().click();
    expect(new URL(page.url()).pathname).toMatch(/^\/changelog\/stable\/\d+\.\d+\.\d+$/);
  });
});
