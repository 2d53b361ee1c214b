import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { ROOT, startServer } from './support/crash-server';
import { docBlock, docBlocks, fill } from './support/doc-blocks';
import { catalogWriter, git, health, until, type Replica } from './support/replicas';

/**
 * The command blocks of docs/OPERATIONS.md and deploy/README.md, taken from the Markdown and run
 * as written by root's bash (the blocks say who runs what: root, or `postgres` through runuser),
 * so a doc change that breaks a procedure fails here. Placeholders (`<repository>`, an example
 * address) are filled in, and fill() fails when a block no longer has one. What the blocks
 * install goes into a mount namespace of the test's own: /etc and /var/lib are overlays, /opt an
 * empty folder, so the machine stays as it was. systemd does not run here: the install's
 * `systemctl` is support/systemctl-standin.sh, which runs the unit's ExecStart as its User with
 * its environment. The blocks run the repository as committed (HEAD), as a clone would have it.
 */
const run = promisify(execFile);
const DOCS = ['docs/OPERATIONS.md', 'deploy/README.md', 'deploy/nginx/README.md', 'deploy/monitoring/README.md'];
/** Test files that run blocks of DOCS, each by a call of docBlock or shellBlock with the file and the block's name. */
const RUNNERS = ['tests/test/operations-docs.test.ts', 'tests/test/backup-dumps.test.ts', 'tests/test/backup-pitr.test.ts', 'tests/test/way-back.test.ts'];

const notRoot = process.getuid?.() === 0 ? null : 'skipped: the operator docs\' blocks run as root (runuser, useradd, mount namespaces), and this is not root';
const noCluster = clusterUnavailable();
const skip = notRoot ?? noCluster;
if (skip) console.log(skip);

interface Outcome {
  code: number | null;
  out: string;
  err: string;
}

/** `script` by bash -euo pipefail in a session of its own, with no terminal and no stdin: a prompt fails. */
function bash(script: string, options: { cwd?: string; env?: Record<string, string>; prefix?: string[] } = {}): Promise<Outcome> {
  return new Promise((done, fail) => {
    const [command, ...args] = [...(options.prefix ?? []), 'bash', '-euo', 'pipefail', '-c', script];
    const child = spawn(command!, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, out, err }));
  });
}

/** Like bash(), and fails with the script's output when it exits with another code than 0. */
async function ok(script: string, options: Parameters<typeof bash>[1] = {}): Promise<string> {
  const outcome = await bash(script, options);
  if (outcome.code !== 0) throw new Error(`exit ${outcome.code}:\n${script}\n--- stdout\n${outcome.out}\n--- stderr\n${outcome.err}`);
  return outcome.out;
}

/** The environment of root's login shell: no test runner's variables. */
const rootShell = (extra: Record<string, string> = {}) => ({ PATH: process.env.PATH!, HOME: '/root', USER: 'root', LOGNAME: 'root', SHELL: '/bin/bash', LANG: 'C.UTF-8', SHLVL: '1', ...extra });

/** The repository's HEAD as a bare repository (branch main): what `git clone <repository>` clones. */
async function originOfHead(dir: string): Promise<string> {
  const origin = join(dir, 'origin.git');
  await run('git', ['init', '-q', '--bare', '-b', 'main', origin]);
  await run('git', ['-C', ROOT, 'push', '-q', origin, 'HEAD:refs/heads/main']);
  return origin;
}

/** Runs `block` as root with `checkout` at /opt/tunnel-companion, in a mount namespace of its own. */
const atOpt = (checkout: string, block: string) =>
  ok(`mount --make-rprivate / && mount -t tmpfs tmpfs /opt && mkdir /opt/tunnel-companion && mount --bind "$CHECKOUT" /opt/tunnel-companion && exec bash -euo pipefail -c "$BLOCK"`, {
    prefix: ['unshare', '--mount', '--fork', '--'],
    env: rootShell({ CHECKOUT: checkout, BLOCK: block }),
  });

test('every block of the operator docs is run by a test or marked as not run, with a reason', async () => {
  const sources = (await Promise.all(RUNNERS.map((f) => readFile(join(ROOT, f), 'utf8')))).join('\n');
  const played = new Set([...sources.matchAll(/(?:docBlock|shellBlock)\('([^']+)', '([^']+)'\)/g)].map((m) => `${m[1]} ${m[2]}`));
  const named = new Set<string>();
  for (const file of DOCS) {
    for (const block of await docBlocks(file)) {
      const where = `${file}:${block.line}`;
      if (block.name === null) {
        expect({ where, notRun: block.notRun }).toEqual({ where, notRun: expect.stringMatching(/\S/) });
        continue;
      }
      expect({ where, lang: block.lang }).toEqual({ where, lang: 'sh' });
      expect({ where, named: named.has(`${file} ${block.name}`) }).toEqual({ where, named: false });
      named.add(`${file} ${block.name}`);
      expect({ where, runBy: played.has(`${file} ${block.name}`) }).toEqual({ where, runBy: true });
    }
  }
  // And no test runs a block the docs no longer have.
  expect([...played].filter((p) => !named.has(p))).toEqual([]);
});

(skip ? describe.skip : describe)('deploy/README.md on PostgreSQL: the database set up, two replicas, a content deploy and an export', () => {
  const TOKEN = randomBytes(16).toString('hex');
  const write = catalogWriter(TOKEN);
  let dir: string;
  let origin: string;
  let cluster: TempCluster;
  let databaseUrl: string;
  const replicas: Replica[] = [];
  const asPostgres = () => rootShell({ PGHOST: cluster.dir, PGPORT: String(cluster.port) });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operations-docs-'));
    [cluster, origin] = await Promise.all([TempCluster.start(), originOfHead(dir)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.server.kill()));
    await cluster?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 180_000);

  it('postgres-setup: with no terminal, the role with a password and the database it owns, which the service migrates and writes with the URL it printed', async () => {
    // The cluster's socket stands in for the default one (libpq's PGHOST/PGPORT), its port for 5432.
    // No stdin at all: a prompt would fail the block.
    const out = await ok(await docBlock('deploy/README.md', 'postgres-setup'), { env: asPostgres() });
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    const { rows } = await admin.query("SELECT r.rolcanlogin, r.rolpassword IS NOT NULL AS has_password, pg_get_userbyid(d.datdba) AS owner FROM pg_authid r, pg_database d WHERE r.rolname = 'companion' AND d.datname = 'companion'");
    await admin.end();
    expect(rows).toEqual([{ rolcanlogin: true, has_password: true, owner: 'companion' }]);

    const printed = out.trim().split('\n');
    expect(printed).toEqual([expect.stringMatching(/^DATABASE_URL=postgres:\/\/companion:[0-9a-f]{48}@127\.0\.0\.1:5432\/companion$/)]);
    databaseUrl = fill(printed[0]!, { 'DATABASE_URL=': '', '127.0.0.1:5432': `127.0.0.1:${cluster.port}` });
    const boot = async (name: string): Promise<Replica> => {
      const checkout = join(dir, name);
      await git(dir, 'clone', '-q', origin, checkout);
      const { server, url } = await startServer({ CONTENT_DIR: join(checkout, 'content'), DATA_DIR: join(dir, `${name}-data`), DATABASE_URL: databaseUrl, API_TOKENS: `${TOKEN}=*`, CONTENT_DEBOUNCE_MS: '20' }, 90_000);
      return { name, checkout, dataDir: join(dir, `${name}-data`), server, url };
    };
    replicas.push(...(await Promise.all([boot('first'), boot('second')])));
    expect((await write(replicas[0]!, 'PATCH', '/TLS4002', { notes: 'Set through the API.' })).status).toBe(200);
  }, 120_000);

  it('postgres-grant: the role creates in a database someone else owns once granted', async () => {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE owned_by_postgres');
    await admin.end();
    const asCompanion = async () => {
      const client = new pg.Client({ connectionString: cluster.url('owned_by_postgres').replace('postgres@', 'companion@') });
      await client.connect();
      try {
        await client.query('CREATE TABLE IF NOT EXISTS made_by_companion (id int)');
      } finally {
        await client.end();
      }
    };
    // PostgreSQL 15: no one but the owner creates in schema public.
    await expect(asCompanion()).rejects.toThrow(/permission denied for schema public/);
    await ok(fill(await docBlock('deploy/README.md', 'postgres-grant'), { '<database>': 'owned_by_postgres' }), { env: asPostgres() });
    await asCompanion();
  }, 180_000);

  /** The fleet-health loop over the replicas' addresses: one line per replica. */
  async function fleetLines(): Promise<string[][]> {
    const block = await docBlock('deploy/README.md', 'fleet-health');
    const out = await ok(fill(block, { 'http://10.0.0.11:3000': replicas[0]!.url, 'http://10.0.0.12:3000': replicas[1]!.url }), { env: rootShell() });
    return out.trim().split('\n').map((line) => line.split('\t'));
  }

  it('content-deploy and fleet-health: a replica that has not pulled shows its old revision; after both pulled, one line', async () => {
    const [first, second] = replicas as [Replica, Replica];
    await until('both replicas applied the change', () => Promise.all(replicas.map(health)), (hs) => hs.every((h) => h.catalog.applied_seq === 1));
    const maintainer = join(dir, 'maintainer');
    await git(dir, 'clone', '-q', origin, maintainer);
    const notice = (await run('git', ['-C', maintainer, 'ls-files', 'content/notices'])).stdout.split('\n').find((f) => f.endsWith('.md'))!;
    const text = await readFile(join(maintainer, notice), 'utf8');
    await writeFile(join(maintainer, notice), text.replace(/^summary: .*$/m, 'summary: Deployed by the content-deploy block'));
    await git(maintainer, 'commit', '-qam', 'A notice deployed');
    await git(maintainer, 'push', '-q', 'origin', 'HEAD:main');
    const head = await git(maintainer, 'rev-parse', 'HEAD');
    const old = await git(second.checkout, 'rev-parse', 'HEAD');

    const block = await docBlock('deploy/README.md', 'content-deploy');
    await atOpt(first.checkout, block);
    await until('the first replica serves the pulled revision', () => health(first), (h) => h.content.revision === head);
    const during = await fleetLines();
    expect(during.map((line) => line[0])).toEqual([head, old]);

    await atOpt(second.checkout, block);
    await until('the second replica serves the pulled revision', () => health(second), (h) => h.content.revision === head);
    const after = await fleetLines();
    // revision, applied_seq, digest, pending, conflicts, modified: one line for both.
    expect(after[0]).toEqual(after[1]);
    expect(after[0]).toEqual([head, '1', expect.stringMatching(/\S/), '1', '0', '0']);
  }, 120_000);

  it("catalog-export: the maintainer's export, merged and pulled, leaves nothing pending and the digest as it was", async () => {
    const maintainer = join(dir, 'maintainer');
    await git(maintainer, 'pull', '-q', '--ff-only');
    // A maintainer's checkout has the development install.
    await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: maintainer, env: { ...rootShell(), CI: 'true' }, maxBuffer: 64 * 1024 * 1024 });
    const before = await fleetLines();
    const block = await docBlock('deploy/README.md', 'catalog-export');
    const identity = { GIT_AUTHOR_NAME: 'Maintainer', GIT_AUTHOR_EMAIL: 'm@example.com', GIT_COMMITTER_NAME: 'Maintainer', GIT_COMMITTER_EMAIL: 'm@example.com' };
    await ok(fill(block, { '<token with errors:read-log>': TOKEN, 'https://api.example.com': replicas[0]!.url }), { cwd: maintainer, env: rootShell(identity) });
    expect(await git(maintainer, 'show', '--stat', '--format=%s', 'HEAD')).toMatch(/^Catalogue changes from the API\n[\s\S]*content\/catalog-exports\.yaml/);
    await git(maintainer, 'push', '-q', 'origin', 'catalogue-from-api:main'); // the pull request, merged
    const head = await git(maintainer, 'rev-parse', 'HEAD');

    const deploy = await docBlock('deploy/README.md', 'content-deploy');
    for (const replica of replicas) {
      await atOpt(replica.checkout, deploy);
      await until(`${replica.name} serves the export`, () => health(replica), (h) => h.content.revision === head && h.catalog.pending === 0);
    }
    const after = await fleetLines();
    expect(after[0]).toEqual(after[1]);
    expect(after[0]).toEqual([head, '1', before[0]![2], '0', '0', '0']);
  }, 180_000);
});

(notRoot ? describe.skip : describe)('deploy/README.md: the install, as root, on a machine of its own', () => {
  const TOKEN = randomBytes(32).toString('base64url');
  let dir: string;
  let origin: string;
  /** The pid whose namespaces (mount, network) the install runs in. */
  let holder: number | undefined;
  let env: Record<string, string>;
  /** For the upgrade's migrations, reached from the namespace through its Unix socket. */
  let cluster: TempCluster | undefined;

  /** `script` as root inside the namespaces, with the stand-in systemctl first on PATH. */
  const inside = (script: string, options: { cwd?: string } = {}) =>
    ok(options.cwd ? `cd ${options.cwd} && ${script}` : script, { prefix: ['nsenter', '-t', String(holder), '-m', '-n', '--'], env });
  const curl = (path: string, token?: string, data?: string) =>
    inside(`curl -s ${token ? `-H 'authorization: Bearer ${token}'` : ''} ${data ? `-X PATCH -H 'content-type: application/json' --data '${data}'` : ''} 'http://127.0.0.1:3000${path}'`).then((t) => JSON.parse(t));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operations-install-'));
    origin = await originOfHead(dir);
    if (!noCluster) cluster = await TempCluster.start();
    await mkdir(join(dir, 'bin'));
    await mkdir(join(dir, 'logs'));
    await copyFile(join(ROOT, 'tests/test/support/systemctl-standin.sh'), join(dir, 'bin/systemctl'));
    await run('chmod', ['+x', join(dir, 'bin/systemctl')]);
    env = rootShell({ PATH: `${join(dir, 'bin')}:${process.env.PATH}`, STANDIN_LOGS: join(dir, 'logs') });
    // A mount and network namespace held open by a sleeping process: /etc and /var/lib are
    // overlays whose changes land in `dir`, /opt is an empty folder of `dir`, the network only lo.
    // pnpm keeps its store at the top of the mount a project is on (hard links cannot cross
    // mounts), so /opt/.pnpm-store is the machine's own store: packages come from it, offline.
    const store = (await run('pnpm', ['store', 'path'], { env: rootShell() })).stdout.trim();
    const setup = `mount --make-rprivate /
ip link set lo up
for d in etc var/lib; do mkdir -p "$DIR/upper/$d" "$DIR/work/$d"; mount -t overlay overlay -o "lowerdir=/$d,upperdir=$DIR/upper/$d,workdir=$DIR/work/$d" "/$d"; done
mkdir -p "$DIR/opt/.pnpm-store/$(basename "$STORE")" && mount --bind "$STORE" "$DIR/opt/.pnpm-store/$(basename "$STORE")"
mount --rbind "$DIR/opt" /opt
echo $$
exec sleep infinity`;
    const child = spawn('unshare', ['--mount', '--net', '--fork', '--', 'bash', '-euo', 'pipefail', '-c', setup], { env: { ...env, DIR: dir, STORE: store }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    holder = await new Promise<number>((done, fail) => {
      child.stdout.once('data', (chunk) => done(Number(String(chunk).trim())));
      child.once('exit', (code) => fail(new Error(`the namespaces could not be set up (exit ${code})`)));
    });
  }, 180_000);

  afterAll(async () => {
    if (holder) {
      await inside('[ ! -f /etc/systemd/system/tunnel-companion.service ] || systemctl stop tunnel-companion').catch((e) => console.log(String(e)));
      process.kill(holder, 'SIGKILL');
    }
    await cluster?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 180_000);

  it('install: the user, the checkout built and pruned, settings and a named token, the unit started as companion', async () => {
    const hash = createHash('sha256').update(TOKEN).digest('hex');
    const block = fill(await docBlock('deploy/README.md', 'install'), { '<repository>': origin, '<SHA256>': hash });
    const out = await inside(block, { cwd: '/root' });
    // token.js printed a line of the form the block's echo appends.
    expect(out).toMatch(/^ {2}[0-9a-f]{64}=errors:write\+errors:read-log$/m);

    const health = await until('the unit answers /health', () => curl('/health').catch(() => null), (h) => h?.status === 'ok', 60_000);
    expect(health.content.revision).toBe(await git(origin, 'rev-parse', 'main'));
    expect(health.content.revision_problem).toBeNull();
    const logs = await readFile(join(dir, 'logs/tunnel-companion.log'), 'utf8');
    const pid = /"pid":(\d+)/.exec(logs)![1];
    expect((await inside(`ps -o user= -p ${pid}`)).trim()).toBe('companion');
    expect((await inside('stat -c %U:%G:%a /var/lib/tunnel-companion /etc/tunnel-companion/env')).trim().split('\n')).toEqual(['companion:companion:700', 'root:companion:640']);
    // The production install has no development tools, and the built content check runs.
    await inside('test ! -e node_modules/.bin/tsx && node packages/content/dist/check.js content', { cwd: '/opt/tunnel-companion' });

    // The named line: changes made with the token are recorded as the person's.
    const changed = await curl('/api/tunnel/errors/TLS4002', TOKEN, JSON.stringify({ notes: 'Installed as deploy/README.md says.' }));
    expect(changed.success).toBe(true);
    const log = await curl('/api/tunnel/errors/logs?flag=TLS4002', TOKEN);
    expect(JSON.stringify(log.data)).toContain('Ada Lovelace');
    // Feedback on the flat files, which the move to PostgreSQL carries over.
    const sent = JSON.parse(await inside(`curl -s -X POST -H 'content-type: application/json' --data '${JSON.stringify({ content: 'Sent while the box ran on its files.', type: 'bug' })}' http://127.0.0.1:3000/api/feedback`));
    expect(sent.data.id).toBe(1);
  }, 300_000);

  it('content-deploy: root pulls the checkout the service (as companion) reads, which serves it without a restart', async () => {
    const maintainer = join(dir, 'maintainer');
    await git(dir, 'clone', '-q', origin, maintainer);
    const notice = (await run('git', ['-C', maintainer, 'ls-files', 'content/notices'])).stdout.split('\n').find((f) => f.endsWith('.md'))!;
    const text = await readFile(join(maintainer, notice), 'utf8');
    await writeFile(join(maintainer, notice), text.replace(/^summary: .*$/m, 'summary: Deployed on the installed box'));
    await git(maintainer, 'commit', '-qam', 'A notice deployed');
    await git(maintainer, 'push', '-q', 'origin', 'HEAD:main');
    const head = await git(maintainer, 'rev-parse', 'HEAD');

    await inside(await docBlock('deploy/README.md', 'content-deploy'));
    await until('the unit serves the pulled revision', () => curl('/health'), (h) => h.content.revision === head, 30_000);
    const notices = await curl('/api/notice/all');
    expect(JSON.stringify(notices.data)).toContain('Deployed on the installed box');
  }, 180_000);

  (noCluster ? it.skip : it)('upgrade: rebuilt in place, migrated with the env file\'s DATABASE_URL, restarted cleanly', async () => {
    // The operator moves the box to PostgreSQL: a database its role owns, named in the env file
    // (here the cluster's Unix socket: the namespace's network is its own).
    const admin = new pg.Client({ connectionString: cluster!.url() });
    await admin.connect();
    await admin.query('CREATE ROLE companion LOGIN');
    await admin.query('CREATE DATABASE companion OWNER companion');
    await admin.end();
    await run('chmod', ['0755', cluster!.dir]); // the socket's folder, for the service's user
    await inside(`echo 'DATABASE_URL=postgres://companion@localhost:${cluster!.port}/companion?host=${cluster!.dir}' >> /etc/tunnel-companion/env`);
    const before = /"pid":(\d+)/.exec(await readFile(join(dir, 'logs/tunnel-companion.log'), 'utf8'))![1];

    const out = await inside(await docBlock('deploy/README.md', 'upgrade'));
    expect(out).toMatch(/^catalog: applied 1, /m);
    expect(await readFile(join(dir, `logs/tunnel-companion.exit.${before}`), 'utf8')).toBe('0\n');
    const health = await until('the restarted unit answers /health', () => curl('/health').catch(() => null), (h) => h?.success === true, 60_000);
    expect(health.content.revision).toBe(await git(origin, 'rev-parse', 'main'));
    expect(health.storage.store).toBe('postgresql');
    // The flat files' data is not imported yet, and /health says so.
    expect(health.storage.unimported).toEqual(expect.arrayContaining([expect.stringContaining('catalog-ops.jsonl')]));
    const after = /"pid":(\d+)/.exec(await readFile(join(dir, 'logs/tunnel-companion.log'), 'utf8'))![1];
    expect(after).not.toBe(before);
    expect((await inside(`ps -o user= -p ${after}`)).trim()).toBe('companion');
  }, 180_000);

  (noCluster ? it.skip : it)('db-import: stopped, the flat files imported as companion with the env file\'s settings, started on PostgreSQL serving them', async () => {
    const out = await inside(await docBlock('deploy/README.md', 'db-import'));
    expect(out).toMatch(/^feedback: 1 of 1 records imported/m);
    expect(out).toMatch(/^catalogue log: ([1-9]\d*) of \1 records imported/m);
    expect(out).toContain('/var/lib/tunnel-companion is in the database now');
    const health = await until('the started unit answers /health', () => curl('/health').catch(() => null), (h) => h?.success === true, 60_000);
    expect(health.storage.store).toBe('postgresql');
    expect(health.storage).not.toHaveProperty('unimported'); // listed only while files are left
    // What imported.json records belongs to the service's user, like the rest of DATA_DIR.
    expect(await inside('find /var/lib/tunnel-companion ! -user companion')).toBe('');

    // The catalogue change made on the files is served from the database.
    const entry = await curl('/api/tunnel/errors/TLS4002');
    expect(JSON.stringify(entry.data)).toContain('Installed as deploy/README.md says.');
    const log = await curl('/api/tunnel/errors/logs?flag=TLS4002', TOKEN);
    expect(JSON.stringify(log.data)).toContain('Ada Lovelace');
    // The feedback is in the database with its id, and new feedback continues after it.
    const db = new pg.Client({ connectionString: cluster!.url('companion') });
    await db.connect();
    const { rows } = await db.query('SELECT id, content FROM feedback ORDER BY id');
    await db.end();
    expect(rows).toEqual([{ id: '1', content: 'Sent while the box ran on its files.' }]);
    const next = JSON.parse(await inside(`curl -s -X POST -H 'content-type: application/json' --data '{"content":"Sent on PostgreSQL.","type":"bug"}' http://127.0.0.1:3000/api/feedback`));
    expect(next.data.id).toBe(2);
  }, 120_000);
});
