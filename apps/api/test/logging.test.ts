import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { call, SHIPPED_CONTENT, startServer } from './server';

const ROOT = resolve(import.meta.dirname, '../../..');

/** A logger writing its JSON lines into `lines`. */
function collectingLogger(level: string) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: pino({ level }, sink) };
}

describe('request logs', () => {
  it('log each request as structured JSON and never print a credential', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startServer({ tokens: 'sup3r-secret-token=errors:write', deps: { logger: pino({ level: 'info' }, sink) } });
    try {
      const headers = { authorization: 'Bearer sup3r-secret-token', 'content-type': 'application/json', cookie: 'session=cookie-secret' };
      await call(`${server.url}/api/tunnel/errors/addNew`, { method: 'POST', headers, body: JSON.stringify({ Flag: 'LOG1', Info: 'x', Solution: ['y'] }) });
      await call(`${server.url}/api/notice`, { headers: { authorization: 'Bearer wrong-but-secret' } });
    } finally {
      await server.close();
    }
    const records = lines.map((line) => JSON.parse(line));
    const requests = records.filter((r) => r.req);
    expect(requests.map((r) => [r.req.method, r.res.statusCode])).toEqual([['POST', 201], ['GET', 200]]);
    expect(requests[0].req.url).toBe('/api/tunnel/errors/addNew');
    const all = lines.join('\n');
    for (const secret of ['sup3r-secret-token', 'wrong-but-secret', 'cookie-secret']) expect(all).not.toContain(secret);
  });

  it('log /health polls at debug, so a load balancer polling each second does not fill the log', async () => {
    for (const level of ['info', 'debug']) {
      const { lines, logger } = collectingLogger(level);
      const server = await startServer({ deps: { logger } });
      try {
        for (let i = 0; i < 3; i++) expect((await call(`${server.url}/health`)).status).toBe(200);
        await call(`${server.url}/api/tunnel/errors/stats`);
      } finally {
        await server.close();
      }
      const requests = lines.map((line) => JSON.parse(line)).filter((r) => r.req);
      const polls = requests.filter((r) => r.req.url === '/health');
      expect([level, polls.length, polls.every((r) => r.level === 20)]).toEqual([level, level === 'debug' ? 3 : 0, true]);
      expect(requests.filter((r) => r.req.url === '/api/tunnel/errors/stats').map((r) => r.level)).toEqual([30]);
    }
  });
});

describe('the log on a terminal', () => {
  /** Starts the server under a pseudo-terminal (util-linux `script`), asks for `path` once, stops it; what the terminal showed. */
  async function runOnTerminal(path: string): Promise<string> {
    const dataDir = await mkdtemp(join(tmpdir(), 'log-tty-'));
    const contentDir = await mkdtemp(join(tmpdir(), 'log-tty-content-'));
    await cp(SHIPPED_CONTENT, contentDir, { recursive: true });
    const child = spawn('script', ['-qfec', `${process.execPath} --import tsx apps/api/src/main.ts`, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CONTENT_DIR: contentDir, DATA_DIR: dataDir, LOG_LEVEL: 'info', API_TOKENS: 'tty-token=*' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = once(child, 'exit');
    try {
      // Waited for, however long a loaded machine takes to start it (a ceiling of two minutes).
      const deadline = Date.now() + 120_000;
      const until = async (seen: () => boolean) => {
        while (!seen() && Date.now() < deadline && child.exitCode === null) await new Promise((done) => setTimeout(done, 20));
      };
      await until(() => /http:\/\/127\.0\.0\.1:\d+/.test(output));
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      expect(url).toBeDefined();
      await (await fetch(url + path)).text();
      // The fast path writes its lines in batches: wait for the request's line, in whatever form.
      await until(() => output.includes(`GET ${path} `) || output.includes(`"url":"${path}"`));
    } finally {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
      await rm(contentDir, { recursive: true, force: true });
    }
    return output;
  }

  it('prints readable lines, not JSON, when stdout is a terminal', async () => {
    const output = await runOnTerminal('/api/notice');
    const lines = output.split(/\r?\n/).filter((line) => line.trim() !== '');
    expect(lines.some((line) => line.trimStart().startsWith('{'))).toBe(false);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO  listening on http:\/\/127\.0\.0\.1:\d+/), expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO  GET \/api\/notice 200 \d+ ms/)]));
  });
});
