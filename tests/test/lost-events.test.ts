import { cp, link, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHIPPED_CONTENT, spawnServer, type ServerProcess } from './support/crash-server';

// Events the watcher never gets: a kernel queue that overflowed while the service was stopped
// (its length is a sysctl, often lowered), and changes inotify does not report at all (a write
// through a hard link from outside the folder). The real server in its own process.
const QUEUE = '/proc/sys/fs/inotify/max_queued_events';
const FILES = 2000;

let dirs: string[] = [];
let server: ServerProcess | undefined;
afterEach(async () => {
  if (server) process.kill(server.pid, 'SIGCONT');
  await server?.stop();
  server = undefined;
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

async function folders(): Promise<{ contentDir: string; dataDir: string }> {
  const contentDir = await mkdtemp(join(tmpdir(), 'lost-events-content-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'lost-events-data-'));
  dirs.push(contentDir, dataDir);
  await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
  return { contentDir, dataDir };
}

const health = async (url: string) => (await (await fetch(`${url}/health`)).json()) as any;

async function until<T>(probe: () => Promise<T | false | null | undefined>, what: string, ms = 60_000): Promise<T> {
  for (const started = Date.now(); ; await new Promise((done) => setTimeout(done, 50))) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms / 1000} s: ${what}`);
  }
}

const entry = (flag: string, info: string) => `Flag: ${flag}\nInfo: ${info}\nSolution:\n  - Retry.\n`;

const root = process.getuid?.() === 0;
(root ? test : test.skip)(`${FILES} files written while the service is stopped overflow a 1,024-event queue, and every one is served`, async () => {
  const { contentDir, dataDir } = await folders();
  const queue = (await readFile(QUEUE, 'utf8')).trim();
  let url: string;
  try {
    // The queue is sized when the watcher opens: lowered only until the server listens.
    await writeFile(QUEUE, '1024');
    server = spawnServer({ CONTENT_DIR: contentDir, DATA_DIR: dataDir, CONTENT_RECONCILE_MS: '0' });
    url = await server.listening;
  } finally {
    await writeFile(QUEUE, queue);
  }
  const before = (await health(url)).content.counts.errors;
  process.kill(server.pid, 'SIGSTOP');
  for (let i = 1; i <= FILES; i++) await writeFile(join(contentDir, `errors/LOST${i}.yaml`), entry(`LOST${i}`, `Written while stopped, ${i}.`));
  process.kill(server.pid, 'SIGCONT');
  // Served by the overflow guard alone (reconciliation is off here).
  await until(async () => (await health(url)).content.counts.errors === before + FILES, `all ${FILES} files served`);
  expect((await health(url)).content.issues).toEqual([]);
}, 120_000);
if (!root) console.log('skipped: lowering fs.inotify.max_queued_events needs root');

test('/health says when the reconciliation last ran and what it found; a change no event reported is served', async () => {
  const { contentDir, dataDir } = await folders();
  const outside = await mkdtemp(join(tmpdir(), 'lost-events-outside-'));
  dirs.push(outside);
  await writeFile(join(outside, 'PORT1001.yaml'), entry('PORT1001', 'Shared through a hard link.'));
  await rm(join(contentDir, 'errors/PORT1001.yaml'));
  await link(join(outside, 'PORT1001.yaml'), join(contentDir, 'errors/PORT1001.yaml'));
  server = spawnServer({ CONTENT_DIR: contentDir, DATA_DIR: dataDir, CONTENT_RECONCILE_MS: '200' });
  const url = await server.listening;
  await until(async () => (await health(url)).content.reconciliation.last_run_at, 'a first reconciliation');
  await writeFile(join(outside, 'PORT1001.yaml'), entry('PORT1001', 'Changed through the other name.'));
  const run = await until(async () => {
    const { reconciliation } = (await health(url)).content;
    return reconciliation.found > 0 && reconciliation;
  }, 'a reconciliation that found the change');
  expect(run).toMatchObject({ interval_ms: 200, files: ['errors/PORT1001.yaml'], event_queue: expect.any(Number) });
  const served = (await (await fetch(`${url}/api/tunnel/errors/PORT1001`)).json()) as any;
  expect(served.data.Info).toBe('Changed through the other name.');
}, 180_000);
