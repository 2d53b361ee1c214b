import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, launchChromium } from './support/chromium';
import { contentCopy, get, startService, type RunningService } from './support/service';

// Headless Chromium against the real preview and the real API, both over one content copy.
// Screenshots land in tests/test-artifacts/ (git-ignored) for a human to look at.
const NOTICE = 'notices/6-rotate-tokens-proxy-hostname.md';

let content: Awaited<ReturnType<typeof contentCopy>>;
let dataDir: string;
let api: RunningService;
let preview: RunningService;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  content = await contentCopy();
  dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'));
  [api, preview] = await Promise.all([
    startService('apps/api/src/main.ts', { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: dataDir }),
    startService('apps/preview/src/index.ts', { PREVIEW_PORT: '0', CONTENT_DIR: content.dir }),
  ]);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.stop(), preview?.stop()]);
  await content?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the writers’ preview in a browser', () => {
  it('shows each notice beside the JSON the API returns for it', async () => {
    await page.goto(preview.url);
    await page.locator('#live.on').waitFor();
    for (const id of [6, 8]) {
      const shown = JSON.parse((await page.locator(`#notice-${id} .json pre`).textContent())!);
      expect(shown).toEqual((await get(`${api.url}/api/notice/${id}`)).body.data);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'preview.png') });
  });

  it('updates the open page without a reload when a notice file is saved', async () => {
    await page.goto(preview.url);
    await page.locator('#live.on').waitFor();
    // A marker on the window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(globalThis, { stillTheSamePage: true }));
    const text = await content.read(NOTICE);

    await content.write(NOTICE, text.replace(/^summary: .*$/m, 'summary: Saved in the browser test').replace(/^# .*$/m, '# Edited heading'));
    await page.locator('#notice-6 h3', { hasText: 'Saved in the browser test' }).waitFor();
    await expect(page.locator('#notice-6 .rendered h1').textContent()).resolves.toBe('Edited heading');
    expect(await page.evaluate(() => (globalThis as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

    // A broken save shows its problem next to the notice, which keeps its last good version.
    await content.write(NOTICE, text.replace('priority: 950', 'priority: high'));
    await page.locator('#notice-6 .issues .at', { hasText: `${NOTICE}:5:11` }).waitFor();
    await expect(page.locator('#problems').textContent()).resolves.toContain(`${NOTICE}:5:11`);
    await page.screenshot({ path: join(ARTIFACTS, 'preview-with-problem.png') });
    await content.write(NOTICE, text);
    await page.locator('.status.ok').waitFor();
  });
});

describe('the periodic table in a browser', () => {
  it('shows 118 cells and leads from a codename to its page', async () => {
    await page.goto(`${api.url}/elements`);
    expect(await page.locator('a.element').count()).toBe(118);
    // The stylesheet applied: cells sit on the grid (hydrogen left of helium, on the same row).
    const [h, he] = await Promise.all([page.locator('a.element[href="/codename/hydrogen"]').boundingBox(), page.locator('a.element[href="/codename/helium"]').boundingBox()]);
    expect(h!.y).toBe(he!.y);
    expect(he!.x - h!.x).toBeGreaterThan(16 * h!.width);
    await page.screenshot({ path: join(ARTIFACTS, 'periodic-table.png'), fullPage: true });

    const codename = page.locator('a.element.in-use').nth(7);
    const name = (await codename.locator('.name').textContent())!;
    await codename.click();
    await page.waitForURL(`${api.url}/codename/${name.toLowerCase()}`);
    await expect(page.locator('h1').textContent()).resolves.toBe(name);
    expect(await page.locator('table.releases tbody tr').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'codename-page.png'), fullPage: true });
  });
});
