import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { ReleaseHealth } from '../src/routes/release-health';
import { call, expectEnvelope, expectError, fleetIds, flushed, startServer, type TestServer } from './server';

// Installs counted from their update checks and the release health built on them: real files,
// real PostgreSQL (two replicas on one database), real HTTP, a clock the test moves day by day.

const TOKENS = 'pm=releases:read,reader=feedback:read,ops=health:read';
const DAY_MS = 86_400_000;
const START_MS = Date.parse('2026-11-02T09:00:00Z');

/** A clock the test sets: days advance only when told. */
function testClock() {
  let ms = START_MS;
  return { nowMicros: () => ms * 1000, advanceDays: (n: number) => (ms += n * DAY_MS), set: (at: number) => (ms = at) };
}

const check = (server: TestServer, version: string, install: string | null, platform?: string) =>
  call(`${server.url}/api/changelog/since/${version}?${new URLSearchParams({ ...(install && { install_id: install }), ...(platform && { platform }) })}`);
const health = async (server: TestServer, version: string, query = '', token = 'pm') => call(`${server.url}/api/releases/${version}/health${query}`, { headers: { authorization: `Bearer ${token}` } });
const feedback = (server: TestServer, version: string, type: string) =>
  call(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: `from ${version}`, type, client_version: version, platform: 'windows' }) });

/**
 * Two days of a fleet of 200 installs (120 on Windows, 80 on macOS), each checking three times a
 * day: all on 1.11.1 the first day; the second, 60 of them (40 Windows, 20 macOS) have moved to
 * 1.11.2 (one checks from both that day), and feedback comes from both versions.
 */
async function simulateFleet(servers: TestServer[], clock: ReturnType<typeof testClock>): Promise<Fleet> {
  const ids = fleetIds(servers[0]!, 200, START_MS);
  const platformOf = (i: number) => (i < 120 ? 'windows' : 'macos');
  const moved = (i: number) => i < 40 || (i >= 120 && i < 140);
  const on = (day: number, i: number) => (day === 1 && moved(i) ? '1.11.2' : '1.11.1');
  const offeredFirstDay: (string | null)[] = [];
  for (const day of [0, 1]) {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 200; i++) {
        const server = servers[(i + round) % servers.length]!;
        const answer = await check(server, on(day, i), ids[i]!, platformOf(i));
        expect(answer.status).toBe(200);
        if (day === 0) offeredFirstDay[i] = (answer.body as any).data.latest;
      }
    }
    // Without an install id nothing is counted.
    expect((await check(servers[0]!, '1.11.2', null, 'linux')).status).toBe(200);
    if (day === 1) {
      expect((await check(servers[0]!, '1.11.1', ids[0]!, 'windows')).status).toBe(200);
      for (let n = 0; n < 3; n++) expect((await feedback(servers[0]!, '1.11.2', 'bug')).status).toBe(201);
      expect((await feedback(servers[0]!, '1.11.2', 'suggestion')).status).toBe(201);
      for (let n = 0; n < 2; n++) expect((await feedback(servers[0]!, '1.11.1', 'bug')).status).toBe(201);
    }
    for (const server of servers) await flushed(server);
    if (day === 0) clock.advanceDays(1);
  }
  // What each install's answers offered it on 1.11.1: 1.11.2, or 1.12.0 for the installs its partial rollout reaches.
  const offered = offeredFirstDay.filter((latest) => latest === '1.11.2').length;
  const took = offeredFirstDay.filter((latest, i) => latest === '1.11.2' && moved(i)).length;
  return { offered, took, ids };
}

/** Of the fleet: the installs offered 1.11.2 on the first day, and those of them that moved to it on the second. */
interface Fleet {
  offered: number;
  took: number;
  /** The installs' credentials. */
  ids: string[];
}

/** What the fleet above must show for 1.11.2 over those two days. */
function expectFleetHealth(data: any, fleet: Fleet): void {
  // Both kinds are in the fleet: movers that had been offered 1.11.2, and movers offered 1.12.0 instead.
  expect(fleet.took).toBeGreaterThan(0);
  expect(fleet.took).toBeLessThan(60);
  expect(ReleaseHealth.safeParse(data).error).toBeUndefined();
  expect(data).toMatchObject({ version: '1.11.2', channel: 'stable', previous: '1.11.1', from: '2026-11-02', to: '2026-11-03' });
  expect(data.days).toEqual([
    { date: '2026-11-02', active_installs: 0, share: 0, offered: fleet.offered, took: 0, platforms: {}, previous: { active_installs: 200, share: 1 } },
    {
      date: '2026-11-03',
      active_installs: 60,
      share: 0.3,
      // Installs offered 1.12.0 instead that moved to 1.11.2 anyway did not take it as offered.
      offered: 0,
      took: fleet.took,
      platforms: { windows: { active_installs: 40, share: 0.3333 }, macos: { active_installs: 20, share: 0.25 } },
      // The first install checked from both versions that day: active on each, once in the day's total.
      previous: { active_installs: 141, share: 0.705 },
    },
  ]);
  expect(data.uptake).toEqual({ offered: fleet.offered, took: fleet.took });
  expect(data.feedback).toEqual({ install_days: 60, by_type: { bug: { count: 3, per_1000: 50 }, suggestion: { count: 1, per_1000: 16.667 }, question: { count: 0, per_1000: 0 }, other: { count: 0, per_1000: 0 } } });
  expect(data.previous_feedback).toEqual({ install_days: 341, by_type: { bug: { count: 2, per_1000: 5.865 }, suggestion: { count: 0, per_1000: 0 }, question: { count: 0, per_1000: 0 }, other: { count: 0, per_1000: 0 } } });
}

describe('release health on flat files', () => {
  const clock = testClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ tokens: TOKENS, clock });
  });
  afterAll(() => server.close());

  let fleet: Fleet;
  it('counts each install once a day on its version and platform, and answers the health against the previous release', async () => {
    fleet = await simulateFleet([server], clock);
    expectFleetHealth(expectEnvelope((await health(server, '1.11.2', '?days=2')).body, false), fleet);
  });

  it('keeps only keyed hashes of the install ids, under a secret only the owner reads', async () => {
    const dir = join(server.dataDir, 'adoption');
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['2026-11-02.tsv', '2026-11-03.tsv', 'credential-key', 'secret']);
    for (const key of ['secret', 'credential-key']) expect((await stat(join(dir, key))).mode & 0o077).toBe(0);
    const text = await readFile(join(dir, '2026-11-03.tsv'), 'utf8');
    for (const id of fleet.ids) expect(text).not.toContain(id);
    expect(text.trim().split('\n')).toHaveLength(201); // 200 installs, the first on two versions
    // The last field: the newer version the check offered (none to an install on 1.11.2 outside 1.12.0's rollout).
    for (const line of text.trim().split('\n')) expect(line).toMatch(/^[A-Za-z0-9_-]{22}\t1\.11\.[12]\tstable\t(windows|macos)\tx64\t(1\.11\.2|1\.12\.0|)$/);
  });

  it('shows the installs active today as a Prometheus gauge per version and platform', async () => {
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer ops' } })).text();
    expect(metrics).toContain('companion_active_installs{version="1.11.2",platform="windows"} 40');
    expect(metrics).toContain('companion_active_installs{version="1.11.2",platform="macos"} 20');
    expect(metrics).toContain('companion_active_installs{version="1.11.1",platform="windows"} 81');
  });

  it('needs the releases:read scope, a release that exists and a day count within retention', async () => {
    expectError(await call(`${server.url}/api/releases/1.11.2/health`), 401, 'UNAUTHORIZED');
    expectError(await health(server, '1.11.2', '', 'reader'), 403, 'FORBIDDEN');
    expectError(await health(server, '1.99.0'), 404, 'RELEASE_NOT_FOUND');
    expectError(await health(server, 'latest'), 400, 'BAD_PARAMETER');
    expectError(await health(server, '1.11.2', '?days=0'), 400, 'BAD_PARAMETER');
    expectError(await health(server, '1.11.2', '?days=91'), 400, 'BAD_PARAMETER');
    expectError(await health(server, '1.11.2', '?since=1'), 400, 'BAD_PARAMETER');
  });
});

describe('counting through the router', () => {
  it('counts a check Express answers (fast reads off) like one the fast path answers', async () => {
    const clock = testClock();
    const server = await startServer({ tokens: TOKENS, clock, deps: { fastReads: false } });
    const ids = fleetIds(server, 5, START_MS);
    try {
      // Each install is first on 1.11.1, then on 1.11.2: those whose answer offered 1.11.2 took it.
      let offered = 0;
      for (let i = 0; i < 5; i++) if ((await check(server, '1.11.1', ids[i]!, 'linux')).body.data.latest === '1.11.2') offered++;
      for (let i = 0; i < 5; i++) for (let round = 0; round < 2; round++) expect((await check(server, '1.11.2', ids[i]!, 'linux')).status).toBe(200);
      await flushed(server);
      const data = expectEnvelope((await health(server, '1.11.2', '?days=1')).body, false);
      expect(offered).toBeGreaterThan(0);
      expect(data.days[0]).toMatchObject({ active_installs: 5, offered, took: offered, platforms: { linux: { active_installs: 5, share: 1 } } });
    } finally {
      await server.close();
    }
  });
});

describe("counting the updaters' own feeds", () => {
  it('counts Tauri and Sparkle checks whose URL names the install and the version the app runs, with what each offered', async () => {
    const clock = testClock();
    const server = await startServer({ tokens: TOKENS, clock });
    const ids = fleetIds(server, 7, START_MS);
    try {
      // Tauri's endpoint as docs/API.md writes it, its {{target}}, {{arch}} and {{current_version}} filled as tauri-plugin-updater does.
      const tauri = (install: string, version: string) =>
        fetch(`${server.url}/api/updates/tauri/stable/{{target}}/{{arch}}?install_id=${install}&version={{current_version}}`.replace('{{target}}', 'darwin').replace('{{arch}}', 'aarch64').replace('{{current_version}}', version));
      const sparkle = (install: string, version: string) => fetch(`${server.url}/api/updates/sparkle/stable/macos-arm64?install_id=${install}&version=${version}`);
      const offers = new Map<string, number>();
      for (let i = 0; i < 6; i++) {
        const viaTauri = i % 2 === 0;
        const answer = viaTauri ? await tauri(ids[i]!, '1.11.1') : await sparkle(ids[i]!, '1.11.1');
        expect(answer.status).toBe(200);
        const offered = viaTauri ? ((await answer.json()) as { version: string }).version : /<sparkle:version>([^<]+)</.exec(await answer.text())![1]!;
        offers.set(offered, (offers.get(offered) ?? 0) + 1);
        // Updated, it checks again from the new version (offered the same one: the updater sees nothing newer).
        expect((viaTauri ? await tauri(ids[i]!, offered) : await sparkle(ids[i]!, offered)).status).toBe(200);
      }
      // Without the version the check is answered alike and counts nothing.
      expect((await fetch(`${server.url}/api/updates/tauri/stable/darwin/aarch64?install_id=${ids[6]}`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/updates/tauri/stable/darwin/aarch64?install_id=${ids[6]}&version=latest`)).status).toBe(400);
      await flushed(server);
      const before = expectEnvelope((await health(server, '1.11.1', '?days=1')).body, false);
      expect(before.days[0]).toMatchObject({ active_installs: 6, share: 1, platforms: { macos: { active_installs: 6, share: 1 } } });
      for (const [version, count] of offers) {
        const data = expectEnvelope((await health(server, version, '?days=1')).body, false);
        expect(data.days[0]).toMatchObject({ active_installs: count, offered: count, took: count });
      }
    } finally {
      await server.close();
    }
  });
});

describe('counts across restarts and retention', () => {
  it('keeps what was flushed at shutdown, never counts an install twice, and deletes days past retention', async () => {
    const clock = testClock();
    const dataDir = await mkdtemp(join(tmpdir(), 'adoption-'));
    const first = await startServer({ tokens: TOKENS, clock, dataDir, env: { ADOPTION_RETENTION_DAYS: '3' } });
    const ids = fleetIds(first, 15, START_MS);
    try {
      for (let i = 0; i < 10; i++) await check(first, '1.11.2', ids[i]!, 'linux');
    } finally {
      await first.close();
    }
    // Closed without an explicit flush: the shutdown wrote them.
    const second = await startServer({ tokens: TOKENS, clock, dataDir, env: { ADOPTION_RETENTION_DAYS: '3' } });
    try {
      for (let i = 5; i < 15; i++) await check(second, '1.11.2', ids[i]!, 'linux');
      await flushed(second);
      let data = expectEnvelope((await health(second, '1.11.2', '?days=1')).body, false);
      expect(data.days).toEqual([{ date: '2026-11-02', active_installs: 15, share: 1, offered: 0, took: 0, platforms: { linux: { active_installs: 15, share: 1 } }, previous: { active_installs: 0, share: 0 } }]);
      expectError(await health(second, '1.11.2', '?days=4'), 400, 'BAD_PARAMETER');
      clock.advanceDays(3);
      await flushed(second);
      expect((await readdir(join(dataDir, 'adoption'))).sort()).toEqual(['credential-key', 'secret']);
      data = expectEnvelope((await health(second, '1.11.2', '?days=3')).body, false);
      expect(data.days.map((d: any) => d.active_installs)).toEqual([0, 0, 0]);
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a retention that is not a whole number of days', async () => {
    await expect(startServer({ env: { ADOPTION_RETENTION_DAYS: '90d' } })).rejects.toThrow('ADOPTION_RETENTION_DAYS: expected a whole number of days from 1 to 3650; found "90d"');
  });
});

const skip = clusterUnavailable();
if (skip) console.log(skip);

(skip ? describe.skip : describe)('release health on PostgreSQL, two replicas', () => {
  let cluster: TempCluster;
  beforeAll(async () => {
    cluster = await TempCluster.start();
  }, 120_000);
  afterAll(async () => cluster?.destroy(), 60_000);

  it('merges what each replica saw: an install seen by both counts once, and both answer the same health', async () => {
    const url = `${await cluster.createDatabase('adoption')}?password=s3cret`;
    const clock = testClock();
    const replicas: TestServer[] = [];
    try {
      for (let n = 0; n < 2; n++) replicas.push(await startServer({ tokens: TOKENS, clock, env: { DATABASE_URL: url } }));
      const fleet = await simulateFleet(replicas, clock);
      for (const replica of replicas) expectFleetHealth(expectEnvelope((await health(replica, '1.11.2', '?days=2')).body, false), fleet);
    } finally {
      for (const replica of replicas) await replica.close();
    }
  });
});
