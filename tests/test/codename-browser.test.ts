import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { useApiOnContentCopy } from './support/service';

// The periodic table at desktop and phone widths, laid out with the fonts of a fresh Debian machine
// (DejaVu: wide, nothing narrow) and with Liberation (a narrow face): no cell cuts its name or
// version, and every codename in use can be reached. Screenshots land in tests/test-artifacts/.
// Neon's newest release is the stable 1.12.0; the copy names 2.0.0-alpha.1 after Sodium, so a cell
// shows a version as long as a pre-release gets.
const service = useApiOnContentCopy(async (content) => {
  await content.write('codenames.yaml', `${await content.read('codenames.yaml')}- codename: Sodium\n  versions: [2.0.0-alpha.1]\n`);
});
const browsers = { dejavu: useBrowser('dejavu'), liberation: useBrowser('liberation') };

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
  ['dejavu', 'desktop', 1400],
  ['dejavu', 'phone', 390],
  ['liberation', 'desktop', 1400],
  ['liberation', 'phone', 390],
] as const)('the periodic table in %s fonts on a %s (%i px wide)', (fonts, name, width) => {
  let page: Page;
  beforeAll(async () => {
    page = await browsers[fonts].browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${service.api.url}/elements`);
  });
  afterAll(() => page.close());

  it('shows long names and versions whole', async () => {
    await expect(page.locator('a.element', { hasText: 'Rutherfordium' }).locator('.name').textContent()).resolves.toBe('Rutherfordium');
    await expect(page.locator('a.element', { hasText: 'Neon' }).locator('.release').textContent()).resolves.toBe('1.12.0');
    await expect(page.locator('a.element', { hasText: 'Sodium' }).locator('.release').textContent()).resolves.toBe('2.0.0-alpha.1');
    expect(await overflowingTexts(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, `periodic-table-${fonts}-${name}.png`), fullPage: true });
  });

  it('says so exactly where the table scrolls sideways, and fits a desktop in a narrow face', async () => {
    const scrolls = await page.locator('.table-scroll').evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(await page.locator('.scroll-hint').isVisible()).toBe(scrolls);
    if (fonts === 'liberation') expect(scrolls).toBe(name === 'phone');
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
