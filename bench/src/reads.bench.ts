import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fetchRaw, loadRun, pinned, startServer, type Server } from './http-load';
import { recordRows, type BenchRow } from './report';
import { median } from './stats';

// Hot reads: server CPU per request and requests per second of the service against a bare
// node:http server answering the same bytes from a buffer (the runtime's ceiling), at 100
// connections, plain and with Accept-Encoding: gzip, alternated A B A B. The service runs as
// `pnpm start` runs it, logging at its default level (info) to a pipe. Figures only.

const ROOT = resolve(import.meta.dirname, '../..');
const CONNECTIONS = 100;
// Each figure is the median of ROUNDS alternated runs: on a shared 2-core machine single runs swing by a third.
const SECONDS = Number(process.env.READS_BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.READS_BENCH_ROUNDS ?? 3);
const load = (server: Server, path: string, headers: Record<string, string>, expect: number, seconds = SECONDS) => loadRun(server, path, headers, expect, seconds, CONNECTIONS);
const work = await mkdtemp(join(tmpdir(), 'bench-reads-'));
const servers: Server[] = [];
try {
  const contentDir = join(work, 'content');
  await cp(join(ROOT, 'content'), contentDir, { recursive: true });
  const api = (name: string, env: Record<string, string>) => startServer('apps/api/src/main.ts', [], { CONTENT_DIR: contentDir, DATA_DIR: join(work, name), ...env });
  const service = await api('data-info', {});
  servers.push(service);

  const notices = JSON.parse(String((await fetchRaw(`${service.url}/api/notice`, {})).body)).data as { id: number }[];
  const tag = (await fetchRaw(`${service.url}/api/tunnel/errors`, {})).headers;
  const etagOf = (list: string[]) => list[list.findIndex((h) => h.toLowerCase() === 'etag') + 1]!;
  const gzTag = etagOf((await fetchRaw(`${service.url}/api/tunnel/errors`, { 'accept-encoding': 'gzip' })).headers);
  const scenarios = [
    { name: 'GET /api/notice', path: '/api/notice' },
    { name: 'GET /api/changelog', path: '/api/changelog' },
    { name: 'GET /api/tunnel/errors', path: '/api/tunnel/errors' },
    { name: 'GET /api/notice/<id>', path: `/api/notice/${notices[0]!.id}` },
    { name: 'GET /api/tunnel/errors/search?q=port', path: '/api/tunnel/errors/search?q=port' },
    { name: '304 of GET /api/tunnel/errors', path: '/api/tunnel/errors', inm: etagOf(tag), inmGz: gzTag },
  ].flatMap((s) => [
    { ...s, encoding: undefined as string | undefined, headers: s.inm ? { 'if-none-match': s.inm } : {} },
    { ...s, name: `${s.name}, gzip`, encoding: 'gzip', headers: { 'accept-encoding': 'gzip', ...(s.inmGz && { 'if-none-match': s.inmGz }) } },
  ]);

  // The reference answers every scenario with the bytes the service answered it with.
  const answers: Record<string, { status: number; headers: string[]; body: string }> = {};
  for (const s of scenarios) {
    const answer = await fetchRaw(service.url + s.path, s.headers as Record<string, string>);
    answers[`${s.path} ${s.encoding ?? ''} ${(s.headers as Record<string, string>)['if-none-match'] ?? ''}`] = { ...answer, body: answer.body.toString('base64') };
  }
  const answersFile = join(work, 'answers.json');
  await writeFile(answersFile, JSON.stringify(answers));
  const bare = await startServer('bench/src/bare-server.ts', [answersFile], {});
  servers.push(bare);
  const quiet = await api('data-silent', { LOG_LEVEL: 'silent' });
  servers.push(quiet);
  const routed = await api('data-routed', { FAST_READS: 'off' });
  servers.push(routed);

  // Warm-up: JIT, connections, compiled answers and compressed variants.
  for (const s of scenarios) for (const server of [service, bare, quiet]) await load(server, s.path, s.headers as Record<string, string>, s.inm ? 304 : 200, 1);
  for (const path of ['/api/notice', '/api/tunnel/errors']) await load(routed, path, {}, 200, 1);

  const rows: BenchRow[] = [];
  const lines: string[] = [];
  for (const s of scenarios) {
    const expect = s.inm ? 304 : 200;
    const runs = { service: [] as { perSecond: number; cpuMicros: number }[], bare: [] as { perSecond: number; cpuMicros: number }[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.service.push(await load(service, s.path, s.headers as Record<string, string>, expect));
      runs.bare.push(await load(bare, s.path, s.headers as Record<string, string>, expect));
    }
    const cpu = median(runs.service.map((r) => r.cpuMicros));
    const cpuRef = median(runs.bare.map((r) => r.cpuMicros));
    const rps = median(runs.service.map((r) => r.perSecond));
    const rpsRef = median(runs.bare.map((r) => r.perSecond));
    rows.push({ measure: `${s.name}: server CPU per request`, value: `${cpu.toFixed(1)} us`, reference: `${cpuRef.toFixed(1)} us (bare node:http, same bytes)`, ratio: `${(cpu / cpuRef).toFixed(2)}x`, target: '<= 1.3x' });
    rows.push({ measure: `${s.name}: requests per second`, value: `${Math.round(rps)}`, reference: `${Math.round(rpsRef)} (bare node:http)`, ratio: `${(rps / rpsRef).toFixed(2)}x`, target: '' });
    lines.push(`${s.name.padEnd(46)} ${cpu.toFixed(1).padStart(6)} us vs ${cpuRef.toFixed(1).padStart(6)} us  ${(cpu / cpuRef).toFixed(2)}x   ${Math.round(rps)} vs ${Math.round(rpsRef)} req/s`);
    console.log(lines.at(-1));
  }

  // What the access log costs: the same service at LOG_LEVEL=silent, alternated with info.
  for (const path of ['/api/notice', '/api/tunnel/errors']) {
    const info: number[] = [];
    const silent: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      info.push((await load(service, path, {}, 200)).cpuMicros);
      silent.push((await load(quiet, path, {}, 200)).cpuMicros);
    }
    const [a, b] = [median(info), median(silent)];
    rows.push({ measure: `GET ${path}: access log at info (server CPU per request)`, value: `${a.toFixed(1)} us`, reference: `${b.toFixed(1)} us (LOG_LEVEL=silent)`, ratio: `${(a / b).toFixed(2)}x`, target: '' });
    console.log(`access log, ${path}: ${a.toFixed(1)} us at info vs ${b.toFixed(1)} us silent (+${(a - b).toFixed(1)} us)`);
  }
  // For scale: the same reads through Express alone (what every read cost before the fast path).
  for (const path of ['/api/notice', '/api/tunnel/errors']) {
    const express: number[] = [];
    const reference: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      express.push((await load(routed, path, {}, 200)).cpuMicros);
      reference.push((await load(bare, path, {}, 200)).cpuMicros);
    }
    const [a, b] = [median(express), median(reference)];
    rows.push({ measure: `GET ${path} through Express (FAST_READS=off): server CPU per request`, value: `${a.toFixed(1)} us`, reference: `${b.toFixed(1)} us (bare node:http, same bytes)`, ratio: `${(a / b).toFixed(2)}x`, target: '' });
    console.log(`through Express, ${path}: ${a.toFixed(1)} us vs ${b.toFixed(1)} us bare (${(a / b).toFixed(2)}x)`);
  }
  recordRows(import.meta.filename, `Hot reads at ${CONNECTIONS} connections (${pinned ? 'server and load generator pinned to separate cores' : 'not pinned'}; ${ROUNDS} alternated rounds of ${SECONDS} s, medians)`, rows);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await rm(work, { recursive: true, force: true });
}
