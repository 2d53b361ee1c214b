import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Authenticator, hashToken } from '../src/auth/tokens';
import { BrowserClient, formOf } from './browser-client';
import { call, startServer, type TestServer } from './server';

const SECRET = 'a session secret of the test, 32+ characters long';
const PEOPLE = [
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
  dir = await mkdtemp(join(tmpdir(), 'console-work-'));
  await writeFile(join(dir, 'tokens.txt'), PEOPLE.map(([name, token, scopes]) => `${name}: ${hashToken(token!).toString('hex')}=${scopes}`).join('\n'));
  auth = Authenticator.fromConfig({ API_TOKENS_FILE: join(dir, 'tokens.txt') });
  server = await startServer({ dataDir: join(dir, 'data'), deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
});
afterEach(async () => {
  await server.close();
  auth.close();
  await rm(dir, { recursive: true, force: true });
});

async function person(token: string): Promise<BrowserClient> {
  const browser = new BrowserClient();
  const { action, fields } = formOf((await browser.follow(`${server.url}/console/sign-in`)).text, server.url);
  await browser.request(action, { form: { ...fields, token } });
  return browser;
}
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
    expect(history).toMatch(/<th scope="row">Info<\/th><td><pre>The \*\*console\*\* made this.<\/pre><\/td><td><pre>Changed in the console.<\/pre><\/td>/);

    const restored = await submit(sam, '/console/errors/CONSOLE1/history', { version: '1' }, 1);
    expect(restored.url).toBe(`${server.url}/console/errors/CONSOLE1`);
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
    const restored = await submit(sam, '/console/errors/PORT1002/history', { version: '1' }, 2);
    expect(restored.url).toBe(`${server.url}/console/errors/PORT1002`);
    expect((await call(`${server.url}/api/tunnel/errors/PORT1002`)).body.data).toMatchObject({ Info: before.Info, created_at: before.created_at });
  });

  it('an edit made meanwhile by someone else is shown as "changed meanwhile by <name>" with both versions, not overwritten', async () => {
    const sam = await person('sam');
    const lee = await person('lee');
    const samForm = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    await submit(lee, '/console/errors/PORT1001', { Info: 'Lee wrote this first.' }, 1);
    const page = await sam.follow(samForm.action, { form: { ...samForm.fields, Info: 'Sam wrote this.' } });
    expect(page.res.status).toBe(409);
    expect(page.text).toContain('Changed meanwhile by Lee Support');
    expect(page.text).toContain('<pre>Lee wrote this first.</pre>');
    expect(page.text).toContain('<pre>Sam wrote this.</pre>');
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data.Info).toBe('Lee wrote this first.');
    // The form now holds the current state's tag: saving again puts Sam's over Lee's, knowingly.
    const again = formOf(page.text, page.url, 1);
    await sam.follow(again.action, { form: again.fields });
    expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body.data.Info).toBe('Sam wrote this.');
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

describe('the feedback inbox in the console', () => {
  const post = (body: object) => call(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('filters, sets a status with a note under the person\'s name, downloads the view as CSV, erases an address', async () => {
    await post({ content: 'Tray icon vanishes', type: 'bug', platform: 'windows', client_version: '1.11.2', contact: 'ann@example.org' });
    await post({ content: 'Dark mode please', type: 'suggestion', platform: 'macos', client_version: '1.11.2' });
    await post({ content: INJECTION, type: 'other', platform: 'linux' });
    const pia = await person('pia');
    let page = await pia.follow(`${server.url}/console/feedback?type=bug`);
    expect(page.res.headers.get('cache-control')).toBe('private, no-store');
    expect(page.text).toContain('<strong>1</strong> feedback match');
    expect(page.text).toContain('<script type="application/json" id="chart-data">');
    expect(page.text).toContain('<script src="/console/assets/chart.umd.min.js" defer></script>');

    page = await submit(pia, '/console/feedback?type=bug', { status: 'planned', note: 'for 1.13' }, 2);
    expect(page.url).toBe(`${server.url}/console/feedback?type=bug#feedback-1`);
    expect(page.text).toContain('Note: for 1.13 <span class="by">(Pia Product)</span>');

    const csv = await pia.request(`${server.url}/console/feedback/export?platform=macos`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[1]).toMatch(/^2,.*,suggestion,new,macos,1\.11\.2,,Dark mode please,,,$/);

    const all = (await pia.follow(`${server.url}/console/feedback`)).text;
    expect(all).not.toContain('<script>window.pwned');
    expect(all).not.toMatch(/<img[^>]*onerror/);

    const forms = [...all.matchAll(/<form\b/g)].length;
    page = await submit(pia, '/console/feedback', { contact: 'ANN@example.org', reason: 'asked' }, forms - 1);
    expect(page.text).toContain('erased from 1 feedback (#1)');
    expect((await pia.follow(`${server.url}/console/feedback`)).text).not.toContain('ann@example.org');
  });

  it('a way back holding CR or LF is refused before the status is set: the status is saved and the answer is the inbox, never a 500', async () => {
    await post({ content: 'Tray icon vanishes', type: 'bug' });
    const pia = await person('pia');
    const form = formOf((await pia.follow(`${server.url}/console/feedback`)).text, `${server.url}/console/feedback`, 2);
    for (const back of ['/console/feedback\r\nSet-Cookie: x=1', '/console/feedback?q=a\nb', '/console/feedback\u2028']) {
      const res = await pia.request(form.action, { form: { ...form.fields, status: 'triaged', note: 'seen', back } });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/console/feedback#feedback-1');
      expect(res.headers.get('set-cookie') ?? '').not.toContain('x=1');
    }
    const listed = await call(`${server.url}/api/feedback`, { headers: { authorization: 'Bearer pia' } });
    expect(listed.body.data[0]).toMatchObject({ status: 'triaged', note: 'seen' });
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
