import { Database } from '@companion/database';
import { KeyTakenError } from '@companion/idempotency';
import { CommitCutter } from '@companion/database/testing';
import { StorageUnavailableError } from '../src';
import { openPgFeedbackStore } from '../src/postgresql';
import { FEEDBACK_MIGRATIONS } from '../src/pg-feedback-migrations';
import { postgresBackend } from './backends';
import { feedbackContract } from './contract/feedback-contract';
import { idempotencyContract } from './contract/idempotency-contract';
import { feedback, ip, manualClock } from './harness';
import { STATUS_CHANGES_WITH_NOTES, THREAD_FROM_STATUS_NOTES } from './status-notes';

const postgres = postgresBackend();
feedbackContract(postgres);
idempotencyContract(postgres);

// What only a shared database gives: replicas that see each other's feedback and counts.
(postgres.unavailable ? describe.skip : describe)('feedback on PostgreSQL shared by replicas', () => {
  beforeAll(() => postgres.setUp(), 120_000);
  afterAll(() => postgres.tearDown(), 60_000);
  beforeEach(() => postgres.fresh());
  afterEach(() => postgres.cleanUp());

  test('two replicas writing at once: every submission listed by both, stats agree with the rows', async () => {
    const clock = manualClock();
    const replicas = await Promise.all([1, 2].map(() => postgres.open(clock)));
    const types = ['bug', 'suggestion', 'question', 'other'] as const;
    await Promise.all(
      Array.from({ length: 80 }, (_, i) => replicas[i % 2]!.submit(feedback(`from ${i % 2} #${i}`, { type: types[i % 4] }), ip)),
    );
    const [a, b] = await Promise.all(replicas.map((store) => store.list({ page: 1, perPage: 500 })));
    expect(a).toEqual(b);
    expect(a!.total).toBe(80);
    const stats = await Promise.all(replicas.map((store) => store.stats(clock.nowMicros())));
    expect(stats[0]).toEqual(stats[1]);
    expect(stats[0]).toMatchObject({ total: 80, by_type: { bug: 20, suggestion: 20, question: 20, other: 20 } });
    expect(stats[0]!.by_day.at(-1)).toEqual({ date: '2026-11-25', count: 80 });

    // The counts table is what stats read; it agrees with the rows themselves.
    const db = await Database.open({ url: postgres.url(), poolMax: 1, timeoutMs: 2000 });
    const { rows } = await db.query<{ type: string; n: string }>('SELECT type, count(*) AS n FROM feedback GROUP BY type ORDER BY type');
    await db.close();
    expect(rows.map((r) => [r.type, Number(r.n)])).toEqual([['bug', 20], ['other', 20], ['question', 20], ['suggestion', 20]]);
    await Promise.all(replicas.map((store) => store.close()));
  });

  test('two replicas given one Idempotency-Key at once: one stores it, the other is told the key was taken', async () => {
    const clock = manualClock();
    const replicas = await Promise.all([1, 2].map(() => postgres.open(clock)));
    const claim = { owner: 'owner-a', key: 'same-key', fingerprint: 'fp' };
    const outcomes = await Promise.allSettled(replicas.map((store) => store.submit(feedback('once'), { ...ip, claim })));
    const stored = outcomes.filter((o) => o.status === 'fulfilled');
    expect(stored).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: expect.any(KeyTakenError) });
    for (const store of replicas) expect(await store.recall(claim)).toEqual({ fingerprint: 'fp', outcome: (stored[0] as PromiseFulfilledResult<unknown>).value });
    expect((await replicas[0]!.list({ page: 1, perPage: 10 })).total).toBe(1);
    await Promise.all(replicas.map((store) => store.close()));
  });

  test('a key used again past its retention, its row not swept yet, is a new key: the feedback is stored, the key names it', async () => {
    const store = await postgres.open(manualClock());
    const db = await Database.open({ url: postgres.url(), poolMax: 1, timeoutMs: 2000 });
    try {
      const first = await store.submit(feedback('a day ago'), { ...ip, claim: { owner: 'o', key: 'k', fingerprint: 'fp-1' } });
      await db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours'");
      expect(await store.recall({ owner: 'o', key: 'k' })).toBeNull();
      const again = await store.submit(feedback('today'), { ...ip, claim: { owner: 'o', key: 'k', fingerprint: 'fp-2' } });
      expect(again.id).toBeGreaterThan(first.id);
      expect(await store.recall({ owner: 'o', key: 'k' })).toEqual({ fingerprint: 'fp-2', outcome: again });
      // A key inside its retention still refuses a second write.
      await expect(store.submit(feedback('third'), { ...ip, claim: { owner: 'o', key: 'k', fingerprint: 'fp-3' } })).rejects.toBeInstanceOf(KeyTakenError);
      expect((await store.list({ page: 1, perPage: 10 })).total).toBe(2);
    } finally {
      await db.close();
      await store.close();
    }
  });

  test('migration 5 carries each note a status carried into the thread under the person who wrote it, not under whoever set a status after', async () => {
    const database = await Database.open({ url: postgres.url(), poolMax: 2, timeoutMs: 5000 });
    await database.migrate('feedback', FEEDBACK_MIGRATIONS.slice(0, 4));
    await database.query(`INSERT INTO feedback (receipt, created_at, type, content, user_ip, status, note, status_by, status_at)
      VALUES (gen_random_uuid(), '2026-11-20 10:00', 'bug', 'the tray icon vanishes', '198.51.100.4', 'done', 'Asked for logs.', 'Carol', '2026-11-21 12:00')`);
    for (const { status, note, actor, at } of STATUS_CHANGES_WITH_NOTES) {
      await database.query(`INSERT INTO feedback_events (kind, feedback, status, note, actor, at) VALUES ('status', '{1}', $1, $2, $3, $4)`, [status, note, actor, at]);
    }
    const store = await openPgFeedbackStore({ database, clock: manualClock() });
    expect((await store.list({ page: 1, perPage: 10 })).records[0]).toMatchObject(THREAD_FROM_STATUS_NOTES);
    await store.close();
    await database.close();
  });

  test('replicas starting together migrate once', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => Database.open({ url: postgres.url(), poolMax: 2, timeoutMs: 2000 })));
    const stores = await Promise.all(databases.map((database) => openPgFeedbackStore({ database, clock: manualClock() })));
    const { rows } = await databases[0]!.query("SELECT version FROM schema_migrations WHERE component = 'feedback' ORDER BY version");
    expect(rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }, { version: 5 }]);
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all(databases.map((db) => db.close()));
  });

  test('a connection lost during COMMIT: the store looks before it answers', async () => {
    const cutter = await CommitCutter.start(Number(new URL(postgres.url()).port));
    const database = await Database.open({ url: cutter.url(new URL(postgres.url()).pathname.slice(1)), poolMax: 2, timeoutMs: 2000 });
    try {
      const store = await openPgFeedbackStore({ database, clock: manualClock() });
      await store.submit(feedback('first'), ip);

      cutter.arm('afterCommit', 'INSERT INTO feedback'); // it landed; its answer was lost
      const landed = { owner: 'o', key: 'landed', fingerprint: 'fp' };
      expect(await store.submit(feedback('landed'), { ...ip, claim: landed })).toMatchObject({ id: 2 });
      expect(await store.recall(landed)).toMatchObject({ outcome: { id: 2 } });
      cutter.arm('beforeCommit', 'INSERT INTO feedback'); // it never reached the server
      const never = { owner: 'o', key: 'never', fingerprint: 'fp' };
      const lost = await store.submit(feedback('never stored'), { ...ip, claim: never }).catch((error: unknown) => error);
      expect(await store.recall(never)).toBeNull();
      expect(lost).toBeInstanceOf(StorageUnavailableError);
      expect((lost as Error).message).toBe('the connection to the database was lost while committing, and the feedback was not saved');

      expect((await store.list({ page: 1, perPage: 10 })).records.map((r) => r.content)).toEqual(['landed', 'first']);
      expect((await store.stats(manualClock().nowMicros())).total).toBe(2);
      await store.close();
    } finally {
      await database.close();
      await cutter.close();
    }
  });
});
