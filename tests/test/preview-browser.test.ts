import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium } from './support/chromium';
import { contentCopy, startService, type ContentCopy, type RunningService } from './support/service';

// The writers' preview in a real browser over a content copy: a clean page, a page with a
// problem, and a page with a draft that has never been valid. Screenshots (looked at by a
// person) land in tests/test-artifacts/preview-*.png.
const BROKEN = 'notices/6-rotate-tokens-proxy-hostname.md';
const FORMATTING = `---
id: 950
active: false
date: 2026-05-01
priority: 1
summary: Formatting check
type: notice
---
# Formatting check

| Region | Window (UTC) |
|---|---|
| eu-central | 02:00-03:00 |
| us-east | 07:00-08:00 |

\`\`\`toml
[transport]
compression = "zstd"
\`\`\`

Hello <script>alert(1)</script> world.
`;
const DRAFT = `---
id: 960
active: yes
date: 2026-02-30
priority: 5
summary: A draft that never loaded
type: notice
---
# Draft heading

The body is shown although the front matter is wrong.
`;

/** What the page functions below use of the browser's window (the tests compile without DOM types). */
type BrowserWindow = {
  getComputedStyle(element: unknown): { borderTopWidth: string; paddingLeft: string; backgroundColor: string; fontSize: string };
  location: { hash: string };
  scrollTo(x: number, y: number): void;
};

let content: ContentCopy;
let preview: RunningService;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
  content = await contentCopy();
  await content.write('notices/950-formatting-check.md', FORMATTING);
  preview = await startService('apps/preview/src/index.ts', { PREVIEW_PORT: '0', CONTENT_DIR: content.dir });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await content?.cleanup();
});

/** How far below the sticky bar an element's top is (negative: hidden under it). */
const belowBar = async (selector: string) => {
  const [bar, target] = await Promise.all([page.locator('header.bar').boundingBox(), page.locator(selector).boundingBox()]);
  return target!.y - (bar!.y + bar!.height);
};

describe('the writers’ preview, looked at', () => {
  it('clean: tables are ruled, code sits in a box, raw HTML is said to be removed and a script leaves no text', async () => {
    await page.goto(preview.url);
    await page.locator('#live.on').waitFor();
    await page.locator('.status.ok').waitFor();
    const card = page.locator('#notice-950');
    const cell = await card.locator('.rendered td').first().evaluate((td) => {
      const style = (globalThis as unknown as BrowserWindow).getComputedStyle(td);
      return { border: style.borderTopWidth, padding: style.paddingLeft };
    });
    expect(parseFloat(cell.border)).toBeGreaterThanOrEqual(1);
    expect(parseFloat(cell.padding)).toBeGreaterThanOrEqual(8);
    const code = await card.locator('.rendered pre').evaluate((pre) => {
      const w = globalThis as unknown as BrowserWindow;
      const style = w.getComputedStyle(pre);
      return { padding: style.paddingLeft, border: style.borderTopWidth, background: style.backgroundColor, font: w.getComputedStyle(pre.querySelector('code')).fontSize };
    });
    expect(parseFloat(code.padding)).toBeGreaterThanOrEqual(8);
    expect(parseFloat(code.border)).toBeGreaterThanOrEqual(1);
    expect(code.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(parseFloat(code.font)).toBeGreaterThanOrEqual(13);
    await expect(card.locator('.note').textContent()).resolves.toMatch(/Raw HTML was removed/);
    await expect(card.locator('.rendered').textContent()).resolves.not.toContain('alert(1)');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'preview-clean.png') });

    // The jump list leads to the releases, whose heading clears the sticky bar.
    await page.locator('nav.jump a[href="#releases"]').click();
    await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).location.hash === '#releases');
    expect(await belowBar('#releases h2')).toBeGreaterThanOrEqual(0);
    await page.locator('nav.jump a', { hasText: '1.4.0' }).click();
    expect(await belowBar('#release-1\\.4\\.0')).toBeGreaterThanOrEqual(0);
  });

  it('with a problem: the banner line links to the card of its file', async () => {
    const text = await content.read(BROKEN);
    await content.write(BROKEN, text.replace('priority: 950', 'priority: high'));
    const link = page.locator('#problems a.at', { hasText: `${BROKEN}:5:11` });
    await link.waitFor();
    await page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, 'preview-problem-banner.png') });
    await link.click();
    await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).location.hash === '#notice-6');
    const offset = await belowBar('#notice-6');
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThan(200);
    await expect(page.locator('nav.jump li.bad').first().textContent()).resolves.toMatch(/^6 · /);
    await page.screenshot({ path: join(ARTIFACTS, 'preview-problem.png') });
    await content.write(BROKEN, text);
    await page.locator('.status.ok').waitFor();
  });

  it('with a draft: a notice that never loaded is rendered anyway, marked not served, beside its problems', async () => {
    await content.write('notices/960-draft.md', DRAFT);
    const card = page.locator('#file-notices-960-draft-md');
    await card.waitFor();
    await expect(card.locator('.state').textContent()).resolves.toBe('not served');
    await expect(card.locator('.rendered h1').textContent()).resolves.toBe('Draft heading');
    const problems = await card.locator('.issues li').allTextContents();
    expect(problems.join('\n')).toMatch(/notices\/960-draft\.md:3:9 .*true or false/);
    expect(problems.join('\n')).toMatch(/notices\/960-draft\.md:4:7 .*February 2026 has 28 days/);
    await page.locator('nav.jump a', { hasText: '960-draft.md (not served)' }).click();
    expect(await belowBar('#file-notices-960-draft-md')).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'preview-draft.png') });
  });
});
