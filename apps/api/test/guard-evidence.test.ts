import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { call, fleetIds, flushed, startServer, type TestServer } from './server';

// The attacks an outsider can make on a guarded rollout, each against a real server on real
// files over real HTTP: anonymous bug reports, made-up install ids in checks and reports, a
// flood from made-up versions, and installs nobody offered the release. None halts, blinds or
// grows anything; the same fleet's real reports still halt the release.

const NOW_MS = Date.parse('2026-11-10T09:00:00Z');
const RELEASE = 'changelog/stable/1.12.0.yaml';
const GUARD = { bug_feedback_factor: 2, min_active_installs: 50, notify: 'releases@example.com' };
const ENV = { RATE_LIMIT_FEEDBACK: '100000/60s' };
const clock = { nowMicros: () => NOW_MS * 1000 };

async function guarded(): Promise<TestServer> {
  const server = await startServer({ tokens: 'ops=health:read+feedback:read', clock, env: ENV, deps: { trustProxy: true } });
  const path = join(server.contentDir, RELEASE);
  const doc = parseDocument(await readFile(path, 'utf8'));
  doc.set('guard', GUARD);
  await writeFile(path, doc.toString());
  await server.content.reconcile();
  expect(server.content.status().issues).toEqual([]);
  return server;
}

const check = (server: TestServer, version: string, install: string) => call(`${server.url}/api/changelog/since/${version}?install_id=${install}&platform=windows`);
const report = (server: TestServer, version: string, from: string, install?: string) =>
  call(`${server.url}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ content: 'crashes on start', type: 'bug', client_version: version, platform: 'windows', ...(install && { install_id: install }) }),
  });
const halted = async (server: TestServer) => (await call(`${server.url}/health`)).body.releases.halted.map((h: { version: string }) => h.version);
/** Flushes what was counted and judges the guards, as the periodic rounds would. */
async function judge(server: TestServer): Promise<void> {
  await flushed(server);
  await server.services.halts.evaluate();
}

/**
 * An honest fleet: 400 installs on 1.11.2 check in; those the 20% rollout offers 1.12.0 take it
 * and check in from it. Five installs on 1.11.2 report a bug, from five networks: a rate a single
 * vote on 1.12.0 stays under, and four cross.
 */
async function honestFleet(server: TestServer) {
  const ids = fleetIds(server, 400, NOW_MS);
  const onNew: string[] = [];
  const onOld: string[] = [];
  for (const id of ids) {
    const answer = await check(server, '1.11.2', id);
    expect(answer.status).toBe(200);
    (answer.body.data.latest === '1.12.0' ? onNew : onOld).push(id);
  }
  for (const id of onNew) expect((await check(server, '1.12.0', id)).status).toBe(200);
  for (const [n, id] of onOld.slice(0, 5).entries()) expect((await report(server, '1.11.2', `192.0.${n}.1`, id)).status).toBe(201);
  await judge(server);
  expect(onNew.length).toBeGreaterThan(GUARD.min_active_installs);
  return { onNew, onOld };
}

describe('a guarded rollout against outsiders', () => {
  let server: TestServer;
  let fleet: Awaited<ReturnType<typeof honestFleet>>;
  beforeAll(async () => {
    server = await guarded();
    fleet = await honestFleet(server);
  }, 300_000);
  afterAll(() => server.close());

  it('three anonymous bug reports are stored and shown, and do not halt it', async () => {
    for (let n = 0; n < 3; n++) expect((await report(server, '1.12.0', '203.0.113.9')).status).toBe(201);
    await judge(server);
    expect(await halted(server)).toEqual([]);
    expect(await readdir(join(server.dataDir, 'outbox')).catch(() => [])).toEqual([]);
    const stats = (await call(`${server.url}/api/feedback/stats`)).body.data;
    expect(stats.by_type.bug).toBe(8);
  });

  it('reports naming made-up ids, ids never seen on the release, or ids that checked in with made-up ids do not halt it', async () => {
    // Forty "installs" checking from 1.12.0 with random ids, and reports naming them.
    const madeUp = Array.from({ length: 40 }, () => randomUUID());
    for (const id of madeUp) expect((await check(server, '1.12.0', id)).status).toBe(200);
    for (const [n, id] of madeUp.slice(0, 5).entries()) expect((await report(server, '1.12.0', `198.51.${n}.1`, id)).status).toBe(201);
    // Real installs on 1.11.2 claiming to run 1.12.0.
    for (const [n, id] of fleet.onOld.slice(10, 15).entries()) expect((await report(server, '1.12.0', `198.18.${n}.1`, id)).status).toBe(201);
    await judge(server);
    expect(await halted(server)).toEqual([]);
    const [day] = await server.services.adoption.guardDays(['1.12.0'], '2026-11-10', '2026-11-10');
    expect(day).toEqual({ day: '2026-11-10', version: '1.12.0', installs: fleet.onNew.length, unoffered: 0, votes: 0 });
  });

  it('three real installs on the release reporting from one network are one vote', async () => {
    for (const id of fleet.onNew.slice(0, 3)) expect((await report(server, '1.12.0', '100.64.7.1', id)).status).toBe(201);
    await flushed(server);
    expect((await server.services.adoption.guardDays(['1.12.0'], '2026-11-10', '2026-11-10'))[0]!.votes).toBe(1);
  });

  it('3,000 made-up installs checking from the release do not dilute it: real reports from three networks still halt it', async () => {
    for (let n = 0; n < 3000; n += 100) await Promise.all(Array.from({ length: 100 }, (_, k) => check(server, '1.12.0', `fake-${n + k}`)));
    await judge(server);
    expect(await halted(server)).toEqual([]);
    // A version written as the app may report it (`v`, build metadata) names the same release.
    const forms = ['1.12.0', 'v1.12.0', '1.12.0+build.5'];
    for (const [n, id] of fleet.onNew.slice(3, 6).entries()) expect((await report(server, forms[n]!, `172.16.${n}.1`, id)).status).toBe(201);
    await judge(server);
    expect(await halted(server)).toEqual(['1.12.0']);
    const [halt] = (await call(`${server.url}/health`)).body.releases.halted;
    // 4 votes (one from 100.64.7.0/24, three now) over the real installs only.
    expect(halt.figures).toMatchObject({ install_days: fleet.onNew.length, bug_reports: 4, previous: { version: '1.11.2', bug_reports: 5, install_days: fleet.onOld.length + fleet.onNew.length } });
    // Stored as the update check reads the version, and without the install id.
    const stored = (await call(`${server.url}/api/feedback?per_page=500`, { headers: { authorization: 'Bearer ops' } })).body.data;
    expect(stored.slice(0, 3).map((f: { client_version: string }) => f.client_version)).toEqual(['1.12.0', '1.12.0', '1.12.0']);
    expect(JSON.stringify(stored)).not.toContain(fleet.onNew[3]);
  });
});

describe('installs nobody offered the release', () => {
  it('make the guard refuse to judge, and say why, rather than halt or pass', async () => {
    const server = await guarded();
    try {
      const { onNew } = await honestFleet(server);
      // Credentials obtained one by one and used straight from 1.12.0, never offered it.
      const strangers = fleetIds(server, onNew.length + 10, NOW_MS);
      for (const id of strangers) expect((await check(server, '1.12.0', id)).status).toBe(200);
      for (const [n, id] of strangers.slice(0, 10).entries()) expect((await report(server, '1.12.0', `203.0.${n}.1`, id)).status).toBe(201);
      await judge(server);
      expect(await halted(server)).toEqual([]);
      const verdict = server.services.halts.verdicts.get('1.12.0');
      expect(verdict).toEqual({ kind: 'unjudged', reason: expect.stringMatching(/^\d+ of its \d+ install-days from 2026-11-04 to 2026-11-10 are of installs the service never offered 1\.12\.0 \(more than half\)/) });
    } finally {
      await server.close();
    }
  });
});

describe('a flood of checks from made-up versions', () => {
  it('keeps no row, no pending id and no metric series', async () => {
    const server = await guarded();
    try {
      const series = async () => ((await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer ops' } })).text()).match(/^companion_active_installs\{/gm) ?? []).length;
      const before = await series();
      const real = fleetIds(server, 30, NOW_MS);
      for (let n = 0; n < 9000; n += 300) {
        await Promise.all(Array.from({ length: 300 }, (_, k) => call(`${server.url}/api/changelog/since/1.0.0-${randomUUID()}?install_id=${k % 2 ? randomUUID() : real[k % 30]}`)));
      }
      expect(server.services.adoption.health().pending).toBe(0);
      expect(server.services.adoption.health().uncounted).toMatchObject({ not_issued: 4500, unknown_version: 4500 });
      await flushed(server);
      expect(await series()).toBe(before);
      expect((await readdir(join(server.dataDir, 'adoption'))).filter((name) => name.endsWith('.tsv'))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('counts that cannot be written', () => {
  it('turn /health degraded with the reason, count in /metrics, and are written once the store takes them again', async () => {
    const server = await guarded();
    try {
      const [id] = fleetIds(server, 1, NOW_MS);
      const dayFile = join(server.dataDir, 'adoption', '2026-11-10.tsv');
      await mkdir(dayFile); // the day file's place taken: every flush fails
      expect((await check(server, '1.12.0', id!)).status).toBe(200);
      await server.services.adoption.flush();
      let health = (await call(`${server.url}/health`)).body;
      expect(health.status).toBe('degraded');
      expect(health.adoption).toMatchObject({ failing_since: '2026-11-10T09:00:00.000000Z', flush_failures: 1, pending: 1, last_error: expect.stringContaining('EISDIR') });
      const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer ops' } })).text();
      expect(metrics).toMatch(/^companion_adoption_flush_failures_total 1$/m);
      await rm(dayFile, { recursive: true });
      await flushed(server);
      health = (await call(`${server.url}/health`)).body;
      expect(health.status).toBe('ok');
      expect(health.adoption).toMatchObject({ failing_since: null, pending: 0, last_flush_at: '2026-11-10T09:00:00.000000Z' });
      expect((await server.services.adoption.counts('2026-11-10', '2026-11-10')).find((c) => c.version === '1.12.0' && c.platform === null)?.installs).toBe(1);
    } finally {
      await server.close();
    }
  });
});
