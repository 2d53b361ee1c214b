import { createHash } from 'node:crypto';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { axeProblems } from './support/axe';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { contentCopy, startService, type ContentCopy, type RunningService } from './support/service';

// The console in a real Chromium at desktop and phone widths, driven with the keyboard only:
// signing in, searching as one types, editing an entry, working the feedback inbox. axe-core finds
// no serious or critical problem on any page, the charts' numbers opened too; every element the
// keyboard reaches shows a focus ring at 3:1 or more; screenshots land in tests/test-artifacts/console-*.

/** What the console may send a browser, gzipped: its own script, and Chart.js on the inbox. */
const BUDGET = { own: 4 * 1024, inbox: 80 * 1024 };
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
}, 180_000);
afterAll(async () => {
  await api?.stop();
  await content?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Tabs once round the whole page (to the first element it reached again) and, for each element the keyboard reaches, compares its focus
 * ring (the computed outline colour) with what the ring is drawn on: for an outline outside the
 * element (offset 0 or more) the background behind the element, inside it its own; translucent
 * layers composited over white, as the browser paints them (WCAG 2.2, 1.4.11: at least 3:1).
 * Answers each element's ring as `what: ratio` and the ones below 3:1 or with no ring.
 */
async function focusRings(page: Page): Promise<{ rings: string[]; problems: string[] }> {
  const rings: string[] = [];
  const problems: string[] = [];
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const doc = (globalThis as any).document;
      const el = doc.activeElement;
      if (!el || el === doc.body) return null;
      // Round once: back at the first; a date field takes several Tabs (day, month, year).
      if (el.hasAttribute('data-ring-seen')) return el.getAttribute('data-ring-seen') === 'first' ? 'round' : null;
      el.setAttribute('data-ring-seen', doc.querySelector('[data-ring-seen]') ? '' : 'first');
      const rgba = (text: string): number[] => {
        const [r, g, b, a] = text.match(/[\d.]+/g)!.map(Number);
        return [r!, g!, b!, a ?? 1];
      };
      const over = (top: number[], bottom: number[]) => [0, 1, 2].map((c) => top[c]! * top[3]! + bottom[c]! * (1 - top[3]!)).concat(1);
      const style = (globalThis as any).getComputedStyle(el);
      // The layers under the ring, nearest first, down to an opaque one (the canvas: white).
      const layers: number[][] = [];
      for (let node = Number.parseFloat(style.outlineOffset) < 0 ? el : el.parentElement; node; node = node.parentElement) {
        const layer = rgba((globalThis as any).getComputedStyle(node).backgroundColor);
        if (layer[3]! > 0) layers.push(layer);
        if (layer[3] === 1) break;
      }
      const background = layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1]);
      const ring = over(rgba(style.outlineColor), background);
      const luminance = (color: number[]) => {
        const [r, g, b] = color.slice(0, 3).map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [light, dark] = [luminance(ring), luminance(background)].sort((a, b) => b - a);
      const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      const visible = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
      return { what, ratio: (light! + 0.05) / (dark! + 0.05), visible };
    });
    if (seen === 'round') break;
    if (seen === null) continue;
    rings.push(`${seen.what}: ${seen.ratio.toFixed(2)}`);
    if (!seen.visible) problems.push(`${seen.what}: no focus ring`);
    else if (seen.ratio < 3) problems.push(`${seen.what}: ${seen.ratio.toFixed(2)}:1`);
  }
  return { rings, problems };
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
  ['desktop', 1280],
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
    // Every element the keyboard reaches shows a ring at 3:1 or more against what it sits on.
    const { rings, problems } = await focusRings(page);
    expect(rings.length).toBeGreaterThan(5);
    expect(rings.some((ring) => ring.startsWith('a.skip-link'))).toBe(true);
    expect(rings.some((ring) => ring.startsWith('button'))).toBe(true);
    expect(problems).toEqual([]);
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
      await tabTo(pia, `#${id} .status-form button`);
      await pia.keyboard.press('Enter');
      await pia.waitForURL(new RegExp(`#${id}$`));
      await pia.waitForSelector('.flash');
      await tabTo(pia, `#${id} textarea[name="note"]`);
      await pia.keyboard.type('Asked for logs');
      await tabTo(pia, `#${id} .note-form button`);
      await pia.keyboard.press('Enter');
      await pia.waitForSelector('.flash:has-text("Note added")');
      expect(await pia.textContent(`#${id} ol.notes`)).toContain('Asked for logsPia Product, ');
      expect(await pia.textContent(`#${id} .status-by`)).toContain('Status set by Pia Product');
      expect(await axeProblems(pia)).toEqual([]);

      // The charts' numbers opened from the keyboard, each of them: still no serious problem.
      await pia.goto(`${api.url}/console/feedback`);
      await pia.waitForFunction(() => (globalThis as any).Chart && (globalThis as any).document.querySelectorAll('canvas').length === 3);
      const closed = await pia.locator('details').count();
      expect(closed).toBe(3);
      for (let i = 0; i < closed; i++) {
        await tabTo(pia, 'details:not([open]) > summary', 200);
        await pia.keyboard.press('Enter');
      }
      expect(await pia.locator('details[open]').count()).toBe(closed);
      expect(await pia.locator('details[open] table').count()).toBe(closed);
      expect(await axeProblems(pia)).toEqual([]);
      await pia.screenshot({ path: join(ARTIFACTS, `console-inbox-numbers-${name}.png`), fullPage: true });
      const { rings, problems } = await focusRings(pia);
      expect(rings.some((ring) => ring.startsWith('summary'))).toBe(true);
      expect(rings.some((ring) => ring.startsWith('select'))).toBe(true);
      expect(problems).toEqual([]);
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

  it('a person revoked from the tokens file is out of the console once the file changes', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${api.url}/console/sign-in`);
    await page.fill('#token', 'sam-token');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${api.url}/console`);
    await writeFile(`${tokensFile}.new`, PEOPLE.slice(1).join('\n'));
    await rename(`${tokensFile}.new`, tokensFile);
    // The service reads the file again on its own: waited for, however long a loaded machine takes.
    for (;;) {
      await page.goto(`${api.url}/console/errors`);
      if (page.url().includes('/console/sign-in')) break;
      await page.waitForTimeout(200);
    }
    await context.close();
  });
});
