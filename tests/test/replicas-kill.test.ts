import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { request, SHIPPED_CONTENT, startServer, type ServerProcess } from './support/crash-server';

// Two real service processes (as `pnpm start` runs them) sharing the catalogue's op log in a
// PostgreSQL temp cluster, each with its own content checkout and data folder. One is killed
// with SIGKILL under 8 writers; nothing acknowledged may be lost, and the other never stops.
const skip = clusterUnavailable();
if (skip) console.log(skip);
const describeWithCluster = skip ? describe.skip : describe;

const TOKEN = 'replica-writer';
const WRITERS = 8;
let cluster: TempCluster;
const dirs: string[] = [];
const running = new Set<ServerProcess>();

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
  await cluster?.destroy();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function replicaEnv(url: string): Promise<Record<string, string>> {
  const contentDir = await mkdtemp(join(tmpdir(), 'replica-content-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'replica-data-'));
  dirs.push(contentDir, dataDir);
  await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
  return { CONTENT_DIR: contentDir, DATA_DIR: dataDir, DATABASE_URL: url, API_TOKENS: `${TOKEN}=errors:write+errors:read-log`, RATE_LIMIT_CATALOG: '1000000/60s' };
}

async function start(env: Record<string, string>): Promise<{ server: ServerProcess; url: string }> {
  const started = await startServer(env, 60_000);
  running.add(started.server);
  return started;
}

const served = async (url: string) => new Set(((await request(`${url}/api/tunnel/errors`, 'GET', null)).body.data as { Flag: string }[]).map((e) => e.Flag));
const filesOf = async (env: Record<string, string>) => new Set((await readdir(join(env.CONTENT_DIR!, 'errors'))).filter((n) => n.endsWith('.yaml')).map((n) => n.slice(0, -5)));

async function until(what: string, condition: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`still waiting, after ${ms} ms, for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describeWithCluster('two replicas on one database', () => {
  it('a replica killed with -9 under 8 writers loses no acknowledged write, and the other carries on; the database stopped and started again', async () => {
    cluster = await TempCluster.start();
    const url = await cluster.createDatabase('replicas');
    const [envA, envB] = [await replicaEnv(url), await replicaEnv(url)];
    const a = await start(envA);
    const b = await start(envB);

    const acknowledged = new Set<string>();
    const answeredByB: number[] = []; // statuses B gave after A was killed
    let killed = false;
    let stop = false;
    const writer = async (w: number) => {
      const target = w % 2 ? a : b;
      for (let i = 0; !stop; i++) {
        const flag = `KILL${w}${String(i).padStart(4, '0')}`;
        try {
          const res = await request(`${target.url}/api/tunnel/errors/addNew`, 'POST', TOKEN, { Flag: flag, Info: `written through ${target === a ? 'a' : 'b'}`, Solution: ['none'] });
          if (res.status === 201) acknowledged.add(flag);
          if (target === b && killed) answeredByB.push(res.status);
        } catch {
          if (target === a) return; // A is gone: its connection broke, the outcome is unknown to this client
          throw new Error(`replica b failed a request while a was killed (${flag})`);
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await until('writes flowing through both', async () => acknowledged.size >= 100);
    await a.server.kill();
    running.delete(a.server);
    killed = true;
    await until('b to take more writes after the kill', async () => answeredByB.length >= 50);
    stop = true;
    await Promise.all(writers);
    expect(new Set(answeredByB)).toEqual(new Set([201]));

    const again = await start(envA); // the same checkout and data folder
    const db = await Database.open({ url, poolMax: 2, timeoutMs: 5000 });
    try {
      const { rows } = await db.query<{ flag: string }>('SELECT flag FROM catalog_ops ORDER BY seq');
      const logged = new Set(rows.map((r) => r.flag));
      for (const flag of acknowledged) expect(logged.has(flag)).toBe(true);
      console.log(`kill -9 under ${WRITERS} writers: ${acknowledged.size} acknowledged, ${logged.size} in the log (the rest were in flight at the kill)`);
      for (const [name, replica, env] of [['a', again, envA], ['b', b, envB]] as const) {
        await until(`${name} to serve every logged change`, async () => {
          const entries = await served(replica.url);
          return [...logged].every((flag) => entries.has(flag));
        });
        const files = await filesOf(env);
        for (const flag of logged) expect(files.has(flag)).toBe(true);
        const health = (await request(`${replica.url}/health`, 'GET', null)).body.storage.catalog;
        expect(health).toMatchObject({ store: 'postgresql', writable: true, applied_seq: rows.length, database: { connected: true } });
      }

      // The database stopped: writes answer 503 with the cause, reads are served, /health says which.
      await cluster.stop('fast');
      const refused = await request(`${b.url}/api/tunnel/errors/addNew`, 'POST', TOKEN, { Flag: 'DOWN1', Info: 'refused', Solution: ['none'] });
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({ code: 'STORAGE_UNAVAILABLE', message: expect.stringContaining('the database refuses connections') });
      for (const replica of [again, b]) {
        expect((await request(`${replica.url}/api/tunnel/errors/${[...acknowledged][0]}`, 'GET', null)).status).toBe(200);
        expect((await request(`${replica.url}/api/tunnel/errors/stats`, 'GET', null)).body.data.logs_total).toBe(rows.length);
        await until('/health to say the database is down', async () => {
          const health = (await request(`${replica.url}/health`, 'GET', null)).body;
          return health.status === 'degraded' && health.storage.catalog.database.connected === false && /database is unavailable/.test(health.storage.catalog.reason);
        });
      }
      // Back: writes resume without a restart, and the other replica serves them.
      await cluster.start();
      await until('a write taken again', async () => (await request(`${again.url}/api/tunnel/errors/addNew`, 'POST', TOKEN, { Flag: 'BACK1', Info: 'after the restart', Solution: ['none'] })).status === 201);
      await until('b to serve BACK1', async () => (await request(`${b.url}/api/tunnel/errors/BACK1`, 'GET', null)).status === 200);
      expect((await request(`${b.url}/api/tunnel/errors/DOWN1`, 'GET', null)).status).toBe(404);
    } finally {
      await db.close().catch(() => undefined);
    }
  }, 180_000);
});
