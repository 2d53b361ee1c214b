import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../tests/test/support/ports';

// What the read benchmarks share: servers started on their own core, a load generator on the
// other, and server CPU per request read from /proc (see /work/shared/BENCHMARKING.md's method).

const ROOT = resolve(import.meta.dirname, '../..');
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
export const pinned = availableParallelism() >= 2 && hasTaskset;
// Load generator (this process) on core 0, the server measured on core 1.
if (pinned) execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts a server script with tsx on core 1; resolves once it answers. Its output is drained, not kept. */
export async function startServer(script: string, args: string[], env: Record<string, string>): Promise<Server> {
  const command = [process.execPath, '--import', 'tsx', script, ...args];
  const port = await freePort();
  const child: ChildProcess = spawn(pinned ? 'taskset' : command[0]!, pinned ? ['-c', '1', ...command] : command.slice(1), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.resume(); // the access log goes into a pipe, as under a supervisor, and is dropped here
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}) before listening`);
    const up = await fetchRaw(`${url}/__ready`, {}).then(() => true, () => false);
    if (up) break;
    if (tries > 600) throw new Error(`${script} did not listen on ${url}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime (fields 14, 15)
};

export function fetchRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((done, fail) => {
    request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
        const list = res.rawHeaders.flatMap((v, i, all) => (i % 2 === 0 && !skip.has(v.toLowerCase()) ? [v, all[i + 1]!] : []));
        done({ status: res.statusCode!, headers: list, body: Buffer.concat(chunks) });
      });
    })
      .on('error', fail)
      .end();
  });
}

/**
 * One load run of `seconds` at `connections`: requests per second and server CPU per request.
 * `path` is one path, or a function giving the path of each request (a new one every time).
 */
export async function loadRun(server: Server, path: string | (() => string), headers: Record<string, string>, expect: number, seconds: number, connections: number) {
  const before = cpuSeconds(server.pid);
  const target = typeof path === 'string' ? { url: server.url + path } : { url: server.url, requests: [{ setupRequest: (req: object) => ({ ...req, path: path() }) }] };
  const result = await autocannon({ ...target, connections, duration: seconds, headers });
  const cpu = cpuSeconds(server.pid) - before;
  const total = result.requests.total;
  const wrong = expect === 200 ? result.non2xx : total - (result['3xx'] ?? 0);
  if (wrong > 0 || result.errors > 0) throw new Error(`${path}: ${wrong} answers other than ${expect}, ${result.errors} errors`);
  return { perSecond: total / (result.duration || seconds), cpuMicros: (cpu / total) * 1e6 };
}

