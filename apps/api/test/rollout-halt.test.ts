import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { HealthReport } from '@companion/schema';
import { parseDocument } from 'yaml';
import type { Authenticator } from '@companion/auth';
import { rolloutBucket } from '../src/routes/rollout';
import { formOf, signedIn } from './browser-client';
import { call, expectEnvelope, fleetIds, flushed, SHIPPED_CONTENT, startServer, type TestServer } from './server';
import { authenticatorFor } from './people';

// A simulated fleet of 10,000 installs over 7 days (the clock moved by the test) through a staged
// rollout of 1.12.0 from 1.11.2: a good release grows to every install; a bad one (bug feedback
// five times and more the previous release's from its fourth day) halts itself that day, and from
// then on no install is offered it, whatever its file says, on every replica, in every format,
// after a restart and for a replica that joins. Real HTTP over loopback, real files, real PostgreSQL.

const TOKENS = 'pm=releases:read,ops=health:read';
const DAY_MS = 86_400_000;
const START_MS = Date.parse('2026-11-02T06:00:00Z');
const INSTALLS = 10_000;
const BATCHES = 4;
const PLATFORMS = ['windows', 'macos', 'linux'] as const;
const RELEASE = 'changelog/stable/1.12.0.yaml';
/** The product manager's plan: the rollout's percentage on each day. */
const SCHEDULE = [5, 10, 20, 50, 100, 100, 100];
const GUARD = { bug_feedback_factor: 2, min_active_installs: 500, notify: 'releases@example.com' };
/** Bug reports per 1,000 installs active a day: the previous release's, and the bad release's from its fourth day. */
const BASE_RATE = 2;
const BAD_RATE = 40;
const ENV = { RATE_LIMIT_FEEDBACK: '100000/60s' };

function testClock() {
  let ms = START_MS;
  return { nowMicros: () => ms * 1000, advance: (by: number) => (ms += by) };
}

const agent = new Agent({ keepAlive: true, maxSockets: 48 });
/** A GET over a kept-alive connection: status and body text. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request(url, { agent, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => done({ status: res.statusCode!, text: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * GETs `paths` pipelined on one kept-alive connection (HTTP/1.1), answers in order: a fleet's
 * check-ins cost the test's process little beside the server's work.
 */
function pipelined(base: string, paths: readonly string[]): Promise<{ status: number; body: string }[]> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname);
    const answers: { status: number; body: string }[] = [];
    let buffer: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) break;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) break;
        answers.push({ status: Number(head.slice(9, 12)), body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') });
        buffer = buffer.subarray(end + 4 + length);
      }
      if (answers.length === paths.length) {
        socket.end();
        done(answers);
      }
    });
    socket.on('error', fail);
    socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`).join(''));
  });
}

/** Runs `work` over `items` with at most `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** Edits the release file of each replica's content folder (a content deploy) and has each read it. */
async function deploy(servers: TestServer[], edit: (doc: ReturnType<typeof parseDocument>) => void): Promise<void> {
  for (const server of servers) {
    const path = join(server.contentDir, RELEASE);
    const doc = parseDocument(await readFile(path, 'utf8'));
    edit(doc);
    await writeFile(path, doc.toString());
    await server.content.reconcile();
    expect(server.content.status().issues).toEqual([]);
  }
}

/** A network of its own per install (10.x.y.0/24), as a fleet spread over many homes and offices reports from. */
const networkOf = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.7`;
/** The replicas trust the test as their proxy, so each report counts from its install's network. */
const FROM_PROXY = { trustProxy: true };

interface FleetRun {
  /** Per install: the version it runs. */
  on: string[];
  /** Installs on 1.12.0 after each day. */
  takenByDay: number[];
  /** [day, batch] of the first round after which /health showed the halt, or null. */
  haltedAt: [number, number] | null;
  /** Installs that moved to 1.12.0 after the halt was seen. */
  movedAfterHalt: number;
  /** From the judge showing the halt to every replica showing it. */
}

/**
 * Seven days: each morning the day's rollout is deployed; then the installs check in four
 * batches, each install once a day, moving to 1.12.0 when its check offers it; after each batch
 * the batch's bug reports are sent (by rate, from each version's installs in the batch, each
 * naming its install and coming from its network), the counts and votes flushed and the guards
 * judged, as the periodic flush and judgement would between check-ins.
 */
async function runFleet(servers: TestServer[], clock: ReturnType<typeof testClock>, badFromDay: number | null, judges: TestServer[] = servers): Promise<FleetRun> {
  const run: FleetRun = { on: Array.from({ length: INSTALLS }, () => '1.11.2'), takenByDay: [], haltedAt: null, movedAfterHalt: 0 };
  const ids = fleetIds(servers[0]!, INSTALLS, START_MS);
  await deploy(servers, (doc) => {
    doc.set('guard', GUARD);
  });
  for (let day = 0; day < 7; day++) {
    await deploy(servers, (doc) => doc.set('rollout', SCHEDULE[day]));
    for (let batch = 0; batch < BATCHES; batch++) {
      const installs = Array.from({ length: INSTALLS / BATCHES }, (_, n) => batch * (INSTALLS / BATCHES) + n);
      const checkedFrom = new Map<string, number>();
      for (const i of installs) checkedFrom.set(run.on[i]!, (checkedFrom.get(run.on[i]!) ?? 0) + 1);
      const wasOn = installs.map((i) => run.on[i]!);
      // Each replica gets its share of the batch on four connections.
      await Promise.all(servers.flatMap((server, s) => [0, 1, 2, 3].map(async (lane) => {
        const mine = installs.filter((i) => i % servers.length === s && Math.floor(i / servers.length) % 4 === lane);
        const answers = await pipelined(server.url, mine.map((i) => `/api/changelog/since/${run.on[i]}?install_id=${ids[i]}&platform=${PLATFORMS[i % 3]}`));
        mine.forEach((i, n) => {
          expect(answers[n]!.status).toBe(200);
          if (JSON.parse(answers[n]!.body).data.latest === '1.12.0' && run.on[i] !== '1.12.0') {
            run.on[i] = '1.12.0';
            if (run.haltedAt) run.movedAfterHalt++;
          }
        });
      })));
      const rateOf = (version: string) => (version === '1.12.0' && badFromDay !== null && day >= badFromDay ? BAD_RATE : BASE_RATE);
      // Reports from the installs that checked from each version, the first ones of the batch on it.
      const reports: { version: string; install: number }[] = [];
      for (const [version, count] of checkedFrom) {
        const reporters = installs.filter((_, n) => wasOn[n] === version).slice(0, Math.round((count * rateOf(version)) / 1000));
        for (const install of reporters) reports.push({ version, install });
      }
      await inParallel(reports, 8, async ({ version, install }) => {
        const res = await call(`${servers[install % servers.length]!.url}/api/feedback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': networkOf(install) },
          body: JSON.stringify({ content: `crash on ${version}`, type: 'bug', client_version: version, platform: 'windows', install_id: ids[install] }),
        });
        expect(res.status).toBe(201);
      });
      for (const server of servers) await flushed(server);
      for (const judge of judges) await judge.services.halts.evaluate();
      if (run.haltedAt === null && (await haltedOn(judges[0]!)).length > 0) {
        run.haltedAt = [day, batch];
        // The others learn of it from the store's notification (no replica polls for halts, so
        // nothing else can tell them), not from the judge: wait for that.
        for (const server of servers) while ((await haltedOn(server)).length === 0) await new Promise((done) => setTimeout(done, 20));
      }
      clock.advance(DAY_MS / 8);
    }
    run.takenByDay.push(run.on.filter((v) => v === '1.12.0').length);
    if (day < 6) clock.advance(DAY_MS / 2);
  }
  return run;
}

async function haltedOn(server: TestServer): Promise<any[]> {
  const { status, text } = await get(`${server.url}/health`);
  expect(status).toBe(200);
  const body = JSON.parse(text);
  expect(HealthReport.safeParse(body).error).toBeUndefined();
  return body.releases.halted;
}

const healthOf = async (server: TestServer) => expectEnvelope((await call(`${server.url}/api/releases/1.12.0/health?days=7`, { headers: { authorization: 'Bearer pm' } })).body, false);

/** What each update format offers an install that is not on 1.12.0: the versions named. */
async function offeredInEveryFormat(server: TestServer, install: string): Promise<Record<string, string | null>> {
  const native = JSON.parse((await get(`${server.url}/api/changelog/since/1.11.2?install_id=${install}&platform=windows`)).text).data.latest;
  const electron = (await get(`${server.url}/api/updates/electron/latest.yml?install_id=${install}`)).text;
  const sparkle = [...(await get(`${server.url}/api/updates/sparkle/stable/macos-arm64?install_id=${install}`)).text.matchAll(/<sparkle:version>([^<]+)<\/sparkle:version>/g)].map((m) => m[1]!);
  const tauri = await get(`${server.url}/api/updates/tauri/stable/windows/x86_64?install_id=${install}`);
  return {
    native,
    electron: /^version: (\S+)$/m.exec(electron)?.[1] ?? null,
    // The appcast lists every release offered; Sparkle takes the newest.
    sparkle: sparkle.sort((a, b) => (a === b ? 0 : a.localeCompare(b, 'en', { numeric: true }))).at(-1) ?? null,
    tauri: tauri.status === 204 ? null : JSON.parse(tauri.text).version,
  };
}

/** The checks and answers a bad release must show once halted (on `server`, any replica). */
async function expectHaltedEverywhere(server: TestServer, run: FleetRun): Promise<void> {
  const onIt = run.on.findIndex((v) => v === '1.12.0');
  const notOnIt = run.on.findIndex((v) => v !== '1.12.0');
  // Installs already on it keep it: their check answers as before.
  const kept = JSON.parse((await get(`${server.url}/api/changelog/since/1.12.0?install_id=install-${onIt}&platform=windows`)).text).data;
  expect(kept).toMatchObject({ current: '1.12.0', latest: '1.12.0', up_to_date: true });
  // The file says 100%, yet no install not on it is offered it, in any format.
  expect(await offeredInEveryFormat(server, `install-${notOnIt}`)).toEqual({ native: '1.11.2', electron: '1.11.2', sparkle: '1.11.2', tauri: '1.11.2' });
}

describe('a staged rollout with a guard, on flat files', () => {
  it('a good release grows to every install and never halts', async () => {
    const clock = testClock();
    const server = await startServer({ tokens: TOKENS, clock, env: ENV, deps: FROM_PROXY });
    try {
      const run = await runFleet([server], clock, null);
      expect(run.haltedAt).toBeNull();
      expect(run.takenByDay.at(-1)).toBe(INSTALLS);
      const health = await healthOf(server);
      const shares = health.days.map((d: any) => d.share);
      expect(shares).toEqual([...shares].sort((a, b) => a - b));
      expect(shares.at(-1)).toBe(1);
      expect(health.days.at(-1).active_installs).toBe(INSTALLS);
      // Every install was offered it; each took it the day after (its next check-in came from 1.12.0), so the last day's movers are not counted yet.
      expect(health.uptake).toEqual({ offered: INSTALLS, took: run.takenByDay.at(-2) });
      // At 100% every format offers it to an install that never checked before.
      expect(await offeredInEveryFormat(server, 'a-new-install')).toEqual({ native: '1.12.0', electron: '1.12.0', sparkle: '1.12.0', tauri: '1.12.0' });
      expect(await readdir(join(server.dataDir, 'outbox')).catch(() => [])).toEqual([]);
    } finally {
      await server.close();
    }
  }, 900_000);

  it('a bad release halts on the day its bug rate crosses the guard, its share frozen, and stays halted after a restart', async () => {
    const clock = testClock();
    const [contentDir, dataDir] = [await mkdtemp(join(tmpdir(), 'halt-content-')), await mkdtemp(join(tmpdir(), 'halt-data-'))];
    await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
    const first = await startServer({ tokens: TOKENS, clock, env: ENV, contentDir, dataDir, deps: FROM_PROXY });
    let restarted: TestServer | null = null;
    try {
      const run = await runFleet([first], clock, 3);
      // Day 3 (2026-11-05), in its first round: the first judgement that saw the day's reports.
      expect(run.haltedAt).toEqual([3, 0]);
      expect(run.movedAfterHalt).toBe(0);
      const frozen = run.takenByDay[3]!;
      expect(run.takenByDay.slice(3)).toEqual([frozen, frozen, frozen, frozen]);
      expect(frozen).toBeLessThan(INSTALLS / 2);
      const health = await healthOf(first);
      expect(health.days.slice(4).map((d: any) => d.active_installs)).toEqual([frozen, frozen, frozen]);
      // Offered to no one after the halt: the installs offered it are those that took it.
      expect(health.uptake).toEqual({ offered: frozen, took: frozen });

      const [halt] = await haltedOn(first);
      expect(halt).toMatchObject({ version: '1.12.0', channel: 'stable', day: '2026-11-05', figures: { from: '2026-10-30', to: '2026-11-05', factor: 2, min_active_installs: 500, previous: { version: '1.11.2' } } });
      expect(halt.figures.bug_per_1000).toBeGreaterThan(2 * halt.figures.previous.bug_per_1000);
      expect(halt.figures.bug_per_1000).toBeCloseTo((1000 * halt.figures.bug_reports) / halt.figures.install_days, 2);
      await expectHaltedEverywhere(first, run);

      const metrics = (await get(`${first.url}/metrics`, { authorization: 'Bearer ops' })).text;
      expect(metrics).toContain('companion_release_halted{version="1.12.0"} 1');
      // Mailed once to the address the release names, with the figures.
      const mails = await readdir(join(dataDir, 'outbox'));
      expect(mails.filter((m) => m.endsWith('.eml'))).toHaveLength(1);
      // Long header lines are folded: unfolded, as a mail reader shows them.
      const mail = (await readFile(join(dataDir, 'outbox', mails.find((m) => m.endsWith('.eml'))!), 'utf8')).replace(/\r?\n(?=[ \t])/g, '');
      expect(mail).toContain('To: releases@example.com');
      expect(mail).toMatch(/Subject: Rollout of 1\.12\.0 halted: bug votes [\d.]+ per 1,000 install-days against [\d.]+ for 1\.11\.2/);
      // The text says what the guard counts, as the console does (quoted-printable's soft breaks joined).
      expect(mail.replace(/=\r?\n/g, '')).toMatch(/\): [\d.]+ per 1,000 install-days \(\d+ votes over \d+ install-days\),/);

      await first.close();
      restarted = await startServer({ tokens: TOKENS, clock, env: ENV, contentDir, dataDir, deps: FROM_PROXY });
      expect((await haltedOn(restarted)).map((h) => h.version)).toEqual(['1.12.0']);
      await expectHaltedEverywhere(restarted, run);

      // A pull request resumes it by naming the halt's day; the next judgement lifts it.
      await deploy([restarted], (doc) => doc.setIn(['guard', 'resume'], '2026-11-05'));
      await restarted.services.halts.evaluate();
      expect(await haltedOn(restarted)).toEqual([]);
      expect(restarted.services.halts.history[0]).toMatchObject({ version: '1.12.0', resumed_by: `content: ${RELEASE}` });
      expect((await offeredInEveryFormat(restarted, `install-${run.on.findIndex((v) => v !== '1.12.0')}`)).native).toBe('1.12.0');
    } finally {
      if (restarted) await restarted.close();
      else await first.close().catch(() => undefined);
      await rm(contentDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 900_000);
});

const skip = clusterUnavailable();
if (skip) console.log(skip);

(skip ? describe.skip : describe)('a staged rollout with a guard on PostgreSQL, two replicas', () => {
  let cluster: TempCluster;
  beforeAll(async () => {
    cluster = await TempCluster.start();
  }, 240_000);
  afterAll(async () => cluster?.destroy(), 60_000);

  it('one replica judges, both stop offering the bad release as the database tells them, and a replica that joins later too', async () => {
    const url = `${await cluster.createDatabase('rollout')}?password=s3cret`;
    const clock = testClock();
    const replicas: TestServer[] = [];
    try {
      for (let n = 0; n < 2; n++) replicas.push(await startServer({ tokens: TOKENS, clock, env: { ...ENV, DATABASE_URL: url }, deps: FROM_PROXY }));
      // Only the first judges: the second learns of the halt from the database.
      const run = await runFleet(replicas, clock, 3, [replicas[0]!]);
      expect(run.haltedAt).toEqual([3, 0]);
      expect(run.movedAfterHalt).toBe(0);
      const frozen = run.takenByDay[3]!;
      expect(run.takenByDay.slice(3)).toEqual([frozen, frozen, frozen, frozen]);
      for (const replica of replicas) {
        expect((await haltedOn(replica)).map((h) => h.day)).toEqual(['2026-11-05']);
        await expectHaltedEverywhere(replica, run);
        expect((await healthOf(replica)).days.slice(4).map((d: any) => d.active_installs)).toEqual([frozen, frozen, frozen]);
      }
      // One halt, one mail, though both replicas run the guard from now on.
      await replicas[1]!.services.halts.evaluate();
      const { rows } = await replicas[0]!.services.database!.query<{ recipients: string[] }>('SELECT recipients FROM mail_outbox');
      expect(rows).toEqual([{ recipients: ['releases@example.com'] }]);
      const joined = await startServer({ tokens: TOKENS, clock, env: { ...ENV, DATABASE_URL: url }, deps: FROM_PROXY });
      replicas.push(joined);
      expect((await haltedOn(joined)).map((h) => h.version)).toEqual(['1.12.0']);
      await deploy([joined], (doc) => doc.set('rollout', 100));
      await expectHaltedEverywhere(joined, run);
    } finally {
      for (const replica of replicas) await replica.close();
    }
  }, 1_200_000);
});

describe('halted rollouts in the console', () => {
  const SECRET = 'a session secret of the test, 32+ characters long';
  let dir: string;
  let auth: Authenticator;
  let server: TestServer;
  const clock = testClock();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'halt-console-'));
    auth = await authenticatorFor(dir, [['Pia Product', 'pia', 'releases:read+releases:write'], ['Rob Reader', 'rob', 'releases:read']]);
    server = await startServer({ clock, env: ENV, dataDir: join(dir, 'data'), deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null }, ...FROM_PROXY } });
    // A small fleet: 600 installs, half of them offered 1.12.0 the first day, which on the second
    // draws ten times the bug reports of 1.11.2 (each from its own install and network).
    await deploy([server], (doc) => {
      doc.set('rollout', 50);
      doc.set('guard', { ...GUARD, min_active_installs: 100 });
    });
    const ids = fleetIds(server, 600, START_MS);
    const on = Array.from({ length: 600 }, () => '1.11.2');
    for (let day = 0; day < 2; day++) {
      const answers = await pipelined(server.url, on.map((v, i) => `/api/changelog/since/${v}?install_id=${ids[i]}&platform=linux`));
      answers.forEach((a, i) => (on[i] = JSON.parse(a.body).data.latest === '1.12.0' ? '1.12.0' : on[i]!));
      if (day === 0) clock.advance(DAY_MS);
    }
    for (const [version, reports] of [['1.12.0', 6], ['1.11.2', 1]] as const) {
      const reporters = on.flatMap((v, i) => (v === version ? [i] : [])).slice(0, reports);
      for (const i of reporters) {
        const res = await call(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': networkOf(i) }, body: JSON.stringify({ content: 'it crashed', type: 'bug', client_version: version, install_id: ids[i] }) });
        expect(res.status).toBe(201);
      }
    }
    await flushed(server);
    await server.services.halts.evaluate();
    expect((await haltedOn(server)).map((h) => h.version)).toEqual(['1.12.0']);
  }, 240_000);
  afterAll(async () => {
    await server.close();
    auth.close();
    await rm(dir, { recursive: true, force: true });
  });

  const person = (token: string) => signedIn(server.url, token);

  it('lists the halt with its figures; only releases:write may resume it, with a reason kept beside who did', async () => {
    const rob = await person('rob');
    let page = await rob.follow(`${server.url}/console/releases`);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain('<a href="/console/releases">Releases</a>');
    expect(page.text).toContain('1.12.0 (stable): halted on 2026-11-03');
    expect(page.text).toMatch(/<tr><th scope="row">1\.12\.0<\/th><td>6<\/td><td>\d+<\/td><td>[\d.]+<\/td><\/tr>/);
    expect(page.text).toContain('Resuming it needs the releases:write scope.');
    expect(page.text).not.toContain('/console/releases/1.12.0/resume');

    const pia = await person('pia');
    page = await pia.follow(`${server.url}/console/releases`);
    const { action, fields } = formOf(page.text, `${server.url}/console/releases`, 2); // after signing out and the release picker
    expect(action).toBe(`${server.url}/console/releases/1.12.0/resume`);
    expect((await pia.follow(action, { form: { ...fields, reason: '  ' } })).res.status).toBe(422);
    expect(await haltedOn(server)).toHaveLength(1);
    // Rob holds no releases:write: refused even with a valid form.
    expect((await rob.follow(action, { form: { ...fields, reason: 'go' } })).res.status).toBe(403);

    page = await pia.follow(action, { form: { ...fields, reason: 'the crash is in a plug-in, fixed server-side' } });
    expect(page.url).toBe(`${server.url}/console/releases`);
    expect(page.text).toContain('The rollout of 1.12.0 goes on');
    expect(page.text).toContain('No rollout is halted.');
    // The release's history, newest first: Pia's resume with her reason, then the guard's halt with what it saw.
    const { historyOf } = await import('./release-page');
    const rows = historyOf(page.text, '1.12.0');
    expect(rows[0]).toEqual([expect.stringMatching(/^2026-11-03 \d\d:\d\d UTC$/), 'Resumed', 'Pia Product', 'the crash is in a plug-in, fixed server-side']);
    expect(rows[1]).toEqual([expect.stringMatching(/^2026-11-03 /), 'Halted', 'the guard', expect.stringMatching(/^bug votes [\d.]+ per 1,000 install-days against [\d.]+ for 1\.11\.2, from 2026-10-28 to 2026-11-03$/)]);
    expect(server.services.halts.history[0]).toMatchObject({ version: '1.12.0', halted_by: 'guard', reason: null, resumed_by: 'console: Pia Product', resume_reason: 'the crash is in a plug-in, fixed server-side' });
    expect(await haltedOn(server)).toEqual([]);
    // The days Pia looked at are not judged again: the same figures do not halt it anew.
    await server.services.halts.evaluate();
    expect(await haltedOn(server)).toEqual([]);
    expect(JSON.parse((await get(`${server.url}/api/changelog/since/1.11.2?install_id=install-0`)).text).data.latest).toBe(rolloutBucket('install-0', '1.12.0') < 50 ? '1.12.0' : '1.11.2');
  });
});

