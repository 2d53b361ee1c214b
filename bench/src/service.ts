import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The API as `pnpm start` runs it, in its own process (from the checkout at `root`); resolves once it listens. */
export async function startApi(env: Record<string, string>, root = ROOT): Promise<{ url: string; pid: number; lines: string[]; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  });
  const url = await new Promise<string>((done, fail) => {
    const poll = setInterval(() => {
      const found = lines.map((l) => /listening on (http:\/\/[\d.]+:\d+)/.exec(l)?.[1]).find(Boolean);
      if (found || child.exitCode !== null) {
        clearInterval(poll);
        if (found) done(found);
        else fail(new Error(`the API exited before listening:\n${lines.join('\n')}`));
      }
    }, 20);
  });
  return {
    url,
    pid: child.pid!,
    lines,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
