import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '@companion/api';
import { contentCopy, ROOT, startCommand, waitFor, type ContentCopy } from './support/service';

// deploy/tunnel-companion.service as an operator copies it: systemd's own check where
// systemd-analyze exists, then its ExecStart run the way systemd runs it (its Environment and
// EnvironmentFile, from its WorkingDirectory, here the checkout) and stopped with its
// KillSignal, which must end it with exit 0 (a clean stop, not a failure to restart after).

const UNIT = join(ROOT, 'deploy/tunnel-companion.service');
const ENV_FILE = join(ROOT, 'deploy/tunnel-companion.env');
const run = promisify(execFile);

/** The [Service] settings, each key with every value it was given. */
async function serviceSection(): Promise<Map<string, string[]>> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of (await readFile(UNIT, 'utf8')).split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) section = line;
    else if (section === '[Service]') {
      const [key, ...value] = line.split('=');
      settings.set(key!, [...(settings.get(key!) ?? []), value.join('=')]);
    }
  }
  return settings;
}

const one = (settings: Map<string, string[]>, key: string) => settings.get(key)?.at(-1) ?? '';

/** KEY=VALUE lines of an environment file or an Environment= setting. */
const assignments = (lines: string[]) =>
  Object.fromEntries(lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));

let content: ContentCopy;
let dataDir: string;

beforeAll(async () => {
  await run('pnpm', ['build'], { cwd: ROOT });
  content = await contentCopy();
  dataDir = await mkdtemp(join(tmpdir(), 'unit-data-'));
}, 120_000);

afterAll(async () => {
  await content.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

test('systemd-analyze verify accepts the unit', async () => {
  const found = await run('sh', ['-c', 'command -v systemd-analyze']).then(() => true, () => false);
  if (!found) return console.log('systemd-analyze is not installed: the unit is only checked by the next tests');
  const { stdout, stderr } = await run('systemd-analyze', ['verify', UNIT]);
  expect(`${stdout}${stderr}`).toBe('');
});

test('the unit fits the service: the built entry, SIGTERM, a stop timeout above the grace, a writable data folder and a read-only content folder', async () => {
  const unit = await serviceSection();
  const env = assignments(await readFile(ENV_FILE, 'utf8').then((t) => t.split('\n')));
  expect(one(unit, 'ExecStart')).toMatch(/^\/usr\/bin\/node( --[a-z-]+)* apps\/api\/dist\/main\.js$/);
  expect(one(unit, 'KillSignal')).toBe('SIGTERM');
  expect(one(unit, 'Restart')).toBe('on-failure');
  expect(Number(one(unit, 'TimeoutStopSec')) * 1000).toBeGreaterThan(Number(env.SHUTDOWN_GRACE_MS ?? DEFAULT_SHUTDOWN_GRACE_MS));
  expect(one(unit, 'ProtectSystem')).toBe('strict');
  // The data folder, and the restore witness in a folder of its own beside it.
  const [data, witness] = one(unit, 'StateDirectory').split(' ');
  expect(env.DATA_DIR).toBe(`/var/lib/${data}`);
  expect(env.WITNESS_FILE).toBe(`/var/lib/${witness}/restore-witness.json`);
  // The checkout `git pull` updates is never the service's to write.
  expect(unit.get('ReadWritePaths') ?? []).toEqual([]);
  expect(env.CONTENT_DIR!.startsWith(one(unit, 'WorkingDirectory'))).toBe(true);
});

test("the unit's ExecStart, with its environment, serves and stops cleanly on its KillSignal within TimeoutStopSec", async () => {
  const unit = await serviceSection();
  const tokens = join(dataDir, 'tokens');
  await writeFile(tokens, `${'0'.repeat(64)}=*\n`);
  const env = {
    ...assignments(unit.get('Environment') ?? []),
    ...assignments(await readFile(ENV_FILE, 'utf8').then((t) => t.split('\n'))),
    // The machine's own folders stand in for /opt and /var/lib, and any free port for 3000.
    PORT: '0',
    CONTENT_DIR: content.dir,
    DATA_DIR: dataDir,
    API_TOKENS_FILE: tokens,
  };
  const service = await startCommand(one(unit, 'ExecStart').split(' '), env);
  const exit = new Promise<number | null>((done) => service.child.once('exit', done));
  expect((await fetch(`${service.url}/health`)).status).toBe(200);

  service.child.kill(one(unit, 'KillSignal') as NodeJS.Signals);
  const code = await waitFor(() => exit.then((c) => ({ c })), Number(one(unit, 'TimeoutStopSec')) * 1000);
  expect(code.c).toBe(0);
  expect(service.lines.join('\n')).toContain('stopped: every request answered, every store closed');
}, 180_000);
