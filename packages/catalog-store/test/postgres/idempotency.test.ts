import { KeyTakenError } from '@companion/idempotency';
import { DuplicateFlagError } from '../../src';
import { input, who } from '../harness';
import { CommitCutter } from './commit-cutter';
import { useReplicaCluster } from './replicas';

// Idempotency-Keys in the shared log: committed in catalog_commit's statement, on every replica.
const env = useReplicaCluster('keys');
const claim = (key: string, fingerprint = 'fp') => ({ owner: 'owner-a', key, fingerprint });

test('one key sent to both replicas at once: one record, the other refused (its key held, or a duplicate), both recall the one', async () => {
  const [a, b] = await env.replicas();
  for (let i = 0; i < 10; i++) {
    const outcomes = await Promise.allSettled([a, b].map((replica) => replica.store.create(input(`ONCE${i}`), { ...who, claim: claim(`k-${i}`) })));
    const made = outcomes.filter((o) => o.status === 'fulfilled');
    expect(made).toHaveLength(1);
    // Refused by its commit when its key was held by then, or planned as a duplicate once this replica had the other's record.
    const { reason } = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(reason instanceof KeyTakenError || reason instanceof DuplicateFlagError).toBe(true);
    for (const replica of [a, b]) expect(await replica.store.recall(claim(`k-${i}`))).toEqual({ fingerprint: 'fp', outcome: (made[0] as PromiseFulfilledResult<unknown>).value });
  }
  const { rows } = await a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM idempotency_keys WHERE kind = 'catalog'");
  expect(rows[0]!.n).toBe(10);
});

test("a held key is refused by the commit itself, without a recall first; the batch's other changes are committed", async () => {
  const [a, b] = await env.replicas();
  const first = await a.store.create(input('HELD1'), { ...who, claim: claim('held') });
  // b is sent the same key for another Flag, beside a change without a key.
  const [keyed, plain] = await Promise.allSettled([b.store.create(input('HELD2'), { ...who, claim: claim('held', 'fp-other') }), b.store.create(input('PLAIN1'), who)]);
  expect(keyed.status === 'rejected' && keyed.reason).toBeInstanceOf(KeyTakenError);
  expect(plain.status).toBe('fulfilled');
  const { rows } = await a.db.query<{ flag: string }>("SELECT flag FROM catalog_entries WHERE flag IN ('HELD1', 'HELD2', 'PLAIN1') ORDER BY flag");
  expect(rows.map((row) => row.flag)).toEqual(['HELD1', 'PLAIN1']);
  expect(await b.store.recall(claim('held'))).toEqual({ fingerprint: 'fp', outcome: first });
});

test('a key used again past its retention, its row not swept yet, is a new key: the change is made, the key names it', async () => {
  const [a, b] = await env.replicas();
  await a.store.create(input('OLD1'), { ...who, claim: claim('aged', 'fp-1') });
  await a.db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours'");
  expect(await b.store.recall(claim('aged'))).toBeNull();
  const made = await b.store.create(input('NEW1'), { ...who, claim: claim('aged', 'fp-2') });
  for (const replica of [a, b]) expect(await replica.store.recall(claim('aged'))).toEqual({ fingerprint: 'fp-2', outcome: made });
});

describe('a connection lost while a keyed batch commits', () => {
  let cutter: CommitCutter;
  beforeEach(async () => {
    cutter = await CommitCutter.start({ host: '127.0.0.1', port: env.cluster.port }, 'catalog_commit(');
  });
  afterEach(() => cutter.close());

  test('landed: the key is there with the record; never sent: neither is', async () => {
    const { name, url } = await env.newDatabase('cut');
    const a = await env.open(`postgres://postgres@127.0.0.1:${cutter.port}/${name}`, 'cut');
    const b = await env.open(url, 'other');
    cutter.arm('after');
    const landed = await a.store.create(input('LANDED1'), { ...who, claim: claim('landed') });
    expect(cutter.cuts).toBe(1);
    expect(await b.store.recall(claim('landed'))).toEqual({ fingerprint: 'fp', outcome: landed });
    cutter.arm('before');
    await expect(a.store.create(input('LOST1'), { ...who, claim: claim('lost') })).rejects.toThrow();
    expect(await b.store.recall(claim('lost'))).toBeNull();
    // Its retry with the key does it.
    expect((await a.store.create(input('LOST1'), { ...who, claim: claim('lost') })).seq).toBe(2);
    expect(await b.store.recall(claim('lost'))).toMatchObject({ outcome: { seq: 2 } });
  });
});
