import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { InstallCredentials } from '../../packages/adoption-store/src/index';
import { axeProblems } from './support/axe';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { contentCopy, startService, waitFor, type ContentCopy, type RunningService } from './support/service';

// The console's Releases page in a real Chromium, over the real service: a staged rollout of
// 1.12.0 whose guard halted it (five installs on it voted a bug for one on 1.11.2), its figures,
// the release's health drawn as SVG on the server (no script, no network asset), legible on a
// phone; then a person,
// by keyboard alone, changes its share, is refused a blank reason, resumes it and halts it again,
// and meets a colleague's change made meanwhile; the history says who did what, when and why.
// axe-core finds no serious or critical problem on any of these pages.

const sha = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 86_400_000;
const INSTALLS = 80;
const PLATFORMS = ['windows', 'macos', 'linux'] as const;

const chrome = useBrowser();
let content: ContentCopy;
let dataDir: string;
let env: Record<string, string>;
let api: RunningService;
/** Installs of the fleet that were offered 1.12.0 and moved to it. */
let moved = 0;

beforeAll(async () => {
  content = await contentCopy();
  dataDir = await mkdtemp(join(tmpdir(), 'release-console-'));
  await writeFile(join(dataDir, 'tokens.txt'), [`Pia Product: ${sha('pia-token')}=releases:read+releases:write`, `Quinn Colleague: ${sha('quinn-token')}=releases:read+releases:write`].join('\n'));
  const release = await content.read('changelog/stable/1.12.0.yaml');
  await content.write('changelog/stable/1.12.0.yaml', release.replace('rollout: 20', 'rollout: 50\nguard:\n  bug_feedback_factor: 2\n  min_active_installs: 20\n  notify: releases@example.com'));
  env = { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: join(dataDir, 'data'), API_TOKENS_FILE: join(dataDir, 'tokens.txt'), SESSION_SECRET: 'the browser test session secret, long enough', ROLLOUT_GUARD_INTERVAL_S: '1', RATE_LIMIT_FEEDBACK: '1000/60s', TRUST_PROXY: 'loopback' };
  let service = await startService('apps/api/src/main.ts', env);
  // The fleet's credentials, issued yesterday with the service's own key (as POST /api/installs
  // would have), so their bug reports count as votes today.
  const key = Buffer.from((await readFile(join(dataDir, 'data', 'adoption', 'credential-key'), 'utf8')).trim(), 'hex');
  const credentials = new InstallCredentials(key);
  const ids = Array.from({ length: INSTALLS }, () => credentials.issue(Date.now() - DAY_MS));
  // Each install checks, moves to what it is offered and checks again from it.
  const onNew: number[] = [];
  const onOld: number[] = [];
  for (const [i, id] of ids.entries()) {
    const query = `install_id=${id}&platform=${PLATFORMS[i % 3]}`;
    const { data } = (await (await fetch(`${service.url}/api/changelog/since/1.11.2?${query}`)).json()) as any;
    if (data.latest === '1.12.0') {
      moved++;
      onNew.push(i);
      await fetch(`${service.url}/api/changelog/since/1.12.0?${query}`);
    } else onOld.push(i);
  }
  // Bug reports, each from its own install and network: five on 1.12.0, one on 1.11.2.
  const post = (version: string, i: number) =>
    fetch(`${service.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.${i}.7` },
      body: JSON.stringify({ content: 'It crashed on start.', type: 'bug', client_version: version, platform: 'windows', install_id: ids[i] }),
    });
  for (const i of onNew.slice(0, 5)) expect((await post('1.12.0', i)).status).toBe(201);
  expect((await post('1.11.2', onOld[0]!)).status).toBe(201);
  // Stopping writes the counts and votes (as every 30 s); the service started again judges the guard within a second.
  await service.stop();
  service = await startService('apps/api/src/main.ts', env);
  api = service;
  await waitFor(async () => (((await (await fetch(`${api.url}/health`)).json()) as any).releases.halted.length > 0 ? true : undefined), 10_000, () => 'the rollout of 1.12.0 did not halt');
}, 120_000);
afterAll(async () => {
  await api?.stop();
  await content?.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, token: string): Promise<void> {
  await page.goto(`${api.url}/console/sign-in?next=%2Fconsole%2Freleases`);
  await page.fill('#token', token);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${api.url}/console/releases`);
}

/** Types into the field with `id` (focused by keyboard from the field before it, as a person tabs), then sends the form with Enter. */
async function typeAndSend(page: Page, fields: [id: string, text: string][]): Promise<void> {
  for (const [id, text] of fields) {
    await page.focus(`#${id.replace(/\./g, '\\.')}`);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
  }
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
}

const historyRows = (page: Page, version: string) => page.locator(`#rollout-${version.replace(/\./g, '\\.')} table.rollout-history tbody tr`).allTextContents();

describe('the Releases page in Chromium', () => {
  it('shows the halt with its figures and the health charts, drawn on the server, with no serious accessibility problem', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    try {
      await signIn(page, 'pia-token');
      expect(await page.textContent('h2#halt-1\\.12\\.0-heading')).toMatch(/^1\.12\.0 \(stable\): halted on \d{4}-\d{2}-\d{2}$/);
      expect(await page.textContent('#halt-1\\.12\\.0 table')).toContain('1.11.2 (previous)');
      expect(await page.textContent('#halt-1\\.12\\.0')).toContain('Mailed to releases@example.com.');
      expect(await page.isVisible('button:has-text("Resume the rollout of 1.12.0")')).toBe(true);
      expect(await page.textContent('#rollout-1\\.12\\.0 .guard')).toBe('The guard judges again once the rollout is resumed.');
      // Two charts as SVG images with a title and a description; lines per platform, bars per type.
      // Every install offered 1.12.0 took it: it checked in from 1.12.0 next.
      expect(moved).toBeGreaterThan(0);
      expect(await page.locator('p.uptake').textContent()).toBe(`Offered to ${moved} installs by an update check over these days; ${moved} took it (100%): they checked in from 1.12.0 afterwards.`);
      expect(await page.locator('figure.chart svg[role="img"]').count()).toBe(2);
      expect(await page.locator('#chart-adoption-title').textContent()).toBe('Share of active installs on 1.12.0, per day and platform');
      // The installs began yesterday: each platform's series is a point or a line from its first day with installs.
      expect(await page.locator('figure.chart polyline, figure.chart circle').count()).toBeGreaterThanOrEqual(4);
      expect(await page.locator('figure.chart rect').count()).toBe(8);
      expect(await page.locator('#chart-feedback-desc').textContent()).toMatch(/^1\.12\.0: bug [\d.]+, suggestion 0, question 0, other 0; 1\.11\.2 \(previous\): bug [\d.]+/);
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, 'console-releases.png'), fullPage: true });
      for (const summary of await page.locator('figure.chart summary').all()) await summary.click();
      expect(await page.locator('figure.chart table').count()).toBe(2);
      expect(await axeProblems(page)).toEqual([]);
      // Nothing from another origin, and no chart script: the charts are the page's own markup.
      expect(requested.filter((url) => !url.startsWith(api.url))).toEqual([]);
      expect(requested.filter((url) => url.includes('chart.umd'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('at 375 px: the release picker first, labels of 11 px or more, no horizontal scroll, each rate named and defined, no value before any install', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page, 'pia-token');
      // The picker comes before the halts, the rollouts and their histories.
      const order = await page.evaluate(() => {
        const doc = (globalThis as any).document;
        const at = (selector: string) => [...doc.querySelectorAll('main *')].indexOf(doc.querySelector(selector));
        return { picker: at('#health-version'), halt: at('section.halt'), rollouts: at('#rollouts-heading'), charts: at('#health-heading') };
      });
      expect(order.picker).toBeGreaterThan(-1);
      expect(order.picker).toBeLessThan(Math.min(order.halt, order.rollouts, order.charts));
      const widths = await page.evaluate(() => ({ scroll: (globalThis as any).document.documentElement.scrollWidth, client: (globalThis as any).document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      // Each label's size as drawn: its font size times the scale its SVG is drawn at.
      const sizes: number[] = await page.$$eval('figure.chart svg text', (texts) => texts.map((t: any) => parseFloat((globalThis as any).getComputedStyle(t).fontSize) * t.getScreenCTM().a));
      expect(sizes.length).toBeGreaterThan(6);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
      const legendSize = await page.$eval('figure.chart .legend li', (li) => parseFloat((globalThis as any).getComputedStyle(li).fontSize));
      expect(legendSize).toBeGreaterThanOrEqual(11);
      // Two rates, two names, each defined on the page.
      expect(await page.textContent('#halt-1\\.12\\.0 table caption')).toMatch(/^Bug votes, what the guard judges, from /);
      expect(await page.textContent('#chart-feedback-title')).toMatch(/^Feedback reports per 1,000 install-days, 1\.12\.0 against the previous release, /);
      expect(await page.locator('dl.definitions dt').allTextContents()).toEqual(['Share of active installs', 'Feedback reports per 1,000 install-days', 'Bug votes per 1,000 install-days']);
      // The installs began a day ago: the days before carry no value, not 0%.
      const rows = await page.$$eval('#chart-adoption-title ~ details tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
      expect(rows.length).toBeGreaterThan(2);
      expect(rows[0]!.slice(1).every((cell) => cell === 'no installs yet')).toBe(true);
      expect(rows.at(-1)![1]).toMatch(/^\d+(\.\d)?%$/);
      expect(rows.flat().includes('0%')).toBe(false);
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, 'console-releases-375.png'), fullPage: true });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('by keyboard: a blank reason refused, the share changed, the rollout resumed and halted again, a colleague\'s change met; the history says so', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await signIn(page, 'pia-token');
      // A blank reason: refused, and the focus is on what says why.
      await typeAndSend(page, [['share-1.12.0', '30']]);
      expect(await page.title()).toBe('Change the share of 1.12.0 · Console · Tunnel Companion');
      expect(await page.evaluate(() => (globalThis as any).document.activeElement?.id)).toBe('error-summary');
      expect(await page.textContent('#error-summary')).toContain('Say why: the reason is kept in the history.');
      expect(await page.getAttribute('#share-reason-1\\.12\\.0', 'aria-invalid')).toBe('true');
      expect(await page.inputValue('#share-1\\.12\\.0')).toBe('30');
      expect(await axeProblems(page)).toEqual([]);
      await typeAndSend(page, [['share-reason-1.12.0', 'slower while support catches up']]);
      await page.waitForURL(`${api.url}/console/releases`);
      expect(await page.textContent('p.flash')).toBe('The share of 1.12.0 is now 30% (it is halted: the share applies once it is resumed).');
      expect(await page.textContent('#rollout-1\\.12\\.0 p.share')).toContain('Offered to 30% of installs: set in the console by Pia Product');

      await typeAndSend(page, [['reason-1.12.0', 'the crash is a plug-in, fixed server-side']]);
      expect(await page.textContent('p.flash')).toBe('The rollout of 1.12.0 goes on: installs in its share are offered it again.');
      expect(await page.textContent('#rollout-1\\.12\\.0 .guard')).toMatch(/^The guard is watching/);
      await typeAndSend(page, [['halt-reason-1.12.0', 'a second crash, in the installer']]);
      expect(await page.textContent('p.flash')).toBe('The rollout of 1.12.0 is halted: no install not already on it is offered it.');
      expect(await page.textContent('#halt-1\\.12\\.0')).toContain('by Pia Product: “a second crash, in the installer”.');
      expect(await axeProblems(page)).toEqual([]);

      // Quinn changes the share while Pia's page is open; Pia's form, sent after, meets it.
      const quinn = await (await chrome.browser.newContext()).newPage();
      await signIn(quinn, 'quinn-token');
      await typeAndSend(quinn, [['share-1.12.0', '10'], ['share-reason-1.12.0', 'hold it small']]);
      await quinn.context().close();
      await typeAndSend(page, [['share-1.12.0', '60'], ['share-reason-1.12.0', 'go faster']]);
      expect(await page.evaluate(() => (globalThis as any).document.activeElement?.id)).toBe('conflict-heading');
      expect(await page.textContent('.conflict')).toContain('Your share of 60% is not saved: Quinn Colleague set it to 10%');
      expect(await axeProblems(page)).toEqual([]);
      await page.goto(`${api.url}/console/releases`);

      const rows = await historyRows(page, '1.12.0');
      expect(rows.map((r) => r.replace(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/, ''))).toEqual([
        'Share set to 10%, the release file saying 50%Quinn Colleaguehold it small',
        'HaltedPia Producta second crash, in the installer',
        'ResumedPia Productthe crash is a plug-in, fixed server-side',
        'Share set to 30%, the release file saying 50%Pia Productslower while support catches up',
        expect.stringMatching(/^Haltedthe guardbug votes [\d.]+ per 1,000 install-days against [\d.]+ for 1\.11\.2/),
      ]);
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, 'console-releases-history.png'), fullPage: true });
    } finally {
      await context.close();
    }
  }, 120_000);
});
