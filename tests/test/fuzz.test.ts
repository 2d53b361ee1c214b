import { cp, mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { SHIPPED_CONTENT, startServer, type ServerProcess } from './support/crash-server';
import { changedLines, fingerprint, replyProblems, rssOf } from './support/fuzz-checks';
import { anyRequest, routesOf, type RouteSpec } from './support/fuzz-requests';
import { send as sendRaw, type RawRequest } from './support/raw-http';

// Property-based fuzzing of every route of the real server process over loopback. The seed is
// printed; FUZZ_SEED=<seed> replays a run, FUZZ_RUNS=<n> changes the number of cases.
const RUNS = Number(process.env.FUZZ_RUNS ?? 800);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const TOKEN = 'fuzz-token-0123456789';
/** RSS may grow this much over the run (caches filling, heap settling), no more. */
const RSS_BUDGET = 160 * 2 ** 20;

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const send = (url: URL, req: RawRequest) => sendRaw(url, agent, req);

describe('fuzzing every route of the real server', () => {
  let server: ServerProcess;
  let url: URL;
  let contentDir: string;
  let dataDir: string;
  let routes: RouteSpec[];

  beforeAll(async () => {
    contentDir = await mkdtemp(join(tmpdir(), 'fuzz-content-'));
    dataDir = await mkdtemp(join(tmpdir(), 'fuzz-data-'));
    await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
    const started = await startServer({
      CONTENT_DIR: contentDir,
      DATA_DIR: dataDir,
      API_TOKENS: `${TOKEN}=*`,
      // High limits, so requests reach the handlers instead of stopping at 429.
      RATE_LIMIT_FEEDBACK: '100000/1m',
      RATE_LIMIT_EMAIL: '100000/1m',
      RATE_LIMIT_CATALOG: '100000/1m',
      // The fuzzer sends wrong tokens by the hundred: the limit on failed tokens would answer it 429 throughout.
      RATE_LIMIT_BEARER_FAILURES: '100000/1m',
    });
    server = started.server;
    url = new URL(started.url);
    const document = JSON.parse((await send(url, { method: 'GET', target: '/openapi.json', headers: {} })).body);
    routes = routesOf(document);
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await server?.stop();
    await rm(contentDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`answers ${RUNS} generated requests with no 5xx, only documented bodies, no write when refused, RSS bounded`, async () => {
    console.log(`fuzz: seed ${SEED}, ${RUNS} cases over ${routes.length} routes (replay: FUZZ_SEED=${SEED})`);
    expect(routes.length).toBeGreaterThanOrEqual(29);
    const watched = [join(contentDir, 'errors'), dataDir];
    let before = await fingerprint(watched);
    const statuses = new Map<number, number>();
    let rssStart = 0;
    let rssPeak = 0;
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(anyRequest(routes, TOKEN), async (req) => {
        const reply = await send(url, req);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        const problems = replyProblems(req.method, req.target, reply);
        const after = await fingerprint(watched);
        if (reply.status >= 400 && after !== before) problems.push(`a refused request changed files: ${changedLines(before, after).join(', ')}`);
        before = after;
        if (++cases % 250 === 0) {
          const rss = await rssOf(server.pid);
          if (cases === 250) rssStart = rss;
          rssPeak = Math.max(rssPeak, rss);
          if (rssStart && rss - rssStart > RSS_BUDGET) problems.push(`RSS grew by ${Math.round((rss - rssStart) / 2 ** 20)} MB`);
        }
        if (problems.length > 0) throw new Error(`${req.method} ${req.target.slice(0, 200)} -> ${reply.status}: ${problems.join('; ')}\n${reply.body.slice(0, 300)}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: !process.env.FUZZ_SHRINK },
    );
    console.log(`fuzz: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; RSS ${Math.round(rssStart / 2 ** 20)} -> peak ${Math.round(rssPeak / 2 ** 20)} MB`);
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true); // the generator reaches the handlers
    expect(statuses.get(201)).toBeGreaterThan(0); // and valid writes succeed
  }, 900_000);
});
