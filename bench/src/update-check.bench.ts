import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { InstallCredentials } from '@companion/adoption-store';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchRaw, loadRun, pinned, startServer, type Server } from './http-load';
import { recordRows, type BenchRow } from './report';
import { ROOT } from './service';
import { median } from './stats';

// The update check, the most frequent request a client makes: server CPU per request of
// GET /api/changelog/since/1.0.0 (gzip, as clients send it), without and with install_id (10,000
// installs, each a different URL; or an install never seen on every check), and with platform, and electron-updater's channel file as it
// asks for it (a new noCache each check, its id in x-user-staging-id; or 10,000 installs' feed
// URLs with install_id), against a bare node:http server answering the
// same bytes from a buffer; beside GET /api/notice and GET /api/changelog measured in the same
// run. Alternated at 100 connections (A B, then B A, so neither always follows the other), medians;
// the ratio is the median of each round's own ratio, so the machine's speed drifting between
// rounds cancels out. Figures only.

const CONNECTIONS = 100;
const SECONDS = Number(process.env.READS_BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.READS_BENCH_ROUNDS ?? 5);
const INSTALLS = 10_000;
let next = 0;

const work = await mkdtemp(join(tmpdir(), 'bench-update-check-'));
const servers: Server[] = [];
try {
  const contentDir = join(work, 'content');
  await cp(join(ROOT, 'content'), contentDir, { recursive: true });
  const service = await startServer('apps/api/src/main.ts', [], { CONTENT_DIR: contentDir, DATA_DIR: join(work, 'data'), CONTENT_WATCH: 'off' });
  servers.push(service);
  // The fleet's ids are credentials the service issued (only those are counted), made with its
  // key here rather than by 10,000 POSTs (limited per network); an install never seen gets a new one.
  const credentials = new InstallCredentials(Buffer.from((await readFile(join(work, 'data', 'adoption', 'credential-key'), 'utf8')).trim(), 'hex'));
  const fleet = Array.from({ length: INSTALLS }, () => credentials.issue(Date.now() - 86_400_000));
  const installPath = (query: string) => () => `/api/changelog/since/1.0.0?install_id=${fleet[next++ % INSTALLS]}${query}`;
  // An install never seen before on every check, as a replica meets a large fleet.
  const newInstallPath = () => `/api/changelog/since/1.0.0?install_id=${credentials.issue(Date.now())}`;
  // electron-updater's default request: a new noCache value every check, its own id in a header.
  const noCachePath = () => `/api/updates/electron/latest.yml?noCache=${(next++).toString(32)}`;
  const electronInstallPath = () => `/api/updates/electron/latest.yml?arch=x64&install_id=${fleet[next++ % INSTALLS]}`;
  const gzip = { 'accept-encoding': 'gzip' };
  const scenarios: { name: string; path: string | (() => string); key: string; headers: Record<string, string> }[] = [
    { name: 'GET /api/changelog/since/1.0.0, gzip', path: '/api/changelog/since/1.0.0', key: '/api/changelog/since/1.0.0', headers: gzip },
    { name: `GET /api/changelog/since/1.0.0?install_id=<${INSTALLS} installs>, gzip`, path: installPath(''), key: '/api/changelog/since/1.0.0', headers: gzip },
    { name: 'GET /api/changelog/since/1.0.0?install_id=<new each time>, gzip', path: newInstallPath, key: '/api/changelog/since/1.0.0', headers: gzip },
    { name: `GET /api/changelog/since/1.0.0?install_id=<${INSTALLS}>&platform=macos&arch=arm64, gzip`, path: installPath('&platform=macos&arch=arm64'), key: '/api/changelog/since/1.0.1', headers: gzip },
    { name: 'GET /api/updates/electron/latest.yml?noCache=<new each time>, x-user-staging-id', path: noCachePath, key: '/api/updates/electron/latest.yml', headers: { 'x-user-staging-id': fleet[0]! } },
    { name: `GET /api/updates/electron/latest.yml?arch=x64&install_id=<${INSTALLS}>`, path: electronInstallPath, key: '/api/updates/electron/latest-x64.yml', headers: {} },
    { name: 'GET /api/changelog/since/1.0.0 (identity)', path: '/api/changelog/since/1.0.0', key: '/api/changelog/since/1.0.0', headers: {} },
    { name: 'GET /api/notice (same run)', path: '/api/notice', key: '/api/notice', headers: {} },
    { name: 'GET /api/changelog, gzip (same run)', path: '/api/changelog', key: '/api/changelog', headers: gzip },
  ];
  // The reference answers each path (query left out) with the bytes the service answered; the
  // platform scenario's answer is recorded under a path of its own, which the bare server is sent.
  const answers: Record<string, { status: number; headers: string[]; body: string }> = {};
  for (const s of scenarios) {
    const sample = typeof s.path === 'string' ? s.path : s.path();
    const answer = await fetchRaw(service.url + sample, s.headers);
    if (answer.status !== 200) throw new Error(`${sample} answered ${answer.status}`);
    answers[`${s.key} ${s.headers['accept-encoding'] ?? ''} `] = { ...answer, body: answer.body.toString('base64') };
  }
  const answersFile = join(work, 'answers.json');
  await writeFile(answersFile, JSON.stringify(answers));
  const bare = await startServer('bench/src/bare-server.ts', [answersFile], { ANSWER_BY_PATH: '1' });
  servers.push(bare);
  const load = (server: Server, path: string | (() => string), headers: Record<string, string>, seconds = SECONDS) => loadRun(server, path, headers, 200, seconds, CONNECTIONS);
  // The bare server is sent the same URLs (its lookup leaves the query out), so it parses them too.
  const bareLoad = (s: (typeof scenarios)[number], seconds = SECONDS) => load(bare, typeof s.path === 'string' ? s.key : () => (s.path as () => string)().replace(/^[^?]*/, s.key), s.headers, seconds);
  // Warm-up: JIT, every install's URL, the compiled answers and their compressed variants.
  for (let round = 0; round < 2; round++) {
    for (const s of scenarios) {
      await load(service, s.path, s.headers, 3);
      await bareLoad(s, 1);
    }
  }

  const rows: BenchRow[] = [];
  for (const s of scenarios) {
    const runs = { service: [] as number[], bare: [] as number[], rps: [] as number[], rpsRef: [] as number[] };
    const ratios = { cpu: [] as number[], rps: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const serviceFirst = round % 2 === 0;
      const first = await (serviceFirst ? load(service, s.path, s.headers) : bareLoad(s));
      const second = await (serviceFirst ? bareLoad(s) : load(service, s.path, s.headers));
      const [a, b] = serviceFirst ? [first, second] : [second, first];
      runs.service.push(a.cpuMicros);
      runs.bare.push(b.cpuMicros);
      runs.rps.push(a.perSecond);
      runs.rpsRef.push(b.perSecond);
      ratios.cpu.push(a.cpuMicros / b.cpuMicros);
      ratios.rps.push(a.perSecond / b.perSecond);
    }
    const [cpu, cpuRef, cpuRatio] = [median(runs.service), median(runs.bare), median(ratios.cpu)];
    const [rps, rpsRef, rpsRatio] = [median(runs.rps), median(runs.rpsRef), median(ratios.rps)];
    const bytes = Buffer.from(answers[`${s.key} ${s.headers['accept-encoding'] ?? ''} `]!.body, 'base64').length;
    rows.push({ measure: `${s.name}: server CPU per request`, value: `${cpu.toFixed(1)} us`, reference: `${cpuRef.toFixed(1)} us (bare node:http, the same ${bytes} B)`, ratio: `${cpuRatio.toFixed(2)}x`, target: '<= 1.3x' });
    rows.push({ measure: `${s.name}: requests per second`, value: `${Math.round(rps)}`, reference: `${Math.round(rpsRef)} (bare node:http)`, ratio: `${rpsRatio.toFixed(2)}x`, target: '' });
    const each = ratios.cpu.map((r) => r.toFixed(2)).join(' ');
    console.log(`${s.name.padEnd(84)} ${cpu.toFixed(1).padStart(6)} us vs ${cpuRef.toFixed(1).padStart(6)} us  ${cpuRatio.toFixed(2)}x (rounds: ${each})   ${Math.round(rps)} vs ${Math.round(rpsRef)} req/s`);
  }
  recordRows(import.meta.filename, `The update check at ${CONNECTIONS} connections (${pinned ? 'server and load generator pinned to separate cores' : 'not pinned'}; ${ROUNDS} alternated rounds of ${SECONDS} s, medians; ratio: the median of the rounds' own ratios)`, rows);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await rm(work, { recursive: true, force: true });
}
