import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import fc from 'fast-check';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import type { Authenticator } from '@companion/auth';
import { formOf, signedIn } from './browser-client';
import { call, expectError, startServer, type TestServer } from './server';
import { authenticatorFor } from './people';

const TOKENS = 'writer=errors:write,other=errors:write,mailer=email:send';
const LIMITS = { RATE_LIMIT_FEEDBACK: '100000/1m', RATE_LIMIT_CATALOG: '100000/1m', RATE_LIMIT_EMAIL: '100000/1m' };
const entry = (Flag: string) => ({ Flag, Info: `Info of ${Flag}.`, Solution: [`Fix ${Flag}.`] });
const lines = async (server: TestServer, file: string) => (await readFile(join(server.dataDir, file), 'utf8')).split('\n').filter(Boolean);

const post = (server: TestServer, path: string, body: unknown, key?: string, token?: string) =>
  call(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key !== undefined && { 'idempotency-key': key }), ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });

/** Everything of an answer a client compares, the envelope's time of answering aside. */
const same = (res: { status: number; headers: Headers; body: any }) => ({ status: res.status, etag: res.headers.get('etag'), body: { ...res.body, timestamp: undefined } });

describe('Idempotency-Key on POST /api/feedback', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer({ tokens: TOKENS, env: LIMITS });
  });
  afterEach(() => server.close());

  it('a retry with the key answers the first answer again, marked as a replay, and stores nothing more', async () => {
    const body = { content: 'The tray icon vanishes after sleep.', type: 'bug' };
    const first = await post(server, '/api/feedback', body, '"8e03978e-40d5-43e8-bc93-6894a57f9324"');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post(server, '/api/feedback', body, '"8e03978e-40d5-43e8-bc93-6894a57f9324"');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(same(again)).toEqual(same(first));
    expect(await lines(server, 'feedback.jsonl')).toHaveLength(1);

    // Without a key, or with another, it is a new submission.
    expect((await post(server, '/api/feedback', body)).body.data.id).toBe(2);
    expect((await post(server, '/api/feedback', body, '"another"')).body.data.id).toBe(3);
    expect(await lines(server, 'feedback.jsonl')).toHaveLength(3);
  });

  it('the key with another body is 422; a malformed key is 400; neither stores anything', async () => {
    await post(server, '/api/feedback', { content: 'first' }, '"k-1"');
    const reused = await post(server, '/api/feedback', { content: 'second' }, '"k-1"');
    expectError(reused, 422, 'IDEMPOTENCY_KEY_REUSED');
    for (const key of ['k-1', '""', '"a", "b"', '"tab\there"', `"${'x'.repeat(256)}"`, '"unterminated', '"bad \\escape"']) {
      expectError(await post(server, '/api/feedback', { content: 'third' }, key), 400, 'IDEMPOTENCY_KEY_INVALID');
    }
    expect(await lines(server, 'feedback.jsonl')).toHaveLength(1);
    // Escapes are part of the key's syntax: "a\"b" is the key a"b.
    const quoted = await post(server, '/api/feedback', { content: 'fourth' }, '"a\\"b"');
    expect(quoted.status).toBe(201);
  });

  it('the key outlives a restart: the answer is found in the log', async () => {
    const body = { content: 'Kept across a restart.' };
    const first = await post(server, '/api/feedback', body, '"restart-key"');
    const dataDir = server.dataDir;
    await server.services.close();
    const reopened = await startServer({ tokens: TOKENS, env: LIMITS, dataDir, contentDir: server.contentDir });
    try {
      const again = await post(reopened, '/api/feedback', body, '"restart-key"');
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(same(again)).toEqual(same(first));
      expect(await lines(reopened, 'feedback.jsonl')).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });

  it('any interleaving of clients, each retrying its requests with its keys, stores each exactly once', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), async (copies, order) => {
        run++;
        // Client c sends its request copies[c] times at once, in an order fast-check picks, retrying 409s.
        const sends = copies.flatMap((n, c) => Array.from({ length: n }, () => c));
        const shuffled = sends.map((c, i) => ({ c, rank: order[i % order.length]! + i / 100 })).sort((a, b) => a.rank - b.rank);
        const before = (await lines(server, 'feedback.jsonl').catch(() => [])).length;
        const answers = await Promise.all(
          shuffled.map(async ({ c }) => {
            for (;;) {
              const res = await post(server, '/api/feedback', { content: `run ${run} client ${c}` }, `"run-${run}-client-${c}"`);
              if (res.status !== 409) return { c, res };
              expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
              await new Promise((done) => setTimeout(done, 5));
            }
          }),
        );
        for (const { c, res } of answers) {
          expect(res.status).toBe(201);
          const firstOfClient = answers.find((a) => a.c === c)!.res;
          expect(res.body.data).toEqual(firstOfClient.body.data);
        }
        const stored = (await lines(server, 'feedback.jsonl')).slice(before).map((line) => JSON.parse(line).content);
        expect(stored.sort()).toEqual(copies.map((_, c) => `run ${run} client ${c}`).sort());
      }),
      { numRuns: 15 },
    );
  });
});

describe.each([
  ['the fast write path', true],
  ['Express', false],
])('Idempotency-Key on the catalogue adds through %s', (_name, fastWrites) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer({ tokens: TOKENS, env: LIMITS, deps: { fastWrites } });
  });
  afterEach(() => server.close());

  it.each(['/api/tunnel/errors/addNew', '/api/tunnel/errors'])('%s: a retry answers the first answer (status, body, ETag) instead of 409', async (path) => {
    const first = await post(server, path, entry('ZZK1'), '"add-1"', 'writer');
    expect(first.status).toBe(201);
    const again = await post(server, path, entry('ZZK1'), '"add-1"', 'writer');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(same(again)).toEqual(same(first));
    // The entry changed since: the replay is still what the add answered.
    const changed = await call(`${server.url}/api/tunnel/errors/ZZK1`, { method: 'PATCH', headers: { authorization: 'Bearer writer', 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ notes: 'later' }) });
    expect(changed.status).toBe(200);
    expect(same(await post(server, path, entry('ZZK1'), '"add-1"', 'writer'))).toEqual(same(first));
    expect((await lines(server, 'catalog-ops.jsonl')).map((line) => JSON.parse(line).operation)).toEqual(['CREATE', 'UPDATE']);
  });

  it("a key is its credential's: another credential's request with it is its own", async () => {
    await post(server, '/api/tunnel/errors', entry('ZZK2'), '"shared"', 'writer');
    const other = await post(server, '/api/tunnel/errors', entry('ZZK2'), '"shared"', 'other');
    expectError(other, 409, 'DUPLICATE_FLAG');
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect((await post(server, '/api/tunnel/errors', entry('ZZK3'), '"shared"', 'other')).status).toBe(201);
  });

  it('the key with another body or another path is 422; a refused add leaves no key', async () => {
    await post(server, '/api/tunnel/errors', entry('ZZK4'), '"k"', 'writer');
    expectError(await post(server, '/api/tunnel/errors', entry('ZZK5'), '"k"', 'writer'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await post(server, '/api/tunnel/errors/addNew', entry('ZZK4'), '"k"', 'writer'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await post(server, '/api/tunnel/errors', entry('ZZK4'), 'k', 'writer'), 400, 'IDEMPOTENCY_KEY_INVALID');
    // A duplicate is refused, and its key is not kept: the same key works for the next request.
    expectError(await post(server, '/api/tunnel/errors', entry('PORT1001'), '"dup"', 'writer'), 409, 'DUPLICATE_FLAG');
    expect((await post(server, '/api/tunnel/errors', entry('ZZK6'), '"dup"', 'writer')).status).toBe(201);
    expect(await lines(server, 'catalog-ops.jsonl')).toHaveLength(2);
  });

  it('a restore with a key is done once: its retry answers the first answer; a route that takes no key ignores the header', async () => {
    await post(server, '/api/tunnel/errors', entry('ZZR1'), undefined, 'writer');
    const put = (key: string) =>
      call(`${server.url}/api/tunnel/errors/ZZR1`, { method: 'PUT', headers: { authorization: 'Bearer writer', 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ Info: 'Changed.', Solution: ['Fix.'], category: 'general', severity: 'medium', messages: [], creator: null, notes: null }) });
    expect((await put('"put-1"')).status).toBe(200);
    // PUT takes no Idempotency-Key: the header is not read (a malformed one is no 400), the PUT is done again.
    const again = await put('not a key');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();

    const first = await post(server, '/api/tunnel/errors/ZZR1/restore', { version: 1, reason: 'Back.' }, '"restore-1"', 'writer');
    expect(first.status).toBe(200);
    expect(first.body.data.Info).toBe('Info of ZZR1.');
    const retry = await post(server, '/api/tunnel/errors/ZZR1/restore', { version: 1, reason: 'Back.' }, '"restore-1"', 'writer');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(same(retry)).toEqual(same(first));
    expectError(await post(server, '/api/tunnel/errors/ZZR1/restore', { version: 2 }, '"restore-1"', 'writer'), 422, 'IDEMPOTENCY_KEY_REUSED');
    // A restore is an UPDATE naming the version it brought back.
    expect((await lines(server, 'catalog-ops.jsonl')).map((line) => JSON.parse(line).restored ?? JSON.parse(line).operation)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 1]);
  });
});

describe('Idempotency-Key on POST /api/send_email', () => {
  let server: TestServer;
  afterEach(() => server.close());
  const mail = { to: ['ops@example.org'], subject: 'Relay maintenance', text: 'Relays restart tonight.' };
  const outbox = async () => (await readdir(join(server.dataDir, 'outbox'))).filter((name) => name.endsWith('.eml'));

  it('into the outbox: a retry answers the first answer and mails nothing more, after a restart too', async () => {
    server = await startServer({ tokens: TOKENS, env: LIMITS });
    const first = await post(server, '/api/send_email', mail, '"mail-1"', 'mailer');
    expect(first.status).toBe(202);
    const again = await post(server, '/api/send_email', mail, '"mail-1"', 'mailer');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(same(again)).toEqual(same(first));
    expect(await outbox()).toHaveLength(1);
    expectError(await post(server, '/api/send_email', { ...mail, subject: 'Another' }, '"mail-1"', 'mailer'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await post(server, '/api/send_email', mail, 'mail-1', 'mailer'), 400, 'IDEMPOTENCY_KEY_INVALID');
    expect(await outbox()).toHaveLength(1);

    await server.services.close();
    const reopened = await startServer({ tokens: TOKENS, env: LIMITS, dataDir: server.dataDir, contentDir: server.contentDir });
    try {
      expect(same(await post(reopened, '/api/send_email', mail, '"mail-1"', 'mailer'))).toEqual(same(first));
      expect(await outbox()).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });

  /** A real SMTP relay on loopback that counts the messages it accepted. */
  async function startRelay() {
    const received: string[] = [];
    const relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        stream.on('data', () => undefined).on('end', () => {
          received.push('message');
          done();
        });
      },
    });
    await new Promise<void>((ready) => relay.listen(0, '127.0.0.1', ready));
    const { port } = (relay as unknown as { server: Server }).server.address() as AddressInfo;
    return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((done) => relay.close(() => done())) };
  }

  /** The mail sent with `key` to `to`, then again to `retry`: the retry replays the first answer and the relay gets one message. */
  async function sentTwice(to: TestServer, retry: TestServer, key: string, relay: { received: unknown[] }) {
    const first = await post(to, '/api/send_email', mail, key, 'mailer');
    expect(first.status).toBe(202);
    const again = await post(retry, '/api/send_email', mail, key, 'mailer');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(same(again)).toEqual(same(first));
    expect(relay.received).toHaveLength(1);
    return first;
  }

  it('through SMTP: a retry answers the first answer, after a restart too, and the relay gets one message', async () => {
    const relay = await startRelay();
    try {
      const env = { ...LIMITS, SMTP_URL: relay.url };
      server = await startServer({ tokens: TOKENS, env });
      const first = await sentTwice(server, server, '"smtp-1"', relay);

      await server.services.close();
      const reopened = await startServer({ tokens: TOKENS, env, dataDir: server.dataDir, contentDir: server.contentDir });
      try {
        const afterRestart = await post(reopened, '/api/send_email', mail, '"smtp-1"', 'mailer');
        expect(afterRestart.headers.get('idempotent-replayed')).toBe('true');
        expect(same(afterRestart)).toEqual(same(first));
        expectError(await post(reopened, '/api/send_email', { ...mail, subject: 'Another' }, '"smtp-1"', 'mailer'), 422, 'IDEMPOTENCY_KEY_REUSED');
        expect(relay.received).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    } finally {
      await relay.close();
    }
  });

  (clusterUnavailable() ? it.skip : it)('through SMTP on PostgreSQL: a retry to another replica answers the first answer, and the relay gets one message', async () => {
    const cluster = await TempCluster.start();
    const relay = await startRelay();
    let replica: TestServer | null = null;
    try {
      const env = { ...LIMITS, SMTP_URL: relay.url, DATABASE_URL: await cluster.createDatabase('smtp_keys') };
      server = await startServer({ tokens: TOKENS, env });
      replica = await startServer({ tokens: TOKENS, env });
      await sentTwice(server, replica, '"smtp-pg-1"', relay);
    } finally {
      await replica?.close();
      await relay.close();
      await cluster.destroy();
    }
  }, 120_000);
});

describe('console forms that change the catalogue, submitted twice', () => {
  let dir: string;
  let auth: Authenticator;
  let server: TestServer;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'console-keys-'));
    auth = await authenticatorFor(dir, [['Sam Support', 'sam', 'errors:write+errors:read-log'], ['Lee Support', 'lee', 'errors:write']]);
    server = await startServer({ dataDir: join(dir, 'data'), deps: { auth, signIn: { secret: 'a session secret of the test, 32+ characters long', ttlMs: 600_000, oidc: null } } });
  });
  afterEach(async () => {
    await server.close();
    auth.close();
    await rm(dir, { recursive: true, force: true });
  });

  const signIn = (token: string) => signedIn(server.url, token);

  it('a double submit of one form adds the entry once and lands both on it; a new form for the same Flag is told it exists', async () => {
    const sam = await signIn('sam');
    const { action, fields } = formOf((await sam.follow(`${server.url}/console/errors/new`)).text, `${server.url}/console/errors/new`, 1);
    expect(fields.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    const form = { ...fields, Flag: 'TWICE1', Info: 'Submitted twice.', Solution: 'Look.' };
    // The second waits for the first while it runs, and is answered as it was.
    const pages = await Promise.all([sam.follow(action, { form }), sam.follow(action, { form })]);
    for (const page of pages) expect(page.url).toBe(`${server.url}/console/errors/TWICE1`);
    expect((await lines(server, 'catalog-ops.jsonl')).map((line) => JSON.parse(line).flag)).toEqual(['TWICE1']);

    // Another form (another key) for the same Flag: the duplicate is shown, never hidden.
    const lee = await signIn('lee');
    const other = formOf((await lee.follow(`${server.url}/console/errors/new`)).text, `${server.url}/console/errors/new`, 1);
    const refused = await lee.follow(other.action, { form: { ...other.fields, Flag: 'TWICE1', Info: 'Submitted twice.', Solution: 'Look.' } });
    expect(refused.res.status).toBe(409);
  });

  it('an edit form and a restore form sent twice, at once and again later (a resubmission), each change the entry once', async () => {
    const sam = await signIn('sam');
    const base = `${server.url}/console/errors`;
    const add = formOf((await sam.follow(`${base}/new`)).text, `${base}/new`, 1);
    await sam.follow(add.action, { form: { ...add.fields, Flag: 'EDIT1', Info: 'First words.', Solution: 'Look.' } });
    // A restore is an UPDATE naming the version it brought back.
    const operations = async () => (await lines(server, 'catalog-ops.jsonl')).map((line) => JSON.parse(line).restored ?? JSON.parse(line).operation);

    const edit = formOf((await sam.follow(`${base}/EDIT1`)).text, `${base}/EDIT1`, 1);
    expect(edit.fields.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    const form = { ...edit.fields, Info: 'Second words.' };
    const saved = await Promise.all([sam.follow(edit.action, { form }), sam.follow(edit.action, { form })]);
    const resent = await sam.follow(edit.action, { form });
    for (const page of [...saved, resent]) {
      expect(page.url).toBe(`${base}/EDIT1`);
      expect(page.text).toContain('Second words.');
      expect(page.text).not.toContain('merged with');
    }
    expect(await operations()).toEqual(['CREATE', 'UPDATE']);
    // The same form sent back with other words (back, edit, save) is a new save, made on what it showed (a merge).
    const later = await sam.follow(edit.action, { form: { ...form, notes: 'Third words.' } });
    expect(later.text).toContain('Third words.');
    expect(await operations()).toEqual(['CREATE', 'UPDATE', 'UPDATE']);

    const history = (await sam.follow(`${base}/EDIT1/history`)).text;
    const ask = [1, 2].map((i) => formOf(history, `${base}/EDIT1/history`, i)).find((f) => f.fields.version === '1')!;
    const confirm = formOf((await sam.follow(ask.action, { form: ask.fields })).text, ask.action, 1);
    expect(confirm.fields).toMatchObject({ confirm: 'yes', version: '1', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const restored = await Promise.all([sam.follow(confirm.action, { form: confirm.fields }), sam.follow(confirm.action, { form: confirm.fields })]);
    const restoredAgain = await sam.follow(confirm.action, { form: confirm.fields });
    for (const page of [...restored, restoredAgain]) {
      expect(page.url).toBe(`${base}/EDIT1`);
      expect(page.text).toContain('First words.');
    }
    expect(await operations()).toEqual(['CREATE', 'UPDATE', 'UPDATE', 1]);

    // Lee saves after Sam's restore page was shown: Sam's restore is merged into an update keeping
    // Lee's note, and sent twice at once and again later it is still written once.
    const versions = (await sam.follow(`${base}/EDIT1/history`)).text;
    const askTwo = [1, 2, 3].map((i) => formOf(versions, `${base}/EDIT1/history`, i)).find((f) => f.fields.version === '2')!;
    const confirmTwo = formOf((await sam.follow(askTwo.action, { form: askTwo.fields })).text, askTwo.action, 1);
    const lee = await signIn('lee');
    const leeEdit = formOf((await lee.follow(`${base}/EDIT1`)).text, `${base}/EDIT1`, 1);
    await lee.follow(leeEdit.action, { form: { ...leeEdit.fields, notes: 'Lee was here.' } });
    expect(await operations()).toEqual(['CREATE', 'UPDATE', 'UPDATE', 1, 'UPDATE']);
    const merged = await Promise.all([sam.follow(confirmTwo.action, { form: confirmTwo.fields }), sam.follow(confirmTwo.action, { form: confirmTwo.fields })]);
    const mergedAgain = await sam.follow(confirmTwo.action, { form: confirmTwo.fields });
    for (const page of [...merged, mergedAgain]) {
      expect(page.url).toBe(`${base}/EDIT1`);
      expect(page.text).toContain('Second words.');
      expect(page.text).toContain('Lee was here.');
    }
    expect(await operations()).toEqual(['CREATE', 'UPDATE', 'UPDATE', 1, 'UPDATE', 'UPDATE']);
  });
});
