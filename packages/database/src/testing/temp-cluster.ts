import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Debian's server binaries (`PG_BIN` names another folder). */
function serverBinaries(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export function clusterUnavailable(): string | null {
  if (!serverBinaries()) return 'PostgreSQL server binaries not found (Debian: apt-get install postgresql; or set PG_BIN): skipping the PostgreSQL tests';
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser')) return 'running as root without runuser, and PostgreSQL refuses to run as root: skipping the PostgreSQL tests';
  return null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A throwaway PostgreSQL cluster in a temp folder, on its own port and socket folder, with its
 * durability settings as shipped. As root it runs as the `postgres` user (PostgreSQL refuses root).
 */
export class TempCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  static async start(options: { settings?: Record<string, string> } = {}): Promise<TempCluster> {
    const bin = serverBinaries();
    if (!bin) throw new Error(clusterUnavailable()!);
    const dir = await mkdtemp(join(tmpdir(), 'pg-cluster-'));
    await chmod(dir, 0o700);
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    const cluster = new TempCluster(dir, await freePort(), bin);
    await cluster.as('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions']);
    const settings = { listen_addresses: "'127.0.0.1'", port: String(cluster.port), unix_socket_directories: `'${dir}'`, max_connections: '200', ...options.settings };
    const conf = Object.entries(settings).map(([k, v]) => `${k} = ${v}`).join('\n');
    await cluster.as('sh', ['-c', `printf '%s\\n' "$1" >> "$2"`, 'sh', conf, join(cluster.dataDir, 'postgresql.conf')]);
    await cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** A URL for `database` on this cluster (TCP on loopback). */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Creates a fresh database and returns its URL. */
  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  /** `pg_dump -Fc` of `database` into a file of the cluster's folder (the backup docs/OPERATIONS.md gives); its path. */
  async dump(database: string, name: string): Promise<string> {
    const file = join(this.dir, `${name}.dump`);
    await this.as(join(this.bin, 'pg_dump'), ['-h', this.dir, '-p', String(this.port), '-U', 'postgres', '-Fc', '-f', file, database]);
    return file;
  }

  /** `pg_restore` of a dump into a new database `database`; its URL. */
  async restore(file: string, database: string): Promise<string> {
    const url = await this.createDatabase(database);
    await this.as(join(this.bin, 'pg_restore'), ['-h', this.dir, '-p', String(this.port), '-U', 'postgres', '--no-owner', '-d', database, file]);
    return url;
  }

  async start(): Promise<void> {
    await this.as(join(this.bin, 'pg_ctl'), ['-D', this.dataDir, '-l', join(this.dir, 'server.log'), '-w', '-t', '60', 'start']);
  }

  /** `fast` ends sessions and checkpoints; `immediate` is a crash as far as clients can tell. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.as(join(this.bin, 'pg_ctl'), ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']).catch(() => undefined);
  }

  async destroy(): Promise<void> {
    await this.stop('immediate');
    await rm(this.dir, { recursive: true, force: true });
  }

  private async as(command: string, args: string[]): Promise<void> {
    const program = command.includes('/') || command === 'sh' ? command : join(this.bin, command);
    const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
    await run(file, argv, { cwd: this.dir, maxBuffer: 16 * 1024 * 1024 });
  }
}
