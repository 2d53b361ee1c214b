import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { useApiOnContentCopy } from './support/service';

// The periodic table at desktop and phone widths: no cell cuts its name or version, and every
// codename in use can be reached. Screenshots land in tests/test-artifacts/.
// Neon's newest release is the stable 1.12.0; the copy names 2.0.0-alpha.1 after Sodium, so a cell
// shows a version as long as a pre-release gets.
const service = useApiOnContentCopy(async (content) => {
  await content.write('codenames.yaml', `${await content.read('codenames.yaml')}- codename: Sodium\n  versions: [2.0.0-alpha.1]\n`);
});
const chrome = useBrowser();

/** Texts inside a cell that stick out of it (and so are cut or overlap the next cell). */
function overflowingTexts(page: Page): Promise<string[]> {
  return page.$$eval('a.element', (cells) =>
    cells.flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      return [...cell.querySelectorAll('.name, .release')]
        .filter((span) => {
          const r = span.getBoundingClientRect();
          return r.left < box.left + 1 || r.right > box.right - 1 || span.scrollWidth > span.clientWidth + 1;
        })
        .map((span) => span.textContent ?? '');
    }),
  );
}

describe.each([
  ['desktop', 1400],
  ['phone', 390],
])('the periodic table on a %s (%i px wide)', (name, width) => {
  let page: Page;
  beforeAll(async () => {
    page = await chrome.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${service.api.url}/elements`);
  });
  afterAll(() => page.close());

  it('shows long names and versions whole', async () => {
    await expect(page.locator('a.element', { hasText: 'Rutherfordium' }).locator('.name').textContent()).resolves.toBe('Rutherfordium');
    await expect(page.locator('a.element', { hasText: 'Neon' }).locator('.release').textContent()).resolves.toBe('1.12.0');
    await expect(page.locator('a.element', { hasText: 'Sodium' }).locator('.release').textContent()).resolves.toBe('2.0.0-alpha.1');
    expect(await overflowingTexts(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, `periodic-table-${name}.png`), fullPage: true });
  });

  it('keeps every codename in use reachable', async () => {
    const inUse = await page.locator('a.element.in-use .name').allTextContents();
    expect(inUse.length).toBeGreaterThan(5);
    for (const element of inUse) {
      // From the list, without sideways scrolling.
      const link = page.locator('.in-use-list a', { hasText: element });
      await link.scrollIntoViewIfNeeded();
      const box = (await link.boundingBox())!;
      expect([element, box.x >= 0 && box.x + box.width <= width]).toEqual([element, true]);
      // And in the table, which scrolls within its own box.
      const cell = page.locator('a.element.in-use', { hasText: element });
      await cell.scrollIntoViewIfNeeded();
      const at = (await cell.boundingBox())!;
      expect([element, at.x >= 0 && at.x + at.width <= width]).toEqual([element, true]);
    }
    // The page itself never scrolls sideways; only the table's own box does.
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
