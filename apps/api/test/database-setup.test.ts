import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { call, startServer } from './server';

// What an operator meets setting up PostgreSQL: `pnpm db:migrate` migrates and says so, and
// every start-up failure that is a setting (an unknown database, a user without the privileges
// PostgreSQL 15 no longer grants, a schema a newer version migrated) is one line, exit code 2.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const skip = clusterUnavailable();
if (skip) console.log(skip);

let cluster: TempCluster;
let dataDir: string;
beforeAll(async () => {
  if (skip) return;
  cluster = await TempCluster.start();
  dataDir = await mkdtemp(join(tmpdir(), 'setup-data-'));
}, 120_000);
afterAll(async () => {
  await cluster?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 180_000);

async function node(script: string, env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_TIMEOUT_MS: '3000', ...env }, timeout: 60_000 });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}
const migrate = (url: string) => node('packages/operator-commands/src/cli/db-migrate.ts', { DATABASE_URL: url });
const start = (url: string) => node('apps/api/src/main.ts', { DATABASE_URL: url, LOG_LEVEL: 'silent' });
const oneLine = (text: string) => text.trim().split('\n');

const notRoot = process.getuid?.() === 0 ? null : 'skipped: the restore runs pg_restore as postgres through runuser, which takes root';

(skip ? describe.skip : describe)('setting up PostgreSQL', () => {
  it('db:migrate migrates every store once, then says each is up to date', async () => {
    const url = await cluster.createDatabase('migrate_once');
    const first = await migrate(url);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^catalog: applied 1, 2, 3, 4, 5, 6, 7; now at version 7/m);
    expect(first.out).toMatch(/^feedback: applied /m);
    expect(first.out).toMatch(/^idempotency: applied 1; now at version 1 \(idempotency keys\); runs services of level 1 or later$/m);
    expect(first.out).toMatch(/^adoption: applied 1, 2, 3, 4; now at version 4 \(.*\); runs services of level 4 or later$/m);
    const again = await migrate(url);
    expect(again.code).toBe(0);
    expect(oneLine(again.out).every((line) => / up to date at version \d+; runs services of level \d+ or later$/.test(line))).toBe(true);
  }, 180_000);

  it('db:migrate creates every table the service uses: a replica started after it creates none but the day partitions', async () => {
    const url = await cluster.createDatabase('migrated_first');
    expect((await migrate(url)).code).toBe(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const objects = async () => (await client.query<{ name: string }>("SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relname NOT LIKE 'install\\_day\\_2%' ORDER BY 1")).rows.map((row) => row.name);
      const functions = async () => (await client.query<{ name: string }>("SELECT p.oid::regprocedure::text AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1")).rows.map((row) => row.name);
      const before = { objects: await objects(), functions: await functions() };
      expect(before.objects).toEqual(expect.arrayContaining(['idempotency_keys', 'catalog_log', 'feedback', 'install_day', 'rollout_halt', 'schema_migrations']));
      // Start-up with SMTP configured opens the sent keys too: every part that can be opened is.
      const server = await startServer({ tokens: 'ops=*', dataDir: await mkdtemp(join(tmpdir(), 'migrated-first-')), env: { DATABASE_URL: url, SMTP_URL: 'smtp://127.0.0.1:1' } });
      try {
        expect((await call(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'After db:migrate alone.' }) })).status).toBe(201);
      } finally {
        await server.close();
      }
      // A table here that the service made at start-up belongs in packages/operator-commands/src/store-migrations.ts.
      expect({ objects: await objects(), functions: await functions() }).toEqual(before);
    } finally {
      await client.end();
    }
  }, 180_000);

  it('a schema migrated by a newer version stops db:migrate and the service with one line', async () => {
    const url = await cluster.createDatabase('too_new');
    expect((await migrate(url)).code).toBe(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("INSERT INTO schema_migrations (component, version, name, checksum) VALUES ('catalog', 99, 'from the future', 'x')");
    await client.end();
    for (const outcome of [await migrate(url), await start(url)]) {
      expect(outcome.code).toBe(2);
      expect(oneLine(outcome.err)).toEqual([expect.stringMatching(/^cannot (migrate|start): DATABASE_URL postgres:\/\/.*: the database's catalog schema is at version 99 \(from the future\), newer than this service's 7/)]);
    }
  }, 180_000);

  it('an unknown database and missing privileges are one line each, with what to do', async () => {
    const unknown = await start(cluster.url('no_such_database'));
    expect(unknown.code).toBe(2);
    expect(oneLine(unknown.err)).toEqual([expect.stringMatching(/does not exist \(the database does not exist: create it \(createdb -O postgres no_such_database\)\)$/)]);

    const url = await cluster.createDatabase('not_owned');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('CREATE ROLE limited LOGIN');
    await admin.end();
    const limited = await start(url.replace('postgres@', 'limited@'));
    expect(limited.code).toBe(2);
    expect(oneLine(limited.err)).toEqual([expect.stringMatching(/permission denied for schema public \(.*make limited the owner of not_owned \(ALTER DATABASE not_owned OWNER TO limited\) or GRANT CREATE ON SCHEMA public TO limited/)]);
  }, 180_000);

  it('a password with characters a URL reserves is one line that says to percent-encode', async () => {
    const bad = await start('postgres://companion:pa/ss@127.0.0.1:1/companion');
    expect(bad.code).toBe(2);
    expect(oneLine(bad.err)).toEqual([expect.stringMatching(/percent-encoded: %2F %40/)]);
  }, 180_000);

  (notRoot ? it.skip : it)('a dump restored without --role=companion leaves the tables to postgres: the service refuses that database with one line naming the command', async () => {
    // Restoring with the role, as docs/OPERATIONS.md does, is tests/test/backup-dumps.test.ts's.
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE ROLE companion LOGIN');
    await admin.query('CREATE DATABASE companion OWNER companion');
    await admin.end();
    const asCompanion = (database: string) => cluster.url(database).replace('postgres@', 'companion@');
    const before = await startServer({ tokens: 'ops=*', env: { DATABASE_URL: asCompanion('companion') } });
    try {
      const added = await call(`${before.url}/api/tunnel/errors`, { method: 'POST', headers: { authorization: 'Bearer ops', 'content-type': 'application/json' }, body: JSON.stringify({ Flag: 'BACKUP1', Info: 'Before the backup.', Solution: ['Restore.'] }) });
      expect(added.status).toBe(201);
    } finally {
      await before.close();
    }

    // On the cluster's socket (libpq's PGHOST/PGPORT: the default socket's place on a box).
    const dump = await cluster.dump('companion', 'companion');
    await run('bash', ['-euo', 'pipefail', '-c', `runuser -u postgres -- createdb -O companion companion_unowned && runuser -u postgres -- pg_restore --no-owner -d companion_unowned < ${dump}`], { env: { ...process.env, PGHOST: cluster.dir, PGPORT: String(cluster.port) } });
    const refused = await start(asCompanion('companion_unowned'));
    expect(refused.code).toBe(2);
    expect(oneLine(refused.err)).toEqual([expect.stringMatching(/companion_unowned: .* \(the service's tables in companion_unowned belong to another role than companion .*pg_restore --no-owner --role=companion -d companion_unowned/)]);
  }, 180_000);
});
