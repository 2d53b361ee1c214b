import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { request, ROOT, startServer } from './support/crash-server';
import { catalogWriter, contentRepository, entry, git, health, until, type Replica } from './support/replicas';

/**
 * A backup older than the last export, restored: the operator's sequence (writes, a backup, more
 * writes, an export merged and pulled, the restore, the restart, writes), on two replicas sharing
 * PostgreSQL and on a replica of the flat files. Every write the service acknowledged is served
 * by every replica of its log, and exported by the next export: the restored log takes a new id
 * that the export marker cannot match.
 */
const run = promisify(execFile);
const TOKEN = 'restore-token';
const unavailable = clusterUnavailable();
if (unavailable) console.log(unavailable);

const write = catalogWriter(TOKEN);
/** The answer's status, with the error's message when it has one (so a failure says why). */
const outcome = async (answer: Promise<{ status: number; body: any }>) => {
  const { status, body } = await answer;
  return body?.error ? `${status} ${body.error.message}` : status;
};

(unavailable ? describe.skip : describe)('a restore older than the last export', () => {
  let root: string;
  let origin: string;
  let maintainer: string;
  let cluster: TempCluster;
  const replicas: Replica[] = [];

  async function boot(name: string, checkout: string, dataDir: string, env: Record<string, string>): Promise<Replica> {
    const all = { CONTENT_DIR: join(checkout, 'content'), DATA_DIR: dataDir, API_TOKENS: `${TOKEN}=*`, CONTENT_DEBOUNCE_MS: '20', ...env };
    const { server, url } = await startServer(all);
    return { name, checkout, dataDir, server, url };
  }

  /** `pnpm catalog:export` from a replica into the maintainer's checkout, merged (pushed) and pulled by every replica given. */
  async function exportAndDeploy(from: Replica, deployTo: Replica[]): Promise<string> {
    await git(maintainer, 'pull', '--ff-only', '-q');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'packages/operator-commands/src/cli/catalog-export.ts', '--from', from.url, '--content', join(maintainer, 'content'), '--conflicts', 'repository'], {
      cwd: ROOT,
      env: { ...process.env, CATALOG_TOKEN: TOKEN },
    });
    await git(maintainer, 'add', '-A');
    await git(maintainer, 'commit', '-qm', `Catalogue changes from ${from.name}`);
    await git(maintainer, 'push', '-q', 'origin', 'HEAD:main');
    for (const replica of deployTo) {
      await git(replica.checkout, 'pull', '--ff-only', '-q');
      const head = await git(replica.checkout, 'rev-parse', 'HEAD');
      await until(`${replica.name} at ${head}`, () => health(replica), (h) => h.content.revision === head);
    }
    return stdout;
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'restore-'));
    ({ origin, maintainer } = await contentRepository(root));
    cluster = await TempCluster.start();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.server.stop()));
    await cluster?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
  }, 180_000);

  it('on PostgreSQL: every acknowledged write is served by both replicas and exported, none is taken for an exported one', async () => {
    const fleet = await cluster.createDatabase('fleet');
    for (const name of ['a', 'b']) {
      const checkout = join(root, name);
      await git(root, 'clone', '-q', origin, checkout);
      replicas.push(await boot(name, checkout, join(root, `${name}-data`), { DATABASE_URL: fleet }));
    }
    let [a, b] = replicas as [Replica, Replica];
    expect(await outcome(write(a, 'POST', '', { Flag: 'KEPT1', Info: 'Before the backup.', Solution: ['Retry.'] }))).toBe(201);
    expect(await outcome(write(b, 'PATCH', '/PORT1002', { notes: 'Before the backup.' }))).toBe(200);
    const dumped = await until('A has both', async () => (await health(a)).catalog, (c) => c.applied_seq === 2);
    const backup = await cluster.dump('fleet', 'fleet');

    // More writes, then an export of all of them, merged and pulled by both replicas.
    expect(await outcome(write(a, 'POST', '', { Flag: 'GONE1', Info: 'After the backup.', Solution: ['Retry.'] }))).toBe(201);
    for (const notes of ['one', 'two', 'three']) expect(await outcome(write(b, 'PATCH', '/TLS4002', { notes }))).toBe(200);
    await until('B has them', () => entry(b, 'GONE1'), (e) => e !== null);
    await exportAndDeploy(a, [a, b]);
    const exported = (await health(a)).catalog;
    expect(exported).toMatchObject({ log_id: dumped.log_id, exported_seq: exported.applied_seq, pending: 0 });
    expect(exported.applied_seq).toBeGreaterThan(dumped.applied_seq);

    // The restore, as OPERATIONS.md has it: into a new database, the replicas restarted onto it.
    await Promise.all([a.server.stop(), b.server.stop()]);
    const restored = await cluster.restore(backup, 'fleet_restored');
    replicas.length = 0;
    a = await boot('a', a.checkout, a.dataDir, { DATABASE_URL: restored });
    b = await boot('b', b.checkout, b.dataDir, { DATABASE_URL: restored });
    replicas.push(a, b);

    // The log took a new id at start-up, and said so; what the files hold of the old one still counts.
    const renewed = (await health(a)).catalog;
    expect(renewed.log_id).not.toBe(dumped.log_id);
    expect(renewed.log_ancestors).toEqual([{ log_id: dumped.log_id, through: dumped.applied_seq }]);
    expect(renewed).toMatchObject({ applied_seq: dumped.applied_seq, exported_seq: dumped.applied_seq, pending: 0, conflicts: [] });
    expect(a.server.printed(`the catalogue log ${dumped.log_id} ends at seq ${dumped.applied_seq}, but catalog-exports.yaml says the content files hold it up to seq ${exported.applied_seq}`) || b.server.printed(`the catalogue log ${dumped.log_id} ends at seq ${dumped.applied_seq}`)).toBe(true);
    for (const replica of [a, b]) {
      expect((await health(replica)).catalog.log_id).toBe(renewed.log_id);
      expect((await request(`${replica.url}/health/writable`, 'GET', null)).status).toBe(200);
    }

    // Writes after the restart take seqs the old marker covered: each is served and pending.
    const acknowledged: [string, Record<string, unknown> | null][] = [];
    const patched = await write(a, 'PATCH', '/PORT1001', { notes: 'After the restore.' });
    expect(patched.status).toBe(200);
    acknowledged.push(['PORT1001', { notes: 'After the restore.' }]);
    for (const flag of ['NEW1', 'NEW2']) {
      expect(await outcome(write(b, 'POST', '/addNew', { Flag: flag, Info: 'After the restore.', Solution: ['Retry.'] }))).toBe(201);
      acknowledged.push([flag, { Info: 'After the restore.' }]);
    }
    // Seqs the marker of the old id covers: under it they would be taken for exported ones.
    expect((await health(b)).catalog.applied_seq).toBeLessThanOrEqual(exported.applied_seq);
    for (const replica of [a, b]) {
      for (const [flag, fields] of acknowledged) await until(`${replica.name} serves ${flag}`, () => entry(replica, flag), (e) => e !== null && Object.entries(fields!).every(([k, v]) => e[k] === v));
      // What was exported before the restore is served from the files.
      expect(await entry(replica, 'GONE1')).toMatchObject({ Info: 'After the backup.' });
      expect(await entry(replica, 'TLS4002')).toMatchObject({ notes: 'three' });
      expect((await health(replica)).catalog.pending).toBe(3);
    }

    // The next export carries them, under the new id.
    await exportAndDeploy(a, [a, b]);
    const exports = await readFile(join(maintainer, 'content', 'catalog-exports.yaml'), 'utf8');
    expect(exports).toContain(`${renewed.log_id}: ${dumped.applied_seq + 3}`);
    expect(exports).toContain(`${dumped.log_id}: ${exported.applied_seq}`);
    for (const replica of [a, b]) {
      expect((await health(replica)).catalog).toMatchObject({ pending: 0, conflicts: [], exported_seq: dumped.applied_seq + 3 });
      for (const [flag, fields] of acknowledged) expect(await entry(replica, flag)).toMatchObject(fields!);
    }
  }, 300_000);

  it('on the flat files: a data folder restored from before the last export takes a new id too', async () => {
    const checkout = join(root, 'c');
    await git(root, 'clone', '-q', origin, checkout);
    const dataDir = join(root, 'c-data');
    let c = await boot('c', checkout, dataDir, {});
    replicas.push(c);
    expect(await outcome(write(c, 'POST', '', { Flag: 'FLAT1', Info: 'Before the backup.', Solution: ['Retry.'] }))).toBe(201);
    const before = (await health(c)).catalog;
    await c.server.stop();
    const backup = join(root, 'c-backup');
    await cp(dataDir, backup, { recursive: true });
    c = await boot('c', checkout, dataDir, {});
    replicas[replicas.length - 1] = c;
    for (const notes of ['one', 'two']) expect(await outcome(write(c, 'PATCH', '/PORT1002', { notes: `flat ${notes}` }))).toBe(200);
    await exportAndDeploy(c, [c]);
    const exported = (await health(c)).catalog;
    expect(exported).toMatchObject({ log_id: before.log_id, pending: 0, exported_seq: before.applied_seq + 2 });

    await c.server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await cp(backup, dataDir, { recursive: true });
    c = await boot('c', checkout, dataDir, {});
    replicas[replicas.length - 1] = c;
    const renewed = (await health(c)).catalog;
    expect(renewed.log_id).not.toBe(before.log_id);
    expect(renewed.log_ancestors).toEqual([{ log_id: before.log_id, through: before.applied_seq }]);
    expect(c.server.printed('the log continues as')).toBe(true);

    expect(await outcome(write(c, 'PATCH', '/PORT1001', { notes: 'flat after the restore' }))).toBe(200);
    expect(await outcome(write(c, 'POST', '', { Flag: 'FLAT2', Info: 'After the restore.', Solution: ['Retry.'] }))).toBe(201);
    expect(await entry(c, 'PORT1001')).toMatchObject({ notes: 'flat after the restore' });
    expect(await entry(c, 'FLAT2')).toMatchObject({ Info: 'After the restore.' });
    expect(await entry(c, 'PORT1002')).toMatchObject({ notes: 'flat two' });
    expect((await health(c)).catalog.pending).toBe(2);
  }, 180_000);
});
