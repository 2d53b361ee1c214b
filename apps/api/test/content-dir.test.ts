import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { configFromEnv } from '../src/config';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Runs a command to its end, however long a loaded machine takes (one that never ends fails at the test's timeout). */
function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env } }, (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }));
  });
}

describe('relative paths resolve against the directory the command runs in', () => {
  it('`cd content && pnpm content:check .` checks the content folder, not the repository', async () => {
    const { code, stdout, stderr } = await run('pnpm', ['content:check', '.'], { cwd: join(ROOT, 'content'), env: { GITHUB_ACTIONS: '' } });
    expect(stdout).toBe('');
    expect(stderr).toMatch(/content OK: \d+ stable/);
    expect(code).toBe(0);
  });

  it('CONTENT_DIR and DATA_DIR under pnpm are read from where pnpm was called (INIT_CWD), not the repository root', () => {
    const env = { CONTENT_DIR: 'my-content', DATA_DIR: '../state', INIT_CWD: '/srv/site/sub', PNPM_SCRIPT_SRC_DIR: process.cwd() };
    expect(configFromEnv(env)).toMatchObject({ contentDir: '/srv/site/sub/my-content', dataDir: '/srv/site/state' });
    // Not started by a pnpm script here (another process's INIT_CWD inherited): the working directory.
    expect(configFromEnv({ ...env, PNPM_SCRIPT_SRC_DIR: '/elsewhere' }).contentDir).toBe(resolve('my-content'));
  });
});

describe('a CONTENT_DIR that is not a content folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'not-content-'));
    await mkdir(join(dir, 'src'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holding none of the content folders stops start-up with one line and exit code 2', async () => {
    const { code, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: ROOT,
      env: { PORT: '0', CONTENT_DIR: dir, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' },
    });
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^cannot start: content folder .* holds none of changelog\/, notices\/, errors\//);
  });

  it('content:check of such a folder says so in one line and exits 2', async () => {
    const { code, stdout, stderr } = await run('pnpm', ['content:check', dir], { cwd: ROOT, env: { GITHUB_ACTIONS: '' } });
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n').filter((line) => !/^(\[ELIFECYCLE\]|\$ )/.test(line))).toEqual([expect.stringMatching(/holds none of changelog\/, notices\/, errors\//)]);
    expect(code).toBe(2);
  });
});
