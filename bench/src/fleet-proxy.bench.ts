import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../tests/test/support/ports';
import { mainConf, renderShippedConf } from '../../tests/test/support/nginx';
import { recordRows, type BenchRow } from './report';
import { ROOT, startApi } from './service';
import { median } from './stats';

// The caching proxy (deploy/nginx/companion.conf, as shipped) in front of one replica:
// 1. a cache hit against nginx serving a static file of the same bytes and headers, both from
//    the same nginx worker (its CPU per request), alternated A B A B;
// 2. the replica's CPU per request it answers behind nginx against the same replica reached
//    directly, for an answer nginx must not cache (`no-store`), alternated.
// Load generator on core 0, nginx's worker on core 1. Figures only.

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
if (!existsSync(NGINX)) {
  console.log(`nginx not found at ${NGINX}: the proxy rows need it (Debian: apt-get install nginx)`);
  process.exit(0);
}
const SECONDS = Number(process.env.FLEET_BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.FLEET_BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const pinned = availableParallelism() >= 2 && (() => {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
};

function fetchRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((done, fail) => {
    request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail).end();
  });
}

/** Requests per second and the CPU per request of process `pid`. */
async function load(url: string, pid: number, headers: Record<string, string>) {
  const before = cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = cpuSeconds(pid) - before;
  // nginx closes a client connection after 1,000 requests (keepalive_requests); autocannon may
  // count the request it had just sent on it as an error. More than that is a failed run.
  if (result.non2xx > 0 || result.errors > result.requests.total / 1000) throw new Error(`${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
  return { perSecond: result.requests.total / (result.duration || SECONDS), cpuMicros: (cpu / result.requests.total) * 1e6 };
}

const work = await mkdtemp(join(tmpdir(), 'bench-proxy-'));
let nginx: ChildProcess | undefined;
let replica: Awaited<ReturnType<typeof startApi>> | undefined;
try {
  await cp(join(ROOT, 'content'), join(work, 'content'), { recursive: true });
  replica = await startApi({ CONTENT_DIR: join(work, 'content'), DATA_DIR: join(work, 'data'), TRUST_PROXY: 'loopback' });
  const replicaPid = replica.pid;

  // The reference files: the bytes a cache hit sends, plain and gzip, with the same headers.
  const paths = ['/api/notice', '/api/tunnel/errors'];
  const variants = paths.flatMap((path) => [{ path, encoding: 'identity' }, { path, encoding: 'gzip' }]);
  const reference: string[] = [];
  for (const [i, v] of variants.entries()) {
    const answer = await fetchRaw(`${replica.url}${v.path}`, { 'accept-encoding': v.encoding });
    await writeFile(join(work, `ref-${i}`), answer.body);
    const keep = ['etag', 'vary', 'cache-control', 'content-encoding', 'x-content-type-options', 'content-security-policy', 'referrer-policy', 'cross-origin-resource-policy'];
    const adds = keep.filter((h) => answer.headers[h] !== undefined).map((h) => `add_header ${h} ${JSON.stringify(String(answer.headers[h]))};`).join(' ');
    reference.push(`location = /ref-${i} { alias ${join(work, `ref-${i}`)}; default_type 'application/json; charset=utf-8'; etag off; ${adds} }`);
  }
  const port = await freePort();
  const refPort = await freePort();
  const shipped = await renderShippedConf(work, port, [new URL(replica.url).host]);
  await writeFile(join(work, 'companion.conf'), `${shipped}\nserver {\n  listen 127.0.0.1:${refPort};\n  ${reference.join('\n  ')}\n}\n`);
  await writeFile(join(work, 'nginx.conf'), await mainConf(work));
  nginx = spawn(NGINX, ['-p', work, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  await new Promise((done) => setTimeout(done, 500));
  const worker = Number(execFileSync('pgrep', ['-P', String(nginx.pid)], { encoding: 'utf8' }).trim().split('\n')[0]);
  if (pinned) execFileSync('taskset', ['-p', '-c', '1', String(worker)], { stdio: 'ignore' });

  const rows: BenchRow[] = [];
  for (const [i, v] of variants.entries()) {
    const headers = { 'accept-encoding': v.encoding };
    const cached = `http://127.0.0.1:${port}${v.path}`;
    const hit = await fetchRaw(cached, headers).then(() => fetchRaw(cached, headers));
    if (hit.headers['x-cache-status'] !== 'HIT') throw new Error(`${v.path} (${v.encoding}) is not a cache hit: ${hit.headers['x-cache-status']}`);
    const ref = `http://127.0.0.1:${refPort}/ref-${i}`;
    await load(cached, worker, headers);
    await load(ref, worker, {});
    const runs = { hit: [] as number[], ref: [] as number[], hitRps: [] as number[], refRps: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const a = await load(cached, worker, headers);
      const b = await load(ref, worker, {});
      runs.hit.push(a.cpuMicros), runs.hitRps.push(a.perSecond), runs.ref.push(b.cpuMicros), runs.refRps.push(b.perSecond);
    }
    const [cpu, cpuRef] = [median(runs.hit), median(runs.ref)];
    const name = `GET ${v.path}${v.encoding === 'gzip' ? ', gzip' : ''} through nginx, cache hit`;
    rows.push({ measure: `${name}: nginx CPU per request`, value: `${cpu.toFixed(1)} us`, reference: `${cpuRef.toFixed(1)} us (nginx, static file of the same bytes)`, ratio: `${(cpu / cpuRef).toFixed(2)}x`, target: '' });
    rows.push({ measure: `${name}: requests per second`, value: `${Math.round(median(runs.hitRps))}`, reference: `${Math.round(median(runs.refRps))} (static file)`, ratio: `${(median(runs.hitRps) / median(runs.refRps)).toFixed(2)}x`, target: '' });
    console.log(`${name}: ${cpu.toFixed(1)} us vs ${cpuRef.toFixed(1)} us static (${(cpu / cpuRef).toFixed(2)}x)`);
  }

  // What a replica spends per request it answers behind nginx (keep-alive upstream connections,
  // X-Forwarded-For read under TRUST_PROXY) against the same replica reached directly.
  const uncached = '/api/feedback/stats';
  const behind = `http://127.0.0.1:${port}${uncached}`;
  const direct = `${replica.url}${uncached}`;
  await load(behind, replicaPid, {});
  await load(direct, replicaPid, {});
  const proxied: number[] = [];
  const alone: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    proxied.push((await load(behind, replicaPid, {})).cpuMicros);
    alone.push((await load(direct, replicaPid, {})).cpuMicros);
  }
  const [a, b] = [median(proxied), median(alone)];
  rows.push({ measure: `GET ${uncached} (no-store: never cached): replica CPU per request behind nginx`, value: `${a.toFixed(1)} us`, reference: `${b.toFixed(1)} us (the same replica reached directly)`, ratio: `${(a / b).toFixed(2)}x`, target: '' });
  console.log(`replica behind nginx, ${uncached}: ${a.toFixed(1)} us vs ${b.toFixed(1)} us direct (${(a / b).toFixed(2)}x)`);
  recordRows(import.meta.filename, `Caching proxy: deploy/nginx/companion.conf in front of a replica (${CONNECTIONS} connections; ${pinned ? 'load generator and nginx worker pinned to separate cores' : 'not pinned'}; ${ROUNDS} alternated rounds of ${SECONDS} s, medians)`, rows);
} finally {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((done) => nginx!.once('exit', done));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await replica?.stop();
  await rm(work, { recursive: true, force: true });
}
