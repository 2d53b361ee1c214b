import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openCatalogStore, OP_LOG_FILE } from '@companion/catalog-store';
import { encodeLine, openJournal } from '@companion/journal';
import { systemClock } from '@companion/schema';
import { generateTree } from './content-tree';
import { summariseProfile } from './cpu-profile';
import { recordRows, type BenchRow } from './report';
import { median } from './stats';
import { cpuPerOperation, threadCpu } from './thread-cpu';

// Durable writes (issue 8, bench item 3): acknowledged adds per second over HTTP at 1, 16 and 64
// clients against a bare appendFile + fsync loop on the same disk and against a minimal node:http
// server taking the same durable steps (bare-writer.ts), and the server's CPU per add
// on the shipped catalogue (34 entries) and on a 10,000-entry one, with the content watcher on
// (as served) and off (CONTENT_WATCH=off: what the watcher's reaction to the service's own
// writes costs). Every server gets a fresh copy of its catalogue, and nothing is deleted
// between runs: the catalogue grows by the adds. On ext4 without a journal (these machines),
// inodes freed in the last minute are skipped one by one when a file is created, so after a
// run's 2,000 adds were deleted every create of the next run cost 0.2-0.4 ms of system time,
// which no add pays in service, where deletes are rare. Then the start-up replay of a 1,000,000-record op log against reading and
// parsing the same file. Every reference is measured in this run, alternated with what it is
// compared to (A B A B). Figures only; never fails on speed.

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENTS = [1, 16, 64];
const ADDS_PER_RUN = Number(process.env.BENCH_ADDS ?? 2000); // the same for every level
/**
 * Adds before anything is measured on a fresh server. V8 keeps compiling the write path on its
 * helper threads for the first few thousand requests: after 100, a single client's add still
 * cost twice its settled CPU, most of it TurboFan on the helper threads.
 */
const WARM_UP_ADDS = Number(process.env.BENCH_WARM_UP ?? 4000);
const ROUNDS = 2;
/** Rounds of the single-client per-thread figures: the noisiest on a shared machine. */
const ONE_CLIENT_ROUNDS = 3;
const LARGE_CATALOGUE = 10_000;
const LOG_RECORDS = 1_000_000;
const REPLAY_ROUNDS = 2;
const TOKEN = 'bench-writer';
/** Single-client adds whose per-thread CPU is read from /proc, and adds inside the profiled window. */
const THREAD_ADDS = 2000;
const PROFILED_ADDS = 2000;
/** `BENCH_WRITES=profile`: only the single-client CPU figures and profile (for a quick look). */
const ONLY_PROFILE = process.env.BENCH_WRITES === 'profile';

// The server on core 1, this process (load generator, bare loop, replay) on core 0.
const pinned = availableParallelism() >= 2 && hasTaskset();
if (pinned) execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Catalogue {
  name: string;
  entries: number;
  /** A fresh copy of the content folder, for one server. */
  copy(): Promise<string>;
}

/** An addNew op record's size in the log (checked against the log below): what the bare loop appends. */
const recordBytes = 480;

interface AddFigures {
  /** clients -> adds per second, per run */
  perSecond: Map<number, number[]>;
  /** server CPU per add, microseconds, per run (all client levels) */
  cpu: number[];
}

// The built service, as operators run it: tsx's transform (names kept on every closure) cost
// about a tenth more CPU per add. Turbo rebuilds only what changed.
execFileSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const work = await mkdtemp(join(tmpdir(), 'bench-writes-'));
/** Every content folder a server served, removed at the end (never between runs: see above). */
const copies: string[] = [];
let copied = 0;
/** A fresh copy of the shipped content folder. */
const shippedCopy = async () => {
  const dir = join(work, `content-${++copied}`);
  await cp(join(ROOT, 'content'), dir, { recursive: true });
  return dir;
};
try {
  const oneClient = await benchOneClient();
  if (ONLY_PROFILE) {
    recordRows(import.meta.filename, 'Catalogue adds: one client, CPU per add by thread', oneClient);
  } else {
    await benchAdds(oneClient);
    await benchReplay();
  }
} finally {
  await Promise.all([work, ...copies].map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * One client, keep-alive, shipped content, access log at info: the server's CPU per add by
 * thread (from /proc/<pid>/task/<tid>/stat before and after), beside the bare loop's CPU per
 * append in this process; then a `--cpu-prof` run of the server whose samples inside the load
 * window are charged to the nearest package or source file on their stack.
 */
async function benchOneClient(): Promise<BenchRow[]> {
  const bareFile = join(work, 'bare-one-client.jsonl');
  await bareAppends(bareFile, recordBytes, 100); // warm-up
  const variants: { name: string; env: Record<string, string> }[] = [
    { name: 'as served', env: {} },
    { name: 'FAST_WRITES=off (through Express)', env: { FAST_WRITES: 'off' } },
  ];
  const mainMs = new Map<string, number[]>();
  const mainSystemMs: number[] = [];
  const rates = new Map<string, number[]>();
  const bareRates: number[] = [];
  const bareCpuMs: number[] = [];
  let lastThreads: ReturnType<typeof cpuPerOperation> = [];
  for (let round = 0; round < ONE_CLIENT_ROUNDS; round++) {
    for (const variant of variants) {
      const bareCpu = process.cpuUsage();
      bareRates.push(await bareAppends(bareFile, recordBytes, THREAD_ADDS));
      const used = process.cpuUsage(bareCpu);
      bareCpuMs.push((used.user + used.system) / 1000 / THREAD_ADDS);
      const dataDir = join(work, `one-client-data-${round}-${variants.indexOf(variant)}`);
      const server = await startServer({ CONTENT_DIR: await shippedCopy(), DATA_DIR: dataDir, LOG_LEVEL: 'info', ...variant.env });
      const session = writeSession(server.port);
      try {
        await session.warmUp();
        const before = threadCpu(server.pid, TICKS_PER_SECOND);
        const run = await session.adds(1, THREAD_ADDS);
        const threads = cpuPerOperation(before, threadCpu(server.pid, TICKS_PER_SECOND), server.pid, THREAD_ADDS);
        const main = threads.find((t) => t.thread === 'main')!;
        mainMs.set(variant.name, [...(mainMs.get(variant.name) ?? []), main.userMs + main.systemMs]);
        if (variant.env.FAST_WRITES === undefined) mainSystemMs.push(main.systemMs);
        rates.set(variant.name, [...(rates.get(variant.name) ?? []), run.perSecond]);
        console.log(`\nOne client, ${THREAD_ADDS} adds, ${variant.name}, round ${round + 1}: ${run.perSecond.toFixed(0)} adds/s; server CPU per add by thread:`);
        console.log(table(['thread', 'user ms/add', 'system ms/add'], threads.filter((t) => t.userMs + t.systemMs > 0).map((t) => [t.thread, t.userMs.toFixed(3), t.systemMs.toFixed(3)])));
        if (variant.env.FAST_WRITES === undefined) lastThreads = threads;
      } finally {
        await session.close();
        await server.stop();
      }
    }
  }
  const bareMedian = median(bareRates);
  console.log(`\nreference: bare appendFile + fsync loop, median ${bareMedian.toFixed(0)} appends/s, ${median(bareCpuMs).toFixed(3)} ms of CPU per append`);

  // The profile: the server as served, under the same load, only the load window counted.
  const profileDir = join(work, 'profile');
  const server = await startServer({ CONTENT_DIR: await shippedCopy(), DATA_DIR: join(work, 'one-client-profiled'), LOG_LEVEL: 'info' }, ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', profileDir]);
  const session = writeSession(server.port);
  let window: [number, number];
  try {
    await session.warmUp();
    const from = Number(process.hrtime.bigint() / 1000n);
    await session.adds(1, PROFILED_ADDS);
    window = [from, Number(process.hrtime.bigint() / 1000n)];
  } finally {
    await session.close();
    await server.stop();
  }
  const { busy, intervalUs, shares } = summariseProfile(profileDir, ROOT, ...window);
  const msPerAdd = (samples: number) => (samples * intervalUs) / 1000 / PROFILED_ADDS;
  console.log(`\n--cpu-prof of the server (main thread), ${PROFILED_ADDS} single-client adds, idle left out: ${busy} busy samples of ~${intervalUs.toFixed(0)} us, ${msPerAdd(busy).toFixed(3)} ms per add`);
  console.log(table(['where (nearest package or file on the stack)', 'share', 'ms per add'], shares.slice(0, 25).map((s) => [s.where, `${((s.samples / busy) * 100).toFixed(1)}%`, msPerAdd(s.samples).toFixed(3)])));

  const served = median(mainMs.get(variants[0]!.name)!);
  const viaExpress = median(mainMs.get(variants[1]!.name)!);
  console.log(`one client (per-thread runs): ${median(rates.get(variants[0]!.name)!).toFixed(0)} adds/s as served, ${median(rates.get(variants[1]!.name)!).toFixed(0)} through Express`);
  // Node 20 names no thread: every other thread (libuv's pool, V8's helpers) counts together.
  const others = lastThreads.filter((t) => t.thread !== 'main').reduce((sum, t) => sum + t.userMs + t.systemMs, 0);
  return [
    { measure: 'main-thread CPU per add, 1 client (shipped content + the warm-up\'s adds, access log at info)', value: `${served.toFixed(2)} ms`, reference: `${median(bareCpuMs).toFixed(3)} ms (bare appendFile + fsync loop, CPU per append)`, ratio: `${(served / median(bareCpuMs)).toFixed(1)}x`, target: '<= 1.0 ms' },
    { measure: '  of which system time (file creation, rename, socket writes)', value: `${median(mainSystemMs).toFixed(2)} ms`, reference: `${served.toFixed(2)} ms (main thread)`, ratio: `${(median(mainSystemMs) / served).toFixed(2)}x` },
    { measure: '  the same through Express (FAST_WRITES=off)', value: `${viaExpress.toFixed(2)} ms`, reference: `${served.toFixed(2)} ms (as served)`, ratio: `${(viaExpress / served).toFixed(2)}x` },
    { measure: '  CPU per add of the other threads (thread pool, V8 helpers), 1 client', value: `${others.toFixed(2)} ms`, reference: `${served.toFixed(2)} ms (main thread)`, ratio: `${(others / served).toFixed(2)}x` },
    ...shares.slice(0, 6).map((s) => ({ measure: `  profile, 1 client: ${s.where}`, value: `${msPerAdd(s.samples).toFixed(3)} ms/add`, reference: `${msPerAdd(busy).toFixed(3)} ms/add (all busy samples)`, ratio: `${((s.samples / busy) * 100).toFixed(1)}%` })),
  ];
}

/** A keep-alive client of one server that adds entries and deletes them again (not measured). */
function writeSession(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(...CLIENTS) });
  let nextFlag = 0;
  return {
    /** `count` adds from `clients` clients in closed loops; adds per second. */
    async adds(clients: number, count: number): Promise<{ perSecond: number }> {
      let left = count;
      const client = async () => {
        while (left-- > 0) {
          const Flag = `WBENCH${++nextFlag}`;
          const body = { Flag, Info: `Write benchmark entry ${Flag}: the tunnel could not be opened.`, Solution: ['Check the network.', 'Retry.'] };
          const { status, text } = await call(agent, port, 'POST', '/api/tunnel/errors/addNew', body);
          if (status !== 201) throw new Error(`addNew answered ${status}: ${text}`);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: clients }, client));
      return { perSecond: count / ((performance.now() - started) / 1000) };
    },
    /** WARM_UP_ADDS adds from 16 clients and one: the JIT settled. */
    async warmUp(): Promise<void> {
      await this.adds(16, WARM_UP_ADDS / 2);
      await this.adds(1, WARM_UP_ADDS / 2);
    },
    async close(): Promise<void> {
      agent.destroy();
    },
  };
}

async function benchAdds(oneClient: BenchRow[]): Promise<void> {
  const catalogues: Catalogue[] = [
    { name: 'shipped', entries: (await readdir(join(ROOT, 'content', 'errors'))).length, copy: shippedCopy },
    { name: `${LARGE_CATALOGUE} entries`, entries: LARGE_CATALOGUE, copy: () => generateTree(0, LARGE_CATALOGUE) },
  ];
  const bareFile = join(work, 'bare-appends.jsonl');
  await bareAppends(bareFile, recordBytes, 100); // warm-up
  const bare: number[] = [];
  const floor = await measureFloor(bare, bareFile);
  const results = new Map<string, AddFigures>();
  for (const watch of ['on', 'off']) {
    for (const catalogue of catalogues) {
      const figures = await measureAdds(catalogue, watch, bare, bareFile);
      results.set(`${catalogue.name}/${watch}`, figures);
    }
  }

  const bareMedian = median(bare);
  console.log(`\nAcknowledged adds (POST /api/tunnel/errors/addNew, real server process; answered once the op record is fsync'd and the entry file is in place)`);
  console.log(`${ADDS_PER_RUN} adds per run, ${ROUNDS} rounds; ${pinned ? 'server pinned to core 1, client to core 0' : 'not pinned (no taskset or one core)'}`);
  console.log(`reference: bare appendFile + fsync loop, one ${recordBytes}-byte line per fsync, same folder: median ${bareMedian.toFixed(0)} appends/s [${bare.map((v) => v.toFixed(0)).join(', ')}]\n`);
  const rows: string[][] = [];
  for (const [key, { perSecond, cpu }] of results) {
    for (const clients of CLIENTS) {
      const runs = perSecond.get(clients)!;
      rows.push([key, String(clients), median(runs).toFixed(0), runs.map((v) => v.toFixed(0)).join(', '), `${(median(runs) / bareMedian).toFixed(2)}x`]);
    }
    rows.push([key, 'all', '', '', '', `${median(cpu).toFixed(0)} us`]);
  }
  for (const clients of CLIENTS) {
    const runs = floor.get(clients)!;
    rows.push(['minimal writer', String(clients), median(runs).toFixed(0), runs.map((v) => v.toFixed(0)).join(', '), `${(median(runs) / bareMedian).toFixed(2)}x`]);
  }
  console.log(table(['catalogue/watcher', 'clients', 'adds/s (median)', 'runs', 'vs bare appends/s', 'server CPU per add'], rows.map((r) => [...r, ...Array(6 - r.length).fill('')])));

  const small = results.get(`${catalogues[0]!.name}/on`)!;
  const big = results.get(`${catalogues[1]!.name}/on`)!;
  const smallOff = results.get(`${catalogues[0]!.name}/off`)!;
  const bigOff = results.get(`${catalogues[1]!.name}/off`)!;
  const targets: Record<number, string> = { 1: '>= 0.3x (goal 0.5x)', 64: '>= 0.8x' };
  recordRows(import.meta.filename, 'Catalogue adds (POST addNew, fsync\'d) against a bare appendFile + fsync loop', [
    ...oneClient,
    ...CLIENTS.flatMap((clients) => {
      const perSecond = (catalogue: Catalogue) => median(results.get(`${catalogue.name}/on`)!.perSecond.get(clients)!);
      const minimal = median(floor.get(clients)!);
      const level = `${clients} client${clients > 1 ? 's' : ''}`;
      return [
        ...[catalogues[0]!, catalogues[1]!].map((catalogue) => ({
          measure: `adds/s, ${level}, from ${catalogue.entries} entries (+ ${WARM_UP_ADDS} warm-up adds)`,
          value: `${perSecond(catalogue).toFixed(0)}/s`,
          reference: `${bareMedian.toFixed(0)}/s (bare appendFile + fsync loop)`,
          ratio: `${(perSecond(catalogue) / bareMedian).toFixed(2)}x`,
          target: targets[clients] ?? '',
        })),
        {
          measure: `  the minimal writer (bench/src/bare-writer.ts: node:http, temp file, O_DSYNC append, rename), ${level}`,
          value: `${minimal.toFixed(0)}/s`,
          reference: `${bareMedian.toFixed(0)}/s (bare appendFile + fsync loop)`,
          ratio: `${(minimal / bareMedian).toFixed(2)}x`,
        },
        {
          measure: `  adds/s, ${level}, from ${catalogues[0]!.entries} entries, against the minimal writer`,
          value: `${perSecond(catalogues[0]!).toFixed(0)}/s`,
          reference: `${minimal.toFixed(0)}/s (the minimal writer)`,
          ratio: `${(perSecond(catalogues[0]!) / minimal).toFixed(2)}x`,
        },
      ];
    }),
    {
      measure: `server CPU per add at ${LARGE_CATALOGUE} entries (watcher on)`,
      value: `${median(big.cpu).toFixed(0)} us`,
      reference: `${median(small.cpu).toFixed(0)} us (at ${catalogues[0]!.entries} entries)`,
      ratio: `${(median(big.cpu) / median(small.cpu)).toFixed(2)}x`,
      target: '<= 1.3x',
    },
    {
      measure: `server CPU per add at ${LARGE_CATALOGUE} entries (CONTENT_WATCH=off)`,
      value: `${median(bigOff.cpu).toFixed(0)} us`,
      reference: `${median(smallOff.cpu).toFixed(0)} us (at ${catalogues[0]!.entries} entries)`,
      ratio: `${(median(bigOff.cpu) / median(smallOff.cpu)).toFixed(2)}x`,
    },
  ]);
}

/**
 * The minimal writer at every client level, each run beside a run of the bare loop (A B A B):
 * what an HTTP add with the same durable steps costs in Node on this disk, nothing else done.
 */
async function measureFloor(bare: number[], bareFile: string): Promise<Map<number, number[]>> {
  const server = await startServer({}, ['--import', 'tsx'], ['bench/src/bare-writer.ts', join(work, 'minimal-writer')]);
  const session = writeSession(server.port);
  const perSecond = new Map<number, number[]>(CLIENTS.map((c) => [c, []]));
  try {
    await session.warmUp();
    for (let round = 0; round < ROUNDS; round++) {
      for (const clients of CLIENTS) {
        bare.push(await bareAppends(bareFile, recordBytes, ADDS_PER_RUN));
        perSecond.get(clients)!.push((await session.adds(clients, ADDS_PER_RUN)).perSecond);
      }
    }
    return perSecond;
  } finally {
    await session.close();
    await server.stop();
  }
}

/** Adds at every client level on one catalogue, each run beside a run of the bare loop (A B A B). */
async function measureAdds(catalogue: Catalogue, watch: string, bare: number[], bareFile: string): Promise<AddFigures> {
  const dataDir = join(work, `data-${catalogue.entries}-${watch}`);
  const contentDir = await catalogue.copy();
  copies.push(contentDir);
  const server = await startServer({ CONTENT_DIR: contentDir, DATA_DIR: dataDir, CONTENT_WATCH: watch });
  const session = writeSession(server.port);
  /** `count` adds from `clients` clients; adds per second and server CPU per add. */
  const adds = async (clients: number, count: number) => {
    const cpu = serverCpu(server.pid);
    const { perSecond } = await session.adds(clients, count);
    return { perSecond, cpuMicrosPerAdd: ((serverCpu(server.pid) - cpu) / count) * 1e6 };
  };

  const figures: AddFigures = { perSecond: new Map(CLIENTS.map((c) => [c, []])), cpu: [] };
  try {
    await session.warmUp();
    const lines = (await readFile(join(dataDir, OP_LOG_FILE), 'utf8')).split('\n').filter((l) => l.includes('"CREATE"'));
    const measured = Math.round(lines.reduce((sum, l) => sum + l.length + 1, 0) / lines.length);
    if (Math.abs(measured - recordBytes) > 60) console.log(`(op records here are ${measured} bytes; the bare loop writes ${recordBytes})`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const clients of CLIENTS) {
        bare.push(await bareAppends(bareFile, recordBytes, ADDS_PER_RUN));
        const run = await adds(clients, ADDS_PER_RUN);
        figures.perSecond.get(clients)!.push(run.perSecond);
        figures.cpu.push(run.cpuMicrosPerAdd);
      }
    }
    return figures;
  } finally {
    await session.close();
    await server.stop();
  }
}

async function benchReplay(): Promise<void> {
  const dataDir = join(work, 'replay');
  const logPath = join(dataDir, OP_LOG_FILE);
  const generated = performance.now();
  await writeLog(dataDir, logPath, LOG_RECORDS);
  const megabytes = (await stat(logPath)).size / 1e6;
  console.log(`\nStart-up replay of a ${LOG_RECORDS.toLocaleString('en')}-record op log (${megabytes.toFixed(0)} MB, written in ${((performance.now() - generated) / 1000).toFixed(1)} s)`);

  const split = () => readLines(logPath, () => undefined);
  const parse = () => readLines(logPath, (line) => void JSON.parse(line.toString('utf8')));
  const scan = async () => {
    const journal = await openJournal(logPath);
    await journal.close();
  };
  const replay = async () => {
    const store = await openCatalogStore({ dataDir, clock: systemClock, files: () => new Map(), exports: () => new Map(), onApplied: () => undefined });
    const { logsTotal } = store.stats();
    const { writable, reason } = store.health();
    await store.close();
    if (logsTotal !== LOG_RECORDS || !writable) throw new Error(`replay found ${logsTotal} records, writable ${writable} (${reason})`);
  };
  await seconds(split); // warm-up: the file is in the page cache from here on
  const samples = { split: [] as number[], parse: [] as number[], scan: [] as number[], replay: [] as number[] };
  for (let round = 0; round < REPLAY_ROUNDS; round++) {
    samples.split.push(await seconds(split));
    samples.parse.push(await seconds(parse));
    samples.scan.push(await seconds(scan));
    samples.replay.push(await seconds(replay));
  }
  const replayMedian = median(samples.replay);
  const row = (name: string, values: number[]) => [name, `${median(values).toFixed(2)} s`, values.map((v) => v.toFixed(2)).join(', '), `${(replayMedian / median(values)).toFixed(1)}x`];
  console.log(table(
    ['', 'median', 'runs', 'replay is'],
    [
      row('read in 1 MiB chunks + split into lines', samples.split),
      row('... + JSON.parse each line', samples.parse),
      row('openJournal alone (+ checksum of each line)', samples.scan),
      row('openCatalogStore: start-up replay (+ check, keep, index each record)', samples.replay),
    ],
  ));
  recordRows(import.meta.filename, `Start-up replay of a ${LOG_RECORDS.toLocaleString('en')}-record op log`, [
    {
      measure: 'openCatalogStore (check, keep, index each record)',
      value: `${replayMedian.toFixed(2)} s`,
      reference: `${median(samples.parse).toFixed(2)} s (read + split + JSON.parse each line)`,
      ratio: `${(replayMedian / median(samples.parse)).toFixed(2)}x`,
    },
  ]);
}

/** A log as the store writes it: 20,000 Flags, each created, updated twice, deleted, again and again. */
async function writeLog(dataDir: string, path: string, records: number): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = await open(path, 'w');
  const flags = 20_000;
  const operations = ['CREATE', 'UPDATE', 'UPDATE', 'DELETE'] as const;
  try {
    let chunk: Buffer[] = [];
    for (let seq = 1; seq <= records; seq++) {
      const flag = `NET${(seq - 1) % flags}`;
      const at = new Date(Date.UTC(2026, 0, 1) + seq * 1000).toISOString().replace('Z', '000');
      const operation = operations[Math.floor((seq - 1) / flags) % operations.length]!;
      const entry = {
        Flag: flag,
        Info: `The tunnel to the relay could not be opened: the handshake for ${flag} timed out after 30 seconds.`,
        Solution: ['Check that the network allows outgoing UDP on port 51820.', 'Restart the client and retry.'],
        category: 'network',
        severity: 'medium',
        creator: 'support',
        notes: null,
        created_at: `${at}Z`,
        updated_at: `${at}Z`,
      };
      // Each record carries the API's state of its Flag, as the service writes it (no file in the repository).
      const state = operation === 'DELETE' ? { value: null, fields: {}, deleted: { base: null } } : { value: entry, fields: { Info: {}, Solution: {}, category: {}, severity: {}, creator: {}, notes: {} } };
      chunk.push(
        encodeLine(seq, {
          timestamp: at,
          operation,
          flag,
          user_ip: '203.0.113.7',
          actor: 'token:bench',
          entry,
          state,
        }),
      );
      if (chunk.length === 10_000) {
        await file.write(Buffer.concat(chunk));
        chunk = [];
      }
    }
    await file.write(Buffer.concat(chunk));
  } finally {
    await file.close();
  }
}

/** Reads a file in 1 MiB chunks and hands out each line (a reused view), as the journal's reader does. */
async function readLines(path: string, visit: (line: Buffer) => void): Promise<void> {
  const file = await open(path, 'r');
  try {
    let buffer = Buffer.allocUnsafe(1 << 20);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)]);
      const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
      let start = 0;
      for (let end = buffer.indexOf(0x0a, start); end !== -1 && end < filled; end = buffer.indexOf(0x0a, start)) {
        visit(buffer.subarray(start, end));
        start = end + 1;
      }
      buffer.copy(buffer, 0, start, filled);
      filled -= start;
    }
  } finally {
    await file.close();
  }
}

/** `count` lines of `bytes` bytes, each appended and fsync'd before the next; appends per second. */
async function bareAppends(path: string, bytes: number, count: number): Promise<number> {
  const line = Buffer.from(`${'x'.repeat(bytes - 1)}\n`);
  const file = await open(path, 'a');
  try {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      await file.appendFile(line);
      await file.sync();
    }
    return count / ((performance.now() - started) / 1000);
  } finally {
    await file.close();
  }
}

async function seconds(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

/**
 * The API as operators run it (`node apps/api/dist/main.js`, built above), or `program` (the
 * minimal writer), in its own process (on core 1 when pinned).
 */
async function startServer(env: Record<string, string>, nodeArgs: string[] = [], program = ['apps/api/dist/main.js']): Promise<{ pid: number; port: number; stop(): Promise<void> }> {
  const node = [process.execPath, ...nodeArgs, ...program];
  const [command, ...args] = pinned ? ['taskset', '-c', '1', ...node] : node;
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', API_TOKENS: `${TOKEN}=errors:write`, RATE_LIMIT_CATALOG: '1000000000/60s', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  let rest = '';
  const port = await new Promise<number>((done, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      rest = (rest + chunk).slice(-4096); // every request is logged: keep reading, keep little
      const found = /listening on http:\/\/[\d.]+:(\d+)/.exec(rest);
      if (found) done(Number(found[1]));
    });
    void exited.then(() => fail(new Error('the API exited before listening')));
  });
  return {
    pid: child.pid!,
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** utime + stime of a process, in seconds (fields 14 and 15 of /proc/<pid>/stat). */
function serverCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

function call(agent: Agent, port: number, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent, headers: { authorization: `Bearer ${TOKEN}`, ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode!, text }));
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
