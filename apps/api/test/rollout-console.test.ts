import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { HealthReport } from '@companion/schema';
import { parseDocument } from 'yaml';
import type { Authenticator } from '@companion/auth';
import { rolloutBucket } from '../src/routes/rollout';
import { formOf, signedIn, type BrowserClient } from './browser-client';
import { historyOf, rolloutSectionOf, textOf } from './release-page';
import { call, eventually, fleetIds, flushed, SHIPPED_CONTENT, startServer, type TestServer } from './server';
import { authenticatorFor, type Person } from './people';

// People steering a staged rollout from the console's Releases page, as in Google Play's console:
// halting it, resuming it and changing its share, each with who and why, kept in the rollout store
// (through a restart, on every replica), followed by every update format; a release file changed
// by a deploy wins over a share set in the console. And what each guard last made of its release.
// Real HTTP over loopback, real files, real PostgreSQL; sessions through the real sign-in form.

const DAY_MS = 86_400_000;
const START_MS = Date.parse('2026-11-02T06:00:00Z');
const RELEASE = 'changelog/stable/1.12.0.yaml';
const SECRET = 'a session secret of the test, 32+ characters long';
const ENV = { RATE_LIMIT_FEEDBACK: '100000/60s' };

function testClock() {
  let ms = START_MS;
  return { nowMicros: () => ms * 1000, advance: (by: number) => (ms += by), ms: () => ms };
}

/** Pia (who may steer rollouts), Rob (who may look) and Otto (who scrapes /metrics). */
const PEOPLE: Person[] = [['Pia Product', 'pia', 'releases:read+releases:write'], ['Rob Reader', 'rob', 'releases:read'], ['Otto Ops', 'otto', 'health:read']];
const people = (dir: string) => authenticatorFor(dir, PEOPLE);

/** Edits a release file of the server's content folder (a content deploy) and has it read. */
async function deploy(server: TestServer, edit: (doc: ReturnType<typeof parseDocument>) => void, file = RELEASE): Promise<void> {
  const path = join(server.contentDir, file);
  const doc = parseDocument(await readFile(path, 'utf8').catch(() => '{}'));
  edit(doc);
  await writeFile(path, doc.toString());
  await server.content.reconcile();
  expect(server.content.status().issues).toEqual([]);
}

/** What each update format offers an install on 1.11.2: the newest version named. */
async function offered(server: TestServer, install: string): Promise<Record<string, string | null>> {
  const native = (await call(`${server.url}/api/changelog/since/1.11.2?install_id=${install}&platform=windows`)).body.data.latest;
  const electron = await (await fetch(`${server.url}/api/updates/electron/latest.yml?install_id=${install}`)).text();
  const sparkle = [...(await (await fetch(`${server.url}/api/updates/sparkle/stable/macos-arm64?install_id=${install}`)).text()).matchAll(/<sparkle:version>([^<]+)<\/sparkle:version>/g)].map((m) => m[1]!);
  const tauri = await fetch(`${server.url}/api/updates/tauri/stable/windows/x86_64?install_id=${install}`);
  // Electron's built-in autoUpdater on a Mac: the release it is handed, or 204 for none newer than its own.
  const squirrel = await fetch(`${server.url}/api/updates/squirrel/stable/darwin-arm64/1.11.2?install_id=${install}`);
  return {
    native,
    electron: /^version: (\S+)$/m.exec(electron)?.[1] ?? null,
    sparkle: sparkle.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1) ?? null,
    tauri: tauri.status === 204 ? null : ((await tauri.json()) as { version: string }).version,
    squirrel: squirrel.status === 204 ? '1.11.2' : ((await squirrel.json()) as { name: string }).name,
  };
}
const everywhere = (version: string) => ({ native: version, electron: version, sparkle: version, tauri: version, squirrel: version });

async function health(server: TestServer): Promise<any> {
  const { status, body } = await call(`${server.url}/health`);
  expect(status).toBe(200);
  expect(HealthReport.safeParse(body).error).toBeUndefined();
  return body;
}

/** The form of the page whose action ends with `path`. */
function formTo(html: string, base: string, path: string) {
  const count = [...html.matchAll(/<form\b/g)].length;
  for (let i = 0; i < count; i++) {
    const form = formOf(html, base, i);
    if (form.action.endsWith(path)) return form;
  }
  throw new Error(`no form posting to ${path}`);
}

const RELEASES = (server: TestServer) => `${server.url}/console/releases`;

describe('a person halts and resumes a staged rollout in the console', () => {
  let dir: string;
  let auth: Authenticator;
  let server: TestServer;
  const clock = testClock();
  /** Installs the file's 20% offers 1.12.0. */
  let inShare: string[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'halt-person-'));
    auth = await people(dir);
    await cp(SHIPPED_CONTENT, join(dir, 'content'), { recursive: true });
    server = await startServer({ clock, env: ENV, contentDir: join(dir, 'content'), dataDir: join(dir, 'data'), deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
    inShare = fleetIds(server, 200, START_MS).filter((id) => rolloutBucket(id, '1.12.0') < 20);
    expect(inShare.length).toBeGreaterThan(10);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    auth.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('halts with a reason (only with releases:write), in every format, shown in /health, /metrics and the page, and kept through a restart', async () => {
    expect(await offered(server, inShare[0]!)).toEqual(everywhere('1.12.0'));
    const rob = await signedIn(server.url, 'rob');
    let page = await rob.follow(RELEASES(server));
    expect(page.res.status).toBe(200);
    expect(textOf(rolloutSectionOf(page.text, '1.12.0'))).toContain('Offered to 20% of installs, as its release file says.');
    expect(page.text).toContain('Changing its share or halting it needs the releases:write scope.');
    expect(page.text).not.toContain('/console/releases/1.12.0/halt');

    const pia = await signedIn(server.url, 'pia');
    page = await pia.follow(RELEASES(server));
    const halt = formTo(page.text, RELEASES(server), '/1.12.0/halt');
    // Rob holds no releases:write: refused even with a valid form.
    expect((await rob.follow(halt.action, { form: { ...halt.fields, reason: 'stop it' } })).res.status).toBe(403);
    // A blank reason: 422, the form again with the problem named and linked.
    const blank = await pia.follow(halt.action, { form: { ...halt.fields, reason: '   ' } });
    expect(blank.res.status).toBe(422);
    expect(blank.text).toContain('id="error-summary"');
    expect(blank.text).toMatch(/<input id="halt-reason-1\.12\.0" name="reason" value=""[^>]* aria-invalid="true" aria-describedby="halt-reason-1\.12\.0-error">/);
    expect((await health(server)).releases.halted).toEqual([]);

    page = await pia.follow(halt.action, { form: { ...halt.fields, reason: 'support desk: crash on start <with a plug-in>' } });
    expect(page.url).toBe(RELEASES(server));
    expect(page.text).toContain('The rollout of 1.12.0 is halted: no install not already on it is offered it.');
    expect(textOf(page.text)).toContain('Halted 2026-11-02 06:00 UTC by Pia Product: “support desk: crash on start <with a plug-in>”.');
    // The reason is text, never markup.
    expect(page.text).not.toContain('<with a plug-in>');

    const body = await health(server);
    expect(body.status).toBe('ok');
    expect(body.releases.halted).toEqual([{ version: '1.12.0', channel: 'stable', day: '2026-11-02', halted_at: '2026-11-02T06:00:00.000Z', halted_by: 'console: Pia Product', reason: 'support desk: crash on start <with a plug-in>', figures: null }]);
    for (const install of inShare.slice(0, 5)) expect(await offered(server, install)).toEqual(everywhere('1.11.2'));
    // An install already on it keeps it.
    expect((await call(`${server.url}/api/changelog/since/1.12.0?install_id=${inShare[0]}`)).body.data).toMatchObject({ latest: '1.12.0', up_to_date: true });
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer otto' } })).text();
    expect(metrics).toContain('companion_release_halted{version="1.12.0"} 1');
    // Nobody is mailed for a person's halt.
    await server.services.halts.evaluate();
    expect(await readdir(join(dir, 'data', 'outbox')).catch(() => [])).toEqual([]);

    // Sent again (a second click): nothing changes, and the page says why.
    page = await pia.follow(halt.action, { form: { ...halt.fields, reason: 'again' } });
    expect(page.text).toContain('1.12.0 was halted already (by Pia Product on 2026-11-02 06:00 UTC). Nothing was changed.');
    expect(server.services.halts.history).toHaveLength(1);

    // A release file's resume: lifts a guard's halts only; a person's waits for a person.
    await deploy(server, (doc) => doc.set('guard', { bug_feedback_factor: 2, min_active_installs: 100, notify: 'releases@example.com', resume: '2026-11-02' }));
    await server.services.halts.evaluate();
    expect((await health(server)).releases.halted).toHaveLength(1);

    await server.close();
    clock.advance(DAY_MS);
    server = await startServer({ clock, env: ENV, contentDir: join(dir, 'content'), dataDir: join(dir, 'data'), deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
    expect((await health(server)).releases.halted).toEqual([expect.objectContaining({ version: '1.12.0', halted_by: 'console: Pia Product' })]);
    expect(await offered(server, inShare[1]!)).toEqual(everywhere('1.11.2'));
  });

  it('is resumed by a person with a reason; the history says who halted and resumed it, when and why, newest first', async () => {
    const pia = await signedIn(server.url, 'pia');
    let page = await pia.follow(RELEASES(server));
    const resume = formTo(page.text, RELEASES(server), '/1.12.0/resume');
    expect((await pia.follow(resume.action, { form: { ...resume.fields, reason: '' } })).res.status).toBe(422);
    page = await pia.follow(resume.action, { form: { ...resume.fields, reason: 'the plug-in vendor shipped a fix' } });
    expect(page.text).toContain('The rollout of 1.12.0 goes on');
    expect(historyOf(page.text, '1.12.0')).toEqual([
      ['2026-11-03 06:00 UTC', 'Resumed', 'Pia Product', 'the plug-in vendor shipped a fix'],
      ['2026-11-02 06:00 UTC', 'Halted', 'Pia Product', 'support desk: crash on start <with a plug-in>'],
    ]);
    expect((await health(server)).releases.halted).toEqual([]);
    expect(await offered(server, inShare[2]!)).toEqual(everywhere('1.12.0'));
    // The halt form is back.
    expect(() => formTo(page.text, RELEASES(server), '/1.12.0/halt')).not.toThrow();
  });

  it("refuses to hold back channels.yaml's minimum_supported and a release no file has", async () => {
    const pia = await signedIn(server.url, 'pia');
    await deploy(server, (doc) => doc.set('stable', { minimum_supported: '1.11.2' }), 'changelog/channels.yaml');
    const page = await pia.follow(RELEASES(server));
    const halt = formTo(page.text, RELEASES(server), '/1.12.0/halt');
    const share = formTo(page.text, RELEASES(server), '/1.12.0/share');
    const refused = await pia.follow(halt.action.replace('1.12.0', '1.11.2'), { form: { ...halt.fields, reason: 'stop' } });
    expect(refused.res.status).toBe(422);
    expect(textOf(refused.text)).toContain("1.11.2 is the stable channel's minimum_supported (changelog/channels.yaml)");
    expect((await pia.follow(share.action.replace('1.12.0', '1.11.2'), { form: { ...share.fields, rollout: '50', reason: 'slower' } })).res.status).toBe(422);
    expect((await pia.follow(share.action.replace('1.12.0', '1.99.0'), { form: { ...share.fields, rollout: '50', reason: 'slower' } })).res.status).toBe(404);
    expect(server.services.halts.history.map((h) => h.version)).toEqual(['1.12.0']);
    expect(server.services.halts.shares).toEqual([]);
  });
});

describe("a person changes a rollout's share; a deploy that changes the file's rollout wins", () => {
  let dir: string;
  let auth: Authenticator;
  let server: TestServer;
  const clock = testClock();
  let ids: string[];
  /** Installs whose bucket for 1.12.0 is in [from, to). */
  const inBucket = (from: number, to: number) => ids.filter((id) => rolloutBucket(id, '1.12.0') >= from && rolloutBucket(id, '1.12.0') < to);
  const start = () => startServer({ clock, env: ENV, contentDir: join(dir, 'content'), dataDir: join(dir, 'data'), deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'share-person-'));
    auth = await people(dir);
    await cp(SHIPPED_CONTENT, join(dir, 'content'), { recursive: true });
    server = await start();
    ids = fleetIds(server, 400, START_MS);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    auth.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sets the share with a reason, followed by every format and the fast path; refuses what it cannot take', async () => {
    const [low, middle, high] = [inBucket(0, 20)[0]!, inBucket(20, 60)[0]!, inBucket(60, 100)[0]!];
    // Asked before the change, so the fast path holds these answers.
    expect(await offered(server, middle)).toEqual(everywhere('1.11.2'));
    expect((await call(`${server.url}/api/changelog`)).body.data['1.12.0'].rollout).toBe(20);
    const rob = await signedIn(server.url, 'rob');
    const pia = await signedIn(server.url, 'pia');
    const page = await pia.follow(RELEASES(server));
    const share = formTo(page.text, RELEASES(server), '/1.12.0/share');
    expect(share.fields).toMatchObject({ rollout: '20', seen: '0/20' });

    expect((await rob.follow(share.action, { form: { ...share.fields, rollout: '60', reason: 'faster' } })).res.status).toBe(403);
    for (const [rollout, reason, problem] of [
      ['150', 'faster', 'Give the share as a whole number from 0 to 100; found “150”.'],
      ['', 'faster', 'Give the share as a whole number from 0 to 100; found “”.'],
      ['6.5', 'faster', 'Give the share as a whole number from 0 to 100; found “6.5”.'],
      ['60', ' ', 'Say why: the reason is kept in the history.'],
    ] as const) {
      const refused = await pia.follow(share.action, { form: { ...share.fields, rollout, reason } });
      expect(refused.res.status).toBe(422);
      expect(textOf(refused.text)).toContain(problem);
      // The form comes back with what was sent.
      expect(formTo(refused.text, RELEASES(server), '/1.12.0/share').fields).toMatchObject({ rollout, reason: reason.trim(), seen: '0/20' });
    }
    expect(server.services.halts.shares).toEqual([]);

    const saved = await pia.follow(share.action, { form: { ...share.fields, rollout: '60', reason: 'no crash in two days at 20%' } });
    expect(saved.url).toBe(RELEASES(server));
    expect(saved.text).toContain('The share of 1.12.0 is now 60%.');
    expect(textOf(rolloutSectionOf(saved.text, '1.12.0'))).toContain('Offered to 60% of installs: set in the console by Pia Product on 2026-11-02 06:00 UTC; the release file says 20%.');
    expect(historyOf(saved.text, '1.12.0')).toEqual([['2026-11-02 06:00 UTC', 'Share set to 60%, the release file saying 20%', 'Pia Product', 'no crash in two days at 20%']]);
    expect(await offered(server, low)).toEqual(everywhere('1.12.0'));
    expect(await offered(server, middle)).toEqual(everywhere('1.12.0'));
    expect(await offered(server, high)).toEqual(everywhere('1.11.2'));
    expect((await call(`${server.url}/api/changelog`)).body.data['1.12.0'].rollout).toBe(60);

    // The same form sent again (a double click): done once.
    const twice = await pia.follow(share.action, { form: { ...share.fields, rollout: '60', reason: 'no crash in two days at 20%' } });
    expect(twice.text).toContain('The share of 1.12.0 is now 60%.');
    expect(server.services.halts.shares).toHaveLength(1);
  });

  it('a form made before a colleague changed the share is not saved over it unseen: 409, then sent again on purpose', async () => {
    const pia = await signedIn(server.url, 'pia');
    const stale = formTo((await pia.follow(RELEASES(server))).text, RELEASES(server), '/1.12.0/share');
    clock.advance(60_000);
    const fresh = formTo((await pia.follow(RELEASES(server))).text, RELEASES(server), '/1.12.0/share');
    await pia.follow(fresh.action, { form: { ...fresh.fields, rollout: '80', reason: 'support is ready' } });

    const conflict = await pia.follow(stale.action, { form: { ...stale.fields, rollout: '30', reason: 'back off a bit' } });
    expect(conflict.res.status).toBe(409);
    expect(conflict.text).toContain('id="conflict-heading"');
    expect(textOf(conflict.text)).toContain('Your share of 30% is not saved: Pia Product set it to 80% on 2026-11-02 06:01 UTC (“support is ready”). It is now offered to 80% of installs.');
    expect(server.services.halts.shares.map((s) => s.rollout)).toEqual([80, 60]);
    const again = formTo(conflict.text, RELEASES(server), '/1.12.0/share');
    expect(again.fields).toMatchObject({ rollout: '30', reason: 'back off a bit' });
    const saved = await pia.follow(again.action, { form: again.fields });
    expect(saved.text).toContain('The share of 1.12.0 is now 30%.');
    expect(server.services.halts.shares.map((s) => [s.rollout, s.replaces])).toEqual([
      [30, server.services.halts.shares[1]!.id],
      [80, server.services.halts.shares[2]!.id],
      [60, null],
    ]);
  });

  it('holds through a restart; a deploy changing the file\'s rollout supersedes it, and a deploy back does not bring it back', async () => {
    await server.close();
    clock.advance(DAY_MS);
    server = await start();
    const middle = inBucket(20, 30)[0]!;
    const above = inBucket(30, 50)[0]!;
    expect(await offered(server, middle)).toEqual(everywhere('1.12.0'));
    expect(await offered(server, above)).toEqual(everywhere('1.11.2'));

    // A pull request raises the file's rollout to 50: the file wins.
    clock.advance(60_000);
    await deploy(server, (doc) => doc.set('rollout', 50));
    expect(await offered(server, above)).toEqual(everywhere('1.12.0'));
    expect((await call(`${server.url}/api/changelog`)).body.data['1.12.0'].rollout).toBe(50);
    const pia = await signedIn(server.url, 'pia');
    const page = await pia.follow(RELEASES(server));
    expect(textOf(rolloutSectionOf(page.text, '1.12.0'))).toContain("Offered to 50% of installs, as its release file says. The console's 30% was superseded on 2026-11-03 06:02 UTC: a deploy changed the file's rollout from 20% to 50%.");
    const history = historyOf(page.text, '1.12.0');
    expect(history[0]).toEqual(['2026-11-03 06:02 UTC', "Share 30% superseded: the release file's rollout went from 20% to 50%", 'a content deploy', 'the file wins once it changes']);
    expect(history[1]).toEqual(['2026-11-02 06:01 UTC', "Share set to 30%, the release file saying 20% (superseded: the release file's rollout became 50%)", 'Pia Product', 'back off a bit']);
    expect(server.services.halts.shares[0]).toMatchObject({ rollout: 30, superseded_at: '2026-11-03T06:02:00.000Z', superseded_by_rollout: 50 });

    // The file back at 20 serves 20: the superseded setting stays history.
    clock.advance(60_000);
    await deploy(server, (doc) => doc.set('rollout', 20));
    expect(await offered(server, middle)).toEqual(everywhere('1.11.2'));
    expect(formTo((await pia.follow(RELEASES(server))).text, RELEASES(server), '/1.12.0/share').fields).toMatchObject({ rollout: '20', seen: `${server.services.halts.shares[0]!.id}/20` });
  });
});

describe("the guards' last judgements", () => {
  let dir: string;
  let auth: Authenticator;
  let server: TestServer;
  const clock = testClock();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'guard-verdict-'));
    auth = await people(dir);
    server = await startServer({ clock, env: ENV, dataDir: join(dir, 'data'), deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } });
    await deploy(server, (doc) => doc.set('guard', { bug_feedback_factor: 2, min_active_installs: 40, notify: 'releases@example.com' }));
  }, 120_000);
  afterAll(async () => {
    await server.close();
    auth.close();
    await rm(dir, { recursive: true, force: true });
  });
  const guardText = async () => textOf(/<p class="guard">[\s\S]*?<\/p>/.exec(rolloutSectionOf((await (await signedIn(server.url, 'rob')).follow(RELEASES(server))).text, '1.12.0'))?.[0] ?? '');
  const unjudgedGauge = async () => /^companion_rollout_guard_unjudged\{version="1\.12\.0"\} (\d+)$/m.exec(await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer otto' } })).text())?.[1] ?? null;

  it('watching before its first judgement and while within; unjudged, with why, when installs nobody offered it make its figures; status stays ok', async () => {
    let body = await health(server);
    expect(body.releases.guards).toEqual([{ version: '1.12.0', channel: 'stable', status: 'watching', reason: expect.stringMatching(/^not judged yet/) }]);
    expect(await guardText()).toBe('The guard is watching; it has not judged yet (it does every ROLLOUT_GUARD_INTERVAL_S seconds).');

    // Sixty installs check in from 1.12.0 without ever being offered it (side-loaded builds).
    const ids = fleetIds(server, 60, START_MS);
    for (const id of ids) expect((await call(`${server.url}/api/changelog/since/1.12.0?install_id=${id}&platform=windows`)).status).toBe(200);
    await flushed(server);
    await server.services.halts.evaluate();
    body = await health(server);
    expect(body.status).toBe('ok');
    expect(body.releases.guards).toEqual([{ version: '1.12.0', channel: 'stable', status: 'unjudged', reason: expect.stringContaining('installs the service never offered 1.12.0') }]);
    expect(await guardText()).toBe(`The guard will not judge: ${body.releases.guards[0].reason}`);
    expect(await unjudgedGauge()).toBe('1');

    // Judging only from more installs than it has: within, watching again.
    await deploy(server, (doc) => doc.setIn(['guard', 'min_active_installs'], 1000));
    await server.services.halts.evaluate();
    expect((await health(server)).releases.guards).toEqual([{ version: '1.12.0', channel: 'stable', status: 'watching' }]);
    expect(await guardText()).toBe('The guard is watching.');
    expect(await unjudgedGauge()).toBeNull();
  });
});

const skip = clusterUnavailable();
if (skip) console.log(skip);

(skip ? describe.skip : describe)('people steering a rollout on PostgreSQL, two replicas', () => {
  let cluster: TempCluster;
  beforeAll(async () => {
    cluster = await TempCluster.start();
  }, 240_000);
  afterAll(async () => cluster?.destroy(), 60_000);

  it('a halt and a share set on one replica are followed by the other within seconds and by one that starts later; a replica not deployed yet serves its own file and leaves a setting made on a newer one alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'steer-replicas-'));
    const auth = await people(dir);
    const url = await cluster.createDatabase('steer');
    const replicas: TestServer[] = [];
    const startReplica = async () => replicas[replicas.push(await startServer({ env: { ...ENV, DATABASE_URL: url }, deps: { auth, signIn: { secret: SECRET, ttlMs: 600_000, oidc: null } } })) - 1]!;
    try {
      const [a, b] = [await startReplica(), await startReplica()];
      const ids = fleetIds(a, 400, Date.now());
      const above = ids.filter((id) => rolloutBucket(id, '1.12.0') >= 20 && rolloutBucket(id, '1.12.0') < 70)[0]!;
      const pia: BrowserClient = await signedIn(a.url, 'pia');
      const page = await pia.follow(RELEASES(a));
      await pia.follow(formTo(page.text, RELEASES(a), '/1.12.0/share').action, { form: { ...formTo(page.text, RELEASES(a), '/1.12.0/share').fields, rollout: '70', reason: 'faster' } });
      await until(async () => (await offered(b, above)).native === '1.12.0');
      expect(await offered(b, above)).toEqual(everywhere('1.12.0'));

      const halt = formTo((await pia.follow(RELEASES(a))).text, RELEASES(a), '/1.12.0/halt');
      await pia.follow(halt.action, { form: { ...halt.fields, reason: 'crash reports' } });
      await until(async () => (await health(b)).releases.halted.length === 1);
      expect((await health(b)).releases.halted[0]).toMatchObject({ halted_by: 'console: Pia Product', reason: 'crash reports', figures: null });
      expect(await offered(b, above)).toEqual(everywhere('1.11.2'));

      const c = await startReplica();
      expect((await health(c)).releases.halted).toHaveLength(1);
      expect(b.services.halts.shares).toEqual(c.services.halts.shares);
      expect(c.services.halts.shares).toEqual([expect.objectContaining({ rollout: 70, file_rollout: 20, set_by: 'console: Pia Product' })]);
      const resume = formTo((await pia.follow(RELEASES(a))).text, RELEASES(a), '/1.12.0/resume');
      await pia.follow(resume.action, { form: { ...resume.fields, reason: 'fixed' } });
      await until(async () => (await health(b)).releases.halted.length === 0);

      // A deploy reaches A first (the file says 40 there); Pia sets 90 on A, made on that file.
      await deploy(a, (doc) => doc.set('rollout', 40));
      // The first request after the deploy serves the file's 40 and marks Pia's 70 superseded.
      expect((await call(`${a.url}/api/changelog`)).body.data['1.12.0'].rollout).toBe(40);
      await until(async () => a.services.halts.shares[0]!.superseded_at !== null);
      const share = formTo((await pia.follow(RELEASES(a))).text, RELEASES(a), '/1.12.0/share');
      await pia.follow(share.action, { form: { ...share.fields, rollout: '90', reason: 'all good' } });
      await until(async () => b.services.halts.shares.length === 2);
      // B, not deployed yet, serves its file's 20 and leaves Pia's 90 alone; deployed, it serves 90.
      const at85 = ids.filter((id) => rolloutBucket(id, '1.12.0') >= 70 && rolloutBucket(id, '1.12.0') < 90)[0]!;
      expect((await offered(b, above)).native).toBe('1.11.2');
      await b.services.halts.evaluate();
      expect(b.services.halts.shares[0]).toMatchObject({ rollout: 90, file_rollout: 40, superseded_at: null });
      await deploy(b, (doc) => doc.set('rollout', 40));
      expect(await offered(b, at85)).toEqual(everywhere('1.12.0'));
      expect(await offered(a, at85)).toEqual(everywhere('1.12.0'));
      // C, still on the shipped file, neither serves 90 nor supersedes it.
      await c.services.halts.evaluate();
      expect((await offered(c, at85)).native).toBe('1.11.2');
      expect(c.services.halts.shares[0]).toMatchObject({ rollout: 90, superseded_at: null });
    } finally {
      for (const replica of replicas) await replica.close();
      auth.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

/** Waits for what a replica learns from the database's notification (no replica polls): however long a loaded machine takes. */
const until = (done: () => Promise<boolean>): Promise<boolean> => eventually('a replica seeing the change', done);
