import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Authenticator } from '@companion/auth';
import { BrowserClient, formOf, signedIn } from './browser-client';
import { call, startServer, type TestServer } from './server';
import { serverWithPeople, stopServerWithPeople, type Person, tokenLines } from './people';

const SECRET = 'a session secret of the test, 32+ characters long';
const PEOPLE: Person[] = [
  ['Sam Support', 'sam', 'errors:write+errors:read-log'],
  ['Lee Support', 'lee', 'errors:write+errors:read-log'],
  ['Pia Product', 'pia', 'feedback:read+feedback:write+feedback:erase'],
  ['Rob Reader', 'rob', 'feedback:read'],
];
const INJECTION = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';

let dir: string;
let auth: Authenticator;
let server: TestServer;
beforeEach(async () => {
  ({ dir, auth, server } = await serverWithPeople('console-work-', PEOPLE, { deps: { signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } }));
});
afterEach(() => stopServerWithPeople({ dir, auth, server }));

const person = (token: string) => signedIn(server.url, token);
/** Submits the page's form `index` with `changes`. */
async function submit(browser: BrowserClient, path: string, changes: Record<string, string>, index = 1) {
  const { action, fields } = formOf((await browser.follow(`${server.url}${path}`)).text, `${server.url}${path}`, index);
  return browser.follow(action, { form: { ...fields, ...changes } });
}

describe('the catalogue in the console', () => {
  it("adds an entry, showing the API's own messages at the field first; previews; edits; history with diffs; restore", async () => {
    const sam = await person('sam');
    let page = await submit(sam, '/console/errors/new', { Flag: 'port9', Info: '', Solution: '' });
    expect(page.res.status).toBe(422);
    expect(page.text).toContain('<p class="field-error" id="Flag-error">expected capital letters followed by digits, such as PORT1001; found text &#34;port9&#34;</p>');
    expect(page.text).toContain('id="Info" name="Info" rows="5" aria-describedby="Info-hint Info-error" aria-invalid="true"');
    expect(page.text).toContain('id="Solution-error">expected at least one step');

    page = await submit(sam, '/console/errors/new', { Flag: 'CONSOLE1', Info: 'The **console** made this.', Solution: 'Look.\nLook again.', action: 'preview' });
    expect(page.res.status).toBe(200);
    expect(page.text).toContain('<h2 id="preview-heading">Preview</h2>');
    expect(page.text).toContain('<strong>console</strong>');
    expect((await call(`${server.url}/api/tunnel/errors/CONSOLE1`)).status).toBe(404);

    page = await submit(sam, '/console/errors/new', { Flag: 'CONSOLE1', Info: 'The **console** made this.', Solution: 'Look.\nLook again.', reason: 'first' });
    expect(page.url).toBe(`${server.url}/console/errors/CONSOLE1`);
    expect((await call(`${server.url}/api/tunnel/errors/CONSOLE1`)).body.data).toMatchObject({ Solution: ['Look.', 'Look again.'], creator: null });

    page = await submit(sam, '/console/errors/CONSOLE1', { Info: 'Changed in the console.', reason: 'clearer' }, 1);
    expect(page.url).toBe(`${server.url}/console/errors/CONSOLE1`);
    const history = (await sam.follow(`${server.url}/console/errors/CONSOLE1/history`)).text;
    expect(history).toContain('By <strong>Sam Support</strong>');
    expect(history).toContain('Reason: clearer');
    // The changed words marked: what the old text lost, what the new one gained.
    expect(history).toContain('<th scope="row">What the error means</th><td><pre><del>The</del> <del>**console**</del> <del>made</del> <del>this.</del></pre></td><td><pre><ins>Changed</ins> <ins>in</ins> <ins>the</ins> <ins>console.</ins></pre></td>');

    const asked = await submit(sam, '/console/errors/CONSOLE1/history', { version: '1' }, 1);
    expect(asked.text).toContain('<h1>Restore version 1 of CONSOLE1?</h1>');
    expect(asked.text).toContain('<caption>What restoring changes</caption>');
    expect((await call(`${server.url}/api/tunnel/errors/CONSOLE1`)).body.data.Info).toBe('Changed in the console.');
    const confirm = formOf(asked.text, asked.url, 1);
    const restored = await sam.follow(confirm.action, { form: { ...confirm.fields, reason: 'the first text was right' } });
    expect(restored.url).toBe(`${server.url}/console/errors/CONSOLE1`);
    expect(restored.text).toContain('<p class="flash" role="status">Restored version 1.</p>');
    const after = (await sam.follow(`${server.url}/console/errors/CONSOLE1/history`)).text;
    expect(after).toContain('<h2>Version 3 <span class="op">Restored version 1</span> <span class="badge">current</span></h2>');
    expect(after).toContain('By <strong>Sam Support</strong>');
    expect(after).toContain('Reason: the first text was right</p>');
    expect(after).toContain('<h2>Version 2 <span class="op">UPDATE</span></h2>');
    expect((await call(`${server.url}/api/tunnel/errors/CONSOLE1`)).body.data.Info).toBe('The **console** made this.');
  });

  it('a deleted entry is restored from its history page, keeping its created_at', async () => {
    const before = (await call(`${server.url}/api/tunnel/errors/PORT1002`)).body.data;
    expect((await call(`${server.url}/api/tunnel/errors/PORT1002?reason=gone`, { method: 'DELETE', headers: { authorization: 'Bearer sam' } })).status).toBe(200);
    const sam = await person('sam');
    const gone = await sam.follow(`${server.url}/console/errors/PORT1002`);
    expect(gone.res.status).toBe(404);
    expect(gone.text).toContain(`<a href="/console/errors/PORT1002/history">Its history</a>`);
    const history = (await sam.follow(`${server.url}/console/errors/PORT1002/history`)).text;
    expect(history).toContain('<p>The entry was deleted.</p>');
    // Newest first: the deleted version, then the shipped one; restore the shipped one.
    const asked = await submit(sam, '/console/errors/PORT1002/history', { version: '1' }, 2);
    const confirm = formOf(asked.text, asked.url, 1);
    const restored = await sam.follow(confirm.action, { form: confirm.fields });
    expect(restored.url).toBe(`${server.url}/console/errors/PORT1002`);
    expect((await call(`${server.url}/api/tunnel/errors/PORT1002`)).body.data).toMatchObject({ Info: before.Info, created_at: before.created_at });
    const after = (await sam.follow(`${server.url}/console/errors/PORT1002/history`)).text;
    expect(after).toMatch(/<h2>Version 3 <span class="op">Restored version 1<\/span> <span class="badge">current<\/span><\/h2>\n<p class="version-by">By <strong>Sam Support<\/strong>, <time [^>]+>[^<]+<\/time><\/p>/);
  });

  it("a save that meets someone else's edit of other fields merges them: their field stays theirs, with a message saying so", async () => {
    const sam = await person('sam');
    const lee = await person('lee');
    const shipped = (await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data;
    const samForm = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    await submit(lee, '/console/errors/PORT1001', { Info: `${shipped.Info} Lee added this sentence.` }, 1);
    const page = await sam.follow(samForm.action, { form: { ...samForm.fields, Solution: `${samForm.fields.Solution}\nSam added this step.` } });
    expect(page.url).toBe(`${server.url}/console/errors/PORT1001`);
    expect(page.text).toContain("<p class=\"flash\" role=\"status\">Saved, merged with Lee Support&#39;s change of What the error means.</p>");
    const saved = (await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data;
    expect(saved.Info).toBe(`${shipped.Info} Lee added this sentence.`);
    expect(saved.Solution).toEqual([...shipped.Solution, 'Sam added this step.']);
    // The message is said once.
    expect((await sam.follow(`${server.url}/console/errors/PORT1001`)).text).not.toContain('class="flash"');
  });

  it('where both changed one field, the conflict asks about that field only, and the answer never reverts the other fields', async () => {
    const sam = await person('sam');
    const lee = await person('lee');
    const samForm = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    await submit(lee, '/console/errors/PORT1001', { Info: 'Lee wrote this first.', notes: 'Lee noted this.' }, 1);
    let page = await sam.follow(samForm.action, { form: { ...samForm.fields, Info: 'Sam wrote this.', category: 'ports' } });
    expect(page.res.status).toBe(409);
    expect(page.text).toContain('Changed meanwhile by Lee Support');
    expect(page.text).toContain('<li>Lee Support changed <strong>Notes</strong>: taken into the form below, as you did not change it.</li>');
    expect(page.text).toContain('<li>You changed <strong>Category</strong>: kept as you wrote it.</li>');
    expect([...page.text.matchAll(/<fieldset class="clash"><legend>([^<]*)<\/legend>/g)].map((m) => m[1])).toEqual(['What the error means: both of you changed it']);
    expect(page.text).toContain('<pre><ins>Lee</ins> wrote <ins>this first.</ins></pre>');
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data).toMatchObject({ Info: 'Lee wrote this first.', notes: 'Lee noted this.' });

    // Saved without an answer: asked again, nothing written.
    const again = formOf(page.text, page.url, 1);
    delete again.fields['resolve-Info'];
    page = await sam.follow(again.action, { form: again.fields });
    expect(page.res.status).toBe(409);
    expect(page.text).toContain('Choose yours or theirs: both of you changed this field.');
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data.category).not.toBe('ports');

    // "Keep mine": Sam's Info and category, Lee's notes stay.
    const answer = formOf(page.text, page.url, 1);
    page = await sam.follow(answer.action, { form: { ...answer.fields, 'resolve-Info': 'mine' } });
    expect(page.url).toBe(`${server.url}/console/errors/PORT1001`);
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data).toMatchObject({ Info: 'Sam wrote this.', notes: 'Lee noted this.', category: 'ports' });
  });

  it('"keep theirs" takes the other person\'s text of that field and still saves the rest', async () => {
    const sam = await person('sam');
    const lee = await person('lee');
    const samForm = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    await submit(lee, '/console/errors/PORT1001', { Info: 'Lee wrote this first.' }, 1);
    const page = await sam.follow(samForm.action, { form: { ...samForm.fields, Info: 'Sam wrote this.', creator: 'sam' } });
    const answer = formOf(page.text, page.url, 1);
    await sam.follow(answer.action, { form: { ...answer.fields, 'resolve-Info': 'theirs' } });
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data).toMatchObject({ Info: 'Lee wrote this first.', creator: 'sam' });
  });

  it('a step one person removed and another rewrote is asked about alone, "keep theirs" bringing it back; an answer finds the step after the person edited around it', async () => {
    const sam = await person('sam');
    const lee = await person('lee');
    const api = async () => (await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data.Solution as string[];
    const shipped = await api();
    expect(shipped.length).toBeGreaterThanOrEqual(2);
    let samForm = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    await submit(lee, '/console/errors/PORT1001', { Solution: ['Lee rewrote the first step.', ...shipped.slice(1)].join('\n') }, 1);
    // Sam removes the first step and adds one at the end.
    let page = await sam.follow(samForm.action, { form: { ...samForm.fields, Solution: [...shipped.slice(1), 'Sam adds a step.'].join('\n') } });
    expect(page.res.status).toBe(409);
    expect([...page.text.matchAll(/<fieldset class="clash"><legend>([^<]*)<\/legend>/g)].map((m) => m[1])).toEqual(['Steps, step 1: both of you changed it']);
    expect(page.text).toContain('<p class="empty">(removed)</p>');
    let answer = formOf(page.text, page.url, 1);
    expect(answer.fields.Solution).toBe([...shipped.slice(1), 'Sam adds a step.'].join('\n'));
    page = await sam.follow(answer.action, { form: { ...answer.fields, 'resolve-Solution.0': 'theirs' } });
    expect(page.url).toBe(`${server.url}/console/errors/PORT1001`);
    const merged = ['Lee rewrote the first step.', ...shipped.slice(1), 'Sam adds a step.'];
    expect(await api()).toEqual(merged);

    // Both rewrite the second step; Sam puts a step of his own first before answering.
    samForm = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    await submit(lee, '/console/errors/PORT1001', { Solution: [merged[0], 'Lee’s second step.', ...merged.slice(2)].join('\n') }, 1);
    page = await sam.follow(samForm.action, { form: { ...samForm.fields, Solution: [merged[0], 'Sam’s second step.', ...merged.slice(2)].join('\n') } });
    expect([...page.text.matchAll(/<fieldset class="clash"><legend>([^<]*)<\/legend>/g)].map((m) => m[1])).toEqual(['Steps, step 2: both of you changed it']);
    answer = formOf(page.text, page.url, 1);
    page = await sam.follow(answer.action, { form: { ...answer.fields, Solution: `Sam’s new first step.\n${answer.fields.Solution}`, 'resolve-Solution.1': 'theirs' } });
    expect(page.url).toBe(`${server.url}/console/errors/PORT1001`);
    expect(await api()).toEqual(['Sam’s new first step.', merged[0], 'Lee’s second step.', ...merged.slice(2)]);
  });

  it('a feedback:read person cannot edit the catalogue; a form without the CSRF value is refused', async () => {
    const rob = await person('rob');
    const page = (await rob.follow(`${server.url}/console/errors/PORT1001`)).text;
    expect(page).not.toContain('name="Info"');
    const csrf = formOf(page, server.url, 0).fields.csrf!;
    const refused = await rob.request(`${server.url}/console/errors/PORT1001`, { form: { csrf, Info: 'Rob was here.', Solution: 'x' } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('errors:write scope');
    const sam = await person('sam');
    const form = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    expect((await sam.request(form.action, { form: { ...form.fields, csrf: 'forged', Info: 'Forged.' } })).status).toBe(403);
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data.Info).not.toMatch(/Rob|Forged/);
  });

  it("console writes count against the person's API rate limit", async () => {
    await server.close();
    server = await startServer({ dataDir: join(dir, 'data-limited'), env: { RATE_LIMIT_CATALOG: '1/1h' }, deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
    const sam = await person('sam');
    expect((await submit(sam, '/console/errors/PORT1001', { Info: 'Once.' }, 1)).url).toBe(`${server.url}/console/errors/PORT1001`);
    const again = await submit(sam, '/console/errors/PORT1001', { Info: 'Twice.' }, 1);
    expect(again.res.status).toBe(429);
    expect(again.text).toContain('Too many requests');
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`, { method: 'PUT', headers: { authorization: 'Bearer sam', 'content-type': 'application/json' }, body: '{}' })).status).toBe(429);
  });

  it('the history of a Flag that never had an entry is a 404 page, like the API', async () => {
    const sam = await person('sam');
    const page = await sam.follow(`${server.url}/console/errors/NOSUCH9999/history`);
    expect(page.res.status).toBe(404);
    expect(page.text).toContain('No entry has or had this Flag.');
  });

  it('a refused form says so in its title and in a summary linking each field; results read without Markdown marks; history headings follow h1; a skip link', async () => {
    const sam = await person('sam');
    const page = await submit(sam, '/console/errors/new', { Flag: 'port9', Info: '', Solution: '' });
    expect(page.text).toContain('<title>Not saved: New entry · Console');
    expect(page.text).toMatch(/<div class="error-summary" role="alert" tabindex="-1" id="error-summary"><h2>\d problems to fix before saving<\/h2><ul><li><a href="#Flag">Flag: expected capital letters/);
    expect(page.text).toContain('<a class="skip-link" href="#main">Skip to the content</a>');
    await submit(sam, '/console/errors/new', { Flag: 'MARK1', Info: 'Run `tunnel doctor` and read **all** of [the guide](https://example.org).', Solution: 'x' });
    const results = (await sam.follow(`${server.url}/console/errors?q=MARK1`)).text;
    expect(results).toContain('<span>Run tunnel doctor and read all of the guide.</span>');
    const history = (await sam.follow(`${server.url}/console/errors/MARK1/history`)).text;
    expect(history).toContain('<h2>Version 1 <span class="op">CREATE</span>');
    expect(history).not.toContain('<h3>');
  });

  it('entry text cannot inject script into console pages', async () => {
    const sam = await person('sam');
    await submit(sam, '/console/errors/new', { Flag: 'EVIL1', Info: INJECTION, Solution: INJECTION, messages: INJECTION, notes: INJECTION });
    for (const path of ['/console/errors/EVIL1', '/console/errors/EVIL1/history', '/console/errors?q=pwned']) {
      const text = (await sam.follow(`${server.url}${path}`)).text;
      expect(text).not.toContain('<script>window.pwned');
      expect(text).not.toMatch(/<img[^>]*onerror/);
    }
  });
});

describe('nothing typed is lost when a session ends', () => {
  it('an edit sent after the session ended is kept across sign-in, with the reason, and saved from there', async () => {
    const sam = await person('sam');
    const form = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    // The browser drops the session cookie when it expires.
    sam.cookies(server.url).delete('console-session');
    let page = await sam.follow(form.action, { form: { ...form.fields, Info: 'Typed while the session ran out.' } });
    expect(page.url).toBe(`${server.url}/console/sign-in?next=%2Fconsole%2Fresume&why=expired`);
    expect(page.text).toContain('You were signed out because your session ended (a sign-in lasts 10 minutes). What you sent is kept: after you sign in you can send it again, as it was.');
    const signIn = formOf(page.text, page.url);
    page = await sam.follow(signIn.action, { form: { ...signIn.fields, token: 'sam' } });
    expect(page.url).toBe(`${server.url}/console/resume`);
    expect(page.text).toContain('<dt>What the error means</dt><dd><pre>Typed while the session ran out.</pre></dd>');
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data.Info).not.toContain('Typed while');
    const resume = formOf(page.text, page.url, 1);
    page = await sam.follow(resume.action, { form: resume.fields });
    expect(page.url).toBe(`${server.url}/console/errors/PORT1001`);
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data.Info).toBe('Typed while the session ran out.');
    // Given back once.
    expect((await sam.follow(`${server.url}/console/resume`)).url).toBe(`${server.url}/console`);
  });

  it('a revoked person is told why; a link with a query comes back whole after signing in', async () => {
    const pia = await person('pia');
    auth.watch(() => undefined, 100);
    await writeFile(join(dir, 'tokens.new'), tokenLines(PEOPLE.filter(([, token]) => token !== 'pia')));
    await rename(join(dir, 'tokens.new'), join(dir, 'tokens.txt'));
    let page!: Awaited<ReturnType<BrowserClient['follow']>>;
    for (let i = 0; i < 50; i++) {
      page = await pia.follow(`${server.url}/console/feedback?status=new&type=bug`);
      if (page.url.includes('/sign-in')) break;
      await new Promise((wake) => setTimeout(wake, 100));
    }
    expect(page.url).toBe(`${server.url}/console/sign-in?next=${encodeURIComponent('/console/feedback?status=new&type=bug')}&why=revoked`);
    expect(page.text).toContain('You were signed out because your access changed');
    const other = new BrowserClient();
    const signIn = formOf((await other.follow(`${server.url}/console/feedback?status=new&type=bug`)).text, server.url);
    page = await other.follow(signIn.action, { form: { ...signIn.fields, token: 'rob' } });
    expect(page.url).toBe(`${server.url}/console/feedback?status=new&type=bug`);
  });
});

describe('the feedback inbox in the console', () => {
  const post = (body: object) => call(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('filters, sets a status and adds a note under the person\'s name, downloads the view as CSV, erases an address', async () => {
    await post({ content: 'Tray icon vanishes', type: 'bug', platform: 'windows', client_version: '1.11.2', contact: 'ann@example.org' });
    await post({ content: 'Dark mode please', type: 'suggestion', platform: 'macos', client_version: '1.11.2' });
    await post({ content: INJECTION, type: 'other', platform: 'linux' });
    const pia = await person('pia');
    let page = await pia.follow(`${server.url}/console/feedback?type=bug`);
    expect(page.res.headers.get('cache-control')).toBe('private, no-store');
    expect(page.text).toContain('<strong>1</strong> feedback match');
    expect(page.text).toContain('<script type="application/json" id="chart-data">');
    expect(page.text).toContain('<script src="/console/assets/chart.umd.min.js" defer></script>');

    page = await submit(pia, '/console/feedback?type=bug', { status: 'planned' }, 2);
    expect(page.url).toBe(`${server.url}/console/feedback?type=bug#feedback-1`);
    expect(page.text).toContain('<p class="status-by">Status set by Pia Product, <time');
    page = await submit(pia, '/console/feedback?type=bug', { note: 'for 1.13' }, 3);
    expect(page.url).toBe(`${server.url}/console/feedback?type=bug#feedback-1`);
    expect(page.text).toContain('<p class="flash" role="status">Note added to #1.</p>');
    expect(page.text).toMatch(/<li><p class="note-text">for 1\.13<\/p><p class="by">Pia Product, <time datetime="[^"]+Z">[^<]+ UTC<\/time><\/p><\/li>/);
    expect((await submit(pia, '/console/feedback?type=bug', { note: '  ' }, 3)).res.status).toBe(422);

    const csv = await pia.request(`${server.url}/console/feedback/export?platform=macos`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="feedback-${new Date().toISOString().slice(0, 10)}-platform-macos.csv"`);
    expect((await csv.text()).split('\r\n')[1]).toMatch(/^2,.*,suggestion,new,macos,1\.11\.2,,Dark mode please,,,$/);

    const all = (await pia.follow(`${server.url}/console/feedback`)).text;
    expect(all).not.toContain('<script>window.pwned');
    expect(all).not.toMatch(/<img[^>]*onerror/);

    // Erasure: from the item's link, what would be erased first, then confirmed.
    expect(all).toContain('<a href="/console/feedback/erasure?contact=ann%40example.org">Erase this address</a>');
    page = await submit(pia, '/console/feedback/erasure?contact=ann%40example.org', { contact: 'ANN@example.org', reason: 'asked' }, 1);
    expect(page.text).toContain('<h2 id="erase-what">1 feedback hold ANN@example.org</h2>');
    expect(page.text).toContain('<strong>#1</strong>');
    expect((await pia.follow(`${server.url}/console/feedback`)).text).toContain('ann@example.org');
    const confirm = formOf(page.text, page.url, 1);
    expect(confirm.fields).toMatchObject({ contact: 'ANN@example.org', reason: 'asked', confirm: 'yes' });
    page = await pia.follow(confirm.action, { form: confirm.fields });
    expect(page.text).toContain('Erased ANN@example.org from 1 feedback (#1). The log records the erasure without the address.');
    expect((await pia.follow(`${server.url}/console/feedback`)).text).not.toContain('ann@example.org');
  });

  it('a way back holding CR or LF is refused before the status is set: the status is saved and the answer is the inbox, never a 500', async () => {
    await post({ content: 'Tray icon vanishes', type: 'bug' });
    const pia = await person('pia');
    const form = formOf((await pia.follow(`${server.url}/console/feedback`)).text, `${server.url}/console/feedback`, 2);
    for (const back of ['/console/feedback\r\nSet-Cookie: x=1', '/console/feedback?q=a\nb', '/console/feedback\u2028']) {
      const res = await pia.request(form.action, { form: { ...form.fields, status: 'triaged', back } });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/console/feedback#feedback-1');
      expect(res.headers.get('set-cookie') ?? '').not.toContain('x=1');
    }
    const listed = await call(`${server.url}/api/feedback`, { headers: { authorization: 'Bearer pia' } });
    expect(listed.body.data[0]).toMatchObject({ status: 'triaged', notes: [] });
  });

  it('an address that matches nothing says so, and nothing is erased', async () => {
    await post({ content: 'Tray icon vanishes', contact: 'ann@example.org' });
    const pia = await person('pia');
    const page = await submit(pia, '/console/feedback/erasure', { contact: 'anne@example.org' }, 1);
    expect(page.text).toContain('Nothing matched <strong>anne@example.org</strong>: no feedback holds it as its contact or in its text. Check the spelling; nothing was erased.');
    expect(page.text).not.toContain('name="confirm"');
    const bad = await submit(pia, '/console/feedback/erasure', { contact: 'not an address' }, 1);
    expect(bad.res.status).toBe(422);
    expect(bad.text).toContain('aria-invalid="true" aria-describedby="erase-error"');
  });

  it("a status set from an older page never overwrites a colleague's status: a clash is asked; the colleague's note stays in the thread", async () => {
    await post({ content: 'Tray icon vanishes', type: 'bug' });
    const pia = await person('pia');
    const stale = formOf((await pia.follow(`${server.url}/console/feedback`)).text, server.url, 2);
    // A colleague sets done with a note through the API meanwhile.
    const patched = await call(`${server.url}/api/feedback/1`, { method: 'PATCH', headers: { authorization: 'Bearer pia', 'content-type': 'application/json' }, body: JSON.stringify({ status: 'done', note: 'shipped in 1.12' }) });
    expect(patched.status).toBe(200);
    let page = await pia.follow(stale.action, { form: { ...stale.fields, status: 'spam' } });
    expect(page.res.status).toBe(409);
    expect(page.text).toContain('set <strong>done</strong>; you set <strong>spam</strong>');
    expect([...page.text.matchAll(/<legend>([^<]*)<\/legend>/g)].map((m) => m[1])).toEqual(['Status: both of you changed it']);
    expect((await call(`${server.url}/api/feedback?per_page=1`, { headers: { authorization: 'Bearer pia' } })).body.data[0]).toMatchObject({ status: 'done', note: 'shipped in 1.12' });
    const answer = formOf(page.text, page.url, 1);
    expect(answer.fields.note).toBeUndefined();
    page = await pia.follow(answer.action, { form: { ...answer.fields, 'resolve-status': 'mine' } });
    expect(page.url).toBe(`${server.url}/console/feedback#feedback-1`);
    expect(page.text).toContain('<p class="flash" role="status">#1 set to spam.</p>');
    expect((await call(`${server.url}/api/feedback?per_page=1`, { headers: { authorization: 'Bearer pia' } })).body.data[0]).toMatchObject({ status: 'spam', notes: [{ by: 'Pia Product', text: 'shipped in 1.12' }] });
  });

  it('a note added from an older page after a colleague set the status joins the thread, and the status stays theirs', async () => {
    await post({ content: 'Dark mode please', type: 'suggestion' });
    const pia = await person('pia');
    const stale = formOf((await pia.follow(`${server.url}/console/feedback`)).text, server.url, 3);
    await call(`${server.url}/api/feedback/1`, { method: 'PATCH', headers: { authorization: 'Bearer pia', 'content-type': 'application/json' }, body: JSON.stringify({ status: 'planned' }) });
    const page = await pia.follow(stale.action, { form: { ...stale.fields, note: 'asked twice' } });
    expect(page.text).toContain('<p class="flash" role="status">Note added to #1.</p>');
    expect((await call(`${server.url}/api/feedback?per_page=1`, { headers: { authorization: 'Bearer pia' } })).body.data[0]).toMatchObject({ status: 'planned', note: 'asked twice', notes: [{ by: 'Pia Product', text: 'asked twice' }] });
  });

  it('the version chart lists versions in version order, 1.12.0 above its beta above 1.9.1', async () => {
    for (const client_version of ['1.9.1', '1.12.0-beta.1', '1.12.0', '1.9.1', '1.10.0']) await post({ content: 'x', client_version });
    const pia = await person('pia');
    const page = (await pia.follow(`${server.url}/console/feedback`)).text;
    const data = JSON.parse(/<script type="application\/json" id="chart-data">([^<]*)<\/script>/.exec(page)![1]!);
    expect(data.versions.labels).toEqual(['1.12.0', '1.12.0-beta.1', '1.10.0', '1.9.1']);
    expect(page).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="By client version: the numbers">');
  });

  it('a status set on page 2 comes back to page 2', async () => {
    await server.close();
    server = await startServer({ dataDir: join(dir, 'data-paged'), env: { RATE_LIMIT_FEEDBACK: '100/1h' }, deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
    for (let i = 0; i < 51; i++) await post({ content: `feedback ${i}` });
    const pia = await person('pia');
    const page = await submit(pia, '/console/feedback?page=2', { status: 'triaged' }, 2);
    expect(page.url).toBe(`${server.url}/console/feedback?page=2#feedback-1`);
    expect(page.text).toContain('Page 2 of 2');
  });

  it('a reader sees no status or erasure forms, and their posts are refused', async () => {
    await post({ content: 'hello' });
    const rob = await person('rob');
    const page = (await rob.follow(`${server.url}/console/feedback`)).text;
    expect(page).not.toContain('name="note"');
    expect(page).not.toContain('name="contact"');
    const csrf = formOf(page, server.url, 0).fields.csrf!;
    expect((await rob.request(`${server.url}/console/feedback/1/status`, { form: { csrf, status: 'spam' } })).status).toBe(403);
    expect((await rob.request(`${server.url}/console/feedback/erasure`, { form: { csrf, contact: 'a@example.org' } })).status).toBe(403);
    const sam = await person('sam');
    expect((await sam.request(`${server.url}/console/feedback`)).status).toBe(403);
  });
});
