import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CATALOG_MIGRATIONS } from '@companion/catalog-store';
import { Database, type Migration } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { ROOT, spawnServer } from './support/crash-server';
import { docBlock, fill } from './support/doc-blocks';
import { rawRequest } from './support/raw-get';

// docs/OPERATIONS.md's way back after an upgrade, without a restore: the previous release, built
// from git history as the doc's block builds it (a checkout of that commit, pnpm install from
// pnpm's store, pnpm build, pnpm install --prod), started as compiled JavaScript on a database a
// newer version migrated with an expand step. It reads and writes; once a contract step removed
// what it uses, it refuses with one line naming both versions.

const run = promisify(execFile);

const skip = clusterUnavailable();
if (skip) console.log(skip);

/**
 * The release a replica goes back to: this one, built from git history as the doc's block builds
 * it, on a database that a newer release (the test's own expand step) migrated. Releases before
 * this one refuse any newer schema, and the steps added while it was made are not a release, so
 * this release is the earliest that a later one rolls back to; a later release that adds its own
 * migrations names the commit it follows here instead.
 */
async function previousRelease(): Promise<string> {
  const { stdout } = await run('git', ['rev-parse', 'HEAD'], { cwd: ROOT });
  return stdout.trim();
}

(skip ? describe.skip : describe)('the way back to the previous release, on the migrated database', () => {
  let cluster: TempCluster;
  let dir: string;
  let checkout: string;
  let databaseUrl: string;
  let known: number;
  const expandStep = (version: number): Migration => ({ version, name: 'a column the next release writes', change: 'expand', sql: 'ALTER TABLE catalog_entries ADD COLUMN next_release_note text' });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'way-back-'));
    cluster = await TempCluster.start();
    databaseUrl = await cluster.createDatabase('upgraded');
    // The checkout a replica runs from: a clone at this release, taken back by the doc's block.
    checkout = join(dir, 'tunnel-companion');
    await run('git', ['clone', '-q', '--shared', ROOT, checkout]);
  }, 120_000);
  afterAll(async () => {
    await cluster?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it("rolls a replica back by the doc's block, and the previous release reads and writes on a schema the newer one expanded", async () => {
    // This release migrates, then a newer one adds an expand step to the catalogue.
    await run(process.execPath, ['scripts/operator-command.mjs', 'db-migrate'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } });
    const db = await Database.open({ url: databaseUrl, poolMax: 2, timeoutMs: 3000 });
    try {
      const { rows } = await db.query<{ version: number }>("SELECT max(version) AS version FROM schema_migrations WHERE component = 'catalog'");
      known = rows[0]!.version;
      expect(known).toBe(CATALOG_MIGRATIONS.at(-1)!.version);
      expect((await db.migrate('catalog', [...CATALOG_MIGRATIONS, expandStep(known + 1)])).applied).toEqual([known + 1]);
    } finally {
      await db.close();
    }

    const block = fill(await docBlock('docs/OPERATIONS.md', 'rollback'), { '/opt/tunnel-companion': checkout, '<previous-release>': await previousRelease() });
    // pnpm takes the packages from its store, as the test command's own install filled it.
    await run('bash', ['-euo', 'pipefail', '-c', block], { cwd: dir, env: { ...process.env, CI: 'true', npm_config_prefer_offline: 'true' }, maxBuffer: 64 * 1024 * 1024 });

    const server = spawnServer({ CONTENT_DIR: join(checkout, 'content'), DATA_DIR: join(dir, 'data'), DATABASE_URL: databaseUrl, API_TOKENS: 'ops=*' }, {}, { args: [join(checkout, 'apps/api/dist/main.js')], cwd: checkout });
    try {
      const url = await server.listening;
      const flag = 'WAYBACK1';
      const added = await rawRequest(`${url}/api/tunnel/errors`, { method: 'POST', headers: { authorization: 'Bearer ops', 'content-type': 'application/json' }, body: JSON.stringify({ Flag: flag, Info: 'Written by the previous release.', Solution: ['Roll forward again.'] }) });
      expect(added.status).toBe(201);
      const read = await rawRequest(`${url}/api/tunnel/errors/${flag}`);
      expect(read.status).toBe(200);
      expect(JSON.parse(read.body.toString()).data).toMatchObject({ Flag: flag, Info: 'Written by the previous release.' });
      const feedback = await rawRequest(`${url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Sent to the previous release.' }) });
      expect(feedback.status).toBe(201);
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('refuses, naming both versions, once a contract step removed what it uses', async () => {
    const db = await Database.open({ url: databaseUrl, poolMax: 2, timeoutMs: 3000 });
    try {
      const contract: Migration = { version: known + 2, name: 'the column the previous release wrote goes', change: 'contract', compatibleBackTo: known + 1, sql: 'ALTER TABLE catalog_ops DROP COLUMN reason' };
      const newer = [...CATALOG_MIGRATIONS, expandStep(known + 1), contract];
      expect((await db.migrate('catalog', newer)).waiting.map((step) => step.version)).toEqual([known + 2]);
      expect((await db.migrate('catalog', newer, { contract: true })).applied).toEqual([known + 2]);
    } finally {
      await db.close();
    }
    const server = spawnServer({ CONTENT_DIR: join(checkout, 'content'), DATA_DIR: join(dir, 'data'), DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, {}, { args: [join(checkout, 'apps/api/dist/main.js')], cwd: checkout });
    expect(await server.exited).toBe(2);
    expect(server.output().trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^cannot start: DATABASE_URL postgres://.*: the database's catalog schema is at version ${known + 2} \\(the column the previous release wrote goes\\), newer than this service's ${known}, and its step ${known + 2} \\(the column the previous release wrote goes\\) removed what a service below catalog level ${known + 1} uses: run a version that knows catalog ${known + 1} or later`),
      ),
    ]);
  }, 120_000);
});
