import { DuplicateFlagError, StorageUnavailableError, type ChangeResult } from '../../src';
import { entryFiles, input, who } from '../harness';
import { CommitCutter } from './commit-cutter';
import { until, useReplicaCluster, type Replica } from './replicas';

// Two replicas (each its own folders and pool) over one database on a real temp cluster.
const env = useReplicaCluster('replicas');
const replicas = (url?: string) => env.replicas(url);

/** The replica's content folder: the API never writes there. */
const untouched = async (...replicas: Replica[]) => {
  for (const replica of replicas) expect(await entryFiles(replica.folders.errorsDir)).toEqual([]);
};

test('a change through one replica is served by the other, log and stats included', async () => {
  const [a, b] = await replicas();
  const { entry, seq } = await a.store.create(input('PORT1001'), who);
  await until('b to apply PORT1001', () => b.entries.has('PORT1001'));
  expect(b.entries.get('PORT1001')).toEqual(entry);
  expect(b.store.logs({ limit: 10, offset: 0 }).records).toEqual(a.store.logs({ limit: 10, offset: 0 }).records);
  expect(b.store.stats()).toEqual(a.store.stats());
  expect(b.store.health()).toMatchObject({ store: 'postgresql', applied_seq: seq, head_seq: seq, database: { connected: true }, log_id: a.store.logId, pending: 1 });

  await b.store.update('PORT1001', input('PORT1001', 'changed on b'), who);
  await b.store.delete('PORT1001', who);
  await until('a to apply the delete', () => a.store.health().applied_seq === 3);
  expect(a.entries.has('PORT1001')).toBe(false);
  await untouched(a, b);
  expect(a.store.stats()).toEqual(b.store.stats());
  expect(a.store.stats().operations).toEqual({ CREATE: 1, UPDATE: 1, DELETE: 1 });

  // A restore through b names the version it brought back, in a's history too.
  await b.store.restore('PORT1001', 2, { ...who, reason: 'deleted by mistake' });
  await until('a to apply the restore', () => a.store.health().applied_seq === 4);
  expect(a.store.history('PORT1001').map((v) => [v.version, v.operation, v.reason, v.restored])).toEqual([
    [1, 'CREATE', null, null],
    [2, 'UPDATE', null, null],
    [3, 'DELETE', null, null],
    [4, 'CREATE', 'deleted by mistake', 2],
  ]);
});

test('the same Flag added through both replicas at once: exactly one 201 and one 409, every time', async () => {
  const [a, b] = await replicas();
  for (let i = 0; i < 25; i++) {
    const outcomes = await Promise.allSettled([a.store.create(input(`SAME${i}`, 'from a'), who), b.store.create(input(`SAME${i}`, 'from b'), who)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DuplicateFlagError);
  }
  await until('both replicas at seq 25', () => a.store.health().applied_seq === 25 && b.store.health().applied_seq === 25);
  expect(new Map([...a.entries].sort())).toEqual(new Map([...b.entries].sort()));
});

test('concurrent updates of one Flag through both replicas are applied in one order everywhere', async () => {
  const [a, b] = await replicas();
  await a.store.create(input('RACE1'), who);
  const calls: Promise<ChangeResult>[] = [];
  for (let i = 0; i < 40; i++) calls.push((i % 2 ? a : b).store.update('RACE1', input('RACE1', `update ${i}`), who));
  const results = await Promise.all(calls);
  const seqs = results.map((r) => r.seq).sort((x, y) => x - y);
  expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 2)); // gapless, one each
  const last = results.find((r) => r.seq === 41)!.entry;
  await until('both replicas at seq 41', () => a.store.health().applied_seq === 41 && b.store.health().applied_seq === 41);
  expect(a.entries.get('RACE1')).toEqual(last);
  expect(b.entries.get('RACE1')).toEqual(last);
  expect(a.store.logs({ flag: 'RACE1', limit: 50, offset: 0 })).toEqual(b.store.logs({ flag: 'RACE1', limit: 50, offset: 0 }));
});

test('an If-Match race through both replicas: the precondition is judged against the database, so exactly one wins, every time', async () => {
  const [a, b] = await replicas();
  await a.store.create(input('MATCH1', 'round 0'), who);
  for (let i = 1; i <= 25; i++) {
    // Both replicas serve the same version, so both planned changes pass their own replica's check.
    await until(`both replicas at seq ${i}`, () => a.store.health().applied_seq === i && b.store.health().applied_seq === i);
    const holds = (current: { Info: string } | null) => current?.Info === `round ${i - 1}`;
    const outcomes = await Promise.allSettled([
      a.store.update('MATCH1', input('MATCH1', `round ${i}`), who, holds),
      b.store.patch('MATCH1', { Info: `round ${i}` }, who, holds),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ name: 'PreconditionFailedError' });
  }
  await until('both replicas at seq 26', () => a.store.health().applied_seq === 26 && b.store.health().applied_seq === 26);
  expect(a.store.stats().operations).toEqual({ CREATE: 1, UPDATE: 25, DELETE: 0 });
});

test('a replica that was closed catches up by seq when it opens again', async () => {
  const { url } = await env.newDatabase();
  const [a, b] = await replicas(url);
  await a.store.create(input('KEPT1'), who);
  await until('b to apply KEPT1', () => b.entries.has('KEPT1'));
  await env.close(b);
  await a.store.create(input('MISSED1'), who);
  await a.store.update('KEPT1', input('KEPT1', 'changed while b was away'), who);

  const again = await env.open(url, 'r1'); // the same folders: its checkout
  expect([...again.entries.keys()].sort()).toEqual(['KEPT1', 'MISSED1']);
  expect(again.entries.get('KEPT1')?.Info).toBe('changed while b was away');
  await untouched(again);
  expect(again.store.stats()).toEqual(a.store.stats());
  await again.store.create(input('AFTER1'), who);
  await until('a to apply AFTER1', () => a.entries.has('AFTER1'));
});

test("a hand edit on one replica's checkout is served there, reported as a conflict, and kept across replication and restarts", async () => {
  const { url } = await env.newDatabase();
  const [a, b] = await replicas(url);
  const { entry } = await a.store.create(input('HAND1'), who);
  await until('b to apply HAND1', () => b.entries.has('HAND1'));
  // A maintainer's file on b (what the content watcher serves there): the repository wins the clash.
  const edited = { ...entry, Info: 'edited by hand on b', created_at: '2024-01-01T00:00:00Z' };
  await b.editFile('HAND1', edited);
  expect(b.entries.get('HAND1')).toEqual(edited);
  expect(b.store.health().conflicts).toMatchObject([{ flag: 'HAND1', kind: 'added-on-both-sides', fields: [{ field: 'Info', repository: 'edited by hand on b', api: 'Info of HAND1' }] }]);
  expect(a.entries.get('HAND1')).toEqual(entry); // a's checkout has no such file

  await a.store.create(input('OTHER1'), who); // replication of other Flags leaves the edit alone
  await until('b to apply OTHER1', () => b.entries.has('OTHER1'));
  expect(b.entries.get('HAND1')).toEqual(edited);
  await env.close(b);
  const again = await env.open(url, 'r1');
  expect(again.applied).toEqual([]);
  expect(again.entries.get('HAND1')).toEqual(edited);

  // A PUT through that replica starts from the edit (created_at kept) and is served there over the file.
  const { entry: updated } = await again.store.update('HAND1', input('HAND1', 'put through b'), who);
  expect(updated.created_at).toBe('2024-01-01T00:00:00Z');
  expect(again.entries.get('HAND1')).toEqual(updated);
  expect(again.store.health().conflicts).toEqual([]);
  await until('a to apply the PUT', () => a.store.health().applied_seq === 3);
});

describe('a connection lost while a batch commits', () => {
  let cutter: CommitCutter;
  beforeEach(async () => {
    cutter = await CommitCutter.start({ host: '127.0.0.1', port: env.cluster.port }, 'catalog_commit(');
  });
  afterEach(async () => {
    await cutter.close();
  });

  async function throughCutter(): Promise<[Replica, Replica]> {
    const { name, url } = await env.newDatabase('cut');
    return [await env.open(`postgres://postgres@127.0.0.1:${cutter.port}/${name}`, 'cut'), await env.open(url, 'other')];
  }

  test('a commit that landed is answered as done, with its seq, and served everywhere', async () => {
    const [a, b] = await throughCutter();
    await a.store.create(input('BEFORE1'), who);
    cutter.arm('after');
    const { seq } = await a.store.create(input('LANDED1'), who);
    expect(cutter.cuts).toBe(1);
    expect(seq).toBe(2);
    expect(a.entries.has('LANDED1')).toBe(true);
    await until('b to apply LANDED1', () => b.entries.has('LANDED1'));
    const { rows } = await b.db.query('SELECT flag FROM catalog_ops ORDER BY seq');
    expect(rows.map((r) => r.flag)).toEqual(['BEFORE1', 'LANDED1']);
  });

  test('a commit that never reached the server is refused (503) and is nowhere', async () => {
    const [a, b] = await throughCutter();
    cutter.arm('before');
    await expect(a.store.create(input('LOST1'), who)).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(cutter.cuts).toBe(1);
    expect(a.entries.has('LOST1')).toBe(false);
    expect(a.store.overlay.stateOf('LOST1')).toBeUndefined();
    expect((await b.db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_ops')).rows[0]!.n).toBe(0);
    expect((await a.store.create(input('LOST1'), who)).seq).toBe(1); // and the Flag is still free
    await until('b to apply LOST1', () => b.entries.has('LOST1'));
  });
});

test('a database restored to before what a replica applied: the replica says so and refuses writes; restarted, it serves the restored log', async () => {
  const { url } = await env.newDatabase();
  const [a, b] = await replicas(url);
  for (const flag of ['KEPT1', 'LOST1', 'LOST2']) await a.store.create(input(flag), who);
  await until('b to apply all three', () => b.store.health().applied_seq === 3);
  // What restoring a backup taken after the first record does to the log.
  await a.db.query("DELETE FROM catalog_ops WHERE seq > 1; DELETE FROM catalog_entries WHERE flag <> 'KEPT1'; UPDATE catalog_head SET seq = 1");
  for (const replica of [a, b]) {
    await until('the replica to notice', () => replica.store.health().writable === false);
    expect(replica.store.health().reason).toMatch(/^the database's catalogue log ends at seq 1, before the 3 records this replica applied \(was the database restored from an older backup\?\)/);
    await expect(replica.store.create(input('AFTER1'), who)).rejects.toBeInstanceOf(StorageUnavailableError);
  }
  await env.close(b);
  const restarted = await env.open(url, 'r1');
  await until('the restarted replica to listen', () => restarted.store.health().writable);
  expect(restarted.store.health()).toMatchObject({ applied_seq: 1, reason: null });
  expect([...restarted.entries.keys()].filter((flag) => /^(KEPT|LOST)/.test(flag))).toEqual(['KEPT1']);
  expect((await restarted.store.create(input('AFTER1'), who)).seq).toBe(2);
});

test('a pg_dump taken under writes restores to a consistent log: gapless, every acknowledged change up to its head, served as it was', async () => {
  const { name, url } = await env.newDatabase();
  const [a] = await replicas(url);
  const acknowledged: ChangeResult[] = [];
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i++) acknowledged.push(await a.store.create(input(`DUMP${i}`), who));
  })();
  await until('some writes', () => acknowledged.length >= 20);
  const file = await env.cluster.dump(name, 'under-writes');
  await until('more writes after the dump', () => acknowledged.length >= 60);
  writing = false;
  await writer;
  const restoredUrl = await env.cluster.restore(file, `${name}_restored`);
  const restored = await env.open(restoredUrl, 'restored');
  const head = restored.store.health().applied_seq;
  expect(head).toBeGreaterThanOrEqual(20);
  expect(head).toBeLessThan(acknowledged.length + 1);
  const logged = restored.store.logs({ limit: 500, offset: 0 }).records.map((r) => r.seq).reverse();
  expect(logged).toEqual(Array.from({ length: head }, (_, i) => i + 1));
  for (const { entry, seq } of acknowledged) expect(restored.entries.get(entry.Flag)).toEqual(seq <= head ? entry : undefined);
  expect(restored.store.logId).toBe(a.store.logId);
}, 60_000);
