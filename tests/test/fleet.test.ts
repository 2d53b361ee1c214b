import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { spawnServer, SHIPPED_CONTENT, type ServerProcess } from './support/crash-server';
import { productionInstall, type ProductionInstall } from './support/production-install';
import { nginxUnavailable, startNginx, type RunningNginx } from './support/nginx';
import { rawRequest } from './support/raw-get';
import { waitFor } from './support/service';

// A fleet as an operator runs it: PostgreSQL in a temp folder, two replicas of the built service
// (installed with production dependencies only), each with its own content checkout and data
// folder, and the shipped nginx configuration in front.
const skip = clusterUnavailable() ?? nginxUnavailable();
if (skip) console.log(skip);
const describeFleet = skip ? describe.skip : describe;

const TOKEN = 'fleet-test-token';
const PUBLIC_URL = 'https://companion.example.org';
const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

interface Replica {
  name: string;
  contentDir: string;
  dataDir: string;
  server: ServerProcess;
  url: string;
}

const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;

describeFleet('two replicas on PostgreSQL behind nginx', () => {
  let cluster: TempCluster;
  let databaseUrl: string;
  let root: string;
  let install: ProductionInstall;
  const replicas: Replica[] = [];
  let nginx: RunningNginx;

  async function boot(replica: Omit<Replica, 'server' | 'url'>): Promise<Replica> {
    const server = spawnServer({
      CONTENT_DIR: replica.contentDir,
      DATA_DIR: replica.dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_TIMEOUT_MS: '1500',
      API_TOKENS: `${TOKEN}=*`,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL,
      RATE_LIMIT_CATALOG: '1000000/1m',
      RATE_LIMIT_FEEDBACK: '1000000/1m',
    }, {}, { args: [install.entry], cwd: install.dir });
    return { ...replica, server, url: await server.listening };
  }

  async function newReplica(name: string): Promise<Replica> {
    const contentDir = join(root, name, 'content');
    await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
    return boot({ name, contentDir, dataDir: join(root, name, 'data') });
  }

  const add = (replica: Replica, flag: string) =>
    rawRequest(`${replica.url}/api/tunnel/errors`, { method: 'POST', headers: auth, body: JSON.stringify({ Flag: flag, Info: `Added through ${replica.name}.`, Solution: ['Retry.'] }) });
  const entryStatus = async (replica: Replica, flag: string) => (await rawRequest(`${replica.url}/api/tunnel/errors/${flag}`)).status;

  beforeAll(async () => {
    install = await productionInstall();
    cluster = await TempCluster.start();
    databaseUrl = await cluster.createDatabase('fleet');
    root = await mkdtemp(join(tmpdir(), 'fleet-'));
    replicas.push(await newReplica('a'), await newReplica('b'));
    nginx = await startNginx(replicas.map((r) => new URL(r.url).host));
  }, 300_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(replicas.map((r) => r.server.stop()));
    await cluster?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
    await install?.cleanup();
  }, 180_000);

  it('runs the built service with production dependencies only', () => {
    expect(existsSync(join(install.dir, 'node_modules/.bin/tsx'))).toBe(false);
    expect(existsSync(join(install.dir, 'node_modules/jest'))).toBe(false);
    expect(existsSync(join(install.dir, 'apps/api/node_modules/smtp-server'))).toBe(false); // a devDependency of the API
    expect(existsSync(join(install.dir, 'apps/api/node_modules/express'))).toBe(true);
    expect(replicas.every((r) => r.server.output().includes('listening on'))).toBe(true);
  });

  it("runs the operator's commands from the built install, as deploy/README.md gives them", async () => {
    const run = promisify(execFile);
    const token = await run(process.execPath, ['apps/api/dist/token.js', 'health:read'], { cwd: install.dir });
    expect(token.stdout).toMatch(/^  [0-9a-f]{64}=health:read$/m);
    const migrated = await run(process.execPath, ['apps/api/dist/db-migrate.js'], { cwd: install.dir, env: { ...process.env, DATABASE_URL: databaseUrl } });
    expect(migrated.stdout.trim().split('\n').every((line) => / up to date at version \d+; runs services of level \d+ or later$/.test(line))).toBe(true);
    // The pnpm forms too: without tsx (left out by `pnpm install --prod`) they run the built twins.
    const viaPnpm = await run('pnpm', ['db:migrate'], { cwd: install.dir, env: { ...process.env, DATABASE_URL: databaseUrl } });
    expect(viaPnpm.stdout).toMatch(/ up to date at version \d+; runs services of level \d+ or later$/m);
    const viaPnpmToken = await run('pnpm', ['token:create', 'health:read'], { cwd: install.dir });
    expect(viaPnpmToken.stdout).toMatch(/^  [0-9a-f]{64}=health:read$/m);
    // The content check too, compiled by the build (packages/content/dist/check.js).
    const checked = await run('pnpm', ['content:check'], { cwd: install.dir });
    expect(checked.stderr).toMatch(/^content OK: \d+ stable and \d+ preview releases/m);
  });

  it('serves a change made through either replica from both, and prints how fast it spreads', async () => {
    const latencies: number[] = [];
    for (let i = 0; i < 100; i++) {
      const [writer, reader] = i % 2 === 0 ? [replicas[0]!, replicas[1]!] : [replicas[1]!, replicas[0]!];
      const flag = `SPREAD${i}`;
      expect((await add(writer, flag)).status).toBe(201);
      const acknowledged = performance.now();
      await waitFor(async () => (await entryStatus(reader, flag)) === 200, 10_000, () => `${flag} never reached ${reader.name}`);
      latencies.push(performance.now() - acknowledged);
    }
    console.log(`propagation between replicas over 100 writes: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`);
    // Served from the shared log, never written into a replica's content folder; both serve the same catalogue.
    for (const replica of replicas) expect(existsSync(join(replica.contentDir, 'errors/SPREAD99.yaml'))).toBe(false);
    const catalogs = await Promise.all(replicas.map(async (r) => JSON.parse((await rawRequest(`${r.url}/health`)).body.toString()).catalog));
    expect(catalogs[1]).toEqual(catalogs[0]);
  }, 120_000);

  it('gives exactly one 201 and one 409 when both replicas add the same Flag at once', async () => {
    for (let i = 0; i < 20; i++) {
      const flag = `TWICE${i}`;
      const statuses = (await Promise.all(replicas.map((r) => add(r, flag)))).map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409]);
    }
    const { rows } = await query("SELECT count(*)::int AS n FROM catalog_ops WHERE flag LIKE 'TWICE%'");
    expect(rows[0].n).toBe(20);
  });

  it('applies two updates of one Flag in the same order on both replicas', async () => {
    expect((await add(replicas[0]!, 'ORDER1')).status).toBe(201);
    const put = (replica: Replica, info: string) => rawRequest(`${replica.url}/api/tunnel/errors/ORDER1`, { method: 'PUT', headers: auth, body: JSON.stringify({ Info: info, Solution: ['Retry.'] }) });
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([put(replicas[0]!, `From a, round ${round}.`), put(replicas[1]!, `From b, round ${round}.`)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await waitFor(async () => {
        const infos = await Promise.all(replicas.map(async (r) => JSON.parse((await rawRequest(`${r.url}/api/tunnel/errors/ORDER1`)).body.toString()).data.Info));
        return infos[0] === infos[1] && infos[0].endsWith(`round ${round}.`);
      }, 10_000, () => 'the replicas disagree on ORDER1');
    }
    const { rows } = await query("SELECT entry->>'Info' AS info FROM catalog_entries WHERE flag = 'ORDER1'");
    const served = JSON.parse((await rawRequest(`${replicas[0]!.url}/api/tunnel/errors/ORDER1`)).body.toString()).data.Info;
    expect(rows[0].info).toBe(served);
  });

  it('loses no acknowledged write when a replica is killed with -9 under 8 writers', async () => {
    const acknowledged = new Set<string>();
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const flag = `KILL${w + 1}${String(i).padStart(5, '0')}`;
        const answer = await add(replicas[i % 2]!, flag).catch(() => null);
        if (answer?.status === 201) acknowledged.add(flag);
        else if (!answer || answer.status >= 500) await new Promise((done) => setTimeout(done, 5));
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    try {
      await waitFor(() => acknowledged.size >= 100, 30_000, () => 'the writers got nothing acknowledged');
      await replicas[0]!.server.kill();
      const before = acknowledged.size;
      await waitFor(() => acknowledged.size >= before + 100, 30_000, () => 'the surviving replica stopped acknowledging writes');
    } finally {
      stop = true;
      await Promise.all(writers);
    }

    replicas[0] = await boot(replicas[0]!);
    const { rows } = await query("SELECT flag FROM catalog_entries WHERE flag LIKE 'KILL%' AND entry IS NOT NULL");
    const inDatabase = new Set(rows.map((r: { flag: string }) => r.flag));
    const missing = [...acknowledged].filter((flag) => !inDatabase.has(flag));
    expect(missing).toEqual([]);
    for (const replica of replicas) {
      await waitFor(async () => (await entryStatus(replica, [...acknowledged].at(-1)!)) === 200, 20_000, () => `${replica.name} did not catch up`);
      const unserved = [];
      for (const flag of acknowledged) if ((await entryStatus(replica, flag)) !== 200) unserved.push(flag);
      expect([replica.name, unserved]).toEqual([replica.name, []]);
      const written = [...acknowledged].filter((flag) => existsSync(join(replica.contentDir, 'errors', `${flag}.yaml`)));
      expect([replica.name, written]).toEqual([replica.name, []]); // the content folder is left alone
    }
  }, 180_000);

  it('refuses writes with the cause while the database is stopped, keeps serving reads, and resumes when it is back', async () => {
    await cluster.stop('fast');
    const refused = await add(replicas[0]!, 'OUTAGE1');
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body.toString()).error.message).toMatch(/database/);
    for (const replica of replicas) {
      expect(await entryStatus(replica, 'SPREAD1')).toBe(200);
      const health = JSON.parse((await rawRequest(`${replica.url}/health`)).body.toString());
      expect(JSON.stringify(health)).toMatch(/postgresql/);
      expect(health.status).toBe('degraded');
    }
    await cluster.start();
    const resumed = await waitFor(async () => (await add(replicas[1]!, 'OUTAGE2')).status === 201, 30_000, () => 'writes did not resume after the database came back');
    expect(resumed).toBe(true);
    await waitFor(async () => (await entryStatus(replicas[0]!, 'OUTAGE2')) === 200, 20_000, () => 'replica a did not catch up after the outage');
    expect(await entryStatus(replicas[0]!, 'OUTAGE1')).toBe(404);
    expect(await entryStatus(replicas[1]!, 'OUTAGE1')).toBe(404);
  }, 120_000);

  it('serves an entry fresh right after a write through it, so a writer can read back the ETag it sends in If-Match', async () => {
    const path = '/api/tunnel/errors/NET3002';
    const before = await rawRequest(`${nginx.url}${path}`); // an anonymous read, as the writer's tool might do first
    expect(before.headers['cache-control']).toBe('public, no-cache');
    const write = await rawRequest(`${nginx.url}${path}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ notes: 'Read back at once.' }) });
    expect(write.status).toBe(200);
    // Never from nginx's cache; from whichever replica, once the change has reached it (milliseconds
    // on an idle machine: waited for, not timed, so a loaded one passes too).
    let after = await rawRequest(`${nginx.url}${path}`);
    for (const ceiling = Date.now() + 60_000; after.headers.etag !== write.headers.etag && Date.now() < ceiling; ) after = await rawRequest(`${nginx.url}${path}`);
    expect(JSON.parse(after.body.toString('utf8')).data.notes).toBe('Read back at once.');
    expect(after.headers.etag).toBe(write.headers.etag);
    expect(after.headers['x-cache-status']).not.toBe('HIT');
    const guarded = await rawRequest(`${nginx.url}${path}`, { method: 'PATCH', headers: { ...auth, 'If-Match': String(after.headers.etag) }, body: JSON.stringify({ notes: 'Guarded.' }) });
    expect(guarded.status).toBe(200);
  });

  it('never puts a Host header into a link, directly or through the cache', async () => {
    for (const base of [replicas[0]!.url, nginx.url]) {
      for (const path of ['/', '/api', '/elements', '/docs', ...['changelog', 'changelog-preview', 'notices'].flatMap((feed) => ['rss', 'atom', 'json'].map((ext) => `/feeds/${feed}.${ext}`))]) {
        const answer = await rawRequest(`${base}${path}`, { headers: { Host: 'evil.example' } });
        expect([path, answer.body.toString().includes('evil.example')]).toEqual([path, false]);
      }
    }
    const index = JSON.parse((await rawRequest(`${nginx.url}/`, { headers: { Host: 'evil.example' } })).body.toString());
    expect(JSON.stringify(index)).not.toMatch(/http:\/\/127\.0\.0\.1/);
  });

  it('keeps serving cached answers through nginx with every replica stopped', async () => {
    // One entry is always asked of a replica (public, no-cache: read-your-writes), the catalogue list is cached.
    const paths = ['/api/changelog', '/api/notice', '/api/tunnel/errors'];
    for (const path of paths) await rawRequest(`${nginx.url}${path}`);
    const cached = await Promise.all(paths.map((path) => rawRequest(`${nginx.url}${path}`)));
    await Promise.all(replicas.map((r) => r.server.stop()));
    for (const [i, path] of paths.entries()) {
      const answer = await rawRequest(`${nginx.url}${path}`);
      expect([path, answer.status, answer.headers['x-cache-status']]).toEqual([path, 200, 'HIT']);
      expect(answer.body.equals(cached[i]!.body)).toBe(true);
    }
  });

  async function query(text: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  }
});
