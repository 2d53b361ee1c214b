import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { Authenticator } from '@companion/auth';
import { BrowserClient, formOf } from './browser-client';
import { call, expectError, startServer, type TestServer } from './server';
import { tokenLines } from './people';

// The service with DATABASE_URL: two replicas on one database over real HTTP, and the database
// stopped under them and started again.

const skip = clusterUnavailable();
if (skip) console.log(skip);
const TOKENS = 'mailer=email:send,reader=feedback:read,writer=errors:write,operator=health:read';
const TIMEOUT_MS = 3000; // the default: replicas starting together wait for each other's migrations within it
const json = { 'content-type': 'application/json' };

let cluster: TempCluster;
let count = 0;
const servers: TestServer[] = [];
beforeAll(async () => {
  if (!skip) cluster = await TempCluster.start();
}, 120_000);
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => cluster?.destroy(), 60_000);

/** Replicas: each its own data and content folders, all on one new database. */
async function replicas(n: number, env: Record<string, string> = {}): Promise<TestServer[]> {
  // trust: the password is never asked for; given as a parameter, which node-postgres reads like one in the user part
  const url = `${await cluster.createDatabase(`api_${++count}`)}?password=s3cret`;
  const starts = await Promise.allSettled(Array.from({ length: n }, () => startServer({ tokens: TOKENS, env: { DATABASE_URL: url, DATABASE_TIMEOUT_MS: String(TIMEOUT_MS), ...env } })));
  for (const start of starts) if (start.status === 'fulfilled') servers.push(start.value); // closed after the test, whatever failed
  for (const start of starts) if (start.status === 'rejected') throw start.reason;
  return starts.map((start) => (start as PromiseFulfilledResult<TestServer>).value);
}

/**
 * Answers, or the request fails: a write that hangs waits without end (the pg client sets no limit
 * of its own), so a minute tells the two apart on a machine however loaded, where a bound near the
 * service's own (the database timeout, the read timeout, the rate limiter's wait) is a race. That
 * the database timeout ended a write, its answer's message says.
 */
const bounded = (url: string, init: RequestInit = {}) => call(url, { ...init, signal: AbortSignal.timeout(60_000) });
const submit = (server: TestServer, content: string) => bounded(`${server.url}/api/feedback`, { method: 'POST', headers: json, body: JSON.stringify({ content, type: 'bug' }) });
const list = (server: TestServer) => bounded(`${server.url}/api/feedback?per_page=500`, { headers: { authorization: 'Bearer reader' } });
const mail = (server: TestServer) =>
  bounded(`${server.url}/api/send_email`, { method: 'POST', headers: { ...json, authorization: 'Bearer mailer' }, body: JSON.stringify({ to: 'ops@example.org', subject: 'Hello', text: 'Body' }) });

(skip ? describe.skip : describe)('the service on PostgreSQL', () => {
  it('the console on two replicas: a session signed in on one works on the other; feedback worked there shows on both', async () => {
    const url = `${await cluster.createDatabase(`api_${++count}`)}?password=s3cret`;
    const dir = await mkdtemp(join(tmpdir(), 'console-replicas-'));
    try {
      await writeFile(join(dir, 'tokens.txt'), tokenLines([['Pia Product', 'pia', 'feedback:read+feedback:write']]));
      const start = async () => {
        const server = await startServer({ env: { DATABASE_URL: url, DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) }, deps: { auth: Authenticator.fromConfig({ API_TOKENS_FILE: join(dir, 'tokens.txt') }), signIn: { secret: 'the replicas share this secret, 32+ chars', ttlMs: 600_000, oidc: null } } });
        servers.push(server);
        return server;
      };
      const a = await start();
      const b = await start();
      expect((await submit(a, 'sent to a')).status).toBe(201);

      const browser = new BrowserClient();
      const signIn = formOf((await browser.follow(`${a.url}/console/sign-in`)).text, a.url);
      await browser.request(signIn.action, { form: { ...signIn.fields, token: 'pia' } });
      // The same cookie, presented to the other replica.
      const cookie = `console-session=${browser.cookies(a.url).get('console-session')}`;
      const inbox = await fetch(`${b.url}/console/feedback`, { headers: { cookie } });
      expect(inbox.status).toBe(200);
      const page = await inbox.text();
      expect(page).toContain('sent to a');
      const status = formOf(page, `${b.url}/console/feedback`, 2);
      const set = await fetch(status.action, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...status.fields, status: 'triaged' }), redirect: 'manual' });
      expect(set.status).toBe(303);
      const noting = formOf(page, `${b.url}/console/feedback`, 3);
      const noted = await fetch(noting.action, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...noting.fields, note: 'seen on b' }), redirect: 'manual' });
      expect(noted.status).toBe(303);
      const onA = await (await fetch(`${a.url}/console/feedback?status=triaged`, { headers: { cookie } })).text();
      expect(onA).toContain('<p class="note-text">seen on b</p><p class="by">Pia Product, <time');
      expect(onA).toContain('<strong>1</strong> feedback match');

      // Signing out on b ends the session on a too: a copy of the cookie is refused everywhere.
      const home = await (await fetch(`${b.url}/console`, { headers: { cookie } })).text();
      const signOut = formOf(home, `${b.url}/console`);
      expect(signOut.action).toBe(`${b.url}/console/sign-out`);
      const out = await fetch(signOut.action, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(signOut.fields), redirect: 'manual' });
      expect(out.status).toBe(303);
      for (const replica of [a, b]) expect((await fetch(`${replica.url}/console/feedback`, { headers: { cookie }, redirect: 'manual' })).status).toBe(303);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('replicas share feedback, stats and the outbox; a rate limit holds across them', async () => {
    const [a, b] = await replicas(2, { RATE_LIMIT_FEEDBACK: '4/10m' });
    const answers = [];
    for (const server of [a!, b!, a!, b!]) answers.push((await submit(server, `via ${server === a ? 'a' : 'b'}`)).status);
    expect(answers).toEqual([201, 201, 201, 201]);
    expectError(await submit(a!, 'fifth'), 429, 'RATE_LIMITED');
    expectError(await submit(b!, 'sixth'), 429, 'RATE_LIMITED');

    const [listA, listB] = [await list(a!), await list(b!)];
    expect(listA.body.total).toBe(4);
    expect(listA.body.data).toEqual(listB.body.data);
    expect(listA.body.data.map((r: { id: number }) => r.id)).toEqual([4, 3, 2, 1]);
    const stats = [await bounded(`${a!.url}/api/feedback/stats`), await bounded(`${b!.url}/api/feedback/stats`)];
    expect(stats[0]!.body.data).toEqual(stats[1]!.body.data);
    expect(stats[0]!.body.data).toMatchObject({ total: 4, by_type: { bug: 4 } });

    expect((await mail(a!)).status).toBe(202);
    // The public sees whether the database answers; where it is and its pool take `health:read`.
    const health = (await bounded(`${b!.url}/health`)).body;
    expect(health.status).toBe('ok');
    expect(health.storage).toMatchObject({
      writable: true,
      store: 'postgresql',
      database: { store: 'postgresql', connected: true, since: null },
      feedback: { writable: true, reason: null },
      mail: { transport: 'outbox', target: 'mail_outbox', writable: true },
      rate_limits: { writable: true },
    });
    expect(Object.keys(health.storage.database).sort()).toEqual(['connected', 'since', 'store']);
    expect(JSON.stringify(health.storage)).not.toMatch(/127\.0\.0\.1|api_\d|postgres:/);
    const detailed = (await bounded(`${b!.url}/health`, { headers: { authorization: 'Bearer operator' } })).body;
    expect(detailed.storage.database).toMatchObject({ connected: true, reason: null, url: expect.stringMatching(/^postgres:\/\/postgres@.*\?password=\*\*\*$/), pool: { max: expect.any(Number) } });
    expect(JSON.stringify(detailed)).not.toContain('s3cret');
  });

  it('Idempotency-Keys across replicas: a retry on the other replica answers the first answer, another body is 422, each stored once', async () => {
    const url = `${await cluster.createDatabase(`api_${++count}`)}?password=s3cret`;
    const [a, b] = await Promise.all([1, 2].map(() => startServer({ tokens: TOKENS, env: { DATABASE_URL: url, DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) } })));
    servers.push(a!, b!);
    const keyed = (server: TestServer, path: string, body: unknown, key: string, token?: string) =>
      bounded(`${server.url}${path}`, { method: 'POST', headers: { ...json, 'idempotency-key': key, ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
    const answered = (res: { status: number; body: any }) => ({ status: res.status, data: res.body.data });
    for (const [path, body, other, token] of [
      ['/api/feedback', { content: 'Sent once, retried on the other replica.' }, { content: 'Another.' }, undefined],
      ['/api/send_email', { to: 'ops@example.org', subject: 'Once', text: 'Body' }, { to: 'ops@example.org', subject: 'Another', text: 'Body' }, 'mailer'],
    ] as const) {
      const first = await keyed(a!, path, body, '"across-1"', token);
      expect([201, 202]).toContain(first.status);
      const again = await keyed(b!, path, body, '"across-1"', token);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(answered(again)).toEqual(answered(first));
      expectError(await keyed(b!, path, other, '"across-1"', token), 422, 'IDEMPOTENCY_KEY_REUSED');
    }
    expect((await list(a!)).body.total).toBe(1);
    const db = await Database.open({ url, poolMax: 1, timeoutMs: 2000 });
    try {
      expect((await db.query('SELECT 1 FROM mail_outbox')).rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('the catalogue write limit holds across replicas, deletes with a budget of their own', async () => {
    const [a, b] = await replicas(2, { RATE_LIMIT_CATALOG: '2/1m' });
    const headers = { ...json, authorization: 'Bearer writer' };
    const add = (server: TestServer, Flag: string) => bounded(`${server.url}/api/tunnel/errors`, { method: 'POST', headers, body: JSON.stringify({ Flag, Info: 'Shared limit.', Solution: ['Wait.'] }) });
    expect((await add(a!, 'LIMIT1')).status).toBe(201);
    expect((await add(b!, 'LIMIT2')).status).toBe(201);
    expectError(await add(a!, 'LIMIT3'), 429, 'RATE_LIMITED');
    expectError(await add(b!, 'LIMIT4'), 429, 'RATE_LIMITED');
    expect((await bounded(`${a!.url}/api/tunnel/errors/LIMIT1`, { method: 'DELETE', headers })).status).toBe(200);
  });

  it('database stopped: writes answer 503 with the cause in time, reads behave as documented, /health says so; back: writes resume without a restart', async () => {
    const [server] = await replicas(1);
    expect((await submit(server!, 'before')).status).toBe(201);

    await cluster.stop('fast');
    try {
      const refused = await submit(server!, 'while stopped');
      expectError(refused, 503, 'STORAGE_UNAVAILABLE');
      expect(refused.body.error.message).toBe('Feedback cannot be stored: the database refuses connections (is it running?).');
      const mailRefused = await mail(server!);
      expectError(mailRefused, 503, 'STORAGE_UNAVAILABLE');
      expect(mailRefused.body.error.message).toBe('The message cannot be stored in the outbox: the database refuses connections (is it running?).');

      // Public stats: the last counts this replica read. The list needs the database: 503.
      const stats = await bounded(`${server!.url}/api/feedback/stats`);
      expect(stats.status).toBe(200);
      expect(stats.body.data.total).toBe(1);
      expectError(await list(server!), 503, 'STORAGE_UNAVAILABLE');
      // Content is served from memory, whatever the database does.
      expect((await bounded(`${server!.url}/api/changelog/latest`)).status).toBe(200);

      const health = await bounded(`${server!.url}/health`, { headers: { authorization: 'Bearer operator' } });
      expect(health.status).toBe(200);
      expect(health.body.status).toBe('degraded');
      expect(health.body.storage).toMatchObject({
        writable: false,
        store: 'postgresql',
        database: { connected: false, reason: 'the database refuses connections (is it running?)', since: expect.any(String) },
        feedback: { writable: false, reason: 'the database refuses connections (is it running?)' },
        mail: { writable: false },
      });
    } finally {
      await cluster.start();
    }

    for (const deadline = Date.now() + 120_000; ; ) {
      const answer = await submit(server!, 'after');
      if (answer.status === 201) break;
      expect(answer.status).toBe(503);
      if (Date.now() > deadline) throw new Error('writes did not resume within 2 minutes');
      await new Promise((done) => setTimeout(done, 100));
    }
    expect((await mail(server!)).status).toBe(202);
    expect((await list(server!)).body.data.map((r: { content: string }) => r.content)).toEqual(['after', 'before']);
    // Each part's probe (every 0.5 s) clears its fault by itself, written through or not.
    for (const deadline = Date.now() + 120_000; !(await bounded(`${server!.url}/health`)).body.storage.writable; ) {
      if (Date.now() > deadline) throw new Error('/health did not say writable within 2 minutes');
      await new Promise((done) => setTimeout(done, 100));
    }
    const health = (await bounded(`${server!.url}/health`)).body;
    expect(health.storage).toMatchObject({ writable: true, database: { connected: true }, feedback: { writable: true }, mail: { writable: true }, rate_limits: { writable: true } });
  });

  it('database frozen (SIGSTOP): a write answers 503 within the timeout, never hangs; thawed: writes resume', async () => {
    const [server] = await replicas(1);
    expect((await submit(server!, 'before')).status).toBe(201);
    // The postmaster and every backend stop answering, yet their sockets stay open.
    const postmaster = (await readFile(join(cluster.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]!;
    const pids = [postmaster, ...execFileSync('pgrep', ['-P', postmaster]).toString().trim().split('\n')];
    execFileSync('kill', ['-STOP', ...pids]);
    try {
      const refused = await submit(server!, 'while frozen'); // bounded: aborted past the timeout plus 3 s
      expectError(refused, 503, 'STORAGE_UNAVAILABLE');
      expect(refused.body.error.message).toMatch(/^Feedback cannot be stored: the database did not answer within the timeout/);
      expect((await bounded(`${server!.url}/api/feedback/stats`)).status).toBe(200);
    } finally {
      execFileSync('kill', ['-CONT', ...pids]);
    }
    for (const deadline = Date.now() + 120_000; (await submit(server!, 'after')).status !== 201; ) {
      if (Date.now() > deadline) throw new Error('writes did not resume within 2 minutes');
      await new Promise((done) => setTimeout(done, 100));
    }
  });
});
