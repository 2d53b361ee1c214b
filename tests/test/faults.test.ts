import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkoutClosedTo, request, ROOT, SHIPPED_CONTENT, spawnServer, startServer, type ServerProcess } from './support/crash-server';
import { mountSmallDisk, noDiskFaults } from '../../packages/journal/test/small-disk';

// Faults an operator meets, injected under the real server: a full disk, a read-only file
// system, kill -9 (a zombie too) and every kind of stale lock. Invariants: every acknowledged
// write is present, every refused one absent (now and after a restart), writes resume by
// themselves once the fault is gone, and no restart is ever refused for a dead holder.

const TOKEN = 'fault-suite';
/** A ceiling for "resumes by itself" (the stores probe every 0.5 s): waited for, however long a loaded machine takes. */
const RESUME_MS = 120_000;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
const running = new Set<ServerProcess>();
afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function folders(): Promise<{ root: string; contentDir: string; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'faults-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const contentDir = join(root, 'content');
  await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
  return { root, contentDir, dataDir: join(root, 'data') };
}

const envFor = (contentDir: string, dataDir: string) => ({
  CONTENT_DIR: contentDir,
  DATA_DIR: dataDir,
  API_TOKENS: `${TOKEN}=*`,
  RATE_LIMIT_CATALOG: '1000000/1m',
  RATE_LIMIT_FEEDBACK: '1000000/1m',
});

async function start(env: Record<string, string>, as: { uid?: number; gid?: number } = {}): Promise<{ server: ServerProcess; url: string }> {
  const started = await startServer(env, undefined, as);
  running.add(started.server);
  return started;
}

async function kill(server: ServerProcess): Promise<void> {
  await server.kill();
  running.delete(server);
}

async function until<T>(probe: () => Promise<T | false>, what: string, ms = RESUME_MS): Promise<T> {
  for (const deadline = Date.now() + ms; ; ) {
    const value = await probe();
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** What every write was answered, by the Flag or feedback text it carried. */
class Ledger {
  readonly acknowledged = new Set<string>();
  readonly refused = new Set<string>();
  readonly unexpected: string[] = [];

  async burst(url: string, prefix: string, count: number, kinds: ('catalog' | 'feedback')[] = ['catalog', 'feedback']): Promise<void> {
    const writes = Array.from({ length: count }, (_, i) => kinds.map((kind) => this.write(url, kind, `${prefix}${i}`))).flat();
    await Promise.all(writes);
  }

  private async write(url: string, kind: 'catalog' | 'feedback', name: string): Promise<void> {
    const answer =
      kind === 'catalog'
        ? await request(`${url}/api/tunnel/errors`, 'POST', TOKEN, { Flag: name, Info: `Written as ${name}.`, Solution: ['Retry.'] })
        : await request(`${url}/api/feedback`, 'POST', null, { content: `feedback ${name}`, type: 'bug' });
    const key = `${kind} ${name}`;
    if (answer.status === 201) this.acknowledged.add(key);
    else if (answer.status === 503 && answer.body.error.code === 'STORAGE_UNAVAILABLE') {
      this.refused.add(key);
      const message: string = answer.body.error.message;
      if (message.includes(ROOT) || message.includes(tmpdir()) || /cannot accept writes.*cannot accept writes/i.test(message)) this.unexpected.push(`${key}: 503 message ${message}`);
    } else this.unexpected.push(`${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** Compares what the server serves (and the log on disk) with the answers it gave. */
  async check(url: string, dataDir: string): Promise<string[]> {
    const problems = [...this.unexpected];
    const entries = (await request(`${url}/api/tunnel/errors`, 'GET', null)).body.data as { Flag: string }[];
    const feedback = (await request(`${url}/api/feedback?per_page=500`, 'GET', TOKEN)).body.data as { content: string }[];
    const present = new Set([...entries.map((e) => `catalog ${e.Flag}`), ...feedback.map((f) => f.content)]);
    for (const key of this.acknowledged) if (!present.has(key)) problems.push(`acknowledged but missing: ${key}`);
    for (const key of this.refused) if (present.has(key)) problems.push(`refused but present: ${key}`);
    const logLines = (await readFile(join(dataDir, 'catalog-ops.jsonl'), 'utf8')).split('\n').filter(Boolean).length;
    const stats = (await request(`${url}/api/tunnel/errors/stats`, 'GET', TOKEN)).body.data;
    if (stats.logs_total !== logLines) problems.push(`logs_total ${stats.logs_total} but ${logLines} records on disk`);
    return problems;
  }
}

const health = async (url: string) => (await request(`${url}/health`, 'GET', null)).body;
// Entry files only: a copied content folder may hold other names.
const entryFiles = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.yaml'));

// One fault test runs the server as nobody, which must be able to read the checkout.
const NOBODY = { uid: 65534, gid: 65534 };
const closedToNobody = noDiskFaults ? null : checkoutClosedTo(NOBODY);

(noDiskFaults ? describe.skip : describe)('disk faults under the running server', () => {
  if (noDiskFaults) console.log(`fault suite: disk faults skipped: ${noDiskFaults}`);
  if (closedToNobody) console.log(`fault suite: permissions skipped: ${closedToNobody}`);

  it('a full DATA_DIR: refusals are truthful, writes resume by themselves, a restart agrees', async () => {
    const { root, contentDir } = await folders();
    const disk = await mountSmallDisk(join(root, 'data-disk'), 1024);
    cleanups.push(() => disk.unmount());
    const dataDir = join(disk.dir, 'data');
    const env = envFor(contentDir, dataDir);
    let { server, url } = await start(env);
    const ledger = new Ledger();
    await ledger.burst(url, 'FULLA', 10);
    expect(ledger.refused.size).toBe(0);

    await disk.fill();
    await ledger.burst(url, 'FULLB', 40);
    expect(ledger.refused.size).toBeGreaterThan(0);
    const faulty = await health(url);
    expect(faulty.status).toBe('degraded');
    expect(faulty.storage.writable).toBe(false);
    expect([faulty.storage.catalog.last_fault?.cause, faulty.storage.feedback.last_fault?.cause]).toContain('ENOSPC');
    expect(JSON.stringify(faulty)).not.toContain(root);
    expect(await ledger.check(url, dataDir)).toEqual([]);

    await disk.free();
    await until(async () => (await health(url)).storage.writable, 'writable after space was freed');
    await ledger.burst(url, 'FULLC', 5);
    expect([...ledger.refused].filter((key) => /FULLC/.test(key))).toEqual([]);

    // (A read-only remount is refused while the logs are open for writing; the start-up test
    // covers EROFS.)
    expect(await ledger.check(url, dataDir)).toEqual([]);
    expect(server.printed('writes resumed after ENOSPC')).toBe(true);

    await kill(server);
    ({ server, url } = await start(env));
    expect(await ledger.check(url, dataDir)).toEqual([]);
    console.log(`full DATA_DIR: ${ledger.acknowledged.size} writes acknowledged, ${ledger.refused.size} refused, all as answered after a restart`);
    await kill(server);
  }, 240_000);

  (closedToNobody ? it.skip : it)('permissions removed and restored (the server runs as an unprivileged user): refused with the cause, then resumed', async () => {
    const { root, contentDir, dataDir } = await folders();
    await mkdir(dataDir);
    execFileSync('chmod', ['755', root]);
    execFileSync('chown', ['-R', `${NOBODY.uid}:${NOBODY.gid}`, root]);
    const { server, url } = await start(envFor(contentDir, dataDir), NOBODY);
    const ledger = new Ledger();
    const mail = () => request(`${url}/api/send_email`, 'POST', TOKEN, { to: 'ops@example.com', subject: 'Fault suite', markdown: 'Hello **ops**' });
    await ledger.burst(url, 'PERMA', 5);
    expect((await mail()).status).toBe(202);

    // The outbox refuses files. The catalogue writes only its op log (never the content folder):
    // it goes on taking changes while the mail store is refused.
    const locked = [join(dataDir, 'outbox')];
    for (const dir of locked) execFileSync('chmod', ['555', dir]);
    await ledger.burst(url, 'PERMB', 5, ['catalog']);
    expect([...ledger.refused].filter((key) => /PERMB/.test(key))).toHaveLength(0);
    const failed = await mail();
    expect(failed.status).toBe(503);
    expect(failed.body.error).toMatchObject({ code: 'STORAGE_UNAVAILABLE', message: expect.stringMatching(/: outbox\/\S+\.eml: permission denied \(EACCES\)\.$/) });
    const faulty = (await health(url)).storage;
    expect(faulty.catalog).toMatchObject({ writable: true, last_fault: null });
    expect(faulty.mail).toMatchObject({ writable: false, last_fault: { cause: 'EACCES', cleared_at: null } });

    for (const dir of locked) execFileSync('chmod', ['755', dir]);
    await until(async () => (await health(url)).storage.writable, 'writable after permissions were restored');
    await ledger.burst(url, 'PERMC', 5, ['catalog']);
    expect([...ledger.refused].filter((key) => /PERMC/.test(key))).toEqual([]);
    expect((await mail()).status).toBe(202);
    expect(await ledger.check(url, dataDir)).toEqual([]);
    expect((await entryFiles(join(contentDir, 'errors'))).filter((name) => name.startsWith('PERM'))).toEqual([]); // served from the log only
    await kill(server);
  }, 180_000);

  it('a DATA_DIR that is full, read-only or not a folder stops start-up with one line and leaves nothing behind', async () => {
    const { root, contentDir } = await folders();
    const disk = await mountSmallDisk(join(root, 'bad-disk'), 256);
    cleanups.push(() => disk.unmount());
    await writeFile(join(root, 'a-file'), 'not a folder');
    const cases: [string, string, () => Promise<void> | void][] = [
      ['full', disk.dir, () => disk.fill()],
      [
        'read-only',
        disk.dir,
        async () => {
          await disk.free();
          disk.readOnly();
        },
      ],
      ['not a folder', join(root, 'a-file'), () => undefined],
    ];
    for (const [what, dataDir, prepare] of cases) {
      await prepare();
      const server = spawnServer(envFor(contentDir, dataDir));
      const code = await server.exited;
      const lines = server.output().split('\n').filter((line) => line.startsWith('cannot start'));
      expect({ what, code, lines }).toEqual({ what, code: 2, lines: [expect.stringContaining(`cannot start: DATA_DIR ${dataDir}`)] });
      if (what !== 'not a folder') expect((await readdir(dataDir)).filter((name) => name !== '.filler')).toEqual([]);
    }
    disk.writable();
  }, 180_000);
});

describe('restarts', () => {
  it('a second live service on the same DATA_DIR is refused with one line (exit 2)', async () => {
    const { contentDir, dataDir } = await folders();
    const env = envFor(contentDir, dataDir);
    const { server } = await start(env);
    const second = spawnServer(env);
    expect(await second.exited).toBe(2);
    expect(second.output().split('\n').filter((line) => line.startsWith('cannot start'))).toEqual([
      `cannot start: DATA_DIR ${dataDir} is in use by another running service (pid ${server.pid}); stop it or choose another DATA_DIR`,
    ]);
    await kill(server);
  }, 180_000);

  it('kill -9 and restart at once, also while the killed server is an unreaped zombie: never refused, nothing acknowledged lost', async () => {
    const { contentDir, dataDir } = await folders();
    const env = envFor(contentDir, dataDir);
    const ledger = new Ledger();
    // Killed without waiting for its exit: the new one starts while the old one dies.
    let { server, url } = await start(env);
    await ledger.burst(url, 'KILLA', 10);
    server.kill();
    ({ server, url } = await start(env));
    expect(await ledger.check(url, dataDir)).toEqual([]);
    await kill(server);

    // A parent that never reaps (as `pnpm start` with its parent stopped): `exec sleep` adopts the server.
    const parent = spawn('sh', ['-c', `"${process.execPath}" --import tsx apps/api/src/main.ts & exec sleep 60`], {
      cwd: ROOT,
      env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => parent.kill('SIGKILL'));
    const listening = await new Promise<{ pid: number; url: string }>((done) => {
      let text = '';
      parent.stdout!.on('data', (chunk) => {
        text += chunk;
        const line = text.split('\n').find((l) => l.includes('listening on'));
        if (line) done({ pid: JSON.parse(line).pid, url: /listening on (http:\/\/[\d.]+:\d+)/.exec(line)![1]! });
      });
    });
    await ledger.burst(listening.url, 'KILLB', 10);
    process.kill(listening.pid, 'SIGKILL');
    const state = async () => (await readFile(`/proc/${listening.pid}/stat`, 'utf8').catch(() => '')).split(') ')[1]?.[0];
    await until(async () => (await state()) === 'Z', 'the killed server is a zombie');
    ({ server, url } = await start(env));
    expect(await state()).toBe('Z'); // the holder was still unreaped when the new server took the folder
    expect(await ledger.check(url, dataDir)).toEqual([]);
    await kill(server);
  }, 240_000);

  it('a log deleted while running is noticed: writes are refused instead of acknowledged into a lost file', async () => {
    const { contentDir, dataDir } = await folders();
    const env = envFor(contentDir, dataDir);
    let { server, url } = await start(env);
    const ledger = new Ledger();
    await ledger.burst(url, 'GONEA', 3);
    await rm(join(dataDir, 'catalog-ops.jsonl'));
    await ledger.burst(url, 'GONEB', 3, ['catalog']);
    expect([...ledger.refused].filter((key) => /GONEB/.test(key))).toHaveLength(3);
    expect((await health(url)).storage.catalog.reason).toBe('catalog-ops.jsonl was deleted or replaced while the service ran; restart the service to open it again');
    await kill(server);
    // A new log. The API's changes lived in the deleted log only (none was exported into the
    // entry files): the catalogue served is the files again, and they are gone with it.
    ({ server, url } = await start(env));
    for (const key of [...ledger.acknowledged].filter((k) => k.startsWith('catalog GONEA'))) {
      ledger.acknowledged.delete(key);
      expect((await request(`${url}/api/tunnel/errors/${key.slice('catalog '.length)}`, 'GET', null)).status).toBe(404);
    }
    expect((await entryFiles(join(contentDir, 'errors'))).filter((name) => name.startsWith('GONE'))).toEqual([]);
    await ledger.burst(url, 'GONEC', 3, ['catalog']);
    expect(await ledger.check(url, dataDir)).toEqual([]);
    await kill(server);
  }, 180_000);

  it.each([
    ['an empty lock file', ''],
    ['pid 0', '0'],
    ['pid 1', '1'],
    ['a live pid of an unrelated process', String(process.pid)],
  ])('starts over a stale lock of earlier versions: %s (with half-made lock files beside it)', async (_, text) => {
    const { contentDir, dataDir } = await folders();
    await mkdir(dataDir);
    await writeFile(join(dataDir, 'service.lock'), text);
    await writeFile(join(dataDir, 'service.lock.new-4242-x1'), '4242');
    const { server } = await start(envFor(contentDir, dataDir));
    expect((await readdir(dataDir)).filter((name) => name.startsWith('service.lock'))).toEqual([]);
    await kill(server);
  }, 180_000);
});
