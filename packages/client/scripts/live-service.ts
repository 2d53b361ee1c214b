import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** The service as `pnpm start` runs it, on a free loopback port, over a copy of the shipped content. */
export interface LiveService {
  url: string;
  /** What the service printed so far: the place to look when a request to it fails. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the service; `env` adds settings (API_TOKENS for the scoped operations), `files` content files (path under content/ -> text). */
export async function startLiveService(env: Record<string, string> = {}, files: Record<string, string> = {}): Promise<LiveService> {
  const dir = await mkdtemp(join(tmpdir(), 'companion-client-'));
  await cp(join(ROOT, 'content'), join(dir, 'content'), { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, 'content', file), text);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', CONTENT_DIR: join(dir, 'content'), DATA_DIR: join(dir, 'data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    // Only until it listens: a timer left running would kill a service that started in time.
    const late = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the service did not listen within 90 s:\n${output}`));
    }, 90_000);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(late);
        done(found);
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(late);
      fail(new Error(`the service exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
