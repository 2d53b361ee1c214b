import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchRaw, loadRun, pinned, startServer, type Server } from './http-load';
import { recordRows, type BenchRow } from './report';
import { ROOT, startApi } from './service';
import { median } from './stats';

// Targeted reads: GET /api/notice?client_version=<v>&platform=<p> over 10,000 distinct client
// versions, on the shipped content plus two targeted notices and a translation. Server CPU per
// request of the service against a bare node:http server answering the unfiltered list's bytes
// (every targeted answer is a part of it) from a buffer, alternated A B A B at 100 connections; then how many answers the
// fast read path holds after every version was asked once (one per matching set, not per
// version), read from the service's own closing log line. Figures only.

const CONNECTIONS = 100;
const SECONDS = Number(process.env.READS_BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.READS_BENCH_ROUNDS ?? 3);
const VERSIONS = 10_000;
const PLATFORMS = ['windows', 'macos', 'linux'] as const;

const TARGETED: Record<string, string> = {
  'notices/900-windows-proxy-fix.md': '---\nid: 900\nactive: true\ndate: 2026-11-20\npriority: 500\nsummary: Windows clients before 1.11 lose the proxy setting on restart.\ntype: update\naudience:\n  versions: ">=1.9.0 <1.11.0"\n  platforms: [windows]\n---\nUpdate to **1.11.2**.\n',
  'notices/901-macos-extension.md': '---\nid: 901\nactive: true\ndate: 2026-11-21\npriority: 400\nsummary: macOS clients must allow the network extension again.\ntype: notice\naudience:\n  platforms: [macos]\n  versions: ">=1.10.0"\n---\nOpen **System Settings**.\n',
  'notices/900-windows-proxy-fix.de.md': '---\nid: 900\ndate: 2026-11-20\nsummary: Windows-Clients vor 1.11 verlieren die Proxy-Einstellung.\n---\nAktualisieren Sie auf **1.11.2**.\n',
};

/** The i-th distinct client version and platform: versions from 0.0.0 to 2.49.x, every one different. */
const clientPath = (i: number) => `/api/notice?client_version=${i % 3}.${Math.floor(i / 3) % 50}.${i}&platform=${PLATFORMS[Math.floor(i / 7) % 3]}`;
let next = 0;
const nextClientPath = () => clientPath(next++ % VERSIONS);

const work = await mkdtemp(join(tmpdir(), 'bench-targeted-'));
const servers: Server[] = [];
try {
  const contentDir = join(work, 'content');
  await cp(join(ROOT, 'content'), contentDir, { recursive: true });
  for (const [file, text] of Object.entries(TARGETED)) await writeFile(join(contentDir, file), text);

  // 1. The cache: every version asked once, then the service says how many answers it holds.
  const counted = await startApi({ CONTENT_DIR: contentDir, DATA_DIR: join(work, 'data-count'), CONTENT_WATCH: 'off' });
  const tags = new Set<string>();
  for (let i = 0; i < VERSIONS; i++) {
    const res = await fetch(counted.url + clientPath(i));
    if (res.status !== 200) throw new Error(`${clientPath(i)} answered ${res.status}`);
    tags.add(res.headers.get('etag')!);
    await res.arrayBuffer();
  }
  await counted.stop();
  const closing = counted.lines.map((line) => JSON.parse(line) as { msg?: string; fastReadCacheEntries?: number }).find((l) => l.msg?.includes(': stopping;'));
  const entries = closing?.fastReadCacheEntries;
  if (typeof entries !== 'number') throw new Error('the service did not report its fast read cache on closing');
  console.log(`${VERSIONS} distinct client versions: ${tags.size} distinct answers (ETags), ${entries} fast read cache entries (the path's route lookup and one answer per matching set)`);

  // 2. CPU per request against the bare reference, alternated.
  const service = await startServer('apps/api/src/main.ts', [], { CONTENT_DIR: contentDir, DATA_DIR: join(work, 'data-cpu'), CONTENT_WATCH: 'off' });
  servers.push(service);
  // The unfiltered list holds every notice: no targeted answer is larger.
  const plain = await fetchRaw(`${service.url}/api/notice`, {});
  const answersFile = join(work, 'answers.json');
  await writeFile(answersFile, JSON.stringify({ '/api/notice  ': { ...plain, body: plain.body.toString('base64') } }));
  const bare = await startServer('bench/src/bare-server.ts', [answersFile], { ANSWER_BY_PATH: '1' });
  servers.push(bare);
  const load = (server: Server, path: string | (() => string), seconds = SECONDS) => loadRun(server, path, {}, 200, seconds, CONNECTIONS);
  // Warm-up: JIT and the answers of every matching set, on both servers.
  for (let round = 0; round < 2; round++) for (const server of [service, bare]) for (const path of [nextClientPath, '/api/notice']) await load(server, path, 2);

  const rows: BenchRow[] = [];
  const scenarios = [
    { name: `GET /api/notice?client_version=<${VERSIONS} versions>&platform=<3>`, path: nextClientPath as string | (() => string) },
    { name: 'GET /api/notice (no client facts, same run)', path: '/api/notice' },
  ];
  for (const s of scenarios) {
    const runs = { service: [] as number[], bare: [] as number[], rps: [] as number[], rpsRef: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const a = await load(service, s.path);
      const b = await load(bare, s.path);
      runs.service.push(a.cpuMicros);
      runs.bare.push(b.cpuMicros);
      runs.rps.push(a.perSecond);
      runs.rpsRef.push(b.perSecond);
    }
    const [cpu, cpuRef] = [median(runs.service), median(runs.bare)];
    const [rps, rpsRef] = [median(runs.rps), median(runs.rpsRef)];
    rows.push({ measure: `${s.name}: server CPU per request`, value: `${cpu.toFixed(1)} us`, reference: `${cpuRef.toFixed(1)} us (bare node:http, the unfiltered list's ${plain.body.length} B)`, ratio: `${(cpu / cpuRef).toFixed(2)}x`, target: '<= 1.3x' });
    rows.push({ measure: `${s.name}: requests per second`, value: `${Math.round(rps)}`, reference: `${Math.round(rpsRef)} (bare node:http)`, ratio: `${(rps / rpsRef).toFixed(2)}x`, target: '' });
    console.log(`${s.name.padEnd(66)} ${cpu.toFixed(1).padStart(6)} us vs ${cpuRef.toFixed(1).padStart(6)} us  ${(cpu / cpuRef).toFixed(2)}x   ${Math.round(rps)} vs ${Math.round(rpsRef)} req/s`);
  }
  rows.push({ measure: `fast read cache after ${VERSIONS} distinct client versions`, value: `${entries} entries`, reference: `${tags.size} distinct answers (ETags) among them`, ratio: `${(entries / VERSIONS).toFixed(4)} per version`, target: 'one per matching set' });
  recordRows(import.meta.filename, `Targeted notice reads at ${CONNECTIONS} connections (${pinned ? 'server and load generator pinned to separate cores' : 'not pinned'}; ${ROUNDS} alternated rounds of ${SECONDS} s, medians)`, rows);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await rm(work, { recursive: true, force: true });
}
