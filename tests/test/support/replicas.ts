import { execFile } from 'node:child_process';
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request, SHIPPED_CONTENT, type ServerProcess } from './crash-server';

/** One replica of a fleet test: a checkout of the content repository, its data folder and its server. */
export interface Replica {
  name: string;
  checkout: string;
  dataDir: string;
  server: ServerProcess;
  url: string;
}

const run = promisify(execFile);

/** git in `dir`, as the maintainer: its output, trimmed. */
export const git = async (dir: string, ...args: string[]) => (await run('git', ['-C', dir, '-c', 'user.name=Maintainer', '-c', 'user.email=m@example.com', ...args])).stdout.trim();

/** Probes until `ok` approves of the value, every 50 ms; throws with the last value after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T = await probe();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)} after ${ms} ms`);
    await new Promise((done) => setTimeout(done, 50));
    last = await probe();
  }
  return last;
}

/** The entry a replica serves for `flag`, or null. */
export const entry = async (replica: Pick<Replica, 'url'>, flag: string) => {
  const answer = await request(`${replica.url}/api/tunnel/errors/${flag}`, 'GET', null);
  return answer.status === 200 ? answer.body.data : null;
};

/** A replica's /health. */
export const health = async (replica: Pick<Replica, 'url'>) => (await request(`${replica.url}/health`, 'GET', null)).body;

/** Catalogue writes with `token`: `write(replica, 'PATCH', '/TLS4002', { ... })`. */
export const catalogWriter = (token: string) => (replica: Pick<Replica, 'url'>, method: string, path: string, body?: unknown) => request(`${replica.url}/api/tunnel/errors${path}`, method, token, body);

/**
 * A content repository in `root`: a bare `origin.git` (branch main) holding the shipped content
 * under content/ (and `gitignore` as its .gitignore, when given), and the maintainer's clone.
 */
export async function contentRepository(root: string, gitignore?: string): Promise<{ origin: string; maintainer: string }> {
  const origin = join(root, 'origin.git');
  const maintainer = join(root, 'maintainer');
  await git(root, 'init', '-q', '--bare', '-b', 'main', origin);
  await git(root, 'clone', '-q', origin, maintainer);
  await cp(SHIPPED_CONTENT, join(maintainer, 'content'), { recursive: true });
  if (gitignore !== undefined) await writeFile(join(maintainer, '.gitignore'), gitignore);
  await git(maintainer, 'checkout', '-q', '-b', 'main');
  await git(maintainer, 'add', '-A');
  await git(maintainer, 'commit', '-qm', 'The catalogue');
  await git(maintainer, 'push', '-q', '-u', 'origin', 'main');
  return { origin, maintainer };
}
