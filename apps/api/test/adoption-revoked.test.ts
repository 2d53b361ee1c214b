import pg from 'pg';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { call, fleetIds, startServer, type TestServer } from './server';

// Install counting on PostgreSQL when the service's role may no longer write the counts (an
// INSERT revoked by a database administrator) while it still reads and answers: the failure is
// not only a warn line a flush, but /health degraded with the reason and a counter in /metrics
// (what AdoptionFlushFailing alerts on), and what waited is written once the right is back.

const NOW_MS = Date.parse('2026-11-10T09:00:00Z');
const clock = { nowMicros: () => NOW_MS * 1000 };
const skip = clusterUnavailable();
if (skip) console.log(skip);

let cluster: TempCluster;
let admin: pg.Client;
let server: TestServer;
beforeAll(async () => {
  if (skip) return;
  cluster = await TempCluster.start();
  await cluster.createDatabase('counts');
  admin = new pg.Client({ connectionString: cluster.url('counts') });
  await admin.connect();
  // The service's own role, owner of its database: not a superuser, whom no REVOKE binds.
  await admin.query('CREATE ROLE companion LOGIN');
  await admin.query('ALTER DATABASE counts OWNER TO companion');
  await admin.query('ALTER SCHEMA public OWNER TO companion');
  const url = cluster.url('counts').replace('postgres@', 'companion@');
  server = await startServer({ tokens: 'ops=health:read', clock, env: { DATABASE_URL: url } });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await admin?.end();
  await cluster?.destroy();
}, 180_000);

const health = async () => (await call(`${server.url}/health`)).body;
const flushFailures = async () => {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer ops' } })).text();
  return Number(/^companion_adoption_flush_failures_total (\d+)$/m.exec(text)?.[1]);
};
const checkIn = async (id: string) => expect((await call(`${server.url}/api/changelog/since/1.11.2?install_id=${id}&platform=windows`)).status).toBe(200);

(skip ? describe.skip : describe)('install counts the role may not write (PostgreSQL)', () => {
  it('turn /health degraded with the database refusal, count in /metrics, and are written once the right is back', async () => {
    const [first, second] = fleetIds(server, 2, NOW_MS);
    await checkIn(first!);
    await server.services.adoption.flush();
    expect((await health()).adoption).toMatchObject({ failing_since: null, flush_failures: 0, pending: 0 });

    await admin.query('REVOKE INSERT ON install_day FROM companion');
    await checkIn(second!);
    await server.services.adoption.flush();
    const refused = await health();
    expect(refused.status).toBe('degraded');
    expect(refused.adoption).toMatchObject({ failing_since: '2026-11-10T09:00:00.000000Z', flush_failures: 1, pending: 1, last_error: expect.stringContaining('permission denied for table install_day') });
    // Reads go on: only the counting is refused.
    expect(refused.storage.writable).toBe(true);
    expect(await flushFailures()).toBe(1);

    await admin.query('GRANT INSERT ON install_day TO companion');
    await server.services.adoption.flush();
    const healed = await health();
    expect(healed.status).toBe('ok');
    expect(healed.adoption).toMatchObject({ failing_since: null, pending: 0, flush_failures: 1 });
    const today = await server.services.adoption.counts('2026-11-10', '2026-11-10');
    expect(today.filter((c) => c.version === '1.11.2' && c.platform === null).map((c) => c.installs)).toEqual([2]);
  });
});
