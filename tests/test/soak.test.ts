import { copyFile, cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SHIPPED_CONTENT, startServer, type ServerProcess } from './support/crash-server';
import { rssOf } from './support/fuzz-checks';
import { describeFlood, measureFlood } from './support/flood-probe';
import { send, type RawRequest } from './support/raw-http';

// A bounded soak: mixed reads and writes against the real server process for SOAK_SECONDS
// (default 60), then every acknowledged write is checked over GET (and the content folder is
// left alone: writes live in the op log).
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CLIENTS = 8;
const TOKEN = 'soak-token-0123456789';
/**
 * The band RSS must come back into after the run: what a fresh server over the grown catalogue
 * holds once it has answered each kind of read, times 1.5, plus 64 MB, both read after a full
 * garbage collection in the server. Memory the catalogue itself needs is allowed; memory that
 * grows with the requests served is not.
 */
const RSS_FACTOR = 1.5;
const RSS_SLACK = 64 * 2 ** 20;
const WINDOW_MS = 10_000;

type State = { Info: string; Solution: string[] } | null;

/** Makes the server (started with GC_ON_SIGNAL) collect its garbage, then reads its RSS. */
const GC_ON_SIGNAL = { NODE_OPTIONS: `--require ${join(import.meta.dirname, 'support/gc-on-signal.cjs')}` };
async function rssAfterGc(pid: number): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  await sleep(2000);
  return rssOf(pid);
}

const fdCount = async (pid: number) => (await readdir(`/proc/${pid}/fd`)).length;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * RSS of a new server over `contentDir` and a copy of the op log in `grownDataDir` (the grown
 * catalogue lives there) once it has answered every kind of read the soak sends.
 */
async function freshRss(contentDir: string, grownDataDir: string): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'soak-fresh-'));
  for (const name of ['catalog-ops.jsonl', 'catalog-log-id']) await copyFile(join(grownDataDir, name), join(dataDir, name));
  const { server, url } = await startServer({ CONTENT_DIR: contentDir, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...GC_ON_SIGNAL }, 120_000);
  try {
    const agent = new Agent({ keepAlive: false });
    for (const target of ['/api/tunnel/errors', '/api/notice', '/api/changelog', '/api/tunnel/errors/PORT1001', '/api/tunnel/errors/search?q=soak%201', '/api/tunnel/errors/search?q=port', '/health', '/api/tunnel/errors/stats']) {
      await send(new URL(url), agent, { method: 'GET', target, headers: {} }, 60_000);
    }
    return await rssAfterGc(server.pid);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('soak: mixed reads and writes on the real server', () => {
  let server: ServerProcess;
  let base: URL;
  let contentDir: string;
  let dataDir: string;

  beforeAll(async () => {
    contentDir = await mkdtemp(join(tmpdir(), 'soak-content-'));
    dataDir = await mkdtemp(join(tmpdir(), 'soak-data-'));
    await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
    const started = await startServer({ CONTENT_DIR: contentDir, DATA_DIR: dataDir, API_TOKENS: `${TOKEN}=*`, LOG_LEVEL: 'info', RATE_LIMIT_CATALOG: '1000000/1m', ...GC_ON_SIGNAL });
    server = started.server;
    base = new URL(started.url);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await rm(contentDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`runs ${SECONDS} s with no 5xx, no lost write, RSS in its band and descriptors flat`, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const statuses = new Map<number, number>();
    const anomalies: string[] = [];
    /** What every Flag a client wrote holds, as acknowledged; one client per Flag, so exact. */
    const model = new Map<string, State>();
    const windows: { requests: number; entries: number }[] = [];
    let requests = 0;
    let entries = 34;
    let seq = 0;

    const call = async (req: RawRequest) => {
      const reply = await send(base, agent, req, 30_000);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status >= 500) anomalies.push(`${req.method} ${req.target} -> ${reply.status} ${reply.body.slice(0, 200)}`);
      requests++;
      return reply;
    };
    const write = (method: string, target: string, body?: unknown) =>
      call({ method, target, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const get = (target: string) => call({ method: 'GET', target, headers: {} });

    const client = async (id: number, until: number) => {
      const own: string[] = [];
      let i = 0;
      while (Date.now() < until) {
        const roll = (i++ * 7 + id) % 20;
        if (roll < 4 || own.length === 0) {
          const Flag = `SOAK${id}${String(++seq).padStart(6, '0')}`;
          const state = { Info: `Soak entry ${Flag}, version 1.`, Solution: [`Step one for ${Flag}.`, 'Step two.'] };
          const reply = await write('POST', '/api/tunnel/errors/addNew', { Flag, ...state, severity: 'low' });
          if (reply.status === 201) {
            model.set(Flag, state);
            own.push(Flag);
            entries++;
          } else anomalies.push(`add ${Flag} -> ${reply.status}`);
        } else if (roll < 6) {
          const Flag = own[i % own.length]!;
          const state = { Info: `Soak entry ${Flag}, version ${i}.`, Solution: [`Step ${i}.`] };
          // PUT replaces the whole entry: the severity it was created with is sent again.
          const reply = await write('PUT', `/api/tunnel/errors/${Flag}`, { ...state, severity: 'low' });
          if (reply.status === 200) model.set(Flag, state);
          else anomalies.push(`update ${Flag} -> ${reply.status}`);
        } else if (roll < 7) {
          const Flag = own.splice(i % own.length, 1)[0]!;
          const reply = await write('DELETE', `/api/tunnel/errors/${Flag}`);
          if (reply.status === 200) {
            model.set(Flag, null);
            entries--;
          } else anomalies.push(`delete ${Flag} -> ${reply.status}`);
        } else {
          const targets = ['/api/tunnel/errors', '/api/notice', '/api/changelog', `/api/tunnel/errors/${own[0] ?? 'PORT1001'}`, `/api/tunnel/errors/search?q=soak%20${id}`, '/api/tunnel/errors/search?q=port', '/health', '/api/tunnel/errors/stats'];
          await get(targets[i % targets.length]!);
        }
      }
    };

    // Warm-up, then the baseline the end is compared with.
    await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id, Date.now() + 3000)));
    const rssBefore = await rssAfterGc(server.pid);
    const fdsBefore = await fdCount(server.pid);
    let rssPeak = rssBefore;

    const until = Date.now() + SECONDS * 1000;
    const sampler = setInterval(() => {
      windows.push({ requests, entries });
      requests = 0;
      void rssOf(server.pid).then((rss) => (rssPeak = Math.max(rssPeak, rss)), () => undefined);
    }, WINDOW_MS);
    await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id, until)));
    clearInterval(sampler);
    agent.destroy();

    // Every acknowledged write over GET; none written into the content folder.
    const lost: string[] = [];
    const reader = new Agent({ keepAlive: true, maxSockets: 4 });
    for (const [Flag, state] of model) {
      const reply = await send(base, reader, { method: 'GET', target: `/api/tunnel/errors/${Flag}`, headers: {} });
      const file = await readFile(join(contentDir, 'errors', `${Flag}.yaml`), 'utf8').then(parse, () => null);
      if (state === null) {
        if (reply.status !== 404 || file !== null) lost.push(`${Flag}: deleted, but GET ${reply.status}, file ${file ? 'present' : 'absent'}`);
      } else {
        const served = reply.status === 200 ? JSON.parse(reply.body).data : null;
        if (served?.Info !== state.Info || JSON.stringify(served?.Solution) !== JSON.stringify(state.Solution) || file !== null) {
          lost.push(`${Flag}: acknowledged ${JSON.stringify(state.Info)}, GET ${JSON.stringify(served?.Info)}, file ${file ? 'written' : 'absent'}`);
        }
      }
    }
    reader.destroy();

    await sleep(3000); // idle: sockets closed, timers settled
    const rssAfter = await rssAfterGc(server.pid);
    const fdsAfter = await fdCount(server.pid);
    const rssFresh = await freshRss(contentDir, dataDir);
    const rssBand = rssFresh * RSS_FACTOR + RSS_SLACK;
    const first = windows[0];
    const last = windows[windows.length - 1];
    const rate = (w: { requests: number } | undefined) => (w ? w.requests / (WINDOW_MS / 1000) : 0);
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    console.log(
      [
        `soak: ${SECONDS} s, ${CLIENTS} clients, ${model.size} Flags written, catalogue ${first?.entries ?? 34} -> ${entries} entries`,
        `throughput: first ${WINDOW_MS / 1000} s ${rate(first).toFixed(0)} req/s, last ${rate(last).toFixed(0)} req/s (ratio ${(rate(last) / Math.max(1, rate(first))).toFixed(2)}); per window: ${windows.map((w) => `${rate(w).toFixed(0)}@${w.entries}`).join(' ')}`,
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
        `RSS ${mb(rssBefore)} MB warmed up, peak ${mb(rssPeak)} MB, ${mb(rssAfter)} MB after; a fresh server over the grown catalogue ${mb(rssFresh)} MB (band: up to ${mb(rssBand)} MB); descriptors ${fdsBefore} -> ${fdsAfter}`,
      ].join('\n'),
    );
    expect(anomalies.slice(0, 10)).toEqual([]);
    expect(lost.slice(0, 10)).toEqual([]);
    expect(model.size).toBeGreaterThan(0);
    expect(rssAfter).toBeLessThan(rssBand);
    expect(fdsAfter - fdsBefore).toBeLessThanOrEqual(4);
  }, (SECONDS + 240) * 1000);

  it('keeps a flood of never-seen URLs from taking another client\'s time: the p99 ratio is printed', async () => {
    const figures = await measureFlood(base, { seconds: Number(process.env.SOAK_FLOOD_SECONDS ?? 5) });
    console.log(`soak: ${describeFlood(figures)}`);
    // Timing is printed, not asserted; what is asserted is that every request was answered.
    expect(figures.failures.slice(0, 10)).toEqual([]);
    expect(figures.floodRequests).toBeGreaterThan(0);
  }, 120_000);
});
