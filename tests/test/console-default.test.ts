import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentCopy, startService, waitFor, type ContentCopy, type RunningService } from './support/service';

// The console on the embedded default: no SESSION_SECRET, no database. It works; start-up says
// where it is and how to get in; the secret it made is kept, so a restart signs no one out.
// (Each test starts the service a few times: the timeouts wait for those start-ups.)

let content: ContentCopy;
let dir: string;
let service: RunningService | undefined;
beforeAll(async () => {
  content = await contentCopy();
  dir = await mkdtemp(join(tmpdir(), 'console-default-'));
});
afterAll(async () => {
  await service?.stop();
  await content?.cleanup();
  await rm(dir, { recursive: true, force: true });
});

const start = (env: Record<string, string> = {}) => startService('apps/api/src/main.ts', { PORT: '0', CONTENT_DIR: content.dir, DATA_DIR: join(dir, 'data'), ...env });

/** Signs in with a named token as a browser would: the form's CSRF cookie and field, then the session cookie. */
async function signIn(url: string, token: string): Promise<string> {
  const form = await fetch(`${url}/console/sign-in`);
  const csrfCookie = form.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const res = await fetch(`${url}/console/sign-in`, { method: 'POST', redirect: 'manual', headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ csrf, token, next: '/console' }) });
  expect(res.status).toBe(303);
  return res.headers.getSetCookie().filter((c) => c.startsWith('console-session=')).map((c) => c.split(';')[0]!).join('; ');
}

it('without any setting the console answers, start-up says where and how to sign in, and nobody can yet', async () => {
  service = await start();
  const line = await waitFor(() => service!.lines.find((l) => l.includes('console at ')), 10_000);
  expect(line).toContain(`console at ${service.url}/console: sign in with a named token`);
  expect(line).toContain(`sessions sealed with the secret kept in ${join(dir, 'data', 'session-secret')}`);
  expect(await waitFor(() => service!.lines.find((l) => l.includes('no one can sign in to the console')), 10_000)).toContain('pnpm token:create');
  const page = await fetch(`${service.url}/console/sign-in`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<h1>Sign in</h1>');
  expect((await stat(join(dir, 'data', 'session-secret'))).mode & 0o777).toBe(0o600);
  await service.stop();
  service = undefined;
}, 180_000);

it('the generated secret is kept: a session from before a restart still signs in after it; SESSION_SECRET still wins', async () => {
  const tokens = join(dir, 'tokens.txt');
  await writeFile(tokens, `Sam Support: ${createHash('sha256').update('sam-token').digest('hex')}=errors:write`);
  const secret = await readFile(join(dir, 'data', 'session-secret'), 'utf8');
  service = await start({ API_TOKENS_FILE: tokens });
  const session = await signIn(service.url, 'sam-token');
  await service.stop();
  service = await start({ API_TOKENS_FILE: tokens });
  expect(await readFile(join(dir, 'data', 'session-secret'), 'utf8')).toBe(secret);
  const home = await fetch(`${service.url}/console`, { headers: { cookie: session }, redirect: 'manual' });
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('Signed in as <strong>Sam Support</strong>');
  await service.stop();

  service = await start({ API_TOKENS_FILE: tokens, SESSION_SECRET: 'an operator chose this secret, 32+ characters' });
  expect(await waitFor(() => service!.lines.find((l) => l.includes('console at ')), 10_000)).not.toContain('session-secret');
  expect((await fetch(`${service.url}/console`, { headers: { cookie: session }, redirect: 'manual' })).status).toBe(303);
  await service.stop();
  service = undefined;
}, 120_000);
