import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Iron from '@hapi/iron';
import { Authenticator, hashToken, signInFromEnv, type SignInSettings } from '@companion/auth';
import { BrowserClient, formOf } from './browser-client';
import { IdentityProvider } from './identity-provider';
import { RogueProvider, type IdTokenPlan } from './rogue-provider';
import { eventually, startServer, type TestServer } from './server';

const SECRET = 'a session secret of the test, 32+ characters long';
const line = (name: string, token: string, scopes: string) => `${name}: ${hashToken(token).toString('hex')}=${scopes}`;
const FILE = [line('Sam Support', 'sam-token', 'errors:write+errors:read-log'), line('Pia Product', 'pia-token', 'feedback:read'), '@support-staff=errors:write+errors:read-log', '@product=feedback:read+feedback:write'];

let dir: string;
let tokensFile: string;
let auth: Authenticator;
let server: TestServer;
let idp: (IdentityProvider & { register(uri: string): void }) | null = null;

/** Writes the tokens file as an editor would: a new file renamed over the old one. */
const writeTokens = async (lines: string[]) => {
  await writeFile(`${tokensFile}.new`, `${lines.join('\n')}\n`);
  await rename(`${tokensFile}.new`, tokensFile);
};

async function serve(signIn: Partial<SignInSettings> = {}, extra: Parameters<typeof startServer>[0] = {}) {
  server = await startServer({ dataDir: join(dir, 'data'), ...extra, deps: { auth, signIn: { secret: SECRET, ttlMs: 60_000, oidc: null, ...signIn }, ...extra.deps } });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'console-sign-in-'));
  tokensFile = join(dir, 'tokens.txt');
  await writeTokens(FILE);
  auth = Authenticator.fromConfig({ API_TOKENS_FILE: tokensFile });
  auth.watch(() => {}, 100);
});
afterEach(async () => {
  await server?.close();
  await idp?.close();
  idp = null;
  auth.close();
  await rm(dir, { recursive: true, force: true });
});

/** Signs in with a token through the form, as a person would; the page it lands on. */
async function signIn(browser: BrowserClient, token: string) {
  const form = (await browser.follow(`${server.url}/console/sign-in`)).text;
  const { action, fields } = formOf(form, `${server.url}/console/sign-in`);
  return browser.follow(action, { form: { ...fields, token } });
}

const sessionCookie = (browser: BrowserClient) => browser.cookies(server.url).get('console-session');
const unseal = (sealed: string) => Iron.unseal(sealed, SECRET, Iron.defaults) as Promise<{ sid: string; csrf: string; exp: number; who: unknown }>;

describe('signing in with a named token', () => {
  it('turns the token into a session: HttpOnly, SameSite=Lax cookies, the name shown, private no-store pages', async () => {
    await serve();
    const browser = new BrowserClient();
    const first = await browser.request(`${server.url}/console`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/console/sign-in?next=%2Fconsole');
    const { res, url, text } = await signIn(browser, 'sam-token');
    expect(res.status).toBe(200);
    expect(url).toBe(`${server.url}/console`);
    expect(text).toContain('Signed in as <strong>Sam Support</strong>');
    expect(text).toContain('<code>errors:write</code>');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const session = browser.setCookies.find((c) => c.startsWith('console-session='))!;
    expect(session).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60$/);
    expect(session).not.toContain('Secure');
    // The cookie is sealed: it names the token by its hash, never the token.
    expect(decodeURIComponent(session)).not.toContain('sam-token');
    expect((await unseal(sessionCookie(browser)!)).who).toEqual({ kind: 'token', hash: hashToken('sam-token').toString('hex') });
  });

  it('behind an HTTPS proxy the cookie is __Host- and Secure', async () => {
    await serve({}, { deps: { trustProxy: 'loopback' } });
    const browser = new BrowserClient();
    const https = { 'x-forwarded-proto': 'https' };
    const form = (await browser.follow(`${server.url}/console/sign-in`, { headers: https })).text;
    const { action, fields } = formOf(form, `${server.url}/console/sign-in`);
    await browser.request(action, { form: { ...fields, token: 'pia-token' }, headers: https });
    expect(browser.setCookies.find((c) => c.startsWith('__Host-console-session='))).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=60$/);
    expect(browser.setCookies.every((c) => c.includes('; Secure'))).toBe(true);
    // The sign-in form's cookie too: set, then cleared, under the prefixed name only.
    expect(browser.setCookies.filter((c) => c.includes('console-sign-in=')).map((c) => c.split('=')[0])).toEqual(['__Host-console-sign-in', '__Host-console-sign-in']);
    expect(browser.setCookies.every((c) => c.startsWith('__Host-'))).toBe(true);
  });

  it('a wrong token is refused at the field; no session', async () => {
    await serve();
    const browser = new BrowserClient();
    const { res, text } = await signIn(browser, 'not-a-token');
    expect(res.status).toBe(401);
    expect(text).toContain('aria-invalid="true"');
    expect(text).toContain('That token is not valid');
    expect(sessionCookie(browser)).toBeUndefined();
  });

  it('refuses a sign-in or sign-out form without the CSRF value of this browser', async () => {
    await serve();
    const attacker = new BrowserClient();
    const { fields } = formOf((await attacker.follow(`${server.url}/console/sign-in`)).text, server.url);
    const victim = new BrowserClient();
    // A form posted from elsewhere: the victim's browser has no sign-in cookie matching it.
    const forged = await victim.request(`${server.url}/console/sign-in`, { form: { ...fields, token: 'sam-token' } });
    expect(forged.status).toBe(403);
    expect(sessionCookie(victim)).toBeUndefined();

    await signIn(victim, 'sam-token');
    const before = sessionCookie(victim);
    for (const csrf of ['', 'guessed', fields.csrf!]) {
      const res = await victim.request(`${server.url}/console/sign-out`, { form: { csrf } });
      expect(res.status).toBe(403);
    }
    expect(sessionCookie(victim)).toBe(before);
  });

  it('a new session id at every sign-in (no fixation); sign-out ends it', async () => {
    await serve();
    const browser = new BrowserClient();
    await signIn(browser, 'sam-token');
    const firstCookie = sessionCookie(browser)!;
    const first = await unseal(firstCookie);
    await signIn(browser, 'sam-token');
    const second = await unseal(sessionCookie(browser)!);
    expect(second.sid).not.toBe(first.sid);
    expect(second.csrf).not.toBe(first.csrf);

    const copied = `console-session=${sessionCookie(browser)}`;
    const { action, fields } = formOf((await browser.follow(`${server.url}/console`)).text, server.url);
    expect(action).toBe(`${server.url}/console/sign-out`);
    const out = await browser.request(action, { form: fields });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/console/sign-in');
    expect(sessionCookie(browser)).toBeUndefined();
    expect((await browser.request(`${server.url}/console`)).status).toBe(303);
    // The server ended it, not only the browser: a copy of the cookie taken before is refused,
    // also after a restart (the record lives in DATA_DIR for as long as the session would have).
    const withCopy = () => fetch(`${server.url}/console`, { headers: { cookie: copied }, redirect: 'manual' }).then((r) => r.status);
    expect(await withCopy()).toBe(303);
    await server.close();
    await serve();
    expect(await withCopy()).toBe(303);
    // An older session of the same person that was never signed out still works.
    expect((await fetch(`${server.url}/console`, { headers: { cookie: `console-session=${firstCookie}` }, redirect: 'manual' })).status).toBe(200);
  });

  it('says why a sign-in ended in words that fit: a copied cookie after sign-out, the length of a sign-in', async () => {
    await serve();
    const browser = new BrowserClient();
    await signIn(browser, 'sam-token');
    const copied = `console-session=${sessionCookie(browser)}`;
    const home = await browser.follow(`${server.url}/console`);
    const out = formOf(home.text, home.url, 0);
    expect((await browser.request(out.action, { form: out.fields })).status).toBe(303);
    const replayed = await fetch(`${server.url}/console`, { headers: { cookie: copied }, redirect: 'manual' });
    expect(replayed.headers.get('location')).toBe('/console/sign-in?next=%2Fconsole&why=signed-out');
    const told = await new BrowserClient().follow(`${server.url}${replayed.headers.get('location')}`);
    expect(told.text).toContain('You signed out of this session (here or in another window), so it no longer signs you in.');
    expect(told.text).not.toContain('revoked');
    // A sign-in of one minute (SESSION_TTL_MINUTES=1) is not "1 minutes".
    expect((await new BrowserClient().follow(`${server.url}/console/sign-in?why=expired`)).text).toContain('(a sign-in lasts 1 minute).');
  });

  it('a form kept while the session ended is offered again only while its person holds what it needs', async () => {
    await serve();
    const sam = new BrowserClient();
    await signIn(sam, 'sam-token');
    const form = formOf((await sam.follow(`${server.url}/console/errors/PORT1001`)).text, server.url, 1);
    sam.cookies(server.url).delete('console-session');
    const kept = await sam.follow(form.action, { form: { ...form.fields, Info: 'Typed as the session ended.' } });
    expect(kept.url).toBe(`${server.url}/console/sign-in?next=%2Fconsole%2Fresume&why=expired`);
    // Meanwhile Sam may no longer write the catalogue.
    await writeTokens([line('Sam Support', 'sam-token', 'errors:read-log'), ...FILE.slice(1)]);
    while (auth.byHash(hashToken('sam-token'))?.scopes.has('errors:write')) await new Promise((done) => setTimeout(done, 20));
    const back = formOf(kept.text, kept.url);
    const refused = await sam.follow(back.action, { form: { ...back.fields, token: 'sam-token' } });
    expect(refused.res.status).toBe(403);
    expect(refused.text).toContain('What you sent needs the errors:write scope, which Sam Support no longer holds: it was dropped, and nothing was changed.');
    expect(refused.text).not.toContain('Typed as the session ended.');
    expect((await sam.follow(`${server.url}/console/resume`)).url).toBe(`${server.url}/console`);
  });

  it("a kept erasure names the feedback any note of whose thread holds the address, not only the latest note's", async () => {
    await serve();
    await writeTokens([...FILE, line('Eve Erase', 'eve-token', 'feedback:read+feedback:erase')]);
    while (!auth.byHash(hashToken('eve-token'))) await new Promise((done) => setTimeout(done, 20));
    const { feedback } = server.services;
    const { id } = await feedback.submit({ content: 'The tunnel drops at night.', type: 'bug' }, { ip: '127.0.0.1' });
    await feedback.addNote(id, 'Kim wrote from kim@example.org; called back.', { actor: 'Sam Support' });
    await feedback.addNote(id, 'Fixed in 1.4.2.', { actor: 'Sam Support' });
    const eve = new BrowserClient();
    await signIn(eve, 'eve-token');
    const form = formOf((await eve.follow(`${server.url}/console/feedback/erasure`)).text, server.url, 1);
    eve.cookies(server.url).delete('console-session');
    const kept = await eve.follow(form.action, { form: { ...form.fields, contact: 'kim@example.org' } });
    const back = formOf(kept.text, kept.url);
    const resumed = await eve.follow(back.action, { form: { ...back.fields, token: 'eve-token' } });
    expect(resumed.url).toBe(`${server.url}/console/resume`);
    expect(resumed.text).toContain(`feedback #${id} holds it now`);
  });

  it('a form too large to keep across the sign-in is said to be too large, not to come from another page', async () => {
    await serve();
    const told = (await new BrowserClient().follow(`${server.url}/console/sign-in?next=%2Fconsole%2Ferrors%2FPORT1001&why=expired&kept=too-large`)).text;
    expect(told).toContain('What you sent was not kept and nothing was changed: it was too large to keep across the sign-in.');
    expect(told).not.toContain('did not come from a console page');
  });

  it('a session expires', async () => {
    await serve({ ttlMs: 1500 });
    const browser = new BrowserClient();
    await signIn(browser, 'pia-token');
    expect((await browser.request(`${server.url}/console`)).status).toBe(200);
    await new Promise((done) => setTimeout(done, 1600));
    expect((await browser.request(`${server.url}/console`)).status).toBe(303);
  });

  it('a person revoked from the tokens file is out on every replica once the file changes, without a restart', async () => {
    await serve();
    const other = await startServer({ dataDir: join(dir, 'data-2'), deps: { auth: (() => {
      const second = Authenticator.fromConfig({ API_TOKENS_FILE: tokensFile });
      second.watch(() => {}, 100);
      return second;
    })(), signIn: { secret: SECRET, ttlMs: 60_000, oidc: null } } });
    try {
      const browser = new BrowserClient();
      await signIn(browser, 'sam-token');
      // The same cookie is good on the other replica: sessions are sealed, not stored.
      const cookie = `console-session=${sessionCookie(browser)}`;
      expect((await fetch(`${other.url}/console`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);

      await writeTokens(FILE.filter((l) => !l.startsWith('Sam Support')));
      // Each replica reads the file again by itself: waited for, however long a loaded machine takes.
      for (const url of [server.url, other.url]) await eventually(`${url} signing Sam out`, async () => (await fetch(`${url}/console`, { headers: { cookie }, redirect: 'manual' })).status === 303);
    } finally {
      await other.close();
    }
  });

  it('next is a console path only: another site is never a destination', async () => {
    await serve();
    // Nor a path with CR, LF or anything else a Location header cannot carry: the console's home, never a 500.
    for (const next of ['https://evil.example/', '//evil.example/console', '/consolex', '/api/feedback', '/console/feedback\r\nSet-Cookie: x=1', '/console/\n', '/console/é', '/console\\evil']) {
      const browser = new BrowserClient();
      const { action, fields } = formOf((await browser.follow(`${server.url}/console/sign-in?next=${encodeURIComponent(next)}`)).text, server.url);
      const res = await browser.request(action, { form: { ...fields, token: 'sam-token' } });
      expect(res.headers.get('location')).toBe('/console');
    }
  });
});

describe('single sign-on through OpenID Connect', () => {
  async function withProvider() {
    idp = await IdentityProvider.start();
    await serve({ oidc: { issuer: new URL(idp.issuer), clientId: 'console', clientSecret: 'console-secret-of-the-test', redirectUri: null, groupsClaim: 'groups', scope: 'openid profile', label: 'Test ID' } });
    idp.register(`${server.url}/console/oidc/callback`);
  }

  /** Through the provider's own login and consent pages to the console. */
  async function signInAs(browser: BrowserClient, account: string) {
    const start = await browser.request(`${server.url}/console/oidc/start?next=%2Fconsole`);
    expect(start.status).toBe(303);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(idp!.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    let page = await browser.follow(authorize.href);
    const login = formOf(page.text, page.url);
    page = await browser.follow(login.action, { form: { ...login.fields, login: account, password: 'any' } });
    const consent = formOf(page.text, page.url);
    return browser.follow(consent.action, { form: consent.fields });
  }

  it('signs a person in with their name and the scopes their group maps to', async () => {
    await withProvider();
    const browser = new BrowserClient();
    const signInPage = (await browser.follow(`${server.url}/console`)).text;
    expect(signInPage).toContain('Sign in with Test ID');
    const { res, url, text } = await signInAs(browser, 'pm');
    expect(res.status).toBe(200);
    expect(url).toBe(`${server.url}/console`);
    expect(text).toContain(`Signed in as <strong>Pat Product (pm at ${idp!.issuer})</strong> (single sign-on)`);
    expect(text).toContain('<code>feedback:write</code>');
    expect(text).not.toContain('errors:write');
    expect((await unseal(sessionCookie(browser)!)).who).toEqual({ kind: 'oidc', iss: idp!.issuer, sub: 'pm', name: 'Pat Product', groups: ['product'] });
  });

  it("signing out ends the provider's session too (RP-initiated logout), back to the console's sign-in form", async () => {
    await withProvider();
    const browser = new BrowserClient();
    const home = await signInAs(browser, 'pm');
    const out = formOf(home.text, home.url, 0);
    const res = await browser.request(out.action, { form: out.fields });
    expect(res.status).toBe(303);
    const logout = new URL(res.headers.get('location')!);
    expect(logout.origin).toBe(idp!.issuer);
    expect(logout.searchParams.get('client_id')).toBe('console');
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${server.url}/console/sign-in`);
    // The ID token of the sign-in names the session to end (id_token_hint).
    expect(logout.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sessionCookie(browser)).toBeUndefined();
    // The provider asks to confirm, then ends its session and sends the person back.
    let page = await browser.follow(logout.href);
    const confirm = formOf(page.text, page.url);
    page = await browser.follow(confirm.action, { form: { ...confirm.fields, logout: 'yes' } });
    expect(page.url).toBe(`${server.url}/console/sign-in`);
    // Signing in again asks the provider for the person again (its session is gone).
    const again = await browser.request(`${server.url}/console/oidc/start?next=%2Fconsole`);
    const shown = await browser.follow(again.headers.get('location')!);
    expect(shown.text).toMatch(/name="login"/);
  });

  it('a person in many groups signs out with the id_token_hint: no cookie grows past what a browser keeps (4096 bytes)', async () => {
    await withProvider();
    const browser = new BrowserClient();
    const home = await signInAs(browser, 'kim');
    expect(home.url).toBe(`${server.url}/console`);
    const out = formOf(home.text, home.url, 0);
    const res = await browser.request(out.action, { form: out.fields });
    expect(browser.setCookies.filter((line) => line.split(';')[0]!.length > 4096).map((line) => line.split('=')[0])).toEqual([]);
    expect(new URL(res.headers.get('location')!).searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(browser.cookies(server.url).size).toBe(0);
  });

  it("what a person signed in through the provider changes is recorded with their name", async () => {
    await withProvider();
    const browser = new BrowserClient();
    await signInAs(browser, 'ada');
    const page = await browser.follow(`${server.url}/console/errors/PORT1001`);
    const { action, fields } = formOf(page.text, page.url, 1);
    const saved = await browser.follow(action, { form: { ...fields, Info: 'Edited after single sign-on.', reason: 'sso' } });
    expect(saved.url).toBe(`${server.url}/console/errors/PORT1001`);
    const history = (await browser.follow(`${server.url}/console/errors/PORT1001/history`)).text;
    expect(history).toContain(`By <strong>Ada Support (ada at ${idp!.issuer})</strong>`);
    expect(history).toContain('Reason: sso');
  });

  it("a display name chosen to match a colleague's token is never taken for them: shown, recorded and rate limited as its own identity", async () => {
    idp = await IdentityProvider.start();
    await serve({ oidc: { issuer: new URL(idp.issuer), clientId: 'console', clientSecret: 'console-secret-of-the-test', redirectUri: null, groupsClaim: 'groups', scope: 'openid profile', label: 'Test ID' } }, { env: { RATE_LIMIT_CATALOG: '2/1m' } });
    idp.register(`${server.url}/console/oidc/callback`);
    const mallory = new BrowserClient();
    const home = await signInAs(mallory, 'mallory');
    const shown = `Sam Support (mallory at ${idp.issuer})`;
    expect(home.text).toContain(`Signed in as <strong>${shown}</strong> (single sign-on)`);
    const create = async (flag: string) => {
      const { action, fields } = formOf((await mallory.follow(`${server.url}/console/errors/new`)).text, server.url, 1);
      return mallory.request(action, { form: { ...fields, Flag: flag, Info: 'Made over single sign-on.', Solution: 'Look.', reason: 'test' } });
    };
    expect((await create('MALLORY1')).status).toBe(303);
    expect((await create('MALLORY2')).status).toBe(303);
    expect((await create('MALLORY3')).status).toBe(429);

    // The real Sam Support still has every write of the window.
    const sam = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, { method, headers: { authorization: 'Bearer sam-token', 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    expect((await sam('POST', '/api/tunnel/errors', { Flag: 'SAM1', Info: 'Made with the token.', Solution: ['Look.'] })).status).toBe(201);
    const samHome = await signIn(new BrowserClient(), 'sam-token');
    expect(samHome.text).toContain('Signed in as <strong>Sam Support</strong> (named token)');
    const log = (await (await sam('GET', '/api/tunnel/errors/logs?limit=10')).json()) as { data: { flag: string; actor: string }[] };
    expect(log.data.filter((r) => r.flag.startsWith('MALLORY') || r.flag === 'SAM1').map((r) => [r.flag, r.actor])).toEqual([
      ['SAM1', 'Sam Support'],
      ['MALLORY2', shown],
      ['MALLORY1', shown],
    ]);
  });

  it('behind an HTTPS proxy the login under way is kept in a __Host- cookie, and the round trip works with it', async () => {
    idp = await IdentityProvider.start();
    await serve({ oidc: { issuer: new URL(idp.issuer), clientId: 'console', clientSecret: 'console-secret-of-the-test', redirectUri: null, groupsClaim: 'groups', scope: 'openid profile', label: 'Test ID' } }, { deps: { trustProxy: 'loopback' } });
    idp.register(`${server.url}/console/oidc/callback`);
    const browser = new BrowserClient();
    const https = { 'x-forwarded-proto': 'https' };
    const start = await browser.request(`${server.url}/console/oidc/start?next=%2Fconsole`, { headers: https });
    expect(start.status).toBe(303);
    expect(browser.setCookies).toEqual([expect.stringMatching(/^__Host-console-oidc-login=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=\d+$/)]);
    let page = await browser.follow(start.headers.get('location')!);
    const login = formOf(page.text, page.url);
    page = await browser.follow(login.action, { form: { ...login.fields, login: 'pm', password: 'any' } });
    const consent = formOf(page.text, page.url);
    // Back at the console (over the proxy): the prefixed cookie is the one read.
    const back = await browser.request(consent.action, { method: 'POST', form: consent.fields });
    let location = new URL(back.headers.get('location')!, consent.action).href;
    let res = await browser.request(location);
    while (res.status >= 300 && res.status < 400 && !new URL(res.headers.get('location')!, location).href.startsWith(server.url)) {
      location = new URL(res.headers.get('location')!, location).href;
      res = await browser.request(location);
    }
    const callback = new URL(res.headers.get('location')!, location).href;
    const done = await browser.request(callback, { headers: https });
    expect(done.status).toBe(303);
    expect(done.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['__Host-console-oidc-login', '__Host-console-session', '__Host-console-oidc-id-0']);
  });

  it('refuses an account whose groups grant nothing, and a callback without the login it answers', async () => {
    await withProvider();
    const { res, text } = await signInAs(new BrowserClient(), 'nobody');
    expect(res.status).toBe(403);
    expect(text).toContain('No Role, your account holds no group');
    const stray = await new BrowserClient().request(`${server.url}/console/oidc/callback?code=abc&state=xyz`);
    expect(stray.status).toBe(400);
  });

  it('a group taken out of the mapping signs its people out once the file changes', async () => {
    await withProvider();
    const browser = new BrowserClient();
    await signInAs(browser, 'ada');
    expect((await browser.request(`${server.url}/console`)).status).toBe(200);
    await writeTokens(FILE.filter((l) => !l.startsWith('@support-staff')));
    await eventually('Ada signed out', async () => (await browser.request(`${server.url}/console`)).status === 303);
  });
});

describe('ID tokens the console refuses, from a provider that misbehaves', () => {
  let rogue: RogueProvider;
  beforeEach(async () => {
    rogue = await RogueProvider.start();
    await serve({ oidc: { issuer: new URL(rogue.issuer), clientId: 'console', clientSecret: 'console-secret-of-the-test', redirectUri: null, groupsClaim: 'groups', scope: 'openid profile', label: 'Rogue ID' } });
  });
  afterEach(() => rogue.close());

  /** The console's round trip with the ID token `plan` describes: the callback's answer. */
  async function attempt(plan: IdTokenPlan) {
    const browser = new BrowserClient();
    const start = await browser.request(`${server.url}/console/oidc/start?next=%2Fconsole`);
    const callback = rogue.authorize(new URL(start.headers.get('location')!), plan);
    const res = await browser.request(callback);
    return { status: res.status, text: await res.text(), signedIn: (await browser.request(`${server.url}/console`)).status === 200 };
  }
  const ada: IdTokenPlan = { sub: 'ada', name: 'Ada Support', groups: ['support-staff'], signedWith: 'published' };

  it('takes a token signed with a key of its JWKS (the provider is otherwise well-formed)', async () => {
    expect(await attempt(ada)).toMatchObject({ status: 303, signedIn: true });
  });

  it('refuses a token signed with a key the provider never published, whatever groups it claims', async () => {
    const refused = await attempt({ ...ada, groups: ['support-staff', 'product'], signedWith: 'rogue' });
    expect(refused).toMatchObject({ status: 401, signedIn: false });
    expect(refused.text).toContain('Sign-in failed');
  });

  it('refuses a token issued in the future beyond 30 s of clock skew, and takes one within it', async () => {
    expect(await attempt({ ...ada, iatOffset: 3600 })).toMatchObject({ status: 401, signedIn: false });
    expect(await attempt({ ...ada, iatOffset: 120 })).toMatchObject({ status: 401, signedIn: false });
    expect(await attempt({ ...ada, iatOffset: 10 })).toMatchObject({ status: 303, signedIn: true });
  });
});

describe('sign-in settings', () => {
  it('are read from the environment; a bad one stops start-up with one line', () => {
    expect(signInFromEnv({})).toEqual({ secret: null, ttlMs: 480 * 60_000, oidc: null });
    expect(signInFromEnv({ SESSION_SECRET: SECRET })).toEqual({ secret: SECRET, ttlMs: 480 * 60_000, oidc: null });
    expect(() => signInFromEnv({ SESSION_SECRET: 'short' })).toThrow('SESSION_SECRET: expected at least 32 characters');
    expect(() => signInFromEnv({ SESSION_SECRET: SECRET, OIDC_ISSUER: 'https://sso.example.com' })).toThrow('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    expect(signInFromEnv({ SESSION_SECRET: SECRET, SESSION_TTL_MINUTES: '30', OIDC_ISSUER: 'https://sso.example.com/realms/company', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', OIDC_GROUPS_CLAIM: 'roles' })).toMatchObject({
      ttlMs: 30 * 60_000,
      oidc: { issuer: new URL('https://sso.example.com/realms/company'), clientId: 'c', groupsClaim: 'roles', scope: 'openid profile email', redirectUri: null },
    });
  });

  it('without SESSION_SECRET the console says it is not set up', async () => {
    server = await startServer({ dataDir: join(dir, 'data') });
    const res = await fetch(`${server.url}/console`);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain('SESSION_SECRET');
  });

  it('a bad group line in the tokens file is refused like any other', () => {
    expect(() => Authenticator.fromConfig({ API_TOKENS_FILE: tokensFile })).not.toThrow();
    return writeFile(tokensFile, '@support=errors:fly\n').then(() => expect(() => Authenticator.fromConfig({ API_TOKENS_FILE: tokensFile })).toThrow('unknown scope "errors:fly"'));
  });
});

describe('sign-in attempts', () => {
  it("a person retyping a wrong token is stopped, colleagues behind the same address are not; guessing from one address stays bounded", async () => {
    await serve({}, { env: { RATE_LIMIT_SIGN_IN: '3/10m' } });
    const retyped = [];
    for (let i = 0; i < 4; i++) retyped.push((await signIn(new BrowserClient(), 'sam-tokem')).res.status);
    expect(retyped).toEqual([401, 401, 401, 429]);
    // A colleague behind the same proxy signs in meanwhile.
    expect((await signIn(new BrowserClient(), 'pia-token')).res.status).toBe(200);
    // Other tokens from the address: 5 times the limit of failures in all (4 so far), then none.
    const guesses = [];
    for (let i = 0; i < 12; i++) guesses.push((await signIn(new BrowserClient(), `guess-${i}`)).res.status);
    expect(guesses).toEqual([...Array(11).fill(401), 429]);
    expect((await signIn(new BrowserClient(), 'pia-token')).res.status).toBe(429);
  });

  it('count failures only: many good sign-ins from one address never lock it out; past the limit of failures, the console says when to retry', async () => {
    await serve({}, { env: { RATE_LIMIT_SIGN_IN: '5/10m' } });
    const outcomes: number[] = [];
    for (let i = 0; i < 8; i++) outcomes.push((await signIn(new BrowserClient(), 'sam-token')).res.status);
    for (let i = 0; i < 4; i++) outcomes.push((await signIn(new BrowserClient(), 'sam-tokem')).res.status);
    outcomes.push((await signIn(new BrowserClient(), 'sam-token')).res.status);
    outcomes.push((await signIn(new BrowserClient(), 'sam-tokem')).res.status);
    expect(outcomes).toEqual([...Array(8).fill(200), 401, 401, 401, 401, 200, 401]);
    const limited = await signIn(new BrowserClient(), 'sam-tokem');
    expect(limited.res.status).toBe(429);
    expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(limited.text).toContain('<title>Too many attempts · Console');
    expect(limited.text).toMatch(/Try again in 10 minutes \(at \d\d:\d\d:\d\d UTC\)/);
    expect((await signIn(new BrowserClient(), 'sam-token')).res.status).toBe(200);
  });

  it('an unknown console page is the console\'s own 404', async () => {
    await serve();
    const res = await new BrowserClient().follow(`${server.url}/console/nowhere`);
    expect(res.res.status).toBe(404);
    expect(res.text).toContain('<title>Not found · Console');
    expect(res.text).toContain('The console has no page at <code>/console/nowhere</code>');
  });
});
