import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { parseDocument } from 'yaml';
import type { Authenticator } from '@companion/auth';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { HealthReport } from '@companion/schema';
import { KEY_CLOCK_SKEW_MS } from '@companion/restore-watch';
import type { RolloutStore } from '@companion/rollout-store';
import { createClient, newIdempotencyKey } from '../../../packages/client/src/index';
import { rolloutBucket } from '../src/routes/rollout';
import { BrowserClient, formOf, signedIn } from './browser-client';
import { call, fleetIds, SHIPPED_CONTENT, startServer, type TestServer } from './server';
import { authenticatorFor } from './people';

// The operator's sequence across a restore, on each backend: a staged, guarded rollout of 1.12.0;
// a backup (a copy of DATA_DIR with the service stopped, or a pg_dump); then a person halts the
// rollout, a keyed feedback and a keyed e-mail are sent, and a person signs out; then the backup
// is restored as docs/OPERATIONS.md says (DATA_DIR replaced by the copy; or a new database from
// the dump, the replica pointed at it) and the service restarted. Real files, real PostgreSQL,
// a real SMTP server, real HTTP, @companion/client as it is shipped.

const run = promisify(execFile);
const SECRET = 'a session secret of the test, 32+ characters long';
const GUARD = { bug_feedback_factor: 2, min_active_installs: 100, notify: 'releases@example.com' };
const FEEDBACK = { content: 'The tunnel drops every hour since 1.12.0', type: 'bug' as const };
const ENTRY = { Flag: 'RESTORE1001', Info: 'The relay refused the tunnel after a maintenance window', Solution: ['Restart the client', 'Sign in again'] };
const MESSAGE = { to: ['ops@example.org'], subject: 'Relay maintenance tonight', text: 'Relays restart at 02:00 UTC.' };

/** A real SMTP server on loopback counting what it receives. */
async function smtp(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        received.push(Buffer.concat(parts).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = (server as unknown as { server: Server }).server.address() as AddressInfo;
  return { port, received, close: () => new Promise((done) => server.close(() => done())) };
}

/** How a backup is taken and restored on one backend, as docs/OPERATIONS.md says. */
interface Backend {
  name: string;
  unavailable: string | null;
  setUp(root: string): Promise<void>;
  /** The environment a replica starts with. */
  env(): Record<string, string>;
  /** Takes the backup: `stop`/`start` stop and start the one replica (flat files: only with it stopped). */
  backup(stop: () => Promise<void>, start: () => Promise<void>): Promise<void>;
  /** Restores the backup with the replica stopped; it is then started with `env()`. */
  restore(): Promise<void>;
  tearDown(): Promise<void>;
}

function filesBackend(): Backend {
  let dataDir = '';
  let copy = '';
  return {
    name: 'flat files',
    unavailable: null,
    async setUp(root) {
      dataDir = join(root, 'data');
      copy = join(root, 'backup');
    },
    env: () => ({}),
    // "Flat files: stop the service, copy DATA_DIR, start it."
    async backup(stop, start) {
      await stop();
      await cp(dataDir, copy, { recursive: true });
      await start();
    },
    // Stop, replace DATA_DIR with the copy, start.
    async restore() {
      await rm(dataDir, { recursive: true, force: true });
      await cp(copy, dataDir, { recursive: true });
    },
    tearDown: async () => undefined,
  };
}

function postgresBackend(): Backend {
  let cluster: TempCluster | null = null;
  let url = '';
  let dump = '';
  return {
    name: 'PostgreSQL',
    unavailable: clusterUnavailable(),
    async setUp(root) {
      cluster = await TempCluster.start();
      url = await cluster.createDatabase('companion');
      dump = join(root, 'companion.dump');
    },
    env: () => ({ DATABASE_URL: url }),
    // pg_dump -Fc while the replica writes.
    async backup() {
      await run('pg_dump', ['-Fc', '-f', dump, url]);
    },
    // A new database from the dump; the replica is pointed at it.
    async restore() {
      url = await cluster!.createDatabase('companion_restored');
      await run('pg_restore', ['--no-owner', '-d', url, dump]);
    },
    tearDown: async () => cluster?.destroy(),
  };
}

for (const backend of [filesBackend(), postgresBackend()]) {
  const suite = backend.unavailable ? describe.skip : describe;
  if (backend.unavailable) console.log(backend.unavailable);
  suite(`a restore of an older backup, on ${backend.name}`, () => {
    let root = '';
    let auth: Authenticator;
    let mail: Awaited<ReturnType<typeof smtp>>;
    let server: TestServer | null = null;
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'restore-watch-'));
      await backend.setUp(root);
      mail = await smtp();
      auth = await authenticatorFor(root, [['Pia Product', 'pia', 'releases:read+releases:write'], ['Mailer', 'mailer', 'email:send'], ['Ops', 'ops', 'health:read'], ['Eve Editor', 'editor', 'errors:write']]);
      const contentDir = join(root, 'content');
      await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
      const release = join(contentDir, 'changelog/stable/1.12.0.yaml');
      const doc = parseDocument(await readFile(release, 'utf8'));
      doc.set('rollout', 50);
      doc.set('guard', GUARD);
      await writeFile(release, doc.toString());
    }, 240_000);
    afterAll(async () => {
      await server?.close();
      await mail.close();
      auth.close();
      await backend.tearDown();
      await rm(root, { recursive: true, force: true });
    });

    const start = async () => {
      server = await startServer({
        contentDir: join(root, 'content'),
        dataDir: join(root, 'data'),
        env: { ...backend.env(), SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'Companion <no-reply@example.org>' },
        deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } },
      });
    };
    const stop = async () => {
      await server!.close();
      server = null;
    };
    const latestFor = async (installId: string) => (await call(`${server!.url}/api/changelog/since/1.11.2?install_id=${installId}&platform=linux`)).body.data.latest as string;
    const health = async () => HealthReport.parse((await call(`${server!.url}/health`)).body);
    const unconfirmedGauge = async () => {
      const text = await (await fetch(`${server!.url}/metrics`, { headers: { authorization: 'Bearer ops' } })).text();
      return Number(/^companion_restore_unconfirmed (\d)$/m.exec(text)?.[1]);
    };
    const feedbackTotal = async () => (await call(`${server!.url}/api/feedback/stats`)).body.data.total as number;

    test('halts come back, guarded rollouts wait for a person, signed-out sessions stay out, lost keys are refused and no mail goes twice', async () => {
      await start();
      const client = () => createClient({ baseUrl: server!.url, retry: { retries: 0 } });
      const mailer = () => createClient({ baseUrl: server!.url, token: 'mailer', retry: { retries: 0 } });
      const [inShare] = fleetIds(server!, 200, Date.now()).filter((id) => rolloutBucket(id, '1.12.0') < 50);
      expect(await latestFor(inShare!)).toBe('1.12.0');
      expect((await health()).restore).toMatchObject({ detected_at: null, confirmed: true, witness_problem: null });

      await backend.backup(stop, start);

      // After the backup: a person halts the rollout, a client sends a keyed report and a keyed
      // e-mail, and a person signs out of the console (a copy of her cookie is kept).
      // Its guard halts it, as a round of judgement records it (the guard's figures aside), with whom to tell.
      const { store } = (server!.services.halts as unknown as { options: { store: RolloutStore } }).options;
      const day = new Date().toISOString().slice(0, 10);
      expect(await store.halt({ version: '1.12.0', channel: 'stable', day, halted_at: new Date().toISOString(), figures: null, notify: [GUARD.notify] })).not.toBeNull();
      await server!.services.halts.refresh();
      expect(await latestFor(inShare!)).toBe('1.11.2');
      const [reportKey, mailKey] = [newIdempotencyKey(), newIdempotencyKey()];
      const sent = await client().postFeedback({ body: FEEDBACK }, { idempotencyKey: reportKey });
      expect(sent.ok && sent.status).toBe(201);
      const mailed = await mailer().postSendEmail({ body: MESSAGE }, { idempotencyKey: mailKey });
      expect(mailed.ok && mailed.status).toBe(202);
      expect(mail.received).toHaveLength(1);
      const editor = () => createClient({ baseUrl: server!.url, token: 'editor', retry: { retries: 0 } });
      const addKey = newIdempotencyKey();
      const added = await editor().postTunnelErrors({ body: ENTRY }, { idempotencyKey: addKey });
      expect(added.ok && added.status).toBe(201);
      const feedbackBefore = await feedbackTotal();
      const pia = await signedIn(server!.url, 'pia');
      const copied = new Map(pia.cookies(server!.url));
      const releases = await pia.follow(`${server!.url}/console/releases`);
      const signOut = formOf(releases.text, server!.url, 0);
      expect(signOut.action).toBe(`${server!.url}/console/sign-out`);
      await pia.follow(signOut.action, { form: signOut.fields });
      const withCopiedCookie = () => {
        const browser = new BrowserClient();
        for (const [name, value] of copied) browser.cookies(server!.url).set(name, value);
        return browser;
      };
      expect((await withCopiedCookie().request(`${server!.url}/console/releases`)).status).toBe(303);

      // An editor opens the new-entry form (its key made now, before the restore).
      const eve = await signedIn(server!.url, 'editor');
      const shownBefore = await eve.follow(`${server!.url}/console/errors/new`);
      const keptKey = /name="idempotency_key" value="([^"]+)"/.exec(shownBefore.text)![1]!;

      await stop();
      await backend.restore();
      await start();

      // The restored data held neither the halt nor the sign-out nor the keys.
      const after = await health();
      expect(after.status).toBe('degraded');
      expect(after.restore).toMatchObject({ confirmed: false, confirmed_at: null, witness_problem: null });
      expect(after.restore!.detected_at).not.toBeNull();
      expect(after.releases.halted).toEqual([expect.objectContaining({ version: '1.12.0', halted_by: expect.stringMatching(/^restore: /), reason: expect.stringContaining('re-applied after a restore') })]);
      expect(await unconfirmedGauge()).toBe(1);
      expect(await latestFor(inShare!)).toBe('1.11.2');

      const thief = withCopiedCookie();
      const stolen = await thief.request(`${server!.url}/console/releases`);
      expect(stolen.status).toBe(303);
      expect(stolen.headers.get('location')).toContain('why=restored');
      expect((await thief.follow(new URL(stolen.headers.get('location')!, server!.url).href)).text).toContain('the service&#39;s data was restored from a backup');

      const retried = await client().postFeedback({ body: FEEDBACK }, { idempotencyKey: reportKey });
      expect(retried.ok).toBe(false);
      expect(!retried.ok && retried.error).toMatchObject({ kind: 'key-lost', status: 409, code: 'IDEMPOTENCY_KEY_LOST', idempotencyKey: reportKey, message: expect.stringContaining('restored from a backup on ') });
      const remailed = await mailer().postSendEmail({ body: MESSAGE }, { idempotencyKey: mailKey });
      expect(!remailed.ok && remailed.error.kind).toBe('key-lost');
      // One message: the e-mail before the restore; then the guard's readers told the halt was re-applied.
      // The catalogue add the restore undid is neither done again nor refused as a duplicate: the client is told to look.
      const readded = await editor().postTunnelErrors({ body: ENTRY }, { idempotencyKey: addKey });
      expect(!readded.ok && readded.error).toMatchObject({ kind: 'key-lost', code: 'IDEMPOTENCY_KEY_LOST' });
      expect((await call(`${server!.url}/api/tunnel/errors/${ENTRY.Flag}`)).status).toBe(404);
      expect(mail.received).toHaveLength(2);
      const headers = mail.received[1]!.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]/g, ' ');
      expect(headers).toMatch(/^Subject: Rollout of 1\.12\.0 halted again after a restore of the service's data$/m);
      expect(headers).toMatch(/^To: releases@example\.com$/m);
      // The restore took the first report with it; the retry was not stored in its place.
      expect(await feedbackTotal()).toBe(feedbackBefore - 1);
      // A key dated just after the detection may come from a client clock running fast: refused as lost.
      const early = await client().postFeedback({ body: FEEDBACK }, { idempotencyKey: newIdempotencyKey() });
      expect(!early.ok && early.error.kind).toBe('key-lost');
      // A key clearly made after it is a new write; a key without a time cannot be told, and the answer says so.
      const detectedAt = Date.parse(after.restore!.detected_at!);
      const fresh = await client().postFeedback({ body: FEEDBACK }, { idempotencyKey: newIdempotencyKey(detectedAt + KEY_CLOCK_SKEW_MS + 1000) });
      expect(fresh.ok && fresh.status).toBe(201);
      // A mail is never sent twice for one key: one without a time is refused rather than sent unverified.
      const opaqueMail = await mailer().postSendEmail({ body: MESSAGE }, { idempotencyKey: 'mail-7' });
      expect(!opaqueMail.ok && opaqueMail.error).toMatchObject({ kind: 'key-lost', message: expect.stringContaining('carries no time') });
      expect(mail.received).toHaveLength(2);
      const opaque = await call(`${server!.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': '"report-7"' }, body: JSON.stringify(FEEDBACK) });
      expect(opaque.status).toBe(201);
      expect(opaque.headers.get('idempotency-key-status')).toBe('unverified-after-restore');

      // The form shown before the restore and sent after it is refused in the console's words, not done a second time.
      const eveAgain = await signedIn(server!.url, 'editor');
      const shownAfter = await eveAgain.follow(`${server!.url}/console/errors/new`);
      const entryForm = [...shownAfter.text.matchAll(/<form\b/g)].map((_, i) => formOf(shownAfter.text, server!.url, i)).find((f) => f.action.endsWith('/console/errors/new'))!;
      const keptSent = await eveAgain.follow(entryForm.action, { form: { ...entryForm.fields, idempotency_key: keptKey, Flag: 'RESTORE1002', Info: 'A form kept across a restore', Solution: 'Restart the client' } });
      expect(keptSent.res.status).toBe(409);
      expect(keptSent.text).toContain('This form was shown before the service&#39;s data was restored from a backup');
      expect((await call(`${server!.url}/api/tunnel/errors/RESTORE1002`)).status).toBe(404);

      // Resumed, the rollout is still held until a person confirms the restore in the console.
      await server!.services.halts.resume('1.12.0', 'console: Pia Product', 'the crash is fixed server-side');
      expect(await latestFor(inShare!)).toBe('1.11.2');
      const again = await signedIn(server!.url, 'pia');
      const page = await again.follow(`${server!.url}/console/releases`);
      expect(page.text).toContain('The data was restored from a backup');
      const confirm = [1, 2, 3].map((i) => formOf(page.text, server!.url, i)).find((f) => f.action.endsWith('/console/releases/restore/confirm'))!;
      expect((await again.follow(confirm.action, { form: { ...confirm.fields, reason: ' ' } })).res.status).toBe(422);
      const confirmed = await again.follow(confirm.action, { form: { ...confirm.fields, reason: 'halts and resumes since the backup checked' } });
      expect(confirmed.text).toContain('The restore is confirmed');
      expect(confirmed.text).toMatch(/Confirmed by console: Pia Product on [\d-]+ [\d:]+ UTC: “halts and resumes since the backup checked”/);
      expect(await latestFor(inShare!)).toBe('1.12.0');
      const settled = await health();
      expect(settled.status).toBe('ok');
      expect(settled.restore).toMatchObject({ confirmed: true, confirmed_by: 'console: Pia Product' });
      expect(await unconfirmedGauge()).toBe(0);
    }, 240_000);
  });
}

describe('a replica that cannot keep its restore witness', () => {
  test('/health is degraded and says why, and the metric the alert RestoreWitnessUnwritable reads is 1', async () => {
    const root = await mkdtemp(join(tmpdir(), 'witness-unwritable-'));
    const server = await startServer({ dataDir: join(root, 'data'), tokens: 'ops=health:read', env: { WITNESS_FILE: join(root, 'no-such-folder', 'restore-witness.json') } });
    try {
      const report = HealthReport.parse((await call(`${server.url}/health`, { headers: { authorization: 'Bearer ops' } })).body);
      expect(report.status).toBe('degraded');
      expect(report.restore!.witness_problem).toMatch(/no-such-folder\/restore-witness\.json cannot be written \(ENOENT/);
      // Without health:read, the same and no path of the machine.
      const plain = HealthReport.parse((await call(`${server.url}/health`)).body);
      expect([plain.status, plain.restore!.witness, plain.restore!.witness_problem]).toEqual(['degraded', null, expect.stringContaining('cannot be kept')]);
      expect(JSON.stringify(plain)).not.toContain(root);
      const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer ops' } })).text();
      expect(text).toMatch(/^companion_restore_witness_problem 1$/m);
    } finally {
      await server.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('a guarded write', () => {
  test('is answered once the tick has advanced past it: a backup that holds its answer holds that tick', async () => {
    const root = await mkdtemp(join(tmpdir(), 'tick-before-answer-'));
    const server = await startServer({ dataDir: join(root, 'data') });
    const tick = async () => JSON.parse(await readFile(join(root, 'data', 'restore-lineage.json'), 'utf8')).mark.tick as number;
    try {
      await server.services.restore.touch();
      const before = await tick();
      const sent = await createClient({ baseUrl: server.url, retry: { retries: 0 } }).postFeedback({ body: FEEDBACK }, { idempotencyKey: newIdempotencyKey() });
      expect(sent.ok && sent.status).toBe(201);
      expect(await tick()).toBeGreaterThan(before);
    } finally {
      await server.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('a replica whose witness went stale', () => {
  test('does not halt again a rollout the restored data holds as resumed', async () => {
    const root = await mkdtemp(join(tmpdir(), 'stale-witness-'));
    const dataDir = join(root, 'data');
    const witnessFile = join(root, 'data.restore-witness.json');
    let server = await startServer({ dataDir });
    try {
      expect(await server.services.halts.halt('1.12.0', 'stable', 'console: Pia Product', 'crashes at start')).not.toBeNull();
      await server.services.restore.rememberHalted(() => [...server.services.halts.halted.values()].map(({ version, channel, halted_at }) => ({ version, channel, halted_at })));
      const stale = JSON.parse(await readFile(witnessFile, 'utf8'));
      expect(stale.halted).toEqual([expect.objectContaining({ version: '1.12.0' })]);
      expect(await server.services.halts.resume('1.12.0', 'console: Pia Product', 'fixed server-side')).not.toBeNull();
      await server.services.restore.touch();
      await server.close();
      // The witness as a replica down since the halt kept it, ahead of the data: a restore is noticed.
      const { tick } = JSON.parse(await readFile(join(dataDir, 'restore-lineage.json'), 'utf8')).mark;
      await writeFile(witnessFile, JSON.stringify({ ...stale, tick: tick + 5 }));
      server = await startServer({ dataDir });
      expect(server.services.restore.restore()).not.toBeNull();
      expect([...server.services.halts.halted.keys()]).toEqual([]);
    } finally {
      await server.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
