import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { contentCopy, startService, type ContentCopy, type RunningService } from './support/service';

// The console in a real Chromium at desktop and phone widths, driven with the keyboard only:
// signing in, searching as one types, editing an entry, working the feedback inbox. axe-core finds
// no serious or critical problem on any page; screenshots land in tests/test-artifacts/console-*.

/** What the console may send a browser, gzipped: its own script, and Chart.js on the inbox. */
const BUDGET = { own: 4 * 1024, inbox: 80 * 1024 };
const AXE = await readFile(new URL('../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const sha = (token: string) => createHash('sha256').update(token).digest('hex');
const PEOPLE = [`Sam Support: ${sha('sam-token')}=errors:write+errors:read-log`, `Pia Product: ${sha('pia-token')}=feedback:read+feedback:write+feedback:erase`];

const chrome = useBrowser();
let content: ContentCopy;
let dataDir: string;
let tokensFile: string;
let api: RunningService;
beforeAll(async () => {
  content = await contentCopy();
  dataDir = await mkdtemp(join(tmpdir(), 'console-data-'));
  tokensFile = join(dataDir, 'tokens.txt');
  await writeFile(tokensFile, PEOPLE.join('\n'));
  api = await startService('apps/api/src/main.ts', { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: join(dataDir, 'data'), API_TOKENS_FILE: tokensFile, SESSION_SECRET: 'the browser test session secret, long enough' });
  const post = (body: object) => fetch(`${api.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const platforms = ['windows', 'macos', 'linux'] as const;
  const types = ['bug', 'suggestion', 'question', 'other'] as const;
  for (let i = 0; i < 12; i++) await post({ content: `Feedback number ${i}: the tunnel drops on hotel Wi-Fi.`, type: types[i % 4], platform: platforms[i % 3], client_version: i % 2 ? '1.11.2' : '1.10.0', contact: i === 0 ? 'ann@example.org' : undefined });
  await post({ content: '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">', type: 'bug' });
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await content?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

/** Serious and critical problems axe-core finds on the page as it is now. */
async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate(() => (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] }));
  return (result.violations as any[]).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
}

/** Presses Tab until the focused element matches `selector` (keyboard only, as a person would). */
async function tabTo(page: Page, selector: string, most = 60): Promise<void> {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => (globalThis as any).document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe.each([
  ['desktop', 1366],
  ['phone', 390],
])('the console on a %s (%i px)', (name, width) => {
  let browser: Browser;
  let page: Page;
  const shot = (what: string) => page.screenshot({ path: join(ARTIFACTS, `console-${what}-${name}.png`), fullPage: true });
  beforeAll(async () => {
    browser = chrome.browser;
    page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  });
  afterAll(() => page.context().close());

  it('signs in with a named token using the keyboard only', async () => {
    await page.goto(`${api.url}/console`);
    expect(page.url()).toBe(`${api.url}/console/sign-in?next=%2Fconsole`);
    expect(await axeProblems(page)).toEqual([]);
    await shot('sign-in');
    await tabTo(page, '#token');
    await page.keyboard.type('sam-token');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${api.url}/console`);
    expect(await page.textContent('header')).toContain('Signed in as Sam Support');
    expect(await axeProblems(page)).toEqual([]);
  });

  it('searches as one types, with the API search, and opens an entry from the keyboard', async () => {
    await page.goto(`${api.url}/console/errors`);
    await tabTo(page, '#q');
    await page.keyboard.type('port', { delay: 20 });
    await page.waitForFunction(() => (globalThis as any).document.getElementById('result-count')?.textContent?.match(/^\d+ entr/) && (globalThis as any).document.location.search === '?q=port');
    const first = await page.textContent('#results li a code');
    expect(first).toMatch(/^PORT\d+$/);
    expect(await axeProblems(page)).toEqual([]);
    await shot('search');
    await tabTo(page, '#results li a');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/console/errors/${first}$`));
    expect(await axeProblems(page)).toEqual([]);
    await shot('entry');
  });

  it('edits an entry from the keyboard, with a preview first, and shows its history with the change', async () => {
    await page.goto(`${api.url}/console/errors/PORT1001`);
    await tabTo(page, '#Info');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`Checked on a ${name}: the **local port** is taken.`);
    await tabTo(page, 'button[value="preview"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#preview-heading');
    expect(await page.innerHTML('.preview .prose')).toContain('<strong>local port</strong>');
    await shot('preview');
    await tabTo(page, 'button[value="save"]');
    await page.keyboard.press('Enter');
    // Saved: the entry page again, without the preview.
    await page.waitForSelector('#preview-heading', { state: 'detached' });
    expect(page.url()).toBe(`${api.url}/console/errors/PORT1001`);
    await page.goto(`${api.url}/console/errors/PORT1001/history`);
    expect(await page.textContent('.history')).toContain(`Checked on a ${name}`);
    expect(await axeProblems(page)).toEqual([]);
    await shot('history');
  });

  it('works the feedback inbox from the keyboard: filters, a status, charts; no script from feedback runs', async () => {
    const pia = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    try {
      await pia.goto(`${api.url}/console/sign-in`);
      await tabTo(pia, '#token');
      await pia.keyboard.type('pia-token');
      await pia.keyboard.press('Enter');
      await pia.waitForURL(`${api.url}/console`);
      await pia.goto(`${api.url}/console/feedback`);
      await pia.waitForFunction(() => (globalThis as any).Chart && (globalThis as any).document.querySelectorAll('canvas').length === 3);
      expect(await pia.evaluate(() => (globalThis as any).pwned)).toBeUndefined();
      expect(await axeProblems(pia)).toEqual([]);
      await pia.screenshot({ path: join(ARTIFACTS, `console-inbox-${name}.png`), fullPage: true });

      page = pia;
      await tabTo(pia, '#f-platform');
      await pia.keyboard.press('ArrowDown'); // windows
      await tabTo(pia, '.filters button[type="submit"]');
      await pia.keyboard.press('Enter');
      await pia.waitForURL(/platform=windows/);
      expect(await pia.textContent('[role="status"]')).toMatch(/^4 feedback match/);
      const id = await pia.getAttribute('.inbox li', 'id');
      await tabTo(pia, `#${id} select[name="status"]`);
      await pia.keyboard.press('ArrowDown'); // triaged
      await tabTo(pia, `#${id} input[name="note"]`);
      await pia.keyboard.type('Asked for logs');
      await pia.keyboard.press('Enter');
      await pia.waitForURL(new RegExp(`#${id}$`));
      expect(await pia.textContent(`#${id}`)).toContain('Note: Asked for logs (Pia Product)');
      expect(await axeProblems(pia)).toEqual([]);
    } finally {
      await pia.context().close();
    }
  });
});

describe('the console as a browser receives it', () => {
  it(`sends at most ${BUDGET.own} bytes of its own script and ${BUDGET.inbox} bytes on the inbox, gzipped`, async () => {
    const gz = async (path: string) => gzipSync(Buffer.from(await (await fetch(`${api.url}${path}`)).arrayBuffer()), { level: 9 }).length;
    const own = await gz('/console/assets/console.js');
    const chart = await gz('/console/assets/chart.umd.min.js');
    console.log(`console JavaScript, gzipped: console.js ${own} bytes; with Chart.js on the inbox ${own + chart} bytes`);
    expect(own).toBeLessThanOrEqual(BUDGET.own);
    expect(own + chart).toBeLessThanOrEqual(BUDGET.inbox);
  });

  it('is private and never stored by a cache in front, assets included', async () => {
    for (const path of ['/console', '/console/sign-in', '/console/assets/console.js', '/console/assets/chart.umd.min.js', '/console/errors', '/console/feedback']) {
      const res = await fetch(`${api.url}${path}`, { redirect: 'manual' });
      expect([path, res.headers.get('cache-control')]).toEqual([path, 'private, no-store']);
    }
  });

  it('a person revoked from the tokens file is out of the console within seconds', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${api.url}/console/sign-in`);
    await page.fill('#token', 'sam-token');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${api.url}/console`);
    await writeFile(`${tokensFile}.new`, PEOPLE.slice(1).join('\n'));
    await rename(`${tokensFile}.new`, tokensFile);
    const started = Date.now();
    for (;;) {
      await page.goto(`${api.url}/console/errors`);
      if (page.url().includes('/console/sign-in')) break;
      expect(Date.now() - started).toBeLessThan(5000);
      await page.waitForTimeout(200);
    }
    await context.close();
  });
});
