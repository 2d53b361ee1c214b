import { Database } from '@companion/database';
import { clusterBackend } from '@companion/database/testing';
import { openPgRolloutStore, ROLLOUT_HALT_MIGRATIONS } from '../src/postgresql';
import { rolloutContract } from './contract/rollout-contract';

const postgres = clusterBackend('rollout', openPgRolloutStore);
rolloutContract(postgres);

// What only a shared database gives: replicas woken by each other's changes, and a schema that upgrades in place.
const replicas = clusterBackend('replicas', openPgRolloutStore);
(replicas.unavailable ? describe.skip : describe)('the rollout store on PostgreSQL shared by replicas', () => {
  beforeAll(() => replicas.setUp(), 240_000);
  afterAll(() => replicas.tearDown(), 60_000);
  beforeEach(() => replicas.fresh());
  afterEach(() => replicas.cleanUp());
  const open = () => replicas.open();

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
    const db = await Database.open({ url: replicas.url(), poolMax: 1, timeoutMs: 10_000 });
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

/** Waits for the wake-up, however long a loaded machine takes (a ceiling of a minute, which a working one never reaches). */
async function waitUntil(done: () => boolean): Promise<void> {
  const until = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > until) throw new Error('not woken within a minute');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
