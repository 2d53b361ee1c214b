import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeProblems } from './support/axe';
import { ARTIFACTS } from './support/chromium';
import { useConsoleService } from './support/console-service';

// Review before customers see a change, and deletion, with people in browsers of their own: Ann
// writes drafts (catalog:draft, no direct write), Ben and Cy publish (catalog:publish) and edit.

const api = useConsoleService('console-review', [
  ['Ann Writer', 'ann-token', 'catalog:draft+errors:read-log'],
  ['Ben Publisher', 'ben-token', 'errors:write+errors:read-log+catalog:publish'],
  ['Cy Publisher', 'cy-token', 'errors:write+errors:read-log+catalog:publish'],
  ['Pia Product', 'pia-token', 'feedback:read+feedback:write+feedback:erase'],
]);
const signedIn = (token: string) => api.signedIn(token);

const entry = async (flag: string) => (await fetch(`${api.url}/api/tunnel/errors/${flag}`)).json() as Promise<any>;
const logOf = async (flag: string) => ((await (await fetch(`${api.url}/api/tunnel/errors/logs?flag=${flag}`, { headers: { authorization: 'Bearer ben-token' } })).json()) as any).data;
const rows = (page: Page) => page.$$eval('table.activity tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));

/** Opens the entry, follows "Propose a change", sets `fields` and saves the draft; its number. */
async function proposeChange(page: Page, flag: string, fields: Record<string, string>, reason: string): Promise<number> {
  await page.goto(`${api.url}/console/errors/${flag}`);
  await page.click('text=Propose a change');
  for (const [id, value] of Object.entries(fields)) await page.fill(`#${id}`, value);
  await page.fill('#reason', reason);
  await page.click('button[value="save"]');
  await page.waitForSelector('.flash');
  return Number(/\/console\/drafts\/(\d+)$/.exec(page.url())![1]);
}

describe('drafts and review in two browsers', () => {
  let ann: Page;
  let ben: Page;
  let cy: Page;
  beforeAll(async () => {
    [ann, ben, cy] = [await signedIn('ann-token'), await signedIn('ben-token'), await signedIn('cy-token')];
  });
  afterAll(async () => {
    for (const page of [ann, ben, cy]) await page.context().close();
  });

  it('Ann drafts, Ben sends it back with a comment, Ann revises, Ben publishes: recorded both ways, never served before', async () => {
    const shipped = (await entry('PORT1001')).data;
    const id = await proposeChange(ann, 'PORT1001', { Info: `${shipped.Info} Ann's clearer wording.` }, 'Clearer for people new to ports');
    expect(await ann.textContent('.flash')).toBe(`Saved as draft ${id}: it waits for review.`);
    // A draft is never served, and its author cannot publish it.
    expect((await entry('PORT1001')).data.Info).toBe(shipped.Info);
    expect(await ann.$('.publish-form')).toBeNull();
    expect(await ann.textContent('main')).toContain('you cannot publish your own draft');

    await ben.goto(`${api.url}/console/drafts`);
    await ben.click(`a[href="/console/drafts/${id}"]`);
    expect(await ben.$$eval('table.diff tbody th', (ths) => ths.map((th) => th.textContent))).toEqual(['What the error means']);
    expect(await ben.textContent('table.diff ins')).toContain('clearer');
    expect(await axeProblems(ben)).toEqual([]);
    await ben.screenshot({ path: join(ARTIFACTS, 'console-draft-review.png'), fullPage: true });
    await ben.click('.return-form button');
    await ben.waitForSelector('#comment-error');
    await ben.fill('#comment', 'Name the port the client tried.');
    await ben.click('.return-form button');
    await ben.waitForSelector('.flash');

    await ann.goto(`${api.url}/console/drafts/${id}`);
    expect(await ann.textContent('.thread')).toContain('Name the port the client tried.');
    await ann.click('text=Edit the draft');
    await ann.fill('#Info', `${shipped.Info} Ann's clearer wording, naming port 7000.`);
    await ann.click('button[value="save"]');
    await ann.waitForSelector('.flash');

    await ben.goto(`${api.url}/console/drafts/${id}`);
    await ben.click('.publish-form button');
    await ben.waitForURL(`${api.url}/console/errors/PORT1001`);
    expect(await ben.textContent('.flash')).toBe(`Published draft ${id} by Ann Writer.`);
    expect((await entry('PORT1001')).data.Info).toBe(`${shipped.Info} Ann's clearer wording, naming port 7000.`);
    const [change] = await logOf('PORT1001');
    expect(change).toMatchObject({ operation: 'UPDATE', actor: 'Ben Publisher', reason: `Draft ${id} by Ann Writer, published by Ben Publisher` });
    await ann.goto(`${api.url}/console/drafts/${id}`);
    expect(await ann.$$eval('.thread li', (lis) => lis.map((li) => li.querySelector('p')!.textContent!.replace(/, \d{4}.*$/, '')))).toEqual([
      'Ann Writer drafted it',
      'Ben Publisher sent it back',
      'Ann Writer revised it',
      'Ben Publisher published it',
    ]);
  });

  it('two drafts of one entry: the second published keeps the first, and a field both changed is asked about', async () => {
    const shipped = (await entry('PORT1002')).data;
    const first = await proposeChange(ann, 'PORT1002', { Info: 'Ann rewrote the meaning.' }, 'shorter');
    const second = await proposeChange(ben, 'PORT1002', { Solution: `${shipped.Solution.join('\n')}\nBen's extra step.` }, 'one more step');
    await cy.goto(`${api.url}/console/drafts/${first}`);
    await cy.click('.publish-form button');
    await cy.waitForSelector('.flash');
    await cy.goto(`${api.url}/console/drafts/${second}`);
    // Ben's draft was made before Ann's was published: the page says what changed since.
    expect(await cy.textContent('#meanwhile-heading')).toBe('Changed since it was drafted');
    await cy.click('.publish-form button');
    await cy.waitForSelector('.flash');
    expect((await entry('PORT1002')).data).toMatchObject({ Info: 'Ann rewrote the meaning.', Solution: [...shipped.Solution, "Ben's extra step."] });

    // Ann drafts Info again; meanwhile Ben saves Info directly: publishing asks which Info stays.
    const third = await proposeChange(ann, 'PORT1002', { Info: "Ann's second wording." }, 'again');
    await ben.goto(`${api.url}/console/errors/PORT1002`);
    await ben.fill('#Info', "Ben's direct wording.");
    await ben.click('button[value="save"]');
    await ben.waitForSelector('.flash');
    await cy.goto(`${api.url}/console/drafts/${third}`);
    await cy.click('.publish-form button');
    await cy.waitForSelector('.conflict');
    expect(await cy.$$eval('.clash legend', (l) => l.map((x) => x.textContent))).toEqual(['What the error means']);
    expect((await entry('PORT1002')).data.Info).toBe("Ben's direct wording.");
    expect(await axeProblems(cy)).toEqual([]);
    await cy.check('#resolve-Info-mine');
    await cy.click('.publish-form button');
    await cy.waitForSelector('.flash');
    expect((await entry('PORT1002')).data.Info).toBe("Ann's second wording.");
  });

  it('two publishers at once: one publishes, the other is told the draft changed', async () => {
    const id = await proposeChange(ann, 'NET3001', { notes: 'Seen on corporate networks.' }, 'notes');
    await Promise.all([ben.goto(`${api.url}/console/drafts/${id}`), cy.goto(`${api.url}/console/drafts/${id}`)]);
    await ben.click('.publish-form button');
    await ben.waitForSelector('.flash');
    await cy.fill('#comment', 'Too vague.');
    await cy.click('.return-form button');
    await cy.waitForSelector('p.flash[role="alert"]');
    expect(await cy.textContent('p.flash[role="alert"]')).toContain('changed meanwhile: Ben Publisher published it');
    expect((await entry('NET3001')).data.notes).toBe('Seen on corporate networks.');
  });

  it('delete against edit: a deletion asked on an older version shows the edit and asks again; an edit of a deleted entry never brings it back', async () => {
    await ben.goto(`${api.url}/console/errors/NET3002`);
    await ben.click('text=Delete this entry');
    await cy.goto(`${api.url}/console/errors/NET3002`);
    await cy.fill('#Info', 'Cy changed this meanwhile.');
    await cy.click('button[value="save"]');
    await cy.waitForSelector('.flash');
    await ben.click('.delete-form button');
    await ben.waitForSelector('#reason-error');
    await ben.fill('#reason', 'Merged into NET3001.');
    await ben.click('.delete-form button');
    await ben.waitForSelector('.conflict');
    expect(await ben.textContent('.conflict h2')).toBe('Changed meanwhile by Cy Publisher');
    expect(await ben.textContent('.conflict table')).toContain('Cy changed this meanwhile.');
    expect((await entry('NET3002')).success).toBe(true);
    expect(await axeProblems(ben)).toEqual([]);
    // Cy opens the edit form again; Ben, having seen Cy's change, deletes.
    await cy.goto(`${api.url}/console/errors/NET3002`);
    await ben.click('.delete-form button');
    await ben.waitForURL(`${api.url}/console/errors`);
    expect(await ben.textContent('.flash')).toBe('Deleted NET3002.');
    expect((await fetch(`${api.url}/api/tunnel/errors/NET3002`)).status).toBe(404);
    await cy.fill('#Info', 'Cy edits a deleted entry.');
    await cy.click('button[value="save"]');
    await cy.waitForSelector('text=it was deleted meanwhile');
    expect((await fetch(`${api.url}/api/tunnel/errors/NET3002`)).status).toBe(404);
    // The export carries the deletion as it does every API change.
    const pending = (await (await fetch(`${api.url}/api/tunnel/errors/pending`, { headers: { authorization: 'Bearer ben-token' } })).json()) as any;
    const exported = pending.data.changes.find((c: any) => c.flag === 'NET3002');
    expect(exported.state).toMatchObject({ value: null, deleted: { base: { Flag: 'NET3002' } } });
    expect(exported.records.at(-1)).toMatchObject({ operation: 'DELETE', actor: 'Ben Publisher' });
    const [deletion] = await logOf('NET3002');
    expect(deletion).toMatchObject({ operation: 'DELETE', actor: 'Ben Publisher', reason: 'Merged into NET3001.' });
  });

  it('the activity log lists who did what, filtered by person, kind and subject', async () => {
    await ben.goto(`${api.url}/console/activity`);
    const all = await rows(ben);
    expect(all.some(([, who, , what]) => who === 'Ben Publisher' && what === 'Deleted NET3002')).toBe(true);
    expect(all.some(([, who, , what]) => who === 'Ann Writer' && /^Drafted draft \d+ \(PORT1001\)$/.test(what!))).toBe(true);
    expect(all.some(([, who, , what]) => who === 'Ben Publisher' && /^Sent back draft \d+/.test(what!))).toBe(true);
    expect(await axeProblems(ben)).toEqual([]);
    await ben.selectOption('#who', 'Ann Writer');
    await ben.click('.filters button');
    await ben.waitForURL(/who=Ann/);
    const anns = await rows(ben);
    expect(anns.length).toBeGreaterThan(0);
    expect(anns.every(([, who]) => who === 'Ann Writer')).toBe(true);
    await ben.goto(`${api.url}/console/activity?kind=deletion`);
    expect((await rows(ben)).map(([, , , what, why]) => [what, why])).toEqual([['Deleted NET3002', 'Merged into NET3001.']]);
    await ben.goto(`${api.url}/console/activity?subject=PORT1001&kind=publication`);
    expect((await rows(ben)).map(([, who, , what]) => [who, what.replace(/\d+/, 'N')])).toEqual([['Ben Publisher', 'Published draft N PORT1001']]);
    const today = new Date().toISOString().slice(0, 10);
    await ben.goto(`${api.url}/console/activity?to=2000-01-01`);
    expect(await ben.textContent('#activity-count')).toBe('Nothing matches.');
    await ben.goto(`${api.url}/console/activity?from=${today}&to=${today}&kind=deletion`);
    expect((await rows(ben)).length).toBe(1);
  });

  it('the activity log pages 50 at a time, newest first, keeping its filter', async () => {
    for (let i = 1; i <= 53; i++) {
      const res = await fetch(`${api.url}/api/tunnel/errors/TLS4001`, { method: 'PATCH', headers: { authorization: 'Bearer cy-token', 'content-type': 'application/json' }, body: JSON.stringify({ notes: `Note ${i}.`, reason: `change ${i}` }) });
      expect(res.status).toBe(200);
    }
    await cy.goto(`${api.url}/console/activity?subject=TLS4001`);
    const first = await rows(cy);
    expect(first).toHaveLength(50);
    expect(first[0]![4]).toBe('change 53');
    expect(first[49]![4]).toBe('change 4');
    await cy.click('a[rel="next"]');
    await cy.waitForURL(/page=2/);
    expect(new URL(cy.url()).searchParams.get('subject')).toBe('TLS4001');
    expect((await rows(cy)).map((r) => r[4])).toEqual(['change 3', 'change 2', 'change 1']);
    expect(await cy.$('a[rel="next"]')).toBeNull();
    expect(await cy.getAttribute('a[rel="prev"]', 'href')).toBe('/console/activity?subject=TLS4001');
  });

  it("the activity log lists each status set and each erasure, never the erased address, and only the kinds a person's scopes read", async () => {
    const post = await fetch(`${api.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Crashes. Write to lee@example.org', type: 'bug', contact: 'lee@example.org' }) });
    const { id } = ((await post.json()) as any).data;
    const work = (path: string, method: string, body: object) => fetch(`${api.url}${path}`, { method, headers: { authorization: 'Bearer pia-token', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await work(`/api/feedback/${id}`, 'PATCH', { status: 'triaged' })).status).toBe(200);
    expect((await work(`/api/feedback/${id}`, 'PATCH', { status: 'done' })).status).toBe(200);
    expect((await work('/api/feedback/erasure', 'POST', { contact: 'lee@example.org', reason: 'asked by lee@example.org' })).status).toBe(200);
    const pia = await signedIn('pia-token');
    await pia.goto(`${api.url}/console/activity`);
    expect(await pia.locator('#kind option').allTextContents()).toEqual(['Every kind', 'Feedback statuses and notes', 'Erasures']);
    expect((await rows(pia)).map(([, who, , what]) => [who, what])).toEqual([
      ['Pia Product', `Erased an address from #${id}`],
      ['Pia Product', `Set #${id} to done`],
      ['Pia Product', `Set #${id} to triaged`],
    ]);
    expect(await pia.textContent('main')).not.toContain('example.org');
    expect(await axeProblems(pia)).toEqual([]);
    await pia.context().close();
  });

  it('a draft form sent twice at once makes one draft', async () => {
    await ann.goto(`${api.url}/console/drafts/new?flag=NET3004`);
    await ann.fill('#notes', 'Sent twice.');
    const landed: string[] = await ann.evaluate(async () => {
      const form = (globalThis as any).document.querySelector('form.entry-form');
      const body = new URLSearchParams(new (globalThis as any).FormData(form));
      body.set('action', 'save');
      const send = () => fetch(form.getAttribute('action'), { method: 'POST', body, redirect: 'follow' }).then((r) => r.url);
      return Promise.all([send(), send()]);
    });
    expect(landed[0]).toMatch(/\/console\/drafts\/\d+$/);
    expect(landed[1]).toBe(landed[0]);
    await ben.goto(`${api.url}/console/drafts`);
    expect(await ben.locator('table.drafts tbody tr', { hasText: 'NET3004' }).count()).toBe(1);
  });

  it('drafts are kept across a restart', async () => {
    const id = await proposeChange(ann, 'NET3003', { notes: 'Kept across a restart.' }, 'restart');
    await api.restart();
    const page = await signedIn('cy-token');
    await page.goto(`${api.url}/console/drafts/${id}`);
    expect(await page.textContent('h1')).toBe(`Draft ${id}: change of NET3003`);
    expect(await page.textContent('.thread')).toContain('restart');
    await page.context().close();
  });
});
