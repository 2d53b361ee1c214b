import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's PostgreSQL 15 as an operator's database host has it (`/etc/postgresql/15/main`,
 * `/var/lib/postgresql/15/main`, `pg_ctlcluster`, the socket in `/run/postgresql`), on a machine
 * of the test's own: a mount namespace where /etc and /var are overlays whose changes land in a
 * temp folder, so the docs' blocks run as written, as root, and the real machine stays as it was.
 * The cluster is made afresh in it and listens on its socket alone (no TCP port to collide with),
 * whose folder is a temp folder outside too: a service started by the test reaches it there, as
 * the role `companion` with its password.
 */
export interface Outcome {
  code: number | null;
  out: string;
  err: string;
}

const needs = [
  ['/usr/lib/postgresql/15/bin/initdb', "Debian's PostgreSQL 15 (apt-get install postgresql-15)"],
  ['/usr/bin/pg_createcluster', "Debian's postgresql-common (pg_createcluster)"],
  ['/usr/sbin/runuser', 'runuser'],
  ['/usr/bin/unshare', 'unshare and nsenter (util-linux)'],
] as const;

/** Why the docs' PostgreSQL blocks cannot run here (`pgbackrest`: they need it too), or null. */
export function debianPostgresUnavailable(options: { pgbackrest?: boolean } = {}): string | null {
  if (process.getuid?.() !== 0) return "skipped: the backup blocks run as root (runuser, pg_ctlcluster, a mount namespace), and this is not root";
  const missing = [...needs, ...(options.pgbackrest ? ([['/usr/bin/pgbackrest', "Debian's pgbackrest"]] as const) : [])].filter(([path]) => !existsSync(path)).map(([, what]) => what);
  return missing.length > 0 ? `skipped: the backup blocks need ${missing.join(', ')}, not installed here (pnpm test installs them as root)` : null;
}

/** The environment of root's login shell, with no test runner's variables. */
export const rootShell = (extra: Record<string, string> = {}) => ({ PATH: process.env.PATH!, HOME: '/root', USER: 'root', LOGNAME: 'root', SHELL: '/bin/bash', LANG: 'C.UTF-8', ...extra });

export class DebianPostgres {
  private constructor(
    readonly dir: string,
    private readonly holder: number,
  ) {}

  /** The socket's folder as seen from outside the machine (libpq's `host`). */
  get socketDir(): string {
    return join(this.dir, 'run-postgresql');
  }

  /** The machine with a fresh cluster 15/main started. */
  static async start(): Promise<DebianPostgres> {
    const dir = await mkdtemp(join(tmpdir(), 'debian-postgres-'));
    const socketDir = join(dir, 'run-postgresql');
    await mkdir(socketDir);
    const [uid, gid] = await Promise.all(['-u', '-g'].map(async (flag) => Number((await output('id', [flag, 'postgres'])).trim())));
    await chown(socketDir, uid!, gid!);
    await chmod(socketDir, 0o2775);
    const setup = `mount --make-rprivate /
for d in etc var; do mkdir -p "$DIR/upper/$d" "$DIR/work/$d"; mount -t overlay overlay -o "lowerdir=/$d,upperdir=$DIR/upper/$d,workdir=$DIR/work/$d" "/$d"; done
mkdir -p /run/postgresql && mount --bind "$DIR/run-postgresql" /run/postgresql
echo $$
exec sleep infinity`;
    const child = spawn('unshare', ['--mount', '--fork', '--', 'bash', '-euo', 'pipefail', '-c', setup], { env: rootShell({ DIR: dir }), stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    const holder = await new Promise<number>((done, fail) => {
      child.stdout.once('data', (chunk) => done(Number(String(chunk).trim())));
      child.once('exit', (code) => fail(new Error(`the namespace could not be set up (exit ${code})`)));
    });
    child.unref();
    const machine = new DebianPostgres(dir, holder);
    // The host as the operator found it: one cluster, main, made by Debian's tools; here on its
    // socket alone, where the role the service uses signs in with its password. A main cluster of
    // the real machine is removed from the overlays' view only: never stopped (pg_dropcluster
    // --stop would signal its postmaster, a process outside the namespace).
    await machine.ok(`set -euo pipefail
rm -rf /etc/postgresql/15/main /var/lib/postgresql/15/main /var/log/postgresql/postgresql-15-main.log
pg_createcluster 15 main -- --no-instructions > /dev/null
echo "listen_addresses = ''" > /etc/postgresql/15/main/conf.d/socket-only.conf
sed -i '1i local all companion scram-sha-256' /etc/postgresql/15/main/pg_hba.conf
pg_ctlcluster 15 main start`);
    return machine;
  }

  /** `script` by root's bash on the machine, with no options of its own (the blocks set theirs). */
  run(script: string, options: { env?: Record<string, string> } = {}): Promise<Outcome> {
    return new Promise((done, fail) => {
      const child = spawn('nsenter', ['-t', String(this.holder), '-m', '--', 'bash', '-c', script], { cwd: '/', env: rootShell(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('error', fail);
      child.on('close', (code) => done({ code, out, err }));
    });
  }

  /** Like run(), failing with the script's output unless it exits 0; its stdout. */
  async ok(script: string, options: { env?: Record<string, string> } = {}): Promise<string> {
    const outcome = await this.run(script, options);
    if (outcome.code !== 0) throw new Error(`exit ${outcome.code}:\n${script}\n--- stdout\n${outcome.out}\n--- stderr\n${outcome.err}`);
    return outcome.out;
  }

  /** `sql` by psql as postgres in `database`: its unaligned rows. */
  psql(sql: string, database = 'postgres'): Promise<string> {
    return this.ok(`runuser -u postgres -- psql -d "$DB" -v ON_ERROR_STOP=1 -Atc "$SQL"`, { env: { DB: database, SQL: sql } }).then((out) => out.trim());
  }

  /** A URL for `database` as the role companion, through the socket's folder. */
  url(password: string, database = 'companion'): string {
    return `postgres://companion:${password}@localhost/${database}?host=${this.socketDir}`;
  }

  async destroy(): Promise<void> {
    await this.run('pg_ctlcluster 15 main stop -m immediate');
    process.kill(this.holder, 'SIGTERM'); // the namespace's last process: its mounts go with it
    await rm(this.dir, { recursive: true, force: true });
  }
}

function output(command: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done(out) : fail(new Error(`${command} exited ${code}`))));
  });
}
