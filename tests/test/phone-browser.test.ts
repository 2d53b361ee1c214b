import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { useApiOnContentCopy } from './support/service';

// /docs and the periodic table at phone, tablet and desktop widths: the page never scrolls
// sideways (wide tables scroll in their own box), no text is drawn under 10 px, and no text
// sticks out of the box that holds it. Screenshots land in tests/test-artifacts/.
const MIN_TEXT_PX = 10;

const service = useApiOnContentCopy();
const chrome = useBrowser();

/** Visible text drawn smaller than MIN_TEXT_PX: `<size> <tag.class> <text>`. */
const smallTexts = (page: Page) =>
  page.$$eval(
    'body *',
    (elements, min) => {
      const found = elements.flatMap((element) => {
        const text = [...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent ?? '').join('').trim();
        if (!text || element.getClientRects().length === 0) return [];
        const size = parseFloat(element.ownerDocument.defaultView!.getComputedStyle(element).fontSize);
        return size < min ? [`${size.toFixed(1)}px ${element.tagName.toLowerCase()}.${element.className} ${text.slice(0, 30)}`] : [];
      });
      return [...new Set(found)];
    },
    MIN_TEXT_PX,
  );

/** Elements matched by `selector` whose content is wider or taller than their box (cut off or spilling over). */
const clipped = (page: Page, selector: string) =>
  page.$$eval(selector, (boxes) =>
    boxes.filter((box) => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1).map((box) => `${box.className}: ${(box.textContent ?? '').trim().slice(0, 40)}`),
  );

describe.each([
  ['phone', 390],
  ['tablet', 768],
  ['desktop', 1400],
])('on a %s (%i px wide)', (name, width) => {
  let page: Page;
  beforeAll(async () => {
    page = await chrome.browser.newPage({ viewport: { width, height: 900 } });
  });
  afterAll(() => page.close());

  it('/docs never scrolls sideways: its tables scroll in their own box', async () => {
    await page.goto(`${service.api.url}/docs`);
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
    const tables = await page.$$eval('main table', (all) => all.map((t) => ({ right: t.getBoundingClientRect().right, scrolls: t.scrollWidth > t.clientWidth, overflow: t.ownerDocument.defaultView!.getComputedStyle(t).overflowX })));
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      expect(table.right).toBeLessThanOrEqual(width);
      if (table.scrolls) expect(table.overflow).toBe('auto');
    }
    expect(await smallTexts(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, `docs-${name}.png`), fullPage: false });
    await page.locator('#cross-origin-requests-cors').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, `docs-cors-${name}.png`) });
  });

  it('the periodic table draws no text under 10 px and clips nothing: cells, version badges, legend', async () => {
    await page.goto(`${service.api.url}/elements`);
    expect(await smallTexts(page)).toEqual([]);
    expect(await clipped(page, 'a.element, a.element .release, a.element .name, .legend, .legend li, .legend p')).toEqual([]);
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(ARTIFACTS, `elements-${name}.png`), fullPage: true });
  });
});
