import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { BrowserClient, formOf } from './browser-client';
import { call, startServer, type TestServer } from './server';
import { authenticatorFor, type Person } from './people';

// An erasure request against the whole service: the address planted everywhere a person's data
// can land (a contact, a text, a staff note, a status reason, the request's own reason, a search
// in the access log, a message in the mail outbox), then every file, table, log line and answer
// searched for it afterwards. On flat files and on PostgreSQL.

const ADDRESS = 'ann@example.org';
const SECRET = 'a session secret of the test, 32+ characters long';
const PEOPLE: Person[] = [
  ['Pia Product', 'pia', 'feedback:read+feedback:write+feedback:erase+email:send'],
];

const skipPg = clusterUnavailable();
if (skipPg) console.log(skipPg);
let cluster: TempCluster | null = null;
beforeAll(async () => {
  if (!skipPg) cluster = await TempCluster.start();
}, 120_000);
afterAll(async () => cluster?.destroy(), 60_000);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'erasure-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

/**
 * Every occurrence of the address, as typed in any letter case or percent-encoded, in fullwidth
 * or other compatibility forms, or with invisible format characters inside.
 */
const traces = (text: string) => text.normalize('NFKC').replace(/\p{Cf}/gu, '').toLowerCase().match(/ann(?:@|%40)example\.org/g) ?? [];

async function everyFile(folder: string): Promise<string> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(entries.filter((e) => e.isFile()).map(async (e) => `${join(e.parentPath, e.name)}\n${await readFile(join(e.parentPath, e.name), 'utf8')}`));
  return texts.join('\n');
}

async function everyTable(url: string): Promise<string> {
  const db = await Database.open({ url, poolMax: 1, timeoutMs: 5000 });
  try {
    const { rows: tables } = await db.query<{ name: string }>("SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
    expect(tables.length).toBeGreaterThan(3);
    // bytea (the outbox's raw messages) read as text, so an address inside is seen.
    const texts = await Promise.all(tables.map(async ({ name }) => (await db.query<{ text: string | null }>(`SELECT string_agg(convert_from(convert_to(to_jsonb(t)::text, 'UTF8'), 'UTF8') || coalesce((SELECT string_agg(encode(v::bytea, 'escape'), ' ') FROM jsonb_each_text(to_jsonb(t)) AS c(k, v) WHERE v LIKE '\\\\x%'), ''), E'\\n') AS text FROM ${name} t`)).rows[0]!.text ?? ''));
    return texts.join('\n');
  } finally {
    await db.close();
  }
}

async function erasureEverywhere(databaseUrl: string | null) {
  const auth = await authenticatorFor(dir, PEOPLE);
  const logFile = join(dir, 'service.log');
  const logger = pino({ level: 'debug' }, pino.destination({ dest: logFile, sync: true }));
  const dataDir = join(dir, 'data');
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  let server: TestServer | null = await startServer({ dataDir, env, deps: { auth, logger, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
  try {
    const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(`${server!.url}${path}`, { method, headers: { authorization: 'Bearer pia', 'content-type': 'application/json', ...headers }, ...(body !== undefined && { body: JSON.stringify(body) }) });

    expect((await api('POST', '/api/feedback', { content: 'Please write to Ann@Example.org', contact: ADDRESS, type: 'bug' })).status).toBe(201);
    expect((await api('POST', '/api/feedback', { content: 'Sync fails', contact: 'bo@example.org' })).status).toBe(201);
    expect((await api('POST', '/api/feedback', { content: 'Crash on start' })).status).toBe(201);
    expect((await api('PATCH', '/api/feedback/2', { status: 'triaged', note: 'keep', reason: `${ADDRESS} asked about it too` })).status).toBe(200);
    expect((await api('PATCH', '/api/feedback/3', { status: 'done', note: 'Replied to ANN@example.org', reason: 'answered' })).status).toBe(200);
    // The address as people and programs write it: in a display name, a mailto: link (its @
    // percent-encoded), fullwidth letters, a zero-width space inside.
    expect((await api('POST', '/api/feedback', { content: 'Tunnel drops', contact: 'Ann Example <ANN@example.org>' })).status).toBe(201);
    expect((await api('POST', '/api/feedback', { content: 'Reach me at ａｎｎ＠ｅｘａｍｐｌｅ．ｏｒｇ', contact: 'mailto:ann%40example.org' })).status).toBe(201);
    expect((await api('POST', '/api/feedback', { content: 'Sent from an\u200Bn@Example.org', contact: 'Ann <mailto:Ann@example.org>, phone 555' })).status).toBe(201);
    // A keyed change whose kept answer names the address: sent again after the erasure, it replays without it.
    const keyedNote = ['PATCH', '/api/feedback/4', { status: 'triaged', note: 'Reply to ann@example.org' }, { 'idempotency-key': '"note-4"' }] as const;
    expect((await api(...keyedNote)).body.data.note).toBe('Reply to ann@example.org');
    expect((await api('POST', '/api/send_email', { to: ADDRESS, subject: 'Your report', text: 'Thanks, Ann.' })).status).toBe(202);
    expect((await api('POST', '/api/send_email', { to: 'bo@example.org', subject: 'Kept', text: 'Thanks, Bo.' })).status).toBe(202);
    expect((await api('GET', `/api/feedback?q=${encodeURIComponent(ADDRESS)}`)).body.count).toBe(1);
    expect((await api('GET', `/api/feedback?q=${ADDRESS}`)).body.count).toBe(1);

    // Staff in the console: a note with the address, a search for it.
    const pia = new BrowserClient();
    const signIn = formOf((await pia.follow(`${server.url}/console/sign-in`)).text, server.url);
    await pia.request(signIn.action, { form: { ...signIn.fields, token: 'pia' } });
    const inbox = await pia.follow(`${server.url}/console/feedback?q=${encodeURIComponent(ADDRESS)}`);
    expect(inbox.res.status).toBe(200);
    expect(traces(inbox.text).length).toBeGreaterThan(0);

    const erasure = await api('POST', '/api/feedback/erasure', { contact: 'Ann@Example.org', reason: `GDPR request from ${ADDRESS}` });
    expect(erasure.status).toBe(200);
    expect(erasure.body.data).toEqual({ erased: 6, ids: [1, 2, 3, 4, 5, 6], outbox_messages: 1 });
    // Erasing again finds nothing left.
    expect((await api('POST', '/api/feedback/erasure', { contact: ADDRESS, reason: 'again' })).body.data).toEqual({ erased: 0, ids: [], outbox_messages: 0 });
    const replayed = await api(...keyedNote);
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.body.data.note]).toEqual([200, 'true', 'Reply to [erased]']);

    // Every answer that shows feedback.
    const list = await api('GET', '/api/feedback');
    expect(list.body.data.map((r: any) => [r.id, r.contact, r.content, r.note])).toEqual([
      [6, 'Ann <mailto:[erased]>, phone 555', 'Sent from [erased]', null],
      [5, null, 'Reach me at [erased]', null],
      [4, 'Ann Example <[erased]>', 'Tunnel drops', 'Reply to [erased]'],
      [3, null, 'Crash on start', 'Replied to [erased]'],
      [2, 'bo@example.org', 'Sync fails', 'keep'],
      [1, null, 'Please write to [erased]', null],
    ]);
    const csv = await (await fetch(`${server.url}/api/feedback/export`, { headers: { authorization: 'Bearer pia' } })).text();
    expect(csv).toContain('Replied to [erased]');
    const after = await pia.follow(`${server.url}/console/feedback`);
    expect(after.res.status).toBe(200);
    expect(after.text).toContain('Replied to [erased]');
    for (const answer of [JSON.stringify(list.body), csv, after.text, JSON.stringify(erasure.body), JSON.stringify(replayed.body)]) expect(traces(answer)).toEqual([]);
    // What the erasure changed stays on record, with its reason, without the address.
    expect((await api('GET', '/api/feedback/stats')).body.data.total).toBe(6);

    await server.close();
    server = null;
    logger.flush();
    const log = await readFile(logFile, 'utf8');
    expect(log).toContain('/api/feedback?q=[redacted]');
    expect(log).toContain('/console/feedback?q=[redacted]');
    expect(traces(log)).toEqual([]);
    const files = await everyFile(dataDir);
    expect(traces(files)).toEqual([]);
    if (databaseUrl) {
      const tables = await everyTable(databaseUrl);
      expect(tables).toContain('GDPR request from [erased]');
      expect(tables).toContain('Thanks, Bo.');
      expect(traces(tables)).toEqual([]);
    } else {
      expect(files).toContain('GDPR request from [erased]');
      expect(files).toContain('Thanks, Bo.');
    }
  } finally {
    await server?.close();
    auth.close();
  }
}

/** A mail server that takes every recipient but `refused` (550), and keeps nothing. */
async function smtpRefusing(refused: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      done(address.address.toLowerCase() === refused ? Object.assign(new Error('550 no such user'), { responseCode: 550 }) : undefined);
    },
    onData(stream, _session, done) {
      stream.on('end', () => done());
      stream.resume();
    },
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = (server as unknown as { server: Server }).server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * Through an SMTP relay, a keyed message's answer is kept for its replays (a file of DATA_DIR, or
 * a row of idempotency_keys) with its accepted and refused recipients: an erasure takes the address out of it.
 */
async function erasureOfKeptMailAnswers(databaseUrl: string | null) {
  const relay = await smtpRefusing(ADDRESS);
  const dataDir = join(dir, 'data');
  const server = await startServer({ dataDir, tokens: 'pia=email:send+feedback:erase', env: { SMTP_URL: relay.url, ...(databaseUrl && { DATABASE_URL: databaseUrl }) } });
  try {
    const api = (path: string, body: unknown, key?: string) =>
      call(`${server.url}${path}`, { method: 'POST', headers: { authorization: 'Bearer pia', 'content-type': 'application/json', ...(key && { 'idempotency-key': key }) }, body: JSON.stringify(body) });
    const sent = await api('/api/send_email', { to: ['bo@example.org', 'Ann@Example.org'], subject: 'Hello', text: 'Hi both.' }, '"mail-1"');
    expect([sent.status, sent.body.data.accepted, sent.body.data.rejected]).toEqual([202, ['bo@example.org'], ['Ann@example.org']]);
    const accepted = await api('/api/send_email', { to: ADDRESS, subject: 'Hello', text: 'Hi Ann.' }, '"mail-2"');
    expect(accepted.status).toBe(502);
    const kept = databaseUrl ? await everyTable(databaseUrl) : await everyFile(dataDir);
    expect(traces(kept).length).toBeGreaterThan(0);

    expect((await api('/api/feedback/erasure', { contact: ADDRESS })).status).toBe(200);
    expect(traces(databaseUrl ? await everyTable(databaseUrl) : await everyFile(dataDir))).toEqual([]);
    // The key stays, its answer without the address: the same request again is answered, never sent again to the others.
    const again = await api('/api/send_email', { to: ['bo@example.org', 'Ann@Example.org'], subject: 'Hello', text: 'Hi both.' }, '"mail-1"');
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.data.accepted, again.body.data.rejected]).toEqual([202, 'true', ['bo@example.org'], ['[erased]']]);
  } finally {
    await server.close();
    await relay.close();
  }
}

/**
 * A keyed PATCH that adds a note naming an address (notes are a thread): after an erasure of that
 * address, the same PATCH sent again replays its answer without the address.
 */
async function erasureOfReplayedNotes(databaseUrl: string | null) {
  const start = () => startServer({ dataDir: join(dir, 'data'), tokens: 'pia=feedback:read+feedback:write+feedback:erase', env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  let server = await start();
  try {
    const api = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      call(`${server.url}${path}`, { method, headers: { authorization: 'Bearer pia', 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const pat = (text: string) => text.toLowerCase().match(/pat(?:@|%40)example\.org/g) ?? [];
    expect((await api('POST', '/api/feedback', { content: 'Sync fails', contact: 'bo@example.org', type: 'bug' })).status).toBe(201);
    const noted = ['PATCH', '/api/feedback/1', { status: 'triaged', note: 'contact pat@example.org' }, { 'idempotency-key': '"note-pat"' }] as const;
    const first = await api(...noted);
    expect([first.status, first.body.data.notes.map((n: { text: string }) => n.text)]).toEqual([200, ['contact pat@example.org']]);
    expect((await api('POST', '/api/feedback/erasure', { contact: 'pat@example.org' })).body.data).toMatchObject({ erased: 1, ids: [1] });
    const replayed = await api(...noted);
    expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(replayed.body.data.notes.map((n: { text: string }) => n.text)).toEqual(['contact [erased]']);
    expect(pat(JSON.stringify(replayed.body))).toEqual([]);
    // And after a restart, from the keys the store reads again.
    await server.close();
    server = await start();
    const reopened = await api(...noted);
    expect([reopened.status, reopened.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(pat(JSON.stringify(reopened.body))).toEqual([]);
  } finally {
    await server.close();
  }
}

describe('an erasure request reaches every copy the service keeps', () => {
  it('on flat files: a keyed note replayed after an erasure', () => erasureOfReplayedNotes(null));
  (skipPg ? it.skip : it)('on PostgreSQL: a keyed note replayed after an erasure', async () => erasureOfReplayedNotes(await cluster!.createDatabase('erasure_notes')));
  it('through an SMTP relay, on flat files: the answers kept for keyed messages', () => erasureOfKeptMailAnswers(null));
  (skipPg ? it.skip : it)('through an SMTP relay, on PostgreSQL: the answers kept for keyed messages', async () => erasureOfKeptMailAnswers(await cluster!.createDatabase('erasure_mail')));
  it('on flat files: feedback, notes, reasons, the request, the outbox, the access log', () => erasureEverywhere(null));
  (skipPg ? it.skip : it)('on PostgreSQL: every table, the outbox rows, the access log', async () => erasureEverywhere(await cluster!.createDatabase('erasure')));
});
