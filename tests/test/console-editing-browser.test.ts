import type { Dialog, Page } from 'playwright-core';
import { axeProblems } from './support/axe';
import { useConsoleService } from './support/console-service';

// Three people at once, each in a Chromium context of their own: a restore, list edits, typed
// notes and the notes thread never lose or misattribute anyone's work.

const SCOPES = 'errors:write+errors:read-log+feedback:read+feedback:write';
const api = useConsoleService('console-editing', [['Ada Writer', 'ada-token', SCOPES], ['Dana Editor', 'dana-token', SCOPES], ['Carol PM', 'carol-token', SCOPES]], async (url) => {
  for (const text of ['The tray icon vanishes after sleep.', 'Dark mode please.', 'Sign-in loops on Linux.']) {
    await fetch(`${url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: text, type: 'bug' }) });
  }
});
const signedIn = (token: string) => api.signedIn(token);

const entry = async (flag: string) => ((await (await fetch(`${api.url}/api/tunnel/errors/${flag}`)).json()) as any).data;
const feedbackList = async () => ((await (await fetch(`${api.url}/api/feedback`, { headers: { authorization: 'Bearer carol-token' } })).json()) as any).data as any[];
const patchEntry = (flag: string, body: object) =>
  fetch(`${api.url}/api/tunnel/errors/${flag}`, { method: 'PATCH', headers: { authorization: 'Bearer carol-token', 'content-type': 'application/json' }, body: JSON.stringify(body) });
const steps = (list: string[]) => list.join('\n');

describe('three people in three browsers', () => {
  let ada: Page;
  let dana: Page;
  let carol: Page;
  beforeAll(async () => {
    [ada, dana, carol] = (await Promise.all(['ada-token', 'dana-token', 'carol-token'].map(signedIn))) as [Page, Page, Page];
  });
  afterAll(async () => {
    for (const page of [ada, dana, carol]) await page.context().close();
  });

  it("a restore confirmed after a colleague's save merges with it: her notes stay, Updated never goes back, the history speaks the form's labels", async () => {
    const shipped = await entry('AUTH2003');
    expect((await patchEntry('AUTH2003', { Info: 'Carol rewrote this.', severity: 'high' })).status).toBe(200);
    await ada.goto(`${api.url}/console/errors/AUTH2003/history`);
    await ada.click('button:has-text("Restore version 1")');
    await ada.waitForSelector('h1:has-text("Restore version 1 of AUTH2003?")');
    expect(await ada.$$eval('table.diff tbody th', (cells) => cells.map((c) => c.textContent))).toEqual(['What the error means', 'Severity']);

    await dana.goto(`${api.url}/console/errors/AUTH2003`);
    await dana.fill('#notes', 'Dana: also seen after a BIOS battery change.');
    await dana.click('button[value="save"]');
    expect(await dana.textContent('.flash')).toBe('Saved.');
    const danaSaved = await entry('AUTH2003');

    await ada.click('button:has-text("Restore version 1")');
    await ada.waitForSelector('.flash');
    expect(await ada.textContent('.flash')).toBe("Restored version 1, merged with Dana Editor's change of Notes made since.");
    const restored = await entry('AUTH2003');
    expect(restored).toMatchObject({ Info: shipped.Info, severity: shipped.severity, notes: 'Dana: also seen after a BIOS battery change.', Solution: shipped.Solution });
    expect(restored.updated_at > danaSaved.updated_at).toBe(true);

    await carol.goto(`${api.url}/console/errors/AUTH2003/history`);
    const fields = await carol.$$eval('.history table.diff tbody th', (cells) => [...new Set(cells.map((c) => c.textContent))]);
    expect(fields).toEqual(expect.arrayContaining(['What the error means', 'Severity', 'Notes']));
    expect(fields).not.toEqual(expect.arrayContaining(['Info']));
    expect(fields).not.toEqual(expect.arrayContaining(['severity']));
    expect(await carol.textContent('.history li:first-child .version-by')).toContain('Reason: Restored version 1');
  });

  it('a restore that meets a change of the same field asks as the edit form does, and saves nothing until answered', async () => {
    await ada.goto(`${api.url}/console/errors/AUTH2003/history`);
    // The newest version first: restore the one Carol wrote (Info and severity).
    await ada.click('button:has-text("Restore version 2")');
    await ada.waitForSelector('h1:has-text("Restore version 2 of AUTH2003?")');
    expect(await ada.$$eval('table.diff tbody th', (cells) => cells.map((c) => c.textContent))).toEqual(['What the error means', 'Severity', 'Notes']);
    await dana.goto(`${api.url}/console/errors/AUTH2003`);
    await dana.fill('#Info', 'Dana rewrote this.');
    await dana.click('button[value="save"]');
    await dana.waitForSelector('.flash');
    const before = await entry('AUTH2003');

    await ada.click('button:has-text("Restore version 2")');
    await ada.waitForSelector('.conflict');
    expect(await ada.title()).toContain('Changed meanwhile');
    expect(await ada.$$eval('.clash legend', (legends) => legends.map((l) => l.textContent))).toEqual(['What the error means: both of you changed it']);
    expect(await ada.textContent('.clash .sides')).toContain('Dana rewrote this.');
    expect(await ada.inputValue('#severity')).toBe('high');
    expect(await entry('AUTH2003')).toEqual(before);
    expect(await axeProblems(ada)).toEqual([]);
    await ada.check('[id="resolve-Info-theirs"]');
    await ada.click('button[value="save"]');
    await ada.waitForSelector('.flash');
    // Dana's Info, as chosen; version 2's severity and notes, which only the restore changed.
    expect(await entry('AUTH2003')).toMatchObject({ Info: 'Dana rewrote this.', severity: 'high', notes: expect.stringMatching(/^Common on virtual machines/) });
  });

  it('steps changed by two people merge step by step; the same step changed by both asks about that step alone, with both texts', async () => {
    const shipped = (await entry('CFG8003')).Solution as string[];
    await Promise.all([ada.goto(`${api.url}/console/errors/CFG8003`), dana.goto(`${api.url}/console/errors/CFG8003`)]);
    await ada.fill('#Solution', steps([`${shipped[0]} Ada was here.`, shipped[1]!, shipped[2]!]));
    await ada.click('button[value="save"]');
    await ada.waitForSelector('.flash');
    await dana.fill('#Solution', steps([shipped[0]!, shipped[1]!, `${shipped[2]} Dana was here.`]));
    await dana.click('button[value="save"]');
    await dana.waitForSelector('.flash');
    expect(await dana.textContent('.flash')).toBe("Saved, merged with Ada Writer's change of Steps.");
    const merged = [`${shipped[0]} Ada was here.`, shipped[1]!, `${shipped[2]} Dana was here.`];
    expect((await entry('CFG8003')).Solution).toEqual(merged);

    // Both add a step: both are kept.
    await Promise.all([ada.goto(`${api.url}/console/errors/CFG8003`), dana.goto(`${api.url}/console/errors/CFG8003`)]);
    await ada.fill('#Solution', steps([...merged, 'Ada adds a step.']));
    await ada.click('button[value="save"]');
    await ada.waitForSelector('.flash');
    await dana.fill('#Solution', steps([...merged, 'Dana adds a step.']));
    await dana.click('button[value="save"]');
    await dana.waitForSelector('.flash');
    expect((await entry('CFG8003')).Solution).toEqual([...merged, 'Ada adds a step.', 'Dana adds a step.']);

    // Both change step 2; Dana also changes step 1: asked about step 2 alone.
    const now = (await entry('CFG8003')).Solution as string[];
    await Promise.all([ada.goto(`${api.url}/console/errors/CFG8003`), dana.goto(`${api.url}/console/errors/CFG8003`)]);
    await ada.fill('#Solution', steps([now[0]!, 'Ada’s step two.', ...now.slice(2)]));
    await ada.click('button[value="save"]');
    await ada.waitForSelector('.flash');
    await dana.fill('#Solution', steps(['Dana’s step one.', 'Dana’s step two.', ...now.slice(2)]));
    await dana.click('button[value="save"]');
    await dana.waitForSelector('.conflict');
    expect(await dana.$$eval('.clash legend', (legends) => legends.map((l) => l.textContent))).toEqual(['Steps, step 2: both of you changed it']);
    expect(await dana.textContent('.clash .sides')).toContain('Ada’s step two.');
    expect(await dana.textContent('.clash .sides')).toContain('Dana’s step two.');
    expect(await dana.inputValue('#Solution')).toBe(steps(['Dana’s step one.', 'Dana’s step two.', ...now.slice(2)]));
    expect(await axeProblems(dana)).toEqual([]);
    // An answer left out is asked again, nothing saved.
    await dana.click('button[value="save"]');
    await dana.waitForSelector('.error-summary');
    expect((await entry('CFG8003')).Solution).toEqual([now[0], 'Ada’s step two.', ...now.slice(2)]);
    await dana.check('[id="resolve-Solution.1-theirs"]');
    await dana.click('button[value="save"]');
    await dana.waitForSelector('.flash');
    expect((await entry('CFG8003')).Solution).toEqual(['Dana’s step one.', 'Ada’s step two.', ...now.slice(2)]);
  });

  it("notes typed on two rows survive a third row's Set; a note is credited to its writer, a status to its setter, in the inbox, the CSV and the API", async () => {
    await carol.goto(`${api.url}/console/feedback`);
    await carol.fill('#note-3', 'Carol: asked for the sign-in log.');
    await carol.fill('#note-2', 'Carol: a duplicate of an older request?');
    await carol.selectOption('#status-1', 'triaged');
    await carol.click('#feedback-1 .status-form button');
    await carol.waitForSelector('.flash');
    // The console's script puts kept text back before DOMContentLoaded (it is deferred): read after it.
    await carol.waitForLoadState('domcontentloaded');
    expect(await carol.textContent('.flash')).toBe('#1 set to triaged.');
    expect(await carol.inputValue('#note-3')).toBe('Carol: asked for the sign-in log.');
    expect(await carol.inputValue('#note-2')).toBe('Carol: a duplicate of an older request?');
    await carol.click('#feedback-2 .note-form button');
    await carol.waitForSelector('.flash');
    await carol.waitForLoadState('domcontentloaded');
    expect(await carol.textContent('.flash')).toBe('Note added to #2.');
    expect(await carol.inputValue('#note-2')).toBe('');
    expect(await carol.inputValue('#note-3')).toBe('Carol: asked for the sign-in log.');

    // Ada writes a note on #3 meanwhile; Dana sets its status: each is credited with their own.
    await ada.goto(`${api.url}/console/feedback`);
    await ada.fill('#note-3', 'Ada: reproduced on Fedora 41.');
    await ada.click('#feedback-3 .note-form button');
    await ada.waitForSelector('.flash');
    await dana.goto(`${api.url}/console/feedback`);
    await dana.selectOption('#status-3', 'planned');
    await dana.click('#feedback-3 .status-form button');
    await dana.waitForSelector('.flash');
    await carol.click('#feedback-3 .note-form button');
    await carol.waitForSelector('.flash');

    const notesOf3 = await carol.$$eval('#feedback-3 ol.notes li', (items) => items.map((li) => [li.querySelector('.note-text')!.textContent, li.querySelector('.by')!.textContent!.split(',')[0]]));
    expect(notesOf3).toEqual([
      ['Ada: reproduced on Fedora 41.', 'Ada Writer'],
      ['Carol: asked for the sign-in log.', 'Carol PM'],
    ]);
    expect(await carol.textContent('#feedback-3 .status-by')).toContain('Status set by Dana Editor');
    expect(await axeProblems(carol)).toEqual([]);

    const listed = (await feedbackList()).find((f) => f.id === 3);
    expect(listed).toMatchObject({ status: 'planned', status_by: 'Dana Editor', notes: [{ by: 'Ada Writer', text: 'Ada: reproduced on Fedora 41.' }, { by: 'Carol PM', text: 'Carol: asked for the sign-in log.' }] });
    const csv = await (await fetch(`${api.url}/api/feedback/export`, { headers: { authorization: 'Bearer carol-token' } })).text();
    const header = csv.split('\r\n')[0]!.replace('\uFEFF', '').split(',');
    expect(header).toEqual(['id', 'created_at', 'type', 'status', 'platform', 'client_version', 'contact', 'content', 'notes', 'status_by', 'status_at']);
    const row3 = csv.split('\r\n').find((line) => line.startsWith('3,'))!;
    expect(row3).toMatch(/,"\d{4}-\d\d-\d\d \d\d:\d\d UTC Ada Writer: Ada: reproduced on Fedora 41\.\n\d{4}-\d\d-\d\d \d\d:\d\d UTC Carol PM: Carol: asked for the sign-in log\.",Dana Editor,/);
  });

  it('leaving an edit form or the inbox with unsent text asks first; after a save it does not', async () => {
    const dialogs: string[] = [];
    const dismiss = (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    };
    ada.on('dialog', dismiss);
    try {
      await ada.goto(`${api.url}/console/errors/PORT1001`);
      // Typed as a person types (the browser asks only on a page the person has used).
      await ada.click('#notes');
      await ada.fill('#notes', 'Ada is halfway through this.');
      let asked = ada.waitForEvent('dialog');
      await ada.click('header nav a:has-text("Catalogue")', { noWaitAfter: true });
      await asked;
      expect(dialogs).toEqual(['beforeunload']);
      expect(ada.url()).toBe(`${api.url}/console/errors/PORT1001`);
      expect(await ada.inputValue('#notes')).toBe('Ada is halfway through this.');
      await ada.click('button[value="save"]');
      await ada.waitForSelector('.flash');
      expect(dialogs).toEqual(['beforeunload']);
      await ada.click('header nav a:has-text("Catalogue")');
      await ada.waitForURL(`${api.url}/console/errors`);
      expect(dialogs).toEqual(['beforeunload']);

      await ada.goto(`${api.url}/console/feedback`);
      await ada.click('#note-1');
      await ada.fill('#note-1', 'Ada has not sent this.');
      asked = ada.waitForEvent('dialog');
      await ada.click('header nav a:has-text("Catalogue")', { noWaitAfter: true });
      await asked;
      expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
      expect(ada.url()).toBe(`${api.url}/console/feedback`);
    } finally {
      ada.off('dialog', dismiss);
    }
  });
});
