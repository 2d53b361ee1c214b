import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mailerConfigFromEnv } from '@companion/mailer';
import { configFromEnv } from '../src/config';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Starts the real server as `pnpm start` does; resolves with its exit code and output once it has
 * exited, however long a loaded machine takes to get there (a server that never exits fails at the
 * test's timeout, and is ended then).
 */
function start(env: Record<string, string>, contentDir: string, dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', CONTENT_DIR: contentDir, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  return new Promise((done) =>
    child.once('close', (code) => {
      running.delete(child);
      done({ code, ...output });
    }),
  );
}

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
});

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
    ['HOST', '999.1.1.1'],
    ['HOST', '10.0.0.256'],
    ['RATE_LIMIT_FEEDBACK', 'lots'],
    ['API_TOKENS', 'no-scopes-here'],
    ['SMTP_PORT', 'twenty-five'],
    ['CONTENT_WATCH', 'maybe'],
    ['DATABASE_URL', 'mysql://db/companion'],
    ['DATABASE_URL', 'postgres://db:5432'],
    ['FAST_READS', 'enabled'],
    ['SMTP_SECURE', 'sure'],
  ])('%s=%s stops start-up with one line naming it and exit code 2', async (name, value) => {
    const { code, stderr } = await start({ [name]: value }, join(root, 'content'), join(root, 'data'));
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^cannot start: .*${name}`));
    expect(lines[0]).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('refuses to start with one line (exit 1, worth a retry) when the database does not answer, without its password', async () => {
    // Port 1 refuses at once: a timeout far longer than that keeps the refusal, not a timer that a
    // loaded machine reaches first, the cause start-up names.
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://app:s3cret@127.0.0.1:1/companion', DATABASE_TIMEOUT_MS: '60000' }, join(root, 'content'), join(root, 'data'));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual(['cannot start: DATABASE_URL postgres://app:***@127.0.0.1:1/companion: the database refuses connections (is it running?) (waited up to DATABASE_TIMEOUT_MS=60000)']);
  });

  it('names the setting, not the credentials, when start-up stops: no warning comes before the error', async () => {
    const { code, stdout, stderr } = await start({ LOG_LEVEL: 'info', API_TOKENS: '', DATA_DIR: join(root, 'content', 'codenames.yaml') }, join(root, 'content'), join(root, 'data'));
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cannot start: .*DATA_DIR/)]);
    expect(stdout).not.toContain('no API credentials');
  });

  it('says in one line, exit code 2, when the address cannot be had', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    try {
      const { port } = holder.address() as AddressInfo;
      const { code, stdout, stderr } = await start({ LOG_LEVEL: 'info', PORT: String(port) }, join(root, 'content'), join(root, 'data'));
      expect(code).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^cannot start: HOST/PORT: cannot listen on 127.0.0.1:${port}: .*EADDRINUSE`))]);
      expect(stdout).not.toMatch(/"level":(50|60)/);
    } finally {
      holder.close();
    }
  });

  it('reads every yes/no setting with one parser: the same spellings everywhere', () => {
    const smtp = (env: Record<string, string>) => mailerConfigFromEnv(env).smtp;
    const yes = ['on', 'yes', 'true', '1', 'ON', 'Yes', 'TRUE'];
    const no = ['off', 'no', 'false', '0', 'OFF', 'No', 'False'];
    for (const value of yes) {
      expect([value, configFromEnv({ CONTENT_WATCH: value, FAST_READS: value })]).toEqual([value, expect.objectContaining({ contentWatch: true, fastReads: true })]);
      expect([value, smtp({ SMTP_HOST: 'mail.example', SMTP_SECURE: value, SMTP_REQUIRE_TLS: value })]).toEqual([value, expect.objectContaining({ secure: true })]);
    }
    for (const value of no) {
      expect([value, configFromEnv({ CONTENT_WATCH: value, FAST_READS: value })]).toEqual([value, expect.objectContaining({ contentWatch: false, fastReads: false })]);
      expect([value, smtp({ SMTP_HOST: 'mail.example', SMTP_SECURE: value })]).toEqual([value, expect.objectContaining({ secure: false })]);
    }
    // TRUST_PROXY: yes/no spellings too, but 0 and 1 stay hop counts, as Express reads them.
    expect(configFromEnv({ TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
    expect(configFromEnv({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    for (const name of ['CONTENT_WATCH', 'FAST_READS']) expect(() => configFromEnv({ [name]: 'maybe' })).toThrow(new RegExp(`^${name}: expected yes or no \\(on/off, true/false, 1/0\\)`));
    expect(() => smtp({ SMTP_HOST: 'mail.example', SMTP_SECURE: 'maybe' })).toThrow(/SMTP_SECURE: expected yes or no \(on\/off, true\/false, 1\/0\)/);
  });

  it('takes the values Express and pino accept, and empty as the default', () => {
    expect(configFromEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1,192.168.0.0/255.255.0.0' }).trustProxy).toBe('loopback,10.0.0.0/8,::1,192.168.0.0/255.255.0.0');
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromEnv({ PORT: '', LOG_LEVEL: '', HOST: '' })).toMatchObject({ port: 3000, logLevel: 'info', host: '127.0.0.1' });
    expect(configFromEnv({ HOST: '::', LOG_LEVEL: 'debug' })).toMatchObject({ host: '::', logLevel: 'debug' });
    expect(() => configFromEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/^TRUST_PROXY: expected/);
  });
});
