import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { recordRows, type BenchRow } from './report';
import { ROOT, startApi } from './service';
import { median } from './stats';
import { processCpuMs } from './thread-cpu';

// One truth for the catalogue (issue 21): what an API add costs now that it writes the op log
// only, against the design before it (entry files written into the content folder, a checkpoint
// and a background sync), both run from their sources in this run, alternated A B A B; and the
// time from `git pull` on a replica to the pulled entries served, against writing the same files
// directly into a served folder (the watcher's own cost), alternated too. Figures only.

const run = promisify(execFile);
/** The last commit of the design that wrote entry files (override: BENCH_PREVIOUS=<commit>). */
const PREVIOUS = process.env.BENCH_PREVIOUS ?? 'd7cf756';
const ADDS = Number(process.env.BENCH_ADDS ?? 2000);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 2000);
const ROUNDS = 2;
const PULLS = 15;
const TOKEN = 'bench-truth';
const pinned = availableParallelism() >= 2 && (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (pinned) execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });

const git = async (dir: string, ...args: string[]) => (await run('git', ['-C', dir, '-c', 'user.name=Bench', '-c', 'user.email=b@example.com', ...args])).stdout.trim();
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function call(url: string, method: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request(url, { method, agent, headers: { authorization: `Bearer ${TOKEN}`, ...(body && { 'content-type': 'application/json' }) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => done({ status: res.statusCode!, text }));
    });
    req.once('error', fail);
    req.end(body);
  });
}

/** The checkout of the previous design beside this one, installed from the local store. */
async function previousCheckout(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-previous-'));
  await git(ROOT, 'worktree', 'add', '--detach', '-f', dir, PREVIOUS);
  await run('pnpm', ['install', '--offline', '--frozen-lockfile', '--silent'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  return dir;
}

/** Single-client adds on a fresh server of `root`: server CPU and wall time per add, after a warm-up. */
async function addCost(root: string, label: string): Promise<{ cpu: number; wall: number }> {
  const dir = await mkdtemp(join(tmpdir(), `bench-add-${label}-`));
  await cp(join(ROOT, 'content'), join(dir, 'content'), { recursive: true });
  const server = await startApi({ CONTENT_DIR: join(dir, 'content'), DATA_DIR: join(dir, 'data'), API_TOKENS: `${TOKEN}=*`, RATE_LIMIT_CATALOG: '1000000000/60s' }, root);
  try {
    if (pinned) execFileSync('taskset', ['-a', '-p', '-c', '1', String(server.pid)], { stdio: 'ignore' });
    let n = 0;
    const add = async () => {
      const answer = await call(`${server.url}/api/tunnel/errors`, 'POST', JSON.stringify({ Flag: `BENCH${++n}`, Info: `Added by the bench, number ${n}.`, Solution: ['Retry.', 'Restart the client.'] }));
      if (answer.status !== 201) throw new Error(`${label}: add ${n} answered ${answer.status}: ${answer.text}`);
    };
    for (let i = 0; i < WARM_UP; i++) await add();
    const cpu0 = await processCpuMs(server.pid);
    const t0 = performance.now();
    for (let i = 0; i < ADDS; i++) await add();
    const wall = (performance.now() - t0) / ADDS;
    return { cpu: ((await processCpuMs(server.pid)) - cpu0) / ADDS, wall };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Polls `url` every millisecond until its entry's Info is `info`; the time it took. */
async function servedAfter(url: string, info: string, since: number): Promise<number> {
  for (;;) {
    const answer = await call(url, 'GET');
    if (answer.status === 200 && (JSON.parse(answer.text) as { data: { Info: string } }).data.Info === info) return performance.now() - since;
    await new Promise((done) => setTimeout(done, 1));
  }
}

/** From the end of `git pull` (or of writing the files directly) to the last changed entry served, `PULLS` times each, alternated. */
async function pullToServed(): Promise<{ pull: number[]; direct: number[] }> {
  const root = await mkdtemp(join(tmpdir(), 'bench-pull-'));
  const [origin, maintainer, replica, direct] = ['origin.git', 'maintainer', 'replica', 'direct'].map((name) => join(root, name)) as [string, string, string, string];
  await git(root, 'init', '-q', '--bare', '-b', 'main', origin);
  await git(root, 'clone', '-q', origin, maintainer);
  await cp(join(ROOT, 'content'), join(maintainer, 'content'), { recursive: true });
  await git(maintainer, 'checkout', '-q', '-b', 'main');
  await git(maintainer, 'add', '-A');
  await git(maintainer, 'commit', '-qm', 'content');
  await git(maintainer, 'push', '-q', '-u', 'origin', 'main');
  await git(root, 'clone', '-q', origin, replica);
  await cp(join(ROOT, 'content'), join(direct, 'content'), { recursive: true });
  const servers = await Promise.all([replica, direct].map((dir) => startApi({ CONTENT_DIR: join(dir, 'content'), DATA_DIR: join(dir, 'data') })));
  const flags = ['AUTH2001', 'NET3001', 'PORT1001', 'TLS4002'];
  const rewrite = async (content: string, i: number) => {
    for (const flag of flags) {
      const file = join(content, 'errors', `${flag}.yaml`);
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace(/^Info:[\s\S]*?(?=^Solution:)/m, `Info: Pulled change ${i} of ${flag}.\n`));
    }
  };
  const figures = { pull: [] as number[], direct: [] as number[] };
  try {
    for (let i = 1; i <= PULLS; i++) {
      await rewrite(join(maintainer, 'content'), i);
      await git(maintainer, 'commit', '-qam', `change ${i}`);
      await git(maintainer, 'push', '-q');
      await git(replica, 'fetch', '-q');
      const last = `Pulled change ${i} of TLS4002.`;
      // The merge alone: the fetch is the network's part, not the service's.
      await git(replica, 'merge', '--ff-only', '-q', 'origin/main');
      figures.pull.push(await servedAfter(`${servers[0]!.url}/api/tunnel/errors/TLS4002`, last, performance.now()));
      await rewrite(join(direct, 'content'), i);
      figures.direct.push(await servedAfter(`${servers[1]!.url}/api/tunnel/errors/TLS4002`, last, performance.now()));
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await rm(root, { recursive: true, force: true });
  }
  return figures;
}

const previous = await previousCheckout();
const rows: BenchRow[] = [];
try {
  const now: { cpu: number; wall: number }[] = [];
  const before: { cpu: number; wall: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    before.push(await addCost(previous, 'previous'));
    now.push(await addCost(ROOT, 'now'));
  }
  const m = (list: { cpu: number; wall: number }[], key: 'cpu' | 'wall') => median(list.map((f) => f[key]));
  const fmt = (v: number) => `${v.toFixed(3)} ms`;
  rows.push(
    { measure: 'API add, one client: server CPU per add (the op log only)', value: fmt(m(now, 'cpu')), reference: `${fmt(m(before, 'cpu'))} (the design writing entry files, ${PREVIOUS})`, ratio: `${(m(now, 'cpu') / m(before, 'cpu')).toFixed(2)}x` },
    { measure: 'API add, one client: time per acknowledged add', value: fmt(m(now, 'wall')), reference: `${fmt(m(before, 'wall'))} (the design writing entry files, ${PREVIOUS})`, ratio: `${(m(now, 'wall') / m(before, 'wall')).toFixed(2)}x` },
  );
  const { pull, direct } = await pullToServed();
  rows.push({
    measure: `git pull (fast-forward merge of 4 changed entries) to the last one served, median of ${PULLS}`,
    value: fmt(median(pull)),
    reference: `${fmt(median(direct))} (the same 4 files written directly into a served folder)`,
    ratio: `${(median(pull) / median(direct)).toFixed(2)}x`,
  });
} finally {
  await git(ROOT, 'worktree', 'remove', '--force', previous).catch(() => undefined);
  await rm(previous, { recursive: true, force: true });
  agent.destroy();
}
for (const row of rows) console.log(`${row.measure}: ${row.value} against ${row.reference} = ${row.ratio}`);
recordRows(import.meta.filename, 'One truth for the catalogue: writes and content deploys', rows);
