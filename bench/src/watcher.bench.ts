import { readdirSync, readlinkSync, readFileSync, writeFileSync, lstatSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { rm } from 'node:fs/promises';
import { ContentStore, ContentWatcher } from '@companion/content';
import { errorText, generateTree } from './content-tree';
import { recordRows, type BenchRow } from './report';
import { median, ms } from './stats';

// The content watcher at 10,000 catalogue entries: inotify watches held, folder listings
// (rescans) and CPU per added file, against chokidar 4 when it is at hand (CHOKIDAR_DIR: a folder
// where `npm install chokidar@4` was run; it is not a dependency of the project), and the
// periodic reconciliation against a bare readdir + lstat of the same files. Same run, alternated.
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const ADDS = 100;
const ROUNDS = 3;

// Every folder listing in this process is counted, ours and chokidar's alike (the patched
// CommonJS functions reach every ES import of node:fs through syncBuiltinESMExports).
const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
let listings = 0;
for (const name of ['readdir', 'opendir'] as const) {
  const plain = fs.promises[name] as (...args: unknown[]) => unknown;
  (fs.promises as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => (listings++, plain(...args));
  const callback = fs[name] as (...args: unknown[]) => unknown;
  (fs as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => (listings++, callback(...args));
}
syncBuiltinESMExports();

/** inotify watches this process holds now, from the kernel's own account (/proc/self/fdinfo). */
function inotifyWatches(): number {
  let watches = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    let target = '';
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (target !== 'anon_inode:inotify') continue;
    watches += readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').split('\n').filter((line) => line.startsWith('inotify wd:')).length;
  }
  return watches;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** Files reported added, each waking whoever waits for it (no polling, which would cost CPU). */
class Seen {
  private readonly files = new Set<string>();
  private readonly waiting = new Map<string, () => void>();
  add(file: string): void {
    this.files.add(file);
    this.waiting.get(file)?.();
  }
  until(file: string): Promise<void> {
    return this.files.has(file) ? Promise.resolve() : new Promise((done) => this.waiting.set(file, done));
  }
}

interface Watching {
  name: string;
  /** Starts watching `dir`; resolves when ready; `seen` counts files reported added. */
  open(dir: string, seen: Seen): Promise<() => Promise<void>>;
}

const ours: Watching = {
  name: 'fs.watch per folder (ContentWatcher)',
  async open(dir, seen) {
    const watcher = new ContentWatcher(dir);
    for (const folder of ['', 'changelog', 'changelog/stable', 'changelog/preview', 'notices', 'errors']) watcher.add(folder);
    watcher.start(async (paths) => {
      for (const path of paths) seen.add(path);
      return null;
    }, { debounceMs: 1 });
    return () => watcher.close();
  },
};

async function chokidarWatching(): Promise<Watching | null> {
  const from = process.env.CHOKIDAR_DIR;
  if (!from) return null;
  type Watcher = { once(event: 'ready', listener: () => void): void; on(event: 'add', listener: (path: string) => void): void; close(): Promise<void> };
  const { watch } = (await import(join(from, 'node_modules/chokidar/index.js'))) as { watch(dir: string, options: { ignoreInitial: boolean }): Watcher };
  const version = (JSON.parse(readFileSync(join(from, 'node_modules/chokidar/package.json'), 'utf8')) as { version: string }).version;
  return {
    name: `chokidar ${version}`,
    async open(dir, seen) {
      const watcher = watch(dir, { ignoreInitial: true });
      await new Promise<void>((ready) => watcher.once('ready', ready));
      watcher.on('add', (path: string) => seen.add(path.slice(dir.length + 1)));
      return () => watcher.close();
    },
  };
}

/** Ready time, watches, listings and CPU per add for one watcher over `dir`; `adds` writes files. */
async function measure(watching: Watching | null, dir: string, round: number) {
  const seen = new Seen();
  const [cpu0, wall0, listed0] = [cpuMs(), performance.now(), listings];
  const close = watching ? await watching.open(dir, seen) : async () => undefined;
  const ready = { wallMs: performance.now() - wall0, cpuMs: cpuMs() - cpu0, listings: listings - listed0, watches: inotifyWatches() };
  const [cpu1, listed1] = [cpuMs(), listings];
  let missed = 0;
  for (let i = 0; i < ADDS; i++) {
    const file = `errors/ADD${round}X${i}.yaml`;
    writeFileSync(join(dir, file), errorText(`ADD${round}X${i}`, 'Added.'));
    // A watcher that never reports the file is counted as having missed it (after 2 s), not waited for.
    if (watching && !(await Promise.race([seen.until(file).then(() => true), new Promise<boolean>((done) => setTimeout(done, 2000, false))]))) missed++;
    else await new Promise((resolve) => setImmediate(resolve));
  }
  const adds = { cpuMs: cpuMs() - cpu1, listings: listings - listed1, missed };
  await close();
  return { ready, adds };
}

// The content watcher's watches do not keep a process alive: this does, while the bench waits.
const keepAlive = setInterval(() => undefined, 60_000);
const dir = await generateTree(0, ENTRIES);
const rows: BenchRow[] = [];
try {
  const chokidar = await chokidarWatching();
  const contenders = [ours, ...(chokidar ? [chokidar] : [])];
  const results = new Map<string, { readyMs: number[]; readyCpu: number[]; perAdd: number[]; watches: number; readyListings: number; addListings: number; missed: number }>();
  for (let round = 0; round < ROUNDS; round++) {
    // The writes alone (no watcher) are the reference every add is measured against.
    const bare = await measure(null, dir, round * 10);
    for (const contender of contenders) {
      const { ready, adds } = await measure(contender, dir, round * 10 + 1 + contenders.indexOf(contender));
      const r = results.get(contender.name) ?? { readyMs: [], readyCpu: [], perAdd: [], watches: 0, readyListings: 0, addListings: 0, missed: 0 };
      r.readyMs.push(ready.wallMs);
      r.readyCpu.push(ready.cpuMs);
      r.perAdd.push((adds.cpuMs - bare.adds.cpuMs) / ADDS);
      Object.assign(r, { watches: ready.watches, readyListings: ready.listings, addListings: adds.listings, missed: r.missed + adds.missed });
      results.set(contender.name, r);
    }
    console.log(`round ${round + 1}: ${[...results].map(([name, r]) => `${name}: ready ${ms(r.readyMs.at(-1)!)}, ${(r.perAdd.at(-1)! * 1000).toFixed(0)} us CPU per add`).join('; ')}`);
  }
  const mine = results.get(ours.name)!;
  for (const [name, r] of results) {
    console.log(`${name}: ${r.watches} inotify watches, ${r.readyListings} listings to get ready, ${r.addListings} listings for ${ADDS} adds, ${(median(r.perAdd) * 1000).toFixed(0)} us CPU per add, ready in ${ms(median(r.readyMs))} (${ms(median(r.readyCpu))} CPU), ${r.missed} of ${ADDS * ROUNDS} adds not reported within 2 s`);
  }
  if (chokidar) {
    const theirs = results.get(chokidar.name)!;
    const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    rows.push(
      { measure: `watcher at ${ENTRIES} entries: inotify watches`, value: String(mine.watches), reference: `${theirs.watches} (${chokidar.name})`, ratio: x(mine.watches, theirs.watches) },
      { measure: `watcher: folder listings to get ready + for ${ADDS} adds`, value: `${mine.readyListings} + ${mine.addListings}`, reference: `${theirs.readyListings} + ${theirs.addListings} (${chokidar.name})`, ratio: x(mine.readyListings + mine.addListings, theirs.readyListings + theirs.addListings) },
      { measure: 'watcher: CPU per added file (beyond the write itself)', value: `${(median(mine.perAdd) * 1000).toFixed(0)} us`, reference: `${(median(theirs.perAdd) * 1000).toFixed(0)} us (${chokidar.name})`, ratio: x(median(mine.perAdd), median(theirs.perAdd)) },
      { measure: 'watcher: ready (wall)', value: ms(median(mine.readyMs)), reference: `${ms(median(theirs.readyMs))} (${chokidar.name})`, ratio: x(median(mine.readyMs), median(theirs.readyMs)) },
    );
  } else {
    console.log('chokidar: not compared (set CHOKIDAR_DIR to a folder where `npm install chokidar@4` was run)');
  }

  // The periodic reconciliation over an unchanged tree, against the least such a check can do:
  // list the folder and lstat every file. Alternated; the longest stall of the event loop too.
  const store = await ContentStore.open(dir);
  const files = readdirSync(join(dir, 'errors')).length;
  const mineMs: number[] = [];
  const bareMs: number[] = [];
  const mineCpu: number[] = [];
  const bareCpu: number[] = [];
  const stalls: number[] = [];
  for (let round = 0; round < 5; round++) {
    const stall = monitorEventLoopDelay({ resolution: 1 });
    stall.enable();
    let [c, t] = [cpuMs(), performance.now()];
    await store.reconcile();
    mineMs.push(performance.now() - t);
    mineCpu.push(cpuMs() - c);
    stall.disable();
    stalls.push(stall.max / 1e6);
    [c, t] = [cpuMs(), performance.now()];
    for (const folder of ['', 'changelog', 'changelog/stable', 'changelog/preview', 'notices', 'errors']) {
      for (const name of await readdir(join(dir, folder))) lstatSync(join(dir, folder, name));
    }
    bareMs.push(performance.now() - t);
    bareCpu.push(cpuMs() - c);
  }
  await store.close();
  console.log(`reconciliation over ${files} entries: ${ms(median(mineMs))} (${ms(median(mineCpu))} CPU, longest event-loop stall ${ms(median(stalls))}); readdir + lstat alone ${ms(median(bareMs))} (${ms(median(bareCpu))} CPU)`);
  rows.push(
    { measure: `reconciliation (stat-only) over ${files} entries, nothing changed`, value: ms(median(mineMs)), reference: `${ms(median(bareMs))} (readdir + lstat of every file, blocking)`, ratio: `${(median(mineMs) / median(bareMs)).toFixed(2)}x` },
    { measure: '  its CPU', value: ms(median(mineCpu)), reference: ms(median(bareCpu)), ratio: `${(median(mineCpu) / median(bareCpu)).toFixed(2)}x` },
    { measure: '  longest event-loop stall during it', value: ms(median(stalls)), reference: `${ms(median(bareMs))} (the blocking loop stalls it throughout)`, ratio: `${(median(stalls) / median(bareMs)).toFixed(2)}x` },
  );
} finally {
  clearInterval(keepAlive);
  await rm(dir, { recursive: true, force: true });
}
recordRows(import.meta.filename, `Content watcher at ${ENTRIES.toLocaleString('en')} entries: against chokidar 4, and the reconciliation`, rows);
