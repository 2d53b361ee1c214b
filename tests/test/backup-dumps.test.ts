import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, startServer, type ServerProcess } from './support/crash-server';
import { debianPostgresUnavailable } from './support/debian-postgres';
import { useDeployedDatabase } from './support/deployed-database';
import { docBlock, fill } from './support/doc-blocks';

/**
 * docs/OPERATIONS.md's dumps, run as written by root on Debian's cluster layout (see
 * support/debian-postgres.ts), against the database a running service writes: a dump taken,
 * verified and never written over; a bad one never named as a dump; the 35-day retention; a
 * restore into a new database that refuses to run twice; and the replicas pointed at it, which
 * then serve what the dump held and nothing written after it.
 */
const skip = debianPostgresUnavailable();
if (skip) console.log(skip);

const TOKEN = 'backup-token';
const FOLDER = '/var/backups/companion';
const STAMP = 'companion-$(date -u +%Y%m%dT%H%M%SZ).dump';

(skip ? describe.skip : describe)('docs/OPERATIONS.md: taking, keeping and restoring dumps', () => {
  let service: { server: ServerProcess; url: string };
  const db = useDeployedDatabase('backup-dumps', () => service?.server.stop());
  /** The dumps the block made, in the order it made them. */
  const dumps: string[] = [];

  const start = (databaseUrl: string) => startServer({ CONTENT_DIR: db.content, DATA_DIR: join(db.root, 'data'), DATABASE_URL: databaseUrl, API_TOKENS: `${TOKEN}=*` });
  const post = async (path: string, body: unknown) => {
    const answer = await request(`${service.url}${path}`, 'POST', TOKEN, body);
    expect({ path, status: answer.status }).toEqual({ path, status: 201 });
  };
  /** The files of the backups folder: `name mode owner`, sorted. */
  const listing = async () => (await db.machine.ok(`cd ${FOLDER} && stat -c '%n %a %U' * | sort`)).trim().split('\n');
  const sha256 = async (file: string) => (await db.machine.ok(`sha256sum ${FOLDER}/${file}`)).split(' ')[0];
  const databases = async () => (await db.machine.psql("SELECT datname FROM pg_database WHERE datname LIKE 'companion%' ORDER BY 1")).split('\n');

  beforeAll(async () => {
    service = await start(db.machine.url(db.password));
    await post('/api/feedback', { content: 'Before the first dump.', type: 'bug' });
    await post('/api/tunnel/errors', { Flag: 'DUMPED1', Info: 'Before the first dump.', Solution: ['Restore it.'] });
  }, 180_000);

  it('backup: a verified dump, 0600 in a 0700 folder, named to the second; run again, a second dump beside the first', async () => {
    const block = await docBlock('docs/OPERATIONS.md', 'backup');
    const counts = async () => ({ feedback: await db.machine.psql('SELECT count(*) FROM feedback', 'companion'), catalogue: await db.machine.psql('SELECT count(*) FROM catalog_ops', 'companion'), log: await db.machine.psql('SELECT log_id FROM catalog_log', 'companion') });

    const live = await counts();
    const first = await db.machine.ok(block);
    // What the verification counted in its scratch copy is what the database held.
    expect(first).toMatch(new RegExp(`^${live.feedback} feedback, ${live.catalogue} catalogue changes \\(log ${live.log}\\), schema .*\\bcatalog \\d+\\b`, 'm'));
    const name = /^(companion-\d{8}T\d{6}Z\.dump): verified$/m.exec(first)![1]!;
    dumps.push(name);
    expect(await listing()).toEqual([`${name} 600 root`]);
    expect((await db.machine.ok(`stat -c '%a %U' ${FOLDER}`)).trim()).toBe('700 root');
    expect(await databases()).toEqual(['companion']); // the scratch database is gone

    const kept = await sha256(name);
    await post('/api/feedback', { content: 'After the first dump.', type: 'bug' });
    await post('/api/tunnel/errors', { Flag: 'AFTER1', Info: 'After the first dump.', Solution: ['Gone after a restore.'] });
    const second = await db.machine.ok(block);
    const again = /^(companion-\d{8}T\d{6}Z\.dump): verified$/m.exec(second)![1]!;
    dumps.push(again);
    expect(again > name).toBe(true);
    expect(await listing()).toEqual([`${name} 600 root`, `${again} 600 root`]);
    expect(await sha256(name)).toBe(kept);
    expect(await databases()).toEqual(['companion']);
  }, 180_000);

  it('backup: a name that exists, or a dump another run is writing, stops the block before it writes anything', async () => {
    const block = await docBlock('docs/OPERATIONS.md', 'backup');
    const [name] = dumps as [string];
    const kept = await sha256(name);
    const taken = await db.machine.run(fill(block, { [STAMP]: name }));
    expect(taken.code).not.toBe(0);
    expect(taken.err).toContain(`${name} exists: not written over`);
    expect(await sha256(name)).toBe(kept);

    const busy = 'companion-20261201T000000Z.dump';
    await db.machine.ok(`echo 'being written' > ${FOLDER}/${busy}.partial`);
    const writing = await db.machine.run(fill(block, { [STAMP]: busy }));
    expect(writing.code).not.toBe(0);
    expect(writing.err).toMatch(/cannot overwrite existing file/);
    expect(await db.machine.ok(`cat ${FOLDER}/${busy}.partial`)).toBe('being written\n');
    await db.machine.ok(`rm ${FOLDER}/${busy}.partial`);
    expect(await listing()).toEqual(dumps.map((d) => `${d} 600 root`));
    expect(await databases()).toEqual(['companion']);
  }, 180_000);

  it('backup: a dump that does not restore whole (cut short) is deleted, never named as a dump, and its scratch database dropped', async () => {
    // A pg_dump whose output ends early, as a full disk or a killed process leaves it.
    const shim = await mkdtemp(join(tmpdir(), 'short-pg-dump-'));
    await chmod(shim, 0o755);
    await writeFile(join(shim, 'pg_dump'), '#!/bin/sh\n/usr/bin/pg_dump "$@" | head -c 2000\n', { mode: 0o755 });
    try {
      const outcome = await db.machine.run(await docBlock('docs/OPERATIONS.md', 'backup'), { env: { PATH: `${shim}:${process.env.PATH}` } });
      expect(outcome.code).not.toBe(0);
      expect(outcome.err).toMatch(/^pg_restore: error: /m); // the verification caught it
      expect(outcome.out).not.toMatch(/verified/);
      expect(await listing()).toEqual(dumps.map((d) => `${d} 600 root`));
      expect(await databases()).toEqual(['companion']);
    } finally {
      await rm(shim, { recursive: true, force: true });
    }
  }, 180_000);

  it('backup-retention: deletes the dumps 35 days old or more, and nothing else', async () => {
    const day = 24 * 60 * 60;
    const planted = [
      { name: 'companion-20261020T021500Z.dump', age: 43 * day },
      { name: 'companion-20261027T021500Z.dump', age: 35 * day + 3600 },
      { name: 'companion-20261028T031500Z.dump', age: 35 * day - 3600 },
      { name: 'companion-20261115T021500Z.dump', age: 17 * day },
      { name: 'notes.txt', age: 60 * day },
    ];
    const now = Math.floor(Date.now() / 1000);
    for (const file of planted) await db.machine.ok(`umask 077 && echo planted > ${FOLDER}/${file.name} && touch -d @${now - file.age} ${FOLDER}/${file.name}`);
    const before = await listing();

    const out = await db.machine.ok(await docBlock('docs/OPERATIONS.md', 'backup-retention'));
    const expired = planted.filter((f) => f.name.endsWith('.dump') && f.age >= 35 * day).map((f) => `${FOLDER}/${f.name}`);
    expect(out.trim().split('\n').sort()).toEqual(expired.sort());
    expect(await listing()).toEqual(before.filter((line) => !expired.some((path) => line.startsWith(`${path.slice(FOLDER.length + 1)} `))));
    await db.machine.ok(`cd ${FOLDER} && rm ${planted.filter((f) => !expired.includes(`${FOLDER}/${f.name}`)).map((f) => f.name).join(' ')}`);
  }, 180_000);

  it('restore: into a new database named for the dump, owned by companion; run again, it stops at createdb and leaves both databases as they were', async () => {
    const [first] = dumps as [string];
    const block = fill(await docBlock('docs/OPERATIONS.md', 'restore'), { '/var/backups/companion/companion-20261202T031500Z.dump': `${FOLDER}/${first}` });
    const restored = first.replace('.dump', '').replace('-', '_').toLowerCase();
    const state = async (database: string) => db.machine.psql("SELECT (SELECT string_agg(content, ' | ' ORDER BY id) FROM feedback) || ' / ' || (SELECT string_agg(flag, ' ' ORDER BY seq) FROM catalog_ops) || ' / ' || (SELECT string_agg(DISTINCT tableowner, ' ') FROM pg_tables WHERE schemaname = 'public')", database);
    const live = await state('companion');

    expect((await db.machine.ok(block)).trim()).toBe(`restored into ${restored}`);
    const made = await state(restored);
    expect(made).toMatch(/^Before the first dump\. \/ (\S+ )*DUMPED1 \/ companion$/);
    expect(made).not.toMatch(/AFTER1|After the first dump/);

    const twice = await db.machine.run(block);
    expect(twice.code).not.toBe(0);
    expect(twice.err).toContain(`database "${restored}" already exists`);
    expect(twice.out).not.toContain('restored into');
    expect(await state(restored)).toBe(made);
    expect(await state('companion')).toBe(live);
  }, 180_000);

  it('restore-replicas: the env file names the restored database, the service restarts, and serves what the dump held', async () => {
    const [first] = dumps as [string];
    const restored = first.replace('.dump', '').replace('-', '_').toLowerCase();
    // A replica's env file, and a systemctl that records what it was asked (the test plays systemd).
    const bin = await mkdtemp(join(tmpdir(), 'systemctl-'));
    await writeFile(join(bin, 'systemctl'), `#!/bin/sh\necho "$*" >> ${bin}/calls\n`, { mode: 0o755 });
    await db.machine.ok(`install -d -m 0750 /etc/tunnel-companion && printf '%s\\n' 'PORT=3000' "DATABASE_URL=$URL" 'LOG_LEVEL=info' > /etc/tunnel-companion/env`, { env: { URL: db.machine.url(db.password) } });
    try {
      await db.machine.ok(fill(await docBlock('docs/OPERATIONS.md', 'restore-replicas'), { companion_20261202t031500z: restored }), { env: { PATH: `${bin}:${process.env.PATH}` } });
      expect((await db.machine.ok(`cat ${bin}/calls`)).trim()).toBe('restart tunnel-companion');
      const env = (await db.machine.ok('cat /etc/tunnel-companion/env')).trim().split('\n');
      expect(env).toEqual(['PORT=3000', `DATABASE_URL=${db.machine.url(db.password, restored)}`, 'LOG_LEVEL=info']);

      // The restart, with the env file's setting.
      await service.server.stop();
      service = await start(env[1]!.slice('DATABASE_URL='.length));
      const feedback = await request(`${service.url}/api/feedback`, 'GET', TOKEN);
      expect(feedback.body.data.map((f: { content: string }) => f.content)).toEqual(['Before the first dump.']);
      expect((await request(`${service.url}/api/tunnel/errors/DUMPED1`, 'GET', null)).status).toBe(200);
      expect((await request(`${service.url}/api/tunnel/errors/AFTER1`, 'GET', null)).status).toBe(404);
      // And it writes there.
      await post('/api/feedback', { content: 'After the restore.', type: 'other' });
      expect(await db.machine.psql('SELECT count(*) FROM feedback', restored)).toBe('2');
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  }, 180_000);
});
