import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { IdentityProvider } from '../../apps/api/test/identity-provider';
import { useBrowser } from './support/chromium';
import { contentCopy, startService, type ContentCopy, type RunningService } from './support/service';

// People sharing one browser, and a site that is not the console, in Chromium: a form kept while
// a session ended goes back to the person who typed it and to no one else, another site's post
// keeps nothing, and signing out through the identity provider ends its session too.

const sha = (token: string) => createHash('sha256').update(token).digest('hex');
const PEOPLE = [
  `Carol Privacy: ${sha('carol-token')}=feedback:read+feedback:erase`,
  `Dana Support: ${sha('dana-token')}=feedback:read`,
  `Bob Writer: ${sha('bob-token')}=errors:write`,
  `Ada Writer: ${sha('ada-token')}=errors:write+releases:read+releases:write`,
  '@support-staff=feedback:read',
];
const ADDRESS = 'pat@example.org';

const chrome = useBrowser();
let content: ContentCopy;
let dir: string;
let api: RunningService;
let idp: IdentityProvider & { register(uri: string): void };
beforeAll(async () => {
  content = await contentCopy();
  dir = await mkdtemp(join(tmpdir(), 'console-safety-'));
  await writeFile(join(dir, 'tokens.txt'), PEOPLE.join('\n'));
  idp = await IdentityProvider.start();
  api = await startService('apps/api/src/main.ts', {
    PORT: '0',
    CONTENT_DIR: content.dir,
    DATA_DIR: join(dir, 'data'),
    API_TOKENS_FILE: join(dir, 'tokens.txt'),
    SESSION_SECRET: 'the browser test session secret, long enough',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: 'console',
    OIDC_CLIENT_SECRET: 'console-secret-of-the-test',
    OIDC_SCOPE: 'openid profile',
    OIDC_PROVIDER_NAME: 'Test ID',
  });
  idp.register(`${api.url}/console/oidc/callback`);
  for (const contact of [ADDRESS, 'Pat Doe <pat@example.org>']) {
    await fetch(`${api.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'The tunnel drops.', contact }) });
  }
}, 180_000);
afterAll(async () => {
  await api?.stop();
  await idp?.close();
  await content?.cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function newPage(context?: BrowserContext): Promise<Page> {
  return (context ?? (await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } }))).newPage();
}

async function signIn(page: Page, token: string) {
  await page.fill('#token', token);
  await page.press('#token', 'Enter');
  await page.waitForLoadState();
}

/** The session ends as a browser ends it: the cookie is dropped (its Max-Age passed). */
const sessionEnds = (page: Page) => page.context().clearCookies({ name: 'console-session' });
const keptCookies = async (page: Page) => (await page.context().cookies()).filter((c) => c.name.startsWith('console-kept'));

describe('a form kept while a session ended', () => {
  it("Carol's erasure, kept on a shared browser, is never shown to Dana, who signs in next, and is gone for good", async () => {
    const page = await newPage();
    await page.goto(`${api.url}/console/feedback/erasure`);
    await signIn(page, 'carol-token');
    await page.fill('#erase-contact', ADDRESS);
    await page.fill('#erase-reason', 'Request of Pat');
    await page.click('button[type="submit"]:has-text("Show what would be erased")');
    await page.waitForSelector('text=Erase it from these 2 feedback');
    await sessionEnds(page);
    await page.click('button:has-text("Erase it from these 2 feedback")');
    await page.waitForURL(/\/console\/sign-in/);
    expect(await page.textContent('.notice')).toContain('What you sent is kept');
    expect(await keptCookies(page)).not.toEqual([]);

    // Carol leaves; Dana, who may not erase, signs in on the same browser.
    await signIn(page, 'dana-token');
    expect(page.url()).toBe(`${api.url}/console`);
    expect(await page.textContent('.sign-out')).toContain('Dana Support');
    const shown = await page.content();
    expect(shown).not.toContain(ADDRESS);
    expect(shown).not.toContain('Send it now');
    expect(await keptCookies(page)).toEqual([]);
    await page.goto(`${api.url}/console/resume`);
    expect(page.url()).toBe(`${api.url}/console`);

    // Nothing was erased, and Carol, back on the same browser, finds nothing kept either.
    const listed = (await (await fetch(`${api.url}/api/feedback`, { headers: { authorization: 'Bearer carol-token' } })).json()) as any;
    expect(listed.data.map((r: any) => r.contact)).toEqual(['Pat Doe <pat@example.org>', ADDRESS]);
    await page.click('.sign-out button');
    await page.waitForURL(/\/console\/sign-in/);
    await page.goto(`${api.url}/console/resume`);
    await signIn(page, 'carol-token');
    expect(page.url()).toBe(`${api.url}/console`);
    await page.context().close();
  });

  it("Carol's own erasure comes back to Carol, naming the feedback it reaches, and erases the address in each form", async () => {
    const page = await newPage();
    await page.goto(`${api.url}/console/feedback/erasure`);
    await signIn(page, 'carol-token');
    await page.fill('#erase-contact', ADDRESS);
    await page.click('button[type="submit"]:has-text("Show what would be erased")');
    await page.waitForSelector('text=Erase it from these 2 feedback');
    await sessionEnds(page);
    await page.click('button:has-text("Erase it from these 2 feedback")');
    await page.waitForURL(/\/console\/sign-in/);
    await signIn(page, 'carol-token');
    expect(page.url()).toBe(`${api.url}/console/resume`);
    expect(await page.textContent('.kept-target')).toBe(`It changes: An erasure of ${ADDRESS} from every copy the service keeps (feedback #1, #2 hold it now).`);
    await page.click('button:has-text("Send it now")');
    await page.waitForSelector('text=Erased pat@example.org from 2 feedback (#1, #2)');
    const listed = (await (await fetch(`${api.url}/api/feedback`, { headers: { authorization: 'Bearer carol-token' } })).json()) as any;
    expect(listed.data.map((r: any) => r.contact)).toEqual(['Pat Doe <[erased]>', null]);
    await page.context().close();
  });

  it("Bob's rewrite is not offered to Ada on his browser; on his own, it is offered to him, naming the entry", async () => {
    const shared = await newPage();
    await shared.goto(`${api.url}/console/errors/NET3001`);
    await signIn(shared, 'bob-token');
    await shared.fill('#Info', 'Bob rewrote this while his session ended.');
    await sessionEnds(shared);
    await shared.click('button[value="save"]');
    await shared.waitForURL(/\/console\/sign-in/);
    await signIn(shared, 'ada-token');
    expect(shared.url()).toBe(`${api.url}/console`);
    expect(await shared.content()).not.toContain('Bob rewrote');
    await shared.context().close();

    // Two people, two browsers: Bob's own kept form comes back to Bob alone.
    const [bob, ada] = [await newPage(), await newPage()];
    await Promise.all([bob.goto(`${api.url}/console/errors/NET3001`), ada.goto(`${api.url}/console/errors/NET3001`)]);
    await Promise.all([signIn(bob, 'bob-token'), signIn(ada, 'ada-token')]);
    await bob.fill('#Info', 'Bob rewrote this while his session ended.');
    await sessionEnds(bob);
    await bob.click('button[value="save"]');
    await bob.waitForURL(/\/console\/sign-in/);
    await signIn(bob, 'bob-token');
    expect(bob.url()).toBe(`${api.url}/console/resume`);
    expect(await bob.textContent('.kept-target')).toBe('It changes: The catalogue entry NET3001.');
    await ada.goto(`${api.url}/console/resume`);
    expect(ada.url()).toBe(`${api.url}/console`);
    await bob.click('button:has-text("Send it now")');
    await bob.waitForURL(`${api.url}/console/errors/NET3001`);
    const entry = (await (await fetch(`${api.url}/api/tunnel/errors/NET3001`)).json()) as any;
    expect(entry.data.Info).toBe('Bob rewrote this while his session ended.');
    await bob.context().close();
    await ada.context().close();
  });

  it("another site's post keeps nothing and says so; signing in after it resumes nothing", async () => {
    // A page on another site (localhost is not 127.0.0.1) that posts to the console as it loads.
    const attacker: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<form id="f" method="post" action="${api.url}/console/releases/1.12.0/resume"><input name="csrf" value="x"><input name="reason" value="go"></form><script>document.getElementById('f').submit()</script>`);
    });
    attacker.listen(0, '127.0.0.1');
    await new Promise((done) => attacker.once('listening', done));
    try {
      const page = await newPage();
      await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
      await page.waitForURL(/\/console\/sign-in/);
      expect(page.url()).toContain('kept=no');
      expect(await page.textContent('.notice')).toContain('What you sent was not kept and nothing was changed');
      expect(await keptCookies(page)).toEqual([]);
      await signIn(page, 'ada-token');
      expect(page.url()).toBe(`${api.url}/console`);
      expect(await page.content()).not.toContain('Send it now');
      await page.context().close();
    } finally {
      await new Promise((done) => attacker.close(done));
    }
  });
});

describe('single sign-on', () => {
  it("signing out ends the provider's session: the next sign-in asks the provider again", async () => {
    const page = await newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|form-action/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${api.url}/console/sign-in`);
    await page.click('text=Sign in with Test ID');
    await page.fill('input[name="login"]', 'ada');
    await page.fill('input[name="password"]', 'any');
    await page.click('button[type="submit"]');
    await page.click('button[type="submit"]'); // the provider's consent
    await page.waitForURL(`${api.url}/console`);
    expect(await page.textContent('.sign-out')).toContain('Ada Support');
    const policy = (await page.request.get(`${api.url}/console`)).headers()['content-security-policy'];
    expect(policy).toContain(`form-action 'self' ${idp.issuer};`);

    await page.click('.sign-out button');
    await page.waitForURL(new RegExp(`^${idp.issuer}/`));
    await page.click('button[value="yes"]'); // the provider asks to confirm
    await page.waitForURL(`${api.url}/console/sign-in`);
    expect(blocked).toEqual([]);
    expect(await page.$('.sign-out')).toBeNull();

    await page.goto(`${api.url}/console`);
    await page.click('text=Sign in with Test ID');
    await page.waitForSelector('input[name="login"]');
    expect(new URL(page.url()).origin).toBe(idp.issuer);
    await page.context().close();
  });
});
