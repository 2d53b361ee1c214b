import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const SHIPPED_CONTENT = resolve(ROOT, 'content');

const KEPT_LINES = 200;

/** The real service (`pnpm start`'s entry) in its own process, killable at any instant. */
export interface ServerProcess {
  readonly pid: number;
  /** Resolves with the base URL once it logged "listening on"; rejects if it exits first. */
  readonly listening: Promise<string>;
  /** Resolves when the process has gone (with its exit code, or null after a signal). */
  readonly exited: Promise<number | null>;
  /** The last lines it printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Whether a line containing `text` was printed among the last lines. */
  printed(text: string): boolean;
  /** SIGKILL, then waits until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (the graceful stop), SIGKILL after 5 s; waits until the process is gone. */
  stop(): Promise<void>;
}

/** How to run the server: its arguments to node and the folder to run them in. */
export interface Launch {
  args: string[];
  cwd: string;
}

/** `node --import tsx apps/api/src/main.ts` (what `pnpm start` runs, without pnpm in between). */
export const FROM_SOURCES: Launch = { args: ['--import', 'tsx', 'apps/api/src/main.ts'], cwd: ROOT };

/**
 * Why `user` cannot run the service from this checkout, or null when it can. Run as another user,
 * the service reads its sources and node_modules here: a folder above the checkout closed to
 * others (as `mktemp -d` and root's home leave theirs) stops it before it starts.
 */
export function checkoutClosedTo(user: { uid: number; gid: number }): string | null {
  const probe = spawnSync(process.execPath, ['-e', 'require("node:fs").accessSync(process.argv[1], require("node:fs").constants.R_OK)', resolve(ROOT, 'node_modules/tsx/package.json')], user);
  return probe.status === 0 ? null : `user ${user.uid} cannot read the checkout at ${ROOT} (it or a folder above it is closed to other users): clone it where others may read it to run this`;
}

/**
 * Starts the service (from its sources unless `launch` says otherwise) in its own process, with
 * no launcher in between, so a SIGKILL reaches the server itself.
 */
export function spawnServer(env: Record<string, string>, as: { uid?: number; gid?: number } = {}, launch: Launch = FROM_SOURCES): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, launch.args, {
    cwd: launch.cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...as,
  });
  const lines: string[] = [];
  let onLine: (line: string) => void = () => undefined;
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        onLine(line);
      }
      // Every request is logged: keep only the tail, but keep reading so the pipe never fills.
      if (lines.length > 2 * KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
    });
  }
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const output = () => lines.join('\n');
  const listening = new Promise<string>((done, fail) => {
    onLine = (line) => {
      const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(line)?.[1];
      if (url) done(url);
    };
    void exited.then((code) => fail(new Error(`the server exited (code ${code}) before listening:\n${output()}`)));
  });
  listening.catch(() => undefined); // a kill during start-up is expected; callers that await it still see the rejection
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    pid: child.pid!,
    listening,
    exited,
    output,
    printed: (text) => lines.some((line) => line.includes(text)),
    kill: () => signal('SIGKILL'),
    async stop() {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await signal('SIGTERM');
      clearTimeout(timer);
    },
  };
}

/**
 * Starts the server and waits until it listens, failing after `ms`: a start takes ~3 s on an idle
 * 2-core machine and several times that beside a CPU hog, so the default only catches one that never comes.
 */
export async function startServer(env: Record<string, string>, ms = 90_000, as: { uid?: number; gid?: number } = {}): Promise<{ server: ServerProcess; url: string }> {
  const server = spawnServer(env, as);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`the server did not listen within ${ms} ms:\n${server.output()}`)), ms);
  });
  try {
    return { server, url: await Promise.race([server.listening, late]) };
  } catch (error) {
    await server.kill();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export interface Answer {
  status: number;
  body: any;
}

/**
 * One HTTP request with a JSON body, on a connection of its own; rejects on a network error or
 * after `ms`. A kept-alive connection would race the server's idle timeout whenever this process
 * stalls (a loaded machine): the request would meet a socket the server has just closed, and a
 * POST that may or may not have been sent cannot be told from one the server lost.
 */
export function request(url: string, method: string, token: string | null, body?: unknown, ms = 30_000): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = httpRequest(url, {
      method,
      agent: false,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      },
      timeout: ms,
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${url} within ${ms} ms`)));
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          done({ status: res.statusCode!, body: text ? JSON.parse(text) : null });
        } catch (error) {
          fail(error);
        }
      });
    });
    req.end(payload);
  });
}
