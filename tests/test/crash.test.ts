import { cp, mkdtemp, readFile, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from '@companion/content';
import { allowedStates, checkCycleRecords, describeState, replayLog, sameState, type Change, type EntryState, type LogRecord } from './support/crash-model';
import { request, SHIPPED_CONTENT, spawnServer, startServer, type ServerProcess } from './support/crash-server';
import { WriteRound } from './support/crash-writers';

// The real server in its own process, killed with SIGKILL while writes are in flight, then
// restarted and compared with what its clients were told. See the durability promise in docs/API.md.

// CRASH_KILLS changes the count (more for a long soak, fewer while working on this file).
const KILLS = Number(process.env.CRASH_KILLS ?? 24);
/** However slow the machine, at least this many kills are played and checked (see TIME_BUDGET_MS). */
const MIN_KILLS = Math.min(KILLS, 12);
const WRITERS = 16;
const FLAGS_PER_WRITER = 4;
/** Flags every writer changes, so changes of one Flag race inside one batch. */
const SHARED_FLAGS = ['RACE1', 'RACE2', 'RACE3'];
/** When to kill, counted from the first acknowledged change of a round (a fresh server answers its first writes slowly). */
const KILL_AFTER_MS: [number, number] = [50, 400];
/** Every few kills during writes, one more kill while the server is starting (replay, repair). */
const START_KILL_EVERY = 8;
/**
 * A bound on the time, not a speed check: start-up (~2-3 s each, tsx included) dominates it, and
 * a loaded machine takes several times as long. Once it is spent, the test stops killing after
 * MIN_KILLS kills (each fully checked) instead of going on to KILLS, and says how many it played.
 */
const TIME_BUDGET_MS = 60_000;
/** MIN_KILLS kills on a machine loaded enough to take this long each still finish. */
const SLOWEST_KILL_MS = 30_000;

const TOKEN = 'crash-writer';
const OP_LOG = 'catalog-ops.jsonl';

let dirs: string[] = [];
const running = new Set<ServerProcess>();

async function tempFolders(): Promise<{ contentDir: string; dataDir: string; env: Record<string, string> }> {
  const contentDir = await mkdtemp(join(tmpdir(), 'crash-content-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'crash-data-'));
  dirs.push(contentDir, dataDir);
  await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
  const env = {
    CONTENT_DIR: contentDir,
    DATA_DIR: dataDir,
    API_TOKENS: `${TOKEN}=errors:write+errors:read-log`,
    RATE_LIMIT_CATALOG: '1000000/60s', // the default 600/min would answer 429 long before the kills are done
  };
  return { contentDir, dataDir, env };
}

async function start(env: Record<string, string>): Promise<{ server: ServerProcess; url: string }> {
  const started = await startServer(env);
  running.add(started.server);
  return started;
}

async function kill(server: ServerProcess): Promise<void> {
  await server.kill();
  running.delete(server);
}

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

const randomIn = ([low, high]: [number, number]) => low + Math.random() * (high - low);
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
/** Waits for `promise`, but no longer than `ms`; leaves no timer behind. */
async function atMost<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((done) => (timer = setTimeout(() => done(undefined), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function readLog(dataDir: string): Promise<{ text: string; records: LogRecord[] }> {
  const text = await readFile(join(dataDir, OP_LOG), 'utf8').catch(() => '');
  return { text, records: text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogRecord) };
}

/** Entries served by GET /api/tunnel/errors, by Flag. */
async function servedEntries(url: string): Promise<Map<string, EntryState>> {
  const res = await request(`${url}/api/tunnel/errors`, 'GET', null);
  expect(res.status).toBe(200);
  return new Map((res.body.data as { Flag: string; Info: string; Solution: string[] }[]).map((e) => [e.Flag, { Info: e.Info, Solution: e.Solution }]));
}

const OWN_FLAGS = Array.from({ length: WRITERS }, (_, w) => Array.from({ length: FLAGS_PER_WRITER }, (_, k) => `CRASH${100 + w * 10 + k}`));
const ALL_FLAGS = [...OWN_FLAGS.flat(), ...SHARED_FLAGS];

describe('kill -9 during writes', () => {
  it(
    `keeps every acknowledged change, a contiguous log and a clean catalogue across ${KILLS} kills (at least ${MIN_KILLS} on a slow machine)`,
    async () => {
      const began = Date.now();
      const { contentDir, dataDir, env } = await tempFolders();
      const shipped = (await load(SHIPPED_CONTENT)).snapshot.errors;
      let tick = 0;
      let id = 0;
      const totals = { acknowledged: 0, refused: 0, unanswered: 0, unansweredLanded: 0, tornTails: 0, startKills: 0, startKillsBeforeListening: 0, starts: [] as number[], firstAcks: [] as number[], verifies: [] as number[], kills: [] as number[] };

      let known = new Map<string, EntryState>(ALL_FLAGS.map((flag) => [flag, null]));
      let logSoFar = '';
      let changes: Change[] = [];

      /** After a restart: compares everything the server and its files say with the model. */
      const verify = async (url: string, cycle: number) => {
        const problems: string[] = [];
        const health = await request(`${url}/health`, 'GET', null);
        expect(health.status).toBe(200);
        const catalog = health.body.storage.catalog;
        if (catalog.tornTail) totals.tornTails++;
        if (!catalog.writable || catalog.corruption || health.body.status !== 'ok' || health.body.content.issues.length > 0) {
          problems.push(`/health after kill ${cycle}: ${JSON.stringify({ status: health.body.status, catalog, issues: health.body.content.issues })}`);
        }

        const served = await servedEntries(url);
        for (const [flag, entry] of shipped) {
          if (!sameState(served.get(flag) ?? null, { Info: entry.Info, Solution: entry.Solution })) problems.push(`shipped entry ${flag} changed`);
        }
        for (const flag of served.keys()) if (!shipped.has(flag) && !ALL_FLAGS.includes(flag)) problems.push(`unexpected entry ${flag} served`);
        for (const flag of ALL_FLAGS) {
          const mine = changes.filter((c) => c.flag === flag);
          const allowed = allowedStates(known.get(flag) ?? null, mine);
          const actual = served.get(flag) ?? null;
          if (!allowed.some((state) => sameState(state, actual))) {
            const history = mine.map((c) => `#${c.id} ${c.operation} ${c.outcome}${c.status ? ` ${c.status}` : ''} -> ${describeState(c.after)}`);
            problems.push(`${flag} serves ${describeState(actual)}; allowed: ${allowed.map(describeState).join(' | ')}; this round: ${history.join(', ') || 'nothing'}`);
          }
        }

        const { text, records } = await readLog(dataDir);
        if (!text.startsWith(logSoFar)) problems.push('records from before this kill were rewritten');
        if (text !== '' && !text.endsWith('\n')) problems.push('the log does not end with a whole line');
        records.forEach((record, i) => {
          if (record.seq !== i + 1) problems.push(`line ${i + 1} has seq ${record.seq}`);
        });
        const before = logSoFar.split('\n').filter(Boolean).length;
        const added = records.slice(before);
        problems.push(...checkCycleRecords(added, changes));
        const landed = new Set(added.map((r) => (r.operation === 'DELETE' ? `DELETE ${r.flag}` : r.entry.Info)));
        totals.unansweredLanded += changes.filter((c) => c.outcome === 'unknown' && landed.has(c.after ? c.after.Info : `DELETE ${c.flag}`)).length;
        for (const [flag, state] of replayLog(records)) {
          if (!sameState(state, served.get(flag) ?? null)) problems.push(`the log says ${flag} holds ${describeState(state)}, the server serves ${describeState(served.get(flag) ?? null)}`);
        }

        const stats = await request(`${url}/api/tunnel/errors/stats`, 'GET', TOKEN);
        const { logs_total: logsTotal, operations } = stats.body.data;
        const counted = operations.CREATE + operations.UPDATE + operations.DELETE;
        if (logsTotal !== records.length || counted !== records.length) {
          problems.push(`logs_total ${logsTotal} and operations ${JSON.stringify(operations)}, but the log holds ${records.length} records`);
        }

        if (health.body.catalog.applied_seq !== records.length) problems.push(`/health catalog.applied_seq ${health.body.catalog.applied_seq}, but the log holds ${records.length} records`);
        if (health.body.catalog.entries !== served.size) problems.push(`/health catalog.entries ${health.body.catalog.entries}, but ${served.size} entries are served`);

        // The service never writes the content folder: its files are the shipped ones, whatever the kills.
        const files = await load(contentDir);
        for (const issue of files.issues) problems.push(`content issue: ${issue.file}:${issue.line} ${issue.message}`);
        const onDisk = files.snapshot.errors;
        if (onDisk.size !== shipped.size) problems.push(`the content folder holds ${onDisk.size} entries, ${shipped.size} were shipped`);
        for (const [flag, e] of onDisk) {
          if (!sameState({ Info: e.Info, Solution: e.Solution }, shipped.has(flag) ? { Info: shipped.get(flag)!.Info, Solution: shipped.get(flag)!.Solution } : null)) problems.push(`the file of ${flag} was written`);
        }

        expect(problems).toEqual([]);
        known = new Map(ALL_FLAGS.map((flag) => [flag, served.get(flag) ?? null]));
        logSoFar = text;
      };

      const timedStart = async () => {
        const t = performance.now();
        const started = await start(env);
        totals.starts.push(performance.now() - t);
        return started;
      };

      let { server, url } = await timedStart();
      let kills = 0;
      for (let cycle = 1; cycle <= KILLS; cycle++) {
        if (cycle > MIN_KILLS && Date.now() - began > TIME_BUDGET_MS) break;
        kills = cycle;
        let t = performance.now();
        await verify(url, cycle - 1);
        totals.verifies.push(performance.now() - t);

        const round = new WriteRound({ url, token: TOKEN, ownFlags: OWN_FLAGS, sharedFlags: SHARED_FLAGS, known: new Map(known), tick: () => ++tick, nextId: () => ++id });
        const roundBegan = performance.now();
        await atMost(round.flowing, 10_000);
        totals.firstAcks.push(performance.now() - roundBegan);
        await sleep(randomIn(KILL_AFTER_MS));
        const stopped = round.stop(); // no new requests from here; those in flight meet the kill
        t = performance.now();
        await kill(server);
        await stopped;
        totals.kills.push(performance.now() - t);
        expect(round.anomalies).toEqual([]);
        changes = round.changes;
        for (const c of changes) totals[c.outcome === 'applied' ? 'acknowledged' : c.outcome === 'refused' ? 'refused' : 'unanswered']++;
        if (cycle % START_KILL_EVERY === 0) {
          // Somewhere in start-up: loading, reading the log, or just listening.
          const starting = spawnServer(env);
          running.add(starting);
          const sorted = [...totals.starts].sort((a, b) => a - b);
          const exitedByItself = (await atMost(starting.exited.then(() => true), randomIn([0, sorted[sorted.length >> 1]!]))) ?? false;
          if (exitedByItself) throw new Error(`the server exited by itself during start-up after kill ${cycle}:\n${starting.output()}`);
          totals.startKills++;
          if (!(await Promise.race([starting.listening.then(() => true, () => false), sleep(0).then(() => false)]))) totals.startKillsBeforeListening++;
          await kill(starting);
        }
        ({ server, url } = await timedStart());
      }
      await verify(url, kills);
      running.delete(server);
      await server.stop();

      const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[samples.length >> 1]!.toFixed(0);
      console.log(
        [
          `${kills} kills during writes${kills < KILLS ? ` (of ${KILLS}: the time budget was spent)` : ''} + ${totals.startKills} during start-up (${totals.startKillsBeforeListening} before it listened) in ${((Date.now() - began) / 1000).toFixed(0)} s`,
          `changes: ${totals.acknowledged} acknowledged, ${totals.refused} refused (404/409 on shared Flags), ${totals.unanswered} unanswered (of which ${totals.unansweredLanded} landed)`,
          `log: ${logSoFar.split('\n').length - 1} records; torn tails dropped: ${totals.tornTails}; start to listening: median ${median(totals.starts)} ms; first write acknowledged after median ${median(totals.firstAcks)} ms`,
          `medians: verify ${median(totals.verifies)} ms, kill until every request settled ${median(totals.kills)} ms`,
        ].join('\n'),
      );
    },
    TIME_BUDGET_MS + MIN_KILLS * SLOWEST_KILL_MS,
  );
});

describe('a torn last record', () => {
  it(
    'is dropped and reported at start-up wherever it was cut, and writes go on',
    async () => {
      const { contentDir, dataDir, env } = await tempFolders();
      const logPath = join(dataDir, OP_LOG);
      const entry = (Flag: string, Info: string) => ({ Flag, Info, Solution: ['Retry.'] });
      let { server, url } = await start(env);
      for (const flag of ['TORNBASE1', 'TORNBASE2', 'TORNBASE3']) {
        expect((await request(`${url}/api/tunnel/errors`, 'POST', TOKEN, entry(flag, `${flag} as created.`))).status).toBe(201);
      }
      expect((await request(`${url}/api/tunnel/errors/TORNBASE2`, 'PUT', TOKEN, entry('TORNBASE2', 'Updated.'))).status).toBe(200);
      let last = 1;
      let created = await request(`${url}/api/tunnel/errors/addNew`, 'POST', TOKEN, entry(`TORN${last}`, 'About to be torn.'));
      expect(created.status).toBe(201);
      let records = created.body.logs_count as number;
      expect(records).toBe(5);

      // Where each line is cut, from its length L including the newline: just begun, inside the
      // JSON, right before the checksum, inside the checksum, and everything but the newline.
      const cuts = [(_: number) => 1, (_: number) => 9, (L: number) => Math.floor(L / 2), (L: number) => L - 19, (L: number) => L - 5, (L: number) => L - 1];
      for (const cutAt of cuts) {
        await kill(server);
        // What a crash during the append of the last record leaves: part of its line (the
        // service writes nothing else: the content folder never holds the entry).
        const bytes = await readFile(logPath);
        const offset = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1;
        const cut = cutAt(bytes.length - offset);
        await truncate(logPath, offset + cut);
        await expect(stat(join(contentDir, 'errors', `TORN${last}.yaml`))).rejects.toThrow(/ENOENT/);

        ({ server, url } = await start(env));
        const health = await request(`${url}/health`, 'GET', null);
        expect(health.status).toBe(200);
        expect(health.body.status).toBe('ok');
        expect(health.body.storage.catalog).toMatchObject({ writable: true, reason: null, corruption: null, tornTail: { offset, bytes: cut } });
        expect(server.printed('dropped a torn last record')).toBe(true);
        expect((await stat(logPath)).size).toBe(offset);
        expect((await request(`${url}/api/tunnel/errors/stats`, 'GET', TOKEN)).body.data.logs_total).toBe(records - 1);
        expect((await request(`${url}/api/tunnel/errors/TORN${last}`, 'GET', null)).status).toBe(404);
        expect(health.body.catalog).toMatchObject({ applied_seq: records - 1, conflicts: [] });
        expect((await load(contentDir)).issues).toEqual([]);

        // Writes go on from the seq after the last intact record.
        expect((await request(`${url}/api/tunnel/errors/TORNBASE1`, 'PUT', TOKEN, entry('TORNBASE1', `After cut ${cut}.`))).status).toBe(200);
        last++;
        created = await request(`${url}/api/tunnel/errors/addNew`, 'POST', TOKEN, entry(`TORN${last}`, 'About to be torn.'));
        expect(created.status).toBe(201);
        expect(created.body.logs_count).toBe(records + 1);
        records = created.body.logs_count;
        const { records: lines } = await readLog(dataDir);
        expect(lines.map((r) => r.seq)).toEqual(Array.from({ length: records }, (_, i) => i + 1));
      }
      running.delete(server);
      await server.stop();
    },
    // Seven starts, each of which a loaded machine may take a minute over.
    7 * 90_000,
  );
});
