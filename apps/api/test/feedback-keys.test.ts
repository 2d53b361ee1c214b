import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import type { Authenticator } from '@companion/auth';
import { formOf, signedIn } from './browser-client';
import { call, startServer, type TestServer } from './server';
import { authenticatorFor } from './people';

// The console's feedback status and erasure forms, and the API's status change and erasure,
// sent twice with one key: the change is made once and every answer is the first one's. On flat
// files and on PostgreSQL.

const SECRET = 'a session secret of the test, 32+ characters long';

const skipPg = clusterUnavailable();
if (skipPg) console.log(skipPg);
let cluster: TempCluster | null = null;
beforeAll(async () => {
  if (!skipPg) cluster = await TempCluster.start();
}, 120_000);
afterAll(async () => cluster?.destroy(), 60_000);

describe.each([
  ['flat files', false],
  ['PostgreSQL', true],
])('keyed feedback statuses and erasures on %s', (_name, onPg) => {
  const maybe = onPg && skipPg ? it.skip : it;
  let dir: string;
  let auth: Authenticator;
  let server: TestServer;
  let databaseUrl: string | null = null;
  beforeEach(async () => {
    if (onPg && skipPg) return;
    dir = await mkdtemp(join(tmpdir(), 'feedback-keys-'));
    auth = await authenticatorFor(dir, [['Pia Product', 'pia', 'feedback:read+feedback:write+feedback:erase+email:send']]);
    databaseUrl = onPg ? await cluster!.createDatabase(`keys_${Date.now()}`) : null;
    server = await startServer({ dataDir: join(dir, 'data'), env: databaseUrl ? { DATABASE_URL: databaseUrl } : {}, deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
  });
  afterEach(async () => {
    if (onPg && skipPg) return;
    await server.close();
    auth.close();
    await rm(dir, { recursive: true, force: true });
  });

  const api = (method: string, path: string, body: unknown, key?: string) =>
    call(`${server.url}${path}`, { method, headers: { authorization: 'Bearer pia', 'content-type': 'application/json', ...(key && { 'idempotency-key': key }) }, body: JSON.stringify(body) });

  /** The events recorded (statuses and erasures), oldest first, as the store keeps them. */
  async function events(): Promise<{ kind: string; status?: string | null }[]> {
    if (!databaseUrl) return (await readFile(join(dir, 'data', 'feedback-events.jsonl'), 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line));
    const db = await Database.open({ url: databaseUrl, poolMax: 1, timeoutMs: 5000 });
    try {
      return (await db.query<{ kind: string; status: string | null }>('SELECT kind, status FROM feedback_events ORDER BY id')).rows;
    } finally {
      await db.close();
    }
  }

  const signIn = () => signedIn(server.url, 'pia');

  maybe('a status form sent twice at once and once more later sets the status once; each lands on the inbox with the change', async () => {
    expect((await api('POST', '/api/feedback', { content: 'The tray icon vanishes.', type: 'bug' })).status).toBe(201);
    const pia = await signIn();
    const inbox = `${server.url}/console/feedback`;
    const html = (await pia.follow(inbox)).text;
    const form = [...html.matchAll(/<form\b/g)].map((_, i) => formOf(html, inbox, i)).find((f) => f.action.endsWith('/status'))!;
    expect(form.action).toBe(`${inbox}/1/status`);
    expect(form.fields.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    const sent = { ...form.fields, status: 'planned', note: 'In the next release.' };
    const pages = await Promise.all([pia.follow(form.action, { form: sent }), pia.follow(form.action, { form: sent })]);
    pages.push(await pia.follow(form.action, { form: sent }));
    for (const page of pages) {
      expect(page.res.status).toBe(200);
      expect(page.url).toBe(`${inbox}#feedback-1`);
      expect(page.text).toContain('#1 set to planned.');
      expect(page.text).not.toContain('changed meanwhile');
    }
    expect((await events()).map((e) => [e.kind, e.status])).toEqual([['status', 'planned']]);

    // The same form sent back with another status (back, change, save) is a new change, made on
    // what the form showed: the status set since is a conflict to resolve, not overwritten.
    const other = await pia.follow(form.action, { form: { ...sent, status: 'done' } });
    expect(other.res.status).toBe(409);
    expect(other.text).toContain('#1 was changed meanwhile');
    expect((await events()).map((e) => e.status)).toEqual(['planned']);
  });

  maybe('an erasure confirm form sent twice at once and once more later erases once; every page says what it erased', async () => {
    expect((await api('POST', '/api/feedback', { content: 'Write to me.', contact: 'ann@example.org' })).status).toBe(201);
    expect((await api('POST', '/api/send_email', { to: 'ann@example.org', subject: 'Your report', text: 'Thanks.' })).status).toBe(202);
    const pia = await signIn();
    const start = `${server.url}/console/feedback/erasure`;
    const ask = formOf((await pia.follow(start)).text, start, 1);
    const shown = await pia.follow(ask.action, { form: { ...ask.fields, contact: 'ann@example.org', reason: 'Request of 2026-11-28' } });
    const confirm = formOf(shown.text, ask.action, 1);
    expect(confirm.fields).toMatchObject({ confirm: 'yes', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const pages = await Promise.all([pia.follow(confirm.action, { form: confirm.fields }), pia.follow(confirm.action, { form: confirm.fields })]);
    pages.push(await pia.follow(confirm.action, { form: confirm.fields }));
    for (const page of pages) {
      expect(page.res.status).toBe(200);
      expect(page.text).toContain('<h1>Erased</h1>');
      expect(page.text).toContain('from 1 feedback (#1) and 1 message of the mail outbox');
    }
    expect((await events()).map((e) => e.kind)).toEqual(['erasure']);
  });

  maybe('the API: a status change and an erasure sent again with their key answer the first answer, marked as replays', async () => {
    expect((await api('POST', '/api/feedback', { content: 'Mail bo@example.org', contact: 'bo@example.org' })).status).toBe(201);
    const change = { status: 'triaged', note: 'Seen.' };
    const [first, second] = await Promise.all([api('PATCH', '/api/feedback/1', change, '"status-1"'), api('PATCH', '/api/feedback/1', change, '"status-1"')]);
    const later = await api('PATCH', '/api/feedback/1', change, '"status-1"');
    const answers = [first, second, later];
    // Two at once: one runs, the other is told to retry (409) or, once it is done, replayed.
    for (const res of answers) expect([200, 409]).toContain(res.status);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body.data).toMatchObject({ id: 1, status: 'triaged', note: 'Seen.', status_by: 'Pia Product' });
    expect(later.headers.get('etag')).toBe(answers.find((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null)!.headers.get('etag'));
    expect((await api('PATCH', '/api/feedback/1', { status: 'done' }, '"status-1"')).status).toBe(422);

    const erased = await api('POST', '/api/feedback/erasure', { contact: 'bo@example.org' }, '"erase-1"');
    const again = await api('POST', '/api/feedback/erasure', { contact: 'bo@example.org' }, '"erase-1"');
    expect(erased.body.data).toEqual({ erased: 1, ids: [1], outbox_messages: 0 });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual(erased.body.data);
    // A key of a status change is not an erasure's.
    expect((await api('POST', '/api/feedback/erasure', { contact: 'bo@example.org' }, '"status-1"')).status).toBe(422);
    // The status change once (its note joined the thread with it), the erasure once.
    expect((await events()).map((e) => e.kind)).toEqual(['status', 'note', 'erasure']);
  });
});
