import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeProblems } from './support/axe';
import { ARTIFACTS, useBrowser } from './support/chromium';
import { contentCopy, startService, waitFor, type ContentCopy, type RunningService } from './support/service';

// The console's Releases page in a real Chromium, over the real service: a staged rollout of
// 1.12.0 whose guard halted it (its installs sent five bug reports for one from 1.11.2's), its
// figures, the resume form, and the release's health drawn as SVG on the server (no script, no
// network asset). axe-core finds no serious or critical problem, with the charts' numbers opened too.

const sha = (token: string) => createHash('sha256').update(token).digest('hex');
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
  await writeFile(join(dataDir, 'tokens.txt'), `Pia Product: ${sha('pia-token')}=releases:read+releases:write`);
  const release = await content.read('changelog/stable/1.12.0.yaml');
  await content.write('changelog/stable/1.12.0.yaml', release.replace('rollout: 20', 'rollout: 50\nguard:\n  bug_feedback_factor: 2\n  min_active_installs: 20\n  notify: releases@example.com'));
  env = { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: join(dataDir, 'data'), API_TOKENS_FILE: join(dataDir, 'tokens.txt'), SESSION_SECRET: 'the browser test session secret, long enough', ROLLOUT_GUARD_INTERVAL_S: '1', RATE_LIMIT_FEEDBACK: '1000/60s' };
  // First the fleet: each install checks, moves to what it is offered and checks again from it.
  let service = await startService('apps/api/src/main.ts', env);
  for (let i = 0; i < INSTALLS; i++) {
    const query = `install_id=install-${i}&platform=${PLATFORMS[i % 3]}`;
    const { data } = (await (await fetch(`${service.url}/api/changelog/since/1.11.2?${query}`)).json()) as any;
    if (data.latest === '1.12.0') {
      moved++;
      await fetch(`${service.url}/api/changelog/since/1.12.0?${query}`);
    }
  }
  const post = (version: string) => fetch(`${service.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'It crashed on start.', type: 'bug', client_version: version, platform: 'windows' }) });
  for (let n = 0; n < 5; n++) expect((await post('1.12.0')).status).toBe(201);
  expect((await post('1.11.2')).status).toBe(201);
  // Stopping writes the counts (as every 30 s); the service started again judges the guard within a second.
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

describe('the Releases page in Chromium', () => {
  it('shows the halt with its figures and the health charts, drawn on the server, with no serious accessibility problem', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    try {
      await page.goto(`${api.url}/console/sign-in?next=%2Fconsole%2Freleases`);
      await page.fill('#token', 'pia-token');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${api.url}/console/releases`);
      expect(await page.textContent('h2#halt-1\\.12\\.0-heading')).toMatch(/^1\.12\.0 \(stable\): halted on \d{4}-\d{2}-\d{2}$/);
      expect(await page.textContent('#halt-1\\.12\\.0 table')).toContain('1.11.2 (previous)');
      expect(await page.textContent('#halt-1\\.12\\.0')).toContain('Mailed to releases@example.com.');
      expect(await page.isVisible('button:has-text("Resume the rollout of 1.12.0")')).toBe(true);
      // Two charts as SVG images with a title and a description; lines per platform, bars per type.
      // Every install offered 1.12.0 took it: it checked in from 1.12.0 next.
      expect(moved).toBeGreaterThan(0);
      expect(await page.locator('p.uptake').textContent()).toBe(`Offered to ${moved} installs by an update check over these days; ${moved} took it (100%): they checked in from 1.12.0 afterwards.`);
      expect(await page.locator('figure.chart svg[role="img"]').count()).toBe(2);
      expect(await page.locator('#chart-adoption-title').textContent()).toBe('Share of active installs on 1.12.0, per day and platform');
      expect(await page.locator('figure.chart polyline').count()).toBeGreaterThanOrEqual(2);
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
});
