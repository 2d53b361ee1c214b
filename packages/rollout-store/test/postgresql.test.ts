import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import type { RolloutStore } from '../src';
import { openPgRolloutStore, ROLLOUT_HALT_MIGRATIONS } from '../src/postgresql';
import { rolloutContract } from './contract/rollout-contract';

let cluster: TempCluster | null = null;
let url = '';
let count = 0;
const opened: { store: RolloutStore; db: Database }[] = [];
const unavailable = clusterUnavailable();
const openDatabase = () => Database.open({ url, poolMax: 4, timeoutMs: 10_000 });

rolloutContract({
  name: 'postgresql',
  unavailable,
  replicas: true,
  async setUp() {
    cluster = await TempCluster.start();
  },
  tearDown: async () => cluster?.destroy(),
  async fresh() {
    url = await cluster!.createDatabase(`rollout_${++count}`);
  },
  async cleanUp() {
    for (const { store, db } of opened.splice(0)) {
      await store.close();
      await db.close();
    }
  },
  async open() {
    const db = await openDatabase();
    const store = await openPgRolloutStore(db);
    opened.push({ store, db });
    return store;
  },
});

// What only a shared database gives: replicas woken by each other's changes, and a schema that upgrades in place.
(unavailable ? describe.skip : describe)('the rollout store on PostgreSQL shared by replicas', () => {
  beforeAll(async () => {
    cluster = await TempCluster.start();
  }, 240_000);
  afterAll(async () => cluster?.destroy(), 60_000);
  beforeEach(async () => {
    url = await cluster!.createDatabase(`replicas_${++count}`);
  });
  afterEach(async () => {
    for (const { store, db } of opened.splice(0)) {
      await store.close();
      await db.close();
    }
  });
  const open = async () => {
    const db = await openDatabase();
    const store = await openPgRolloutStore(db);
    opened.push({ store, db });
    return store;
  };

  test('a halt, a resume or a share set on one replica wakes the other', async () => {
    const [a, b] = [await open(), await open()];
    let woken = 0;
    b.onChange(() => woken++);
    // The listener says it is connected by waking once.
    await waitUntil(() => woken > 0);
    for (const change of [
      () => a.halt({ version: '1.12.0', channel: 'stable', day: '2026-11-06', halted_at: '2026-11-06T09:00:00.000Z', halted_by: 'console: Pia', reason: 'stop', figures: null, notify: [] }),
      () => a.resume('1.12.0', 'console: Pia', '2026-11-06T10:00:00.000Z', 'go'),
      () => a.setShare({ version: '1.12.0', channel: 'stable', rollout: 30, file_rollout: 20, replaces: null, set_at: '2026-11-06T11:00:00.000Z', set_by: 'console: Pia', reason: 'faster' }),
      () => a.supersedeShare(1, 50, '2026-11-07T08:00:00.000Z'),
    ]) {
      const before = woken;
      await change();
      await waitUntil(() => woken > before);
    }
  });

  test('halts recorded by the earlier schema read as the guard\'s after the upgrade', async () => {
    const db = await openDatabase();
    try {
      await db.migrate('rollout-halts', ROLLOUT_HALT_MIGRATIONS.slice(0, 1));
      await db.query(`INSERT INTO rollout_halt (version, channel, day, halted_at, figures, notify) VALUES ('1.12.0', 'stable', '2026-11-05', '2026-11-05T10:00:00Z', '{"from":"2026-10-30"}', '{releases@example.com}')`);
    } finally {
      await db.close();
    }
    const store = await open();
    expect(await store.list()).toEqual([
      { id: 1, version: '1.12.0', channel: 'stable', day: '2026-11-05', halted_at: '2026-11-05T10:00:00.000Z', halted_by: 'guard', reason: null, figures: { from: '2026-10-30' }, notify: ['releases@example.com'], notified_at: null, resumed_at: null, resumed_by: null, resume_reason: null },
    ]);
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  const until = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > until) throw new Error('not woken within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
