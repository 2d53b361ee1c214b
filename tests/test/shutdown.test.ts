import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startSlowSmtp, type SlowSmtp } from './support/slow-smtp';
import { contentCopy, ROOT, startCommand, waitFor, type ContentCopy, type RunningService } from './support/service';

// Each documented way of starting the service, stopped as a service manager stops it: SIGTERM
// to the process it started. The service must drain (an e-mail waiting on a slow SMTP server
// gets its answer, catalogue writes are in the op log on disk, whole), free its port,
// and say how it ended; when the grace is too short it exits 1 naming what it cut short.

const TOKEN = 'stop-token';
/** Longer than the 5 s the service once gave requests before exiting regardless. */
const SMTP_DELAY_MS = 6000;

const WAYS: Record<string, string[]> = {
  'pnpm start': ['pnpm', 'start'],
  'node apps/api/dist/main.js': [process.execPath, 'apps/api/dist/main.js'],
};

beforeAll(async () => {
  await promisify(execFile)('pnpm', ['build'], { cwd: ROOT });
}, 120_000);

let content: ContentCopy;
let dataDir: string;
let smtp: SlowSmtp;
let service: RunningService | undefined;

beforeEach(async () => {
  content = await contentCopy();
  dataDir = await mkdtemp(join(tmpdir(), 'stop-data-'));
  smtp = await startSlowSmtp(SMTP_DELAY_MS);
});

afterEach(async () => {
  await service?.stop();
  if (service?.serverPid && running(service.serverPid)) process.kill(service.serverPid, 'SIGKILL');
  service = undefined;
  await smtp.close();
  await content.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

const start = async (way: string, env: Record<string, string> = {}) =>
  (service = await startCommand(WAYS[way]!, {
    PORT: '0',
    CONTENT_DIR: content.dir,
    DATA_DIR: dataDir,
    CONTENT_WATCH: 'off',
    API_TOKENS: `${TOKEN}=*`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    ...env,
  }));

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Alive and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z/.test(stat);
}

async function portFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((done) => {
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** Five acknowledged catalogue adds, an idle keep-alive connection, and an e-mail stuck on SMTP. */
async function loadUp(url: string): Promise<{ mail: Promise<Response> }> {
  for (let i = 1; i <= 5; i++) {
    const res = await post(`${url}/api/tunnel/errors/addNew`, { Flag: `STOP${i}`, Info: 'Stopped cleanly.', Solution: ['Nothing to do.'] });
    expect(res.status).toBe(201);
  }
  const idle = connect(Number(new URL(url).port), '127.0.0.1');
  idle.on('error', () => {});
  await new Promise((done) => idle.once('connect', done));
  const mail = post(`${url}/api/send_email`, { to: 'ops@example.org', subject: 'Drained', text: 'Sent while stopping.' });
  await smtp.dataArrived;
  return { mail };
}

async function stopped(svc: RunningService): Promise<void> {
  await waitFor(() => !running(svc.serverPid!), 60_000, () => `the server did not exit:\n${svc.lines.join('\n')}`);
  await svc.ended;
}

/** What the catalogue left on disk: the flags and seqs of its log (whole lines only), and the log's id. */
async function catalogOnDisk() {
  const text = await readFile(join(dataDir, 'catalog-ops.jsonl'), 'utf8');
  const records = text.trim().split('\n').map((line) => JSON.parse(line) as { seq: number; flag: string });
  const logId = (await readFile(join(dataDir, 'catalog-log-id'), 'utf8')).trim();
  return { flags: records.map((r) => r.flag), seqs: records.map((r) => r.seq), whole: text.endsWith('\n'), logId };
}

describe.each(Object.keys(WAYS))('SIGTERM to `%s`', (way) => {
  test('drains: the e-mail in flight is answered, writes are in the log on disk, the port is free, exit 0', async () => {
    const svc = await start(way);
    expect(svc.serverPid).toEqual(expect.any(Number));
    const port = Number(new URL(svc.url).port);
    const exit = new Promise<number | null>((done) => svc.child.once('exit', done));
    const { mail } = await loadUp(svc.url);

    svc.child.kill('SIGTERM');
    const answer = await mail;
    expect(answer.status).toBe(202);
    await stopped(svc);

    expect(await portFree(port)).toBe(true);
    expect(smtp.accepted).toBe(1);
    expect(svc.lines.join('\n')).toContain('stopped: every request answered, every store closed');
    if (way.startsWith('node')) expect(await exit).toBe(0);
    const disk = await catalogOnDisk();
    expect(disk.flags).toEqual(['STOP1', 'STOP2', 'STOP3', 'STOP4', 'STOP5']);
    expect(disk).toMatchObject({ seqs: [1, 2, 3, 4, 5], whole: true, logId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // Served from the log: the content folder is left alone.
    for (let i = 1; i <= 5; i++) expect(existsSync(join(content.dir, `errors/STOP${i}.yaml`))).toBe(false);
  }, 180_000);
});

describe('a stop that cannot drain', () => {
  const way = 'node apps/api/dist/main.js';

  test('a grace shorter than the request in flight: exit 1, the log names the request, the port is free', async () => {
    const svc = await start(way, { SHUTDOWN_GRACE_MS: '300' });
    const port = Number(new URL(svc.url).port);
    const exit = new Promise<number | null>((done) => svc.child.once('exit', done));
    const { mail } = await loadUp(svc.url);

    svc.child.kill('SIGTERM');
    await expect(mail).rejects.toThrow();
    expect(await exit).toBe(1);
    expect(await portFree(port)).toBe(true);
    const cut = svc.lines.find((l) => l.includes('grace of 300 ms ran out'));
    expect(cut).toMatch(/1 request\(s\) still running, cut short: POST \/api\/send_email \(\d+ ms\)/);
    const disk = await catalogOnDisk();
    expect(disk.flags).toHaveLength(5);
    expect(disk).toMatchObject({ seqs: [1, 2, 3, 4, 5], whole: true });
  }, 180_000);

  test('a second SIGTERM while draining forces the stop: exit 1, the request named', async () => {
    const svc = await start(way);
    const exit = new Promise<number | null>((done) => svc.child.once('exit', done));
    const { mail } = await loadUp(svc.url);

    svc.child.kill('SIGTERM');
    await waitFor(() => svc.lines.some((l) => l.includes('SIGTERM: stopping')), 10_000);
    svc.child.kill('SIGTERM');
    await expect(mail).rejects.toThrow();
    expect(await exit).toBe(1);
    expect(svc.lines.find((l) => l.includes('SIGTERM again'))).toContain('POST /api/send_email');
  }, 180_000);
});
