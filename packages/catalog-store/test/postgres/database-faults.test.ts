import { WriteOutcomeUnknownError } from '@companion/database';
import { StorageUnavailableError } from '../../src';
import { entryFiles, input, who } from '../harness';
import { until, useReplicaCluster, type Replica } from './replicas';

// The database itself stopped, started and crashed under two replicas: a real temp cluster.
const env = useReplicaCluster('faults', 1000);
const replicas = () => env.replicas();

test('database stopped: writes are refused with the cause, reads still served, health says which; back: writes resume and replicas catch up', async () => {
  const [a, b] = await replicas();
  await a.store.create(input('UP1'), who);
  await until('b to apply UP1', () => b.entries.has('UP1'));
  await env.cluster.stop('fast');

  const started = Date.now();
  const refused = await a.store.create(input('DOWN1'), who).catch((error: unknown) => error);
  console.log(`a write with the database stopped was refused after ${Date.now() - started} ms (timeout 1000 ms): ${(refused as Error).message}`);
  expect(refused).toBeInstanceOf(StorageUnavailableError);
  expect((refused as Error).message).toBe('the database refuses connections (is it running?)');
  // Reads come from memory: all still served.
  expect(a.entries.has('UP1')).toBe(true);
  expect(a.store.stats()).toMatchObject({ logsTotal: 1, operations: { CREATE: 1 } });
  expect(a.store.logs({ limit: 10, offset: 0 }).total).toBe(1);
  await until('b to see the database gone', () => b.store.health().database?.connected === false);
  expect(b.store.health()).toMatchObject({ store: 'postgresql', writable: false, reason: expect.stringContaining('the database is unavailable'), applied_seq: 1 });

  await env.cluster.start();
  let resumed = null;
  await until('a write to be taken again', async () => (resumed = await a.store.create(input('BACK1'), who).catch(() => null)) !== null);
  expect(resumed).toMatchObject({ seq: 2 });
  await until('b to apply BACK1', () => b.entries.has('BACK1'));
  await until('b to report the database back', () => b.store.health().writable);
  expect(b.store.health()).toMatchObject({ database: { connected: true }, applied_seq: 2, head_seq: 2 });
  expect([...b.entries.keys()].sort()).toEqual(['BACK1', 'UP1']);
  expect(await entryFiles(b.folders.errorsDir)).toEqual([]); // served from the log, never written into the content folder
  expect(a.entries.has('DOWN1') || b.entries.has('DOWN1')).toBe(false);
});

test('database crashed and restarted during a burst: each write acknowledged and present everywhere, or refused and nowhere', async () => {
  const [a, b] = await replicas();
  const acknowledged = new Set<string>();
  const refused = new Set<string>();
  /** Answered 503 "not known whether saved": the database could not be asked within the bound. */
  const unknown = new Set<string>();
  let stopWriting = false;
  const writer = async (replica: Replica, name: string) => {
    for (let i = 0; !stopWriting || i < 5; i++) {
      const flag = `${name}N${i}`;
      await replica.store.create(input(flag), who).then(
        () => acknowledged.add(flag),
        (error: unknown) => {
          expect(error).toBeInstanceOf(StorageUnavailableError);
          (error instanceof WriteOutcomeUnknownError ? unknown : refused).add(flag);
        },
      );
    }
  };
  const writers = Array.from({ length: 8 }, (_, i) => writer(i % 2 ? a : b, `W${String.fromCharCode(65 + i)}`));
  await until('some writes acknowledged', () => acknowledged.size >= 40);
  await env.cluster.stop('immediate'); // a crash as far as clients can tell: commits in flight lose their answers
  // Writes meet the outage: refused at once (certainly not saved), or their commit lost its answer
  // and is looked up once its deadline makes the answer certain; with the database still away
  // then, the answer is "not known" (2 x timeout + 1 s at most), and such a write may be in the log.
  const down = Date.now();
  await until('some writes refused, or 3 s of outage', () => refused.size >= 8 || Date.now() - down > 3000);
  await env.cluster.start();
  const before = acknowledged.size;
  await until('writes acknowledged again', () => acknowledged.size >= before + 40);
  stopWriting = true;
  await Promise.all(writers);
  console.log(`burst across a database crash: ${acknowledged.size} acknowledged, ${refused.size} refused, ${unknown.size} not known`);

  const { rows } = await a.db.query<{ flag: string }>('SELECT flag FROM catalog_ops ORDER BY seq');
  const logged = rows.map((r) => r.flag);
  const landedUnknown = logged.filter((flag) => unknown.has(flag));
  for (const flag of landedUnknown) acknowledged.add(flag); // saved after all: served like the rest
  expect(logged.filter((flag) => refused.has(flag))).toEqual([]);
  expect(new Set(logged)).toEqual(acknowledged);
  expect(logged).toHaveLength(acknowledged.size);
  await until('both replicas at the head', () => a.store.health().applied_seq === logged.length && b.store.health().applied_seq === logged.length);
  for (const replica of [a, b]) {
    expect(new Set(replica.entries.keys())).toEqual(acknowledged);
    expect(await entryFiles(replica.folders.errorsDir)).toEqual([]);
    expect(replica.store.stats().logsTotal).toBe(acknowledged.size);
  }
  // What was refused is served nowhere, and appears nowhere later: not after a restart either.
  for (const flag of refused) expect(a.entries.has(flag) || b.entries.has(flag)).toBe(false);
  const reopened = await env.open(a.url, 'r2');
  expect(new Set(reopened.entries.keys())).toEqual(acknowledged);
});
