import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const SHIPPED_CONTENT = join(ROOT, 'content');

/** A service started as `pnpm start` / `pnpm preview` would start it, in its own process. */
export interface RunningService {
  url: string;
  /** Every line it printed so far (stdout and stderr). */
  lines: string[];
  /** The process started (pnpm, or node itself). */
  child: ChildProcess;
  /** The server's own pid, from its log (pnpm's grandchild under `pnpm start`). */
  serverPid: number | undefined;
  /** Resolves when its output closes: it and every process that shares its output have exited. */
  ended: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs `entry` (relative to the repository root) with tsx on a free loopback port and waits
 * for its "listening on http://..." line. `env` adds to (or overrides) the environment.
 */
export function startService(entry: string, env: Record<string, string>): Promise<RunningService> {
  return startCommand([process.execPath, '--import', 'tsx', entry], env);
}

/** Runs `command` in the repository root and waits for its "listening on http://..." line. */
export async function startCommand([command, ...args]: string[], env: Record<string, string>): Promise<RunningService> {
  const child = spawn(command!, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const ended = new Promise<void>((done) => child.once('close', () => done()));
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);
  const listening = await waitFor(() => lines.find((l) => /listening on http:\/\/[\d.]+:\d+/.test(l)), 90_000, () => `${args.join(' ')} did not start:\n${lines.join('\n')}`, child);
  const url = /listening on (http:\/\/[\d.]+:\d+)/.exec(listening)![1]!;
  const serverPid = /"pid":(\d+)/.exec(listening)?.[1];
  return { url, lines, child, serverPid: serverPid === undefined ? undefined : Number(serverPid), ended, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Polls `probe` until it returns a value other than undefined/false; fails after `ms` (a ceiling a loaded machine does not reach: a wait ends when its event comes). */
export async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, ms = 60_000, why: () => string = () => 'condition not met', child?: ChildProcess): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline || (child && child.exitCode !== null)) throw new Error(`after ${ms} ms: ${why()}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

export type ContentCopy = Awaited<ReturnType<typeof contentCopy>>;

/** A copy of the shipped content in a temp folder, with helpers to edit it like a writer. */
export async function contentCopy() {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-content-'));
  await cp(SHIPPED_CONTENT, dir, { recursive: true });
  const path = (file: string) => join(dir, file);
  return {
    dir,
    path,
    read: (file: string) => readFile(path(file), 'utf8'),
    async write(file: string, text: string) {
      await mkdir(dirname(path(file)), { recursive: true });
      await writeFile(path(file), text);
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** GET with an Accept header; the body parsed as JSON when it is JSON. */
export async function get(url: string, accept = 'application/json'): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const res = await fetch(url, { headers: { Accept: accept } });
  const text = await res.text();
  const body = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, body, text };
}

/**
 * The real API over a fresh copy of the shipped content (changed by `edit` before it starts) and
 * an empty data folder, for one test file: started before its tests, stopped and removed after.
 */
export function useApiOnContentCopy(edit?: (content: ContentCopy) => Promise<void>) {
  const handle = {} as { content: ContentCopy; api: RunningService; dataDir: string };
  beforeAll(async () => {
    handle.content = await contentCopy();
    await edit?.(handle.content);
    handle.dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'));
    handle.api = await startService('apps/api/src/main.ts', { PORT: '0', CONTENT_DIR: handle.content.dir, DATA_DIR: handle.dataDir });
  });
  afterAll(async () => {
    await handle.api?.stop();
    await handle.content?.cleanup();
    // The restore witness of a flat-file service lies beside its data folder (WITNESS_FILE's default).
    if (handle.dataDir) await Promise.all([rm(handle.dataDir, { recursive: true, force: true }), rm(`${handle.dataDir}.restore-witness.json`, { force: true })]);
  });
  return handle;
}
