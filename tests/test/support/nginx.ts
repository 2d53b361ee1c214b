import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, waitFor } from './service';
import { freePort } from './ports';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const SHIPPED_NGINX_CONF = join(ROOT, 'deploy/nginx/companion.conf');
/** The shipped server's access log, in `<dir>/logs/` of a running nginx. */
export const ACCESS_LOG = 'companion-access.log';

/** Why the proxy tests cannot run here, or null when they can. */
export function nginxUnavailable(): string | null {
  return existsSync(NGINX) ? null : `nginx not found at ${NGINX} (Debian: apt-get install nginx; or set NGINX_PATH): skipping the caching proxy tests`;
}

export interface RunningNginx {
  url: string;
  port: number;
  dir: string;
  /** The shipped configuration with only its paths, listen port and replicas replaced. */
  conf: string;
  stop(): Promise<void>;
}

/**
 * The shipped deploy/nginx/companion.conf, unchanged but for what a deployment sets (the cache
 * folder, the access log, the listen address and the replicas), inside a minimal nginx.conf of a temp folder.
 */
export async function renderShippedConf(dir: string, port: number, replicas: string[]): Promise<string> {
  const shipped = await readFile(SHIPPED_NGINX_CONF, 'utf8');
  const servers = replicas.map((r) => `    server ${r} max_fails=1 fail_timeout=5s;`).join('\n');
  const conf = shipped
    .replace('/var/lib/nginx/companion-cache', join(dir, 'cache'))
    .replace('/var/log/nginx/companion-access.log', join(dir, 'logs', ACCESS_LOG))
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/(upstream companion_replicas \{\n(?:\s*#.*\n)*)(?:\s*server .*\n)+/, `$1${servers}\n`);
  if (!conf.includes(servers) || conf.includes('listen 80;') || /access_log \/var\//.test(conf)) throw new Error('deploy/nginx/companion.conf no longer has the upstream, listen or access_log lines the tests replace');
  return conf;
}

/**
 * Debian's default site (sites-enabled/default), on the test's port: the default server for every
 * name but the one companion.conf names. Debian's nginx.conf includes it after conf.d/.
 */
const debianDefaultSite = (dir: string, port: number) => `
server {
  listen 127.0.0.1:${port} default_server;
  server_name _;
  root ${join(dir, 'html')};
  index index.html index.htm index.nginx-debian.html;
  location / { try_files $uri $uri/ =404; }
}`;

/** A minimal nginx.conf around `<dir>/companion.conf`, with every path inside `dir` (and Debian's default site on `port`, when given). */
export async function mainConf(dir: string, defaultSitePort?: number): Promise<string> {
  for (const sub of ['cache', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) await mkdir(join(dir, sub), { recursive: true, mode: 0o777 });
  // Workers run as nobody when nginx starts as root: they need to write the cache and temp folders.
  await chmod(dir, 0o755);
  for (const sub of ['cache', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await chmod(join(dir, sub), 0o777);
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs/error.log')} info;
events { worker_connections 1024; }
http {
  access_log ${join(dir, 'logs/access.log')};
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include ${join(dir, 'companion.conf')};${defaultSitePort === undefined ? '' : debianDefaultSite(dir, defaultSitePort)}
}
`;
}

/** `nginx -t` over the shipped configuration: its output, or the error. */
export async function checkShippedConf(replicas: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nginx-check-'));
  try {
    await writeFile(join(dir, 'companion.conf'), await renderShippedConf(dir, await freePort(), replicas));
    await writeFile(join(dir, 'nginx.conf'), await mainConf(dir));
    const { stderr } = await promisify(execFile)(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')]);
    return stderr;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Starts nginx in the foreground with the shipped configuration in front of `replicas` (host:port). */
export async function startNginx(replicas: string[], options: { debianDefaultSite?: boolean } = {}): Promise<RunningNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'nginx-'));
  const port = await freePort();
  const conf = await renderShippedConf(dir, port, replicas);
  await writeFile(join(dir, 'companion.conf'), conf);
  await writeFile(join(dir, 'nginx.conf'), await mainConf(dir, options.debianDefaultSite ? port : undefined));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) }).then(() => true, () => false)) || undefined, 10_000, () => `nginx did not start: ${errors}`, child);
  return {
    url,
    port,
    dir,
    conf,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The keys of the entries in a running nginx's cache (each cache file's `KEY:` line). */
export async function cacheKeys(dir: string): Promise<string[]> {
  const files = (await readdir(join(dir, 'cache'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const keys = await Promise.all(
    files.map(async (file) => {
      const head = (await readFile(join(file.parentPath, file.name))).subarray(0, 4096).toString('latin1');
      return /\nKEY: ([^\n]*)\n/.exec(head)?.[1];
    }),
  );
  return keys.filter((key): key is string => key !== undefined);
}

