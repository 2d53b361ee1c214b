import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeProblems } from './support/axe';
import { ARTIFACTS } from './support/chromium';
import { useConsoleService } from './support/console-service';

// Two people at once, each in a browser of their own (two Chromium contexts, two sessions): the
// console never loses one's work to the other's save.

const SCOPES = 'errors:write+errors:read-log+feedback:read+feedback:write';
const api = useConsoleService('console-together', [['Ann Support', 'ann-token', SCOPES], ['Ben Support', 'ben-token', SCOPES]], async (url) => {
  await fetch(`${url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'The tray icon vanishes after sleep.', type: 'bug' }) });
});
const signedIn = (token: string) => api.signedIn(token);

const entry = async (flag: string) => ((await (await fetch(`${api.url}/api/tunnel/errors/${flag}`)).json()) as any).data;

describe('two people in two browsers', () => {
  let ann: Page;
  let ben: Page;
  beforeAll(async () => {
    ann = await signedIn('ann-token');
    ben = await signedIn('ben-token');
  });
  afterAll(async () => {
    await ann.context().close();
    await ben.context().close();
  });

  it("Ann adds a sentence to Info, Ben a step: Ben's save keeps Ann's sentence", async () => {
    const shipped = await entry('PORT1001');
    await Promise.all([ann.goto(`${api.url}/console/errors/PORT1001`), ben.goto(`${api.url}/console/errors/PORT1001`)]);
    await ann.fill('#Info', `${shipped.Info} Ann added this.`);
    await ann.click('button[value="save"]');
    await ann.waitForSelector('.flash');
    await ben.fill('#Solution', `${shipped.Solution.join('\n')}\nBen added this step.`);
    await ben.click('button[value="save"]');
    await ben.waitForSelector('.flash');
    expect(await ben.textContent('.flash')).toBe("Saved, merged with Ann Support's change of What the error means.");
    const saved = await entry('PORT1001');
    expect(saved.Info).toBe(`${shipped.Info} Ann added this.`);
    expect(saved.Solution).toEqual([...shipped.Solution, 'Ben added this step.']);
  });

  it('both change Info: Ben is asked about Info alone, keeps his, and Ann’s other change stays', async () => {
    await Promise.all([ann.goto(`${api.url}/console/errors/PORT1002`), ben.goto(`${api.url}/console/errors/PORT1002`)]);
    await ann.fill('#Info', 'Ann rewrote this.');
    await ann.fill('#notes', 'Ann noted this.');
    await ann.click('button[value="save"]');
    await ann.waitForSelector('.flash');
    await ben.fill('#Info', 'Ben rewrote this.');
    await ben.click('button[value="save"]');
    await ben.waitForSelector('.conflict');
    expect(await ben.$$eval('.clash legend', (legends) => legends.map((l) => l.textContent))).toEqual(['What the error means: both of you changed it']);
    expect(await ben.inputValue('#notes')).toBe('Ann noted this.');
    expect(await axeProblems(ben)).toEqual([]);
    await ben.screenshot({ path: join(ARTIFACTS, 'console-conflict-desktop.png'), fullPage: true });
    await ben.check('#resolve-Info-mine');
    await ben.click('button[value="save"]');
    await ben.waitForSelector('.flash');
    expect(await entry('PORT1002')).toMatchObject({ Info: 'Ben rewrote this.', notes: 'Ann noted this.' });
  });

  it("a status set from a page loaded before never silently replaces a colleague's status, and her note stays hers", async () => {
    await Promise.all([ann.goto(`${api.url}/console/feedback`), ben.goto(`${api.url}/console/feedback`)]);
    await ann.selectOption('#status-1', 'done');
    await ann.click('#feedback-1 .status-form button');
    await ann.waitForSelector('.flash');
    await ann.fill('#note-1', 'shipped in 1.12');
    await ann.click('#feedback-1 .note-form button');
    await ann.waitForSelector('.flash');
    await ben.selectOption('#status-1', 'spam');
    await ben.click('#feedback-1 .status-form button');
    await ben.waitForSelector('.conflict');
    expect(await ben.textContent('.conflict')).toContain('Ann Support set done; you set spam.');
    expect(await axeProblems(ben)).toEqual([]);
    // Ben follows Ann's status: nothing of hers is lost.
    await ben.check('#resolve-status-theirs');
    await ben.click('.status-form button[type="submit"]');
    await ben.waitForSelector('.flash');
    const listed = (await (await fetch(`${api.url}/api/feedback`, { headers: { authorization: "Bearer ann-token" } })).json()) as any;
    expect(listed.data[0]).toMatchObject({ status: 'done', notes: [{ by: 'Ann Support', text: 'shipped in 1.12' }] });
  });
});
