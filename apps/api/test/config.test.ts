import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { configFromEnv } from '../src/config';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Starts the real server as `pnpm start` does; resolves with its exit code and stderr. */
function start(env: Record<string, string>, contentDir: string, dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', CONTENT_DIR: contentDir, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      timeout: 20_000,
    }, (_error, _stdout, stderr) => done({ code: child.exitCode, stderr }));
  });
}

describe('every setting goes through one check', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'config-'));
    // A copy: a server that got as far as opening its catalogue store would write into the folder.
    await cp(join(ROOT, 'content'), join(root, 'content'), { recursive: true });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it.each([
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'maybe'],
    ['PORT', '70000'],
    ['PORT', 'http'],
    ['HOST', 'not a host'],
    ['RATE_LIMIT_FEEDBACK', 'lots'],
    ['API_TOKENS', 'no-scopes-here'],
    ['SMTP_PORT', 'twenty-five'],
    ['CONTENT_WATCH', 'maybe'],
    ['DATABASE_URL', 'mysql://db/companion'],
    ['DATABASE_URL', 'postgres://db:5432'],
  ])('%s=%s stops start-up with one line naming it and exit code 2', async (name, value) => {
    const { code, stderr } = await start({ [name]: value }, join(root, 'content'), join(root, 'data'));
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^cannot start: .*${name}`));
    expect(lines[0]).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('refuses to start with one line (exit 1, worth a retry) when the database does not answer, without its password', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://app:s3cret@127.0.0.1:1/companion', DATABASE_TIMEOUT_MS: '500' }, join(root, 'content'), join(root, 'data'));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual(['cannot start: DATABASE_URL postgres://app:***@127.0.0.1:1/companion: the database refuses connections (is it running?) (waited up to DATABASE_TIMEOUT_MS=500)']);
  });

  it('takes the values Express and pino accept, and empty as the default', () => {
    expect(configFromEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1,192.168.0.0/255.255.0.0' }).trustProxy).toBe('loopback,10.0.0.0/8,::1,192.168.0.0/255.255.0.0');
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromEnv({ PORT: '', LOG_LEVEL: '', HOST: '' })).toMatchObject({ port: 3000, logLevel: 'info', host: '127.0.0.1' });
    expect(configFromEnv({ HOST: '::', LOG_LEVEL: 'debug' })).toMatchObject({ host: '::', logLevel: 'debug' });
    expect(() => configFromEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/^TRUST_PROXY: expected/);
  });
});
