import { join } from 'node:path';
import { request, startServer, type ServerProcess } from './support/crash-server';
import { debianPostgresUnavailable } from './support/debian-postgres';
import { useDeployedDatabase } from './support/deployed-database';
import { docBlock, fill } from './support/doc-blocks';

/**
 * docs/OPERATIONS.md's point-in-time recovery with pgBackRest, run as written by root on Debian's
 * cluster layout (support/debian-postgres.ts): archiving set up under a running service, a full
 * backup and the cron file's differential one, writes the service acknowledged before and after a
 * moment, and the cluster taken back to that moment. The restarted service answers every write
 * acknowledged before it and none after.
 */
const skip = debianPostgresUnavailable({ pgbackrest: true });
if (skip) console.log(skip);

const TOKEN = 'pitr-token';

/** A write the service acknowledged (201), and when the test had its answer. */
interface Acknowledged {
  kind: 'feedback' | 'catalogue';
  name: string;
  at: number;
}

(skip ? describe.skip : describe)('docs/OPERATIONS.md: point-in-time recovery with pgBackRest', () => {
  let service: { server: ServerProcess; url: string } | undefined;
  const db = useDeployedDatabase('backup-pitr', () => service?.server.stop());
  const start = async () => {
    service = await startServer({ CONTENT_DIR: db.content, DATA_DIR: join(db.root, 'data'), DATABASE_URL: db.machine.url(db.password), API_TOKENS: `${TOKEN}=*` });
    return service;
  };

  it('pitr-setup: archiving on, the stanza checked, a full backup taken and the schedule in cron, while the service writes', async () => {
    const { url } = await start();
    expect((await request(`${url}/api/feedback`, 'POST', null, { content: 'Before archiving.', type: 'other' })).status).toBe(201);

    const out = await db.machine.ok(await docBlock('docs/OPERATIONS.md', 'pitr-setup'));
    expect(out).toMatch(/^\s+status: ok$/m);
    expect(out).toMatch(/^\s+full backup: \d{8}-\d{6}F$/m);
    expect(await db.machine.psql("SELECT current_setting('archive_mode') || ' ' || current_setting('archive_timeout')")).toBe('on 1min');
    expect((await db.machine.ok('stat -c %U:%a /var/lib/pgbackrest /etc/pgbackrest.conf')).trim().split('\n')).toEqual(['postgres:750', 'postgres:640']);
    // The service goes on writing once PostgreSQL is back from the restart.
    expect((await request(`${url}/api/feedback`, 'POST', null, { content: 'After archiving began.', type: 'other' })).status).toBe(201);
  }, 180_000);

  it('pitr-restore: refused while a replica is connected; with the replicas stopped, every write acknowledged before the target is served and none after', async () => {
    const { url } = service!;
    const acknowledged: Acknowledged[] = [];
    const write = async (group: string, i: number) => {
      const name = `${group}${i}`;
      const feedback = await request(`${url}/api/feedback`, 'POST', null, { content: `Feedback ${name}.`, type: 'bug' });
      expect({ name, status: feedback.status }).toEqual({ name, status: 201 });
      acknowledged.push({ kind: 'feedback', name: `Feedback ${name}.`, at: Date.now() });
      const entry = await request(`${url}/api/tunnel/errors`, 'POST', TOKEN, { Flag: `PITR${name}`, Info: `Added as ${name}.`, Solution: ['Go back in time.'] });
      expect({ name, status: entry.status }).toEqual({ name, status: 201 });
      acknowledged.push({ kind: 'catalogue', name: `PITR${name}`, at: Date.now() });
    };

    for (let i = 1; i <= 3; i++) await write('A', i);
    // The cron file's differential backup, as cron runs it: its command as its user.
    const cron = await db.machine.ok('cat /etc/cron.d/companion-pgbackrest');
    const diff = /^30 2 \* \* 1-6\s+(\S+)\s+(.+)$/m.exec(cron)!;
    await db.machine.ok(`runuser -u ${diff[1]} -- ${diff[2]}`);
    for (let i = 4; i <= 6; i++) await write('A', i);
    // The moment to go back to, on the database's clock, once the first group is acknowledged.
    const target = await db.machine.psql("SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'");
    const targetMs = Date.parse(`${target.slice(0, 23).replace(' ', 'T')}Z`);
    for (let i = 1; i <= 4; i++) await write('B', i);

    const block = fill(await docBlock('docs/OPERATIONS.md', 'pitr-restore'), { '2026-12-02 03:14:00+00': target });
    const busy = await db.machine.run(block);
    expect(busy.code).not.toBe(0);
    expect(busy.err).toMatch(/^\d+ connections to companion: stop every replica first$/m);
    expect(await db.machine.psql("SELECT count(*) FROM feedback WHERE content = 'Feedback B4.'", 'companion')).toBe('1'); // untouched

    await service!.server.stop();
    const out = await db.machine.ok(block);
    expect(out).toMatch(/^recovered: writable, on timeline 2$/m);
    const aside = /^the cluster as it was before the restore: (\/var\/lib\/postgresql\/15\/main\.before-\d{8}T\d{6}Z)$/m.exec(out)![1]!;
    expect((await db.machine.ok(`test -f ${aside}/PG_VERSION && echo kept`)).trim()).toBe('kept');

    const restarted = await start();
    const served = await request(`${restarted.url}/api/feedback?per_page=500`, 'GET', TOKEN);
    expect(served.status).toBe(200);
    const contents = new Set(served.body.data.map((f: { content: string }) => f.content));
    const present = async (write: Acknowledged) => (write.kind === 'feedback' ? contents.has(write.name) : (await request(`${restarted.url}/api/tunnel/errors/${write.name}`, 'GET', null)).status === 200);
    const before = acknowledged.filter((w) => w.at <= targetMs);
    const after = acknowledged.filter((w) => w.at > targetMs);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    for (const w of before) expect({ ...w, present: await present(w) }).toEqual({ ...w, present: true });
    for (const w of after) expect({ ...w, present: await present(w) }).toEqual({ ...w, present: false });
    // What came before archiving began is in the full backup, and the new timeline takes writes.
    expect(contents.has('Before archiving.')).toBe(true);
    expect((await request(`${restarted.url}/api/feedback`, 'POST', null, { content: 'After the restore.', type: 'other' })).status).toBe(201);
  }, 300_000);

  it('pitr-restore past the end of the archive fails, and pitr-back brings back the cluster it set aside, as it was', async () => {
    await service!.server.stop();
    service = undefined;
    const served = await db.machine.psql("SELECT string_agg(content, ' | ' ORDER BY id) FROM feedback", 'companion');
    expect(served).toMatch(/After the restore\.$/);
    const later = await db.machine.psql("SELECT to_char((clock_timestamp() + interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || '+00'");
    const failed = await db.machine.run(fill(await docBlock('docs/OPERATIONS.md', 'pitr-restore'), { '2026-12-02 03:14:00+00': later }));
    expect(failed.code).not.toBe(0);
    expect(failed.out).not.toMatch(/^recovered/m);
    expect(await db.machine.ok('cat /var/log/postgresql/postgresql-15-main.log')).toContain('recovery ended before configured recovery target was reached');
    const aside = /^the cluster as it was before the restore: (\/var\/lib\/postgresql\/15\/main\.before-\d{8}T\d{6}Z)$/m.exec(failed.out)![1]!;

    const back = await db.machine.ok(fill(await docBlock('docs/OPERATIONS.md', 'pitr-back'), { '/var/lib/postgresql/15/main.before-20261202T031500Z': aside }));
    expect(back).toMatch(/^the cluster is back as it was; the failed restore is in \/var\/lib\/postgresql\/15\/main\.failed-\d{8}T\d{6}Z \(delete it\)$/m);
    const { url } = await start();
    const feedback = await request(`${url}/api/feedback?per_page=500`, 'GET', TOKEN);
    expect(feedback.body.data.map((f: { content: string }) => f.content).reverse().join(' | ')).toBe(served);
    expect((await request(`${url}/api/feedback`, 'POST', null, { content: 'Back on the cluster set aside.', type: 'other' })).status).toBe(201);
  }, 300_000);
});
