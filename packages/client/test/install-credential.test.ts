import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TestServer } from '../../../apps/api/test/server';
import { createClient } from '../src/index';
import { fileCache, writeUpdaterId } from '../src/node';

// The install credential as an app gets it with the default options: against the real service (in
// this process, on real files, over loopback), kept by fileCache in a real folder as Electron's main
// process keeps it. The service's clock follows Date, so a test that fakes Date moves the client,
// the service's rate limits and its UTC day together.

const ISSUED = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const clock = { nowMicros: () => Date.now() * 1000 };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Sent {
  request: string;
  status: number | 'failed';
  installId: string | null;
  body?: Record<string, unknown>;
}

/** A fetch that records what the client sent; `failIssue` makes the next POST /api/installs fail as an offline one does. */
function recorder() {
  const sent: Sent[] = [];
  const state = { failIssue: false };
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const request = `${init?.method ?? 'GET'} ${url.pathname}`;
    const entry = { request, installId: url.searchParams.get('install_id'), ...(typeof init?.body === 'string' && { body: JSON.parse(init.body) as Record<string, unknown> }) };
    if (request === 'POST /api/installs' && state.failIssue) {
      state.failIssue = false;
      sent.push({ ...entry, status: 'failed' });
      throw new TypeError('fetch failed');
    }
    const response = await fetch(input, init);
    sent.push({ ...entry, status: response.status });
    return response;
  };
  return { sent, fetch: fetchFn, state, requests: () => sent.map((s) => `${s.request} ${s.status}`) };
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'client-credential-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));
afterEach(() => import.meta.jest.useRealTimers());

/** Date (and so the service's clock) from `now` on, moving as time passes; timers stay real. */
const fakeDate = (now: number) =>
  import.meta.jest.useFakeTimers({ now, advanceTimers: true, doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });

describe('with the default options', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ clock });
  });
  afterAll(() => server?.close());

  it('the first start obtains one credential and keeps it; the next start sends the same id without asking', async () => {
    const folder = join(work, 'first-start');
    const first = recorder();
    const check = await createClient({ baseUrl: server.url, storage: fileCache(folder), fetch: first.fetch }).updateCheck({ version: '1.11.2', platform: 'windows' });
    expect(check.ok).toBe(true);
    expect(first.requests()).toEqual(['POST /api/installs 201', 'GET /api/changelog/since/1.11.2 200']);
    const id = first.sent[1]!.installId!;
    expect(id).toMatch(ISSUED);
    expect(server.services.adoption.credentials.issuedOn(id)).not.toBeNull();

    // A restart: a new client over the same folder.
    const second = recorder();
    const restarted = createClient({ baseUrl: server.url, storage: fileCache(folder), fetch: second.fetch });
    expect(await restarted.installId()).toBe(id);
    const again = await restarted.updateCheck({ version: '1.11.2', platform: 'windows' });
    expect(again.ok && again.body).toEqual(check.ok && check.body);
    // The same URL as before the restart, so the kept answer revalidates.
    expect(second.sent.map((s) => [s.request, s.status, s.installId])).toEqual([['GET /api/changelog/since/1.11.2', 304, id]]);

    // The service counts it: an id it issued, on a version its changelog knows.
    await server.services.adoption.flush();
    expect(server.services.adoption.today()).toContainEqual(expect.objectContaining({ version: '1.11.2', platform: 'windows', installs: 1 }));
  });

  it('two calls at once on a first start make one request for a credential, and both send it', async () => {
    const app = recorder();
    const client = createClient({ baseUrl: server.url, storage: fileCache(join(work, 'at-once')), fetch: app.fetch });
    const [a, b, id] = await Promise.all([client.updateCheck({ version: '1.9.0' }), client.updateCheck({ version: '1.11.0' }), client.installId()]);
    expect(a.ok && b.ok).toBe(true);
    expect(app.sent.filter((s) => s.request === 'POST /api/installs')).toHaveLength(1);
    expect(id).toMatch(ISSUED);
    expect(app.sent.filter((s) => s.request.startsWith('GET')).map((s) => s.installId)).toEqual([id, id]);
  });

  it('an id of the app\'s own is sent as it is, and no credential is asked for', async () => {
    const app = recorder();
    const client = createClient({ baseUrl: server.url, storage: fileCache(join(work, 'own-id')), fetch: app.fetch });
    expect((await client.updateCheck({ version: '1.11.2', installId: 'c0ffee-42' })).ok).toBe(true);
    expect(app.sent.map((s) => [s.request, s.installId])).toEqual([['GET /api/changelog/since/1.11.2', 'c0ffee-42']]);
  });

  it('a network failure while obtaining it: the check is answered without an id, and the next call obtains it', async () => {
    const app = recorder();
    const client = createClient({ baseUrl: server.url, storage: fileCache(join(work, 'offline-issue')), fetch: app.fetch });
    app.state.failIssue = true;
    const check = await client.updateCheck({ version: '1.11.2' });
    expect(check.ok && check.body.data.current).toBe('1.11.2');
    const next = await client.updateCheck({ version: '1.11.2' });
    expect(next.ok).toBe(true);
    expect(app.sent.map((s) => [s.request, s.status, s.installId])).toEqual([
      ['POST /api/installs', 'failed', null],
      ['GET /api/changelog/since/1.11.2', 200, null],
      ['POST /api/installs', 201, null],
      ['GET /api/changelog/since/1.11.2', 200, expect.stringMatching(ISSUED)],
    ]);
  });

  it('without autoInstallId only installId() asks for one; a held one is sent all the same', async () => {
    const folder = join(work, 'manual');
    const app = recorder();
    const client = createClient({ baseUrl: server.url, storage: fileCache(folder), fetch: app.fetch, autoInstallId: false });
    await client.updateCheck({ version: '1.11.2' });
    const id = await client.installId();
    await client.updateCheck({ version: '1.11.2' });
    expect(app.sent.map((s) => [s.request, s.installId])).toEqual([
      ['GET /api/changelog/since/1.11.2', null],
      ['POST /api/installs', null],
      ['GET /api/changelog/since/1.11.2', id],
    ]);
  });
});

describe('when the service refuses to issue one', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ clock, env: { RATE_LIMIT_INSTALLS: '1/1h' } });
  });
  afterAll(() => server?.close());

  it('the check is answered without an id, no request is made before Retry-After, and a later call obtains it', async () => {
    fakeDate(Date.now());
    // Another install on the same network used the hour's one credential.
    expect((await fetch(`${server.url}/api/installs`, { method: 'POST' })).status).toBe(201);
    const folder = join(work, 'refused');
    const app = recorder();
    const client = createClient({ baseUrl: server.url, storage: fileCache(folder), fetch: app.fetch });

    const refused = await client.updateCheck({ version: '1.11.2' });
    expect(refused.ok && refused.body.data.current).toBe('1.11.2');
    expect(await client.installId()).toBeUndefined();
    const meanwhile = await client.updateCheck({ version: '1.11.2' });
    expect(meanwhile.ok).toBe(true);
    expect(app.sent.map((s) => [s.request, s.status, s.installId])).toEqual([
      ['POST /api/installs', 429, null],
      ['GET /api/changelog/since/1.11.2', 200, null],
      ['GET /api/changelog/since/1.11.2', 304, null],
    ]);

    // An hour later the service issues one again.
    app.sent.length = 0;
    import.meta.jest.setSystemTime(Date.now() + HOUR_MS + 1000);
    expect((await client.updateCheck({ version: '1.11.2' })).ok).toBe(true);
    expect(app.requests()).toEqual(['POST /api/installs 201', 'GET /api/changelog/since/1.11.2 200']);
    const id = app.sent[1]!.installId!;
    expect(id).toMatch(ISSUED);
    const restarted = createClient({ baseUrl: server.url, storage: fileCache(folder), fetch: app.fetch });
    expect(await restarted.installId()).toBe(id);
    expect(app.sent).toHaveLength(2);
  });
});

describe('bug reports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ clock });
  });
  afterAll(() => server?.close());

  it('carry the credential and count as a vote in the release\'s guard from the day after it was issued', async () => {
    const day1 = Date.parse('2026-11-10T09:00:00Z');
    fakeDate(day1);
    const folder = join(work, 'reporter');
    const app = recorder();
    const client = createClient({ baseUrl: server.url, storage: fileCache(folder), fetch: app.fetch });
    expect((await client.updateCheck({ version: '1.11.2', platform: 'windows' })).ok).toBe(true);
    const id = await client.installId();
    expect(id).toMatch(ISSUED);

    // The next day, after a restart.
    import.meta.jest.setSystemTime(day1 + DAY_MS);
    app.sent.length = 0;
    const restarted = createClient({ baseUrl: server.url, storage: fileCache(folder), fetch: app.fetch });
    expect((await restarted.updateCheck({ version: '1.11.2', platform: 'windows' })).ok).toBe(true);
    const bug = await restarted.postFeedback({ body: { content: 'The tunnel drops after sleep.', type: 'bug', client_version: '1.11.2', platform: 'windows' } });
    const idea = await restarted.postFeedback({ body: { content: 'A dark tray icon, please.', type: 'suggestion', client_version: '1.11.2' } });
    expect([bug.ok && bug.status, idea.ok && idea.status]).toEqual([201, 201]);
    const posted = app.sent.filter((s) => s.request === 'POST /api/feedback').map((s) => s.body!);
    expect(posted.map((body) => [body.type, body.install_id])).toEqual([
      ['bug', id],
      ['suggestion', undefined],
    ]);

    await server.services.adoption.flush();
    expect(await server.services.adoption.guardDays(['1.11.2'], '2026-11-11', '2026-11-11')).toEqual([expect.objectContaining({ day: '2026-11-11', version: '1.11.2', votes: 1 })]);
  });
});

describe('writeUpdaterId', () => {
  it('writes the id as electron-updater reads .updaterId: the UUID alone, replacing an id of its own', async () => {
    const userData = join(work, 'userData');
    const id = '5a1b0c3d-9e2f-8a47-b1c2-d3e4f5a6b7c8';
    expect(await writeUpdaterId(userData, id)).toBe(true);
    expect(await readFile(join(userData, '.updaterId'), 'utf8')).toBe(id);
    expect(await writeUpdaterId(userData, id)).toBe(false);
    await writeFile(join(userData, '.updaterId'), '2f1d1c4e-6a0b-5c3d-8e9f-0a1b2c3d4e5f');
    expect(await writeUpdaterId(userData, id)).toBe(true);
    expect(await readFile(join(userData, '.updaterId'), 'utf8')).toBe(id);
  });
});
