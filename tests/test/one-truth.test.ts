import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { ROOT, startServer } from './support/crash-server';
import { catalogWriter, contentRepository, entry, git, health, until, type Replica as BaseReplica } from './support/replicas';

/**
 * One catalogue, two ways to change it: a content repository (`origin`, bare) that maintainers
 * change by pull requests, and the API. Two replicas share one PostgreSQL log, a third runs on
 * the flat files; each serves a clone of `origin`. The stories of packages/catalog-store's
 * README, played as an operator and a maintainer would.
 */
const run = promisify(execFile);
const TOKEN = 'one-truth-token';
const unavailable = clusterUnavailable();
if (unavailable) console.log(unavailable);
const describeWithDatabase = unavailable ? describe.skip : describe;

interface Replica extends BaseReplica {
  env: Record<string, string>;
}

const write = catalogWriter(TOKEN);
/** `git status --porcelain` of a replica's checkout: empty when the service left nothing behind. */
const dirt = (replica: Replica) => git(replica.checkout, 'status', '--porcelain');

describeWithDatabase('one truth across git and the API', () => {
  let root: string;
  let origin: string;
  let maintainer: string;
  let cluster: TempCluster;
  let databaseUrl: string;
  const replicas: Replica[] = [];

  /** A maintainer's pull request, merged: `edit` changes the maintainer's checkout, then it is pushed. */
  async function merge(message: string, edit: (content: string) => Promise<void>): Promise<string> {
    await git(maintainer, 'pull', '--ff-only', '-q');
    await edit(join(maintainer, 'content'));
    await git(maintainer, 'add', '-A');
    await git(maintainer, 'commit', '-qm', message);
    await git(maintainer, 'push', '-q', 'origin', 'HEAD:main');
    return git(maintainer, 'rev-parse', 'HEAD');
  }

  const setField = (flag: string, field: string, value: string) => async (content: string) => {
    const file = join(content, 'errors', `${flag}.yaml`);
    const text = await readFile(file, 'utf8');
    const line = `${field}: ${value}`;
    await writeFile(file, new RegExp(`^${field}:.*$`, 'm').test(text) ? text.replace(new RegExp(`^${field}:.*$`, 'm'), line) : `${text.trimEnd()}\n${line}\n`);
  };

  /** Pulls upstream into a replica's checkout and waits until it serves that revision. */
  async function deploy(replica: Replica): Promise<void> {
    await git(replica.checkout, 'pull', '--ff-only', '-q');
    const head = await git(replica.checkout, 'rev-parse', 'HEAD');
    await until(`${replica.name} at ${head}`, () => health(replica), (h) => h.content.revision === head);
  }

  async function boot(name: string, checkout: string, dataDir: string, env: Record<string, string>): Promise<Replica> {
    const all = { CONTENT_DIR: join(checkout, 'content'), DATA_DIR: dataDir, API_TOKENS: `${TOKEN}=*`, ...env };
    const { server, url } = await startServer(all);
    return { name, checkout, dataDir, env, server, url };
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'one-truth-'));
    // A repository of its own: content/ and a .gitignore that keeps each replica's data, and the
    // restore witness the flat files keep beside it, out.
    ({ origin, maintainer } = await contentRepository(root, 'data/\ndata.restore-witness.json\n'));
    cluster = await TempCluster.start();
    databaseUrl = await cluster.createDatabase('truth');
    for (const [name, env] of [['a', { DATABASE_URL: databaseUrl }], ['b', { DATABASE_URL: databaseUrl }], ['c', {}]] as const) {
      const checkout = join(root, name);
      await git(root, 'clone', '-q', origin, checkout);
      replicas.push(await boot(name, checkout, join(checkout, 'data'), env));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.server.stop()));
    await cluster?.destroy();
    if (root) await rm(root, { recursive: true, force: true });
  }, 180_000);

  it('merges a pull request and an API change of other fields, in either order, leaving every checkout clean', async () => {
    const [a, b, c] = replicas as [Replica, Replica, Replica];
    const revision = await merge('TLS4002: notes', setField('TLS4002', 'notes', 'From the pull request.'));
    await deploy(a); // B has not pulled yet

    // The API change lands on the replica that has not deployed the pull request.
    expect((await write(b, 'PATCH', '/TLS4002', { severity: 'low' })).status).toBe(200);
    await until('A merges both', () => entry(a, 'TLS4002'), (e) => e?.severity === 'low' && e?.notes === 'From the pull request.');
    await until('B serves its change on its own revision', () => entry(b, 'TLS4002'), (e) => e?.severity === 'low' && e?.notes === null);
    const [ha, hb] = [await health(a), await health(b)];
    expect(ha.content.revision).toBe(revision);
    expect(hb.content.revision).not.toBe(revision);
    expect(ha.catalog.digest).not.toBe(hb.catalog.digest);

    // The service writes nothing where `git pull` writes: every checkout is clean and pulls.
    for (const replica of replicas) expect(await dirt(replica)).toBe('');
    await deploy(b);
    await deploy(c);
    expect(await entry(b, 'TLS4002')).toMatchObject({ severity: 'low', notes: 'From the pull request.' });
    // C is on its own log: it serves the pull request alone.
    expect(await entry(c, 'TLS4002')).toMatchObject({ severity: 'high', notes: 'From the pull request.' });
    const [fa, fb] = [await health(a), await health(b)];
    expect(fa.catalog.applied_seq).toBe(fb.catalog.applied_seq);
    expect(fa.catalog.digest).toBe(fb.catalog.digest);
    expect(fa.catalog.pending).toBe(1);
    expect(fa.catalog.conflicts).toEqual([]);

    // The other order: the API change first, then a pull request of another field.
    expect((await write(c, 'PATCH', '/PORT1002', { category: 'ports' })).status).toBe(200);
    expect(await dirt(c)).toBe('');
    await merge('PORT1002: notes', setField('PORT1002', 'notes', 'Reviewed.'));
    await deploy(c);
    expect(await entry(c, 'PORT1002')).toMatchObject({ category: 'ports', notes: 'Reviewed.' });
    expect(await dirt(c)).toBe('');
  }, 120_000);

  it('shows a change of one field on both sides as a conflict, the same on every replica, serving the repository until resolved', async () => {
    const [a, b] = replicas as [Replica, Replica];
    await merge('TLS4002: critical', setField('TLS4002', 'severity', 'critical'));
    await deploy(a);
    await deploy(b);
    for (const replica of [a, b]) {
      expect(await entry(replica, 'TLS4002')).toMatchObject({ severity: 'critical', notes: 'From the pull request.' });
      const { catalog } = await health(replica);
      expect(catalog.conflicts).toEqual([{ flag: 'TLS4002', kind: 'field', fields: [{ field: 'severity', repository: 'critical', api: 'low' }], seq: expect.any(Number) }]);
    }
    expect((await health(a)).catalog.digest).toBe((await health(b)).catalog.digest);

    // A Flag added on both sides, and an entry deleted through the API that a pull request edits.
    expect((await write(a, 'POST', '', { Flag: 'BOTH1', Info: 'Added through the API.', Solution: ['Retry.'] })).status).toBe(201);
    expect((await write(a, 'DELETE', '/AUTH2002')).status).toBe(200);
    await merge('BOTH1 and AUTH2002', async (content) => {
      await writeFile(join(content, 'errors/BOTH1.yaml'), 'Flag: BOTH1\nInfo: Added in a pull request.\nSolution:\n  - Retry.\n');
      await setField('AUTH2002', 'notes', 'Still needed.')(content);
    });
    await deploy(a);
    await deploy(b);
    for (const replica of [a, b]) {
      expect(await entry(replica, 'BOTH1')).toMatchObject({ Info: 'Added in a pull request.' });
      expect(await entry(replica, 'AUTH2002')).toMatchObject({ notes: 'Still needed.' });
      const kinds = Object.fromEntries((await health(replica)).catalog.conflicts.map((c: { flag: string; kind: string }) => [c.flag, c.kind]));
      expect(kinds).toEqual({ AUTH2002: 'edited-in-repository-deleted-through-api', BOTH1: 'added-on-both-sides', TLS4002: 'field' });
    }
  }, 120_000);

  it('exports the API changes as files a pull request merges; once deployed nothing served changes and nothing is pending', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const exportTo = (args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'packages/operator-commands/src/cli/catalog-export.ts', '--from', a.url, '--content', join(maintainer, 'content'), ...args], { cwd: ROOT, env: { ...process.env, CATALOG_TOKEN: TOKEN } }).then(
        (done) => ({ code: 0, out: done.stdout }),
        (failed: { code: number; stdout: string; stderr: string }) => ({ code: failed.code, out: failed.stdout + failed.stderr }),
      );
    await git(maintainer, 'pull', '--ff-only', '-q');
    const refused = await exportTo([]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('severity: repository "critical", API "low"');
    expect(await git(maintainer, 'status', '--porcelain')).toBe(''); // nothing written

    expect((await write(b, 'PATCH', '/TLS4003', { notes: 'From support.' })).status).toBe(200);
    expect((await write(b, 'POST', '', { Flag: 'SUPPORT1', Info: 'Added by support staff.', Solution: ['Restart the client.', 'Sign in again.'] })).status).toBe(201);
    await until('A has them', () => entry(a, 'SUPPORT1'), (e) => e !== null);
    const before = (await health(a)).catalog;
    const exported = await exportTo(['--conflicts', 'repository']);
    expect(exported.code).toBe(0);
    expect(exported.out).toMatch(/TLS4002\s+UPDATE seq \d+ by /);
    const changed = (await git(maintainer, 'status', '--porcelain')).split('\n').map((line) => line.trim().split(/\s+/).pop()).sort();
    // The conflicts keep the repository's side (as chosen): their files are not touched.
    expect(changed).toEqual(['content/catalog-exports.yaml', 'content/errors/SUPPORT1.yaml', 'content/errors/TLS4003.yaml']);
    // Edited in place: one line added, every other line as it was.
    const diff = await git(maintainer, 'diff', '--unified=0', 'content/errors/TLS4003.yaml');
    expect(diff.split('\n').filter((line) => /^[+-][^+-]/.test(line))).toEqual(['+notes: From support.', expect.stringMatching(/^[-+]updated_at: /), expect.stringMatching(/^[-+]updated_at: /)].sort());
    await merge('Catalogue changes from the API', async () => undefined);
    await deploy(a);
    await deploy(b);
    for (const replica of [a, b]) {
      const { catalog } = await health(replica);
      expect(catalog).toMatchObject({ pending: 0, conflicts: [], exported_seq: before.applied_seq });
      expect(await dirt(replica)).toBe('');
    }
    // Nothing served changed: the conflicts were settled to what was served, the repository's values.
    expect((await health(a)).catalog.digest).toBe(before.digest);
    expect((await health(b)).catalog.digest).toBe(before.digest);
    expect(await entry(a, 'TLS4002')).toMatchObject({ severity: 'critical', notes: 'From the pull request.' });

    // A later pull request changes an exported field again: no conflict, it is served.
    await merge('TLS4002: medium', setField('TLS4002', 'severity', 'medium'));
    await deploy(a);
    expect(await entry(a, 'TLS4002')).toMatchObject({ severity: 'medium' });
    expect((await health(a)).catalog.conflicts).toEqual([]);
  }, 180_000);

  it('a replica on a fresh checkout with its old data folder serves the log and refuses a Flag that exists', async () => {
    const [a, b] = replicas as [Replica, Replica];
    expect((await write(a, 'POST', '', { Flag: 'FRESH1', Info: 'Only in the log.', Solution: ['Retry.'] })).status).toBe(201);
    await b.server.stop();
    await rm(join(b.checkout, 'content'), { recursive: true, force: true });
    await rm(join(b.checkout, '.git'), { recursive: true, force: true });
    await git(root, 'clone', '-q', origin, join(root, 'b-fresh'));
    await cp(join(root, 'b-fresh'), b.checkout, { recursive: true });
    const restarted = await boot('b', b.checkout, b.dataDir, b.env);
    replicas[1] = restarted;
    expect(await entry(restarted, 'FRESH1')).toMatchObject({ Info: 'Only in the log.' });
    expect((await write(restarted, 'POST', '', { Flag: 'FRESH1', Info: 'Again.', Solution: ['Retry.'] })).status).toBe(409);
    expect((await health(restarted)).catalog.digest).toBe((await health(a)).catalog.digest);
  }, 120_000);

  it('a hand edit on one replica is that replica\'s difference: served there, shown, never spread or reverted', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const file = join(a.checkout, 'content/errors/NET3001.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^severity:.*$/m, 'severity: critical'));
    await until('A serves the hand edit', () => entry(a, 'NET3001'), (e) => e?.severity === 'critical');
    const shown = await until('A shows it', () => health(a), (h) => h.content.modified_total === 1);
    expect(shown.content.modified).toEqual(['content/errors/NET3001.yaml']);
    expect((await entry(b, 'NET3001'))?.severity).not.toBe('critical');
    expect((await write(a, 'PATCH', '/NET3001', { notes: 'Checked.' })).status).toBe(200);
    await until('B has the API change', () => entry(b, 'NET3001'), (e) => e?.notes === 'Checked.');
    expect((await entry(b, 'NET3001'))?.severity).not.toBe('critical');
    expect(await entry(a, 'NET3001')).toMatchObject({ severity: 'critical', notes: 'Checked.' });
  }, 180_000);
});
