import type { HaltFigures, NewHalt, NewShare, RolloutStore } from '../../src';
import type { RolloutBackend } from './backend';

const figures: HaltFigures = {
  from: '2026-10-30',
  to: '2026-11-05',
  active_installs: 1200,
  install_days: 5400,
  bug_reports: 31,
  bug_per_1000: 5.741,
  previous: { version: '1.11.2', install_days: 40_000, bug_reports: 20, bug_per_1000: 0.5 },
  factor: 2,
  min_active_installs: 500,
};
const guardHalt = (version: string, at = '2026-11-05T10:00:00.000Z'): NewHalt => ({ version, channel: 'stable', day: at.slice(0, 10), halted_at: at, figures, notify: ['releases@example.com'] });
const personHalt = (version: string, at = '2026-11-06T09:30:00.000Z'): NewHalt => ({ version, channel: 'stable', day: at.slice(0, 10), halted_at: at, halted_by: 'console: Pia Product', reason: 'crash reports from the support desk', figures: null, notify: [] });
const share = (version: string, rollout: number, replaces: number | null, extra: Partial<NewShare> = {}): NewShare => ({
  version,
  channel: 'stable',
  rollout,
  file_rollout: 20,
  replaces,
  set_at: '2026-11-06T10:00:00.000Z',
  set_by: 'console: Pia Product',
  reason: `to ${rollout}%`,
  ...extra,
});

/** Two replicas on one storage where the backend has them (PostgreSQL); one store twice where one process owns the storage (files). */
const twoStores = async (backend: RolloutBackend): Promise<[RolloutStore, RolloutStore]> => {
  const first = await backend.open();
  return [first, backend.replicas ? await backend.open() : first];
};

/**
 * What every rollout store promises, run against each backend: one halt in force per version
 * however many replicas record it at once; resumes with who and why; a halt's mail claimed by one
 * caller; halts by people; share settings as a history where each follows the one before it (a
 * stale one refused), superseded once; and a restart reading all of it back as it was.
 */
export function rolloutContract(backend: RolloutBackend): void {
  const suite = backend.unavailable ? describe.skip : describe;
  if (backend.unavailable) console.log(backend.unavailable);
  suite(`the rollout store on ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 240_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    test('a guard halt is recorded with its figures, once while it is in force; a resume lifts it and keeps who and why', async () => {
      const store = await backend.open();
      const recorded = await store.halt(guardHalt('1.12.0'));
      expect(recorded).toEqual({ id: expect.any(Number), ...guardHalt('1.12.0'), halted_by: 'guard', reason: null, notified_at: null, resumed_at: null, resumed_by: null, resume_reason: null });
      expect(await store.halt(guardHalt('1.12.0', '2026-11-06T10:00:00.000Z'))).toBeNull();
      // Another version halts on its own.
      const other = await store.halt(guardHalt('1.13.0-beta.1'));
      expect(other).not.toBeNull();
      expect((await store.list()).map((h) => h.version)).toEqual(['1.13.0-beta.1', '1.12.0']);

      const lifted = await store.resume('1.12.0', 'console: Pia Product', '2026-11-06T11:00:00.000Z', 'a plug-in crash, fixed server-side');
      expect(lifted).toMatchObject({ id: recorded!.id, resumed_at: '2026-11-06T11:00:00.000Z', resumed_by: 'console: Pia Product', resume_reason: 'a plug-in crash, fixed server-side' });
      expect(await store.resume('1.12.0', 'console: Rob', '2026-11-06T11:01:00.000Z', 'again')).toBeNull();
      expect(await store.resume('9.9.9', 'console: Rob', '2026-11-06T11:01:00.000Z')).toBeNull();
      // A release file's resume gives no reason of its own.
      expect(await store.resume('1.13.0-beta.1', 'content: changelog/preview/1.13.0-beta.1.yaml', '2026-11-06T11:02:00.000Z')).toMatchObject({ resume_reason: null });
      // Lifted, it may halt again: a new record; the old stays as history.
      const again = await store.halt(guardHalt('1.12.0', '2026-11-08T10:00:00.000Z'));
      expect(again!.id).toBeGreaterThan(other!.id);
      const list = await store.list();
      expect(list.map((h) => [h.version, h.day, h.resumed_at !== null])).toEqual([
        ['1.12.0', '2026-11-08', false],
        ['1.13.0-beta.1', '2026-11-05', true],
        ['1.12.0', '2026-11-05', true],
      ]);
    });

    test('a person halts a rollout: no figures, who and why kept, nobody to mail', async () => {
      const store = await backend.open();
      const recorded = await store.halt(personHalt('1.12.0'));
      expect(recorded).toMatchObject({ halted_by: 'console: Pia Product', reason: 'crash reports from the support desk', figures: null, notify: [], day: '2026-11-06' });
      // One halt in force, whoever halts: the guard finds it halted.
      expect(await store.halt(guardHalt('1.12.0', '2026-11-06T12:00:00.000Z'))).toBeNull();
      expect(await store.list()).toEqual([recorded]);
    });

    test('two replicas halting one version at once record one halt', async () => {
      const [a, b] = await twoStores(backend);
      const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).halt(i % 3 ? guardHalt('1.12.0') : personHalt('1.12.0'))));
      expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
      const [listA, listB] = await Promise.all([a.list(), b.list()]);
      expect(listA).toHaveLength(1);
      expect(listB).toEqual(listA);
      // And resuming it at once lifts it once.
      const lifts = await Promise.all([a, b, a, b].map((s, i) => s.resume('1.12.0', `console: person ${i}`, '2026-11-06T11:00:00.000Z', 'go')));
      expect(lifts.filter((l) => l !== null)).toHaveLength(1);
    });

    test("a halt's mail is claimed by one caller; a claim given back is claimed again", async () => {
      const [a, b] = await twoStores(backend);
      const halt = (await a.halt(guardHalt('1.12.0')))!;
      const claims = await Promise.all([a, b, a, b].map((s) => s.claimNotice(halt.id, '2026-11-05T10:00:05.000Z')));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect((await b.list())[0]!.notified_at).toBe('2026-11-05T10:00:05.000Z');
      await a.releaseNotice(halt.id);
      expect((await b.list())[0]!.notified_at).toBeNull();
      expect(await b.claimNotice(halt.id, '2026-11-05T10:01:00.000Z')).toBe(true);
      expect(await a.claimNotice(halt.id, '2026-11-05T10:01:01.000Z')).toBe(false);
      expect(await a.claimNotice(9999, '2026-11-05T10:01:01.000Z')).toBe(false);
    });

    test('share settings: each follows the latest, a setting made on a stale view is refused, every one is kept', async () => {
      const store = await backend.open();
      const first = await store.setShare(share('1.12.0', 40, null));
      expect(first).toEqual({ id: expect.any(Number), ...share('1.12.0', 40, null), superseded_at: null, superseded_by_rollout: null });
      // Made on the view before the first: refused, nothing recorded.
      expect(await store.setShare(share('1.12.0', 60, null, { set_by: 'console: Rob' }))).toBeNull();
      const second = await store.setShare(share('1.12.0', 10, first!.id, { set_at: '2026-11-06T11:00:00.000Z' }));
      expect(second).toMatchObject({ rollout: 10, replaces: first!.id });
      expect(await store.setShare(share('1.12.0', 70, first!.id))).toBeNull();
      // Each version has its own chain; a file without rollout is kept as null.
      const preview = await store.setShare(share('1.13.0-beta.1', 0, null, { channel: 'preview', file_rollout: null }));
      expect(preview).toMatchObject({ file_rollout: null, rollout: 0, channel: 'preview' });
      expect((await store.shares()).map((s) => [s.version, s.rollout])).toEqual([
        ['1.13.0-beta.1', 0],
        ['1.12.0', 10],
        ['1.12.0', 40],
      ]);
    });

    test('two replicas setting a share at once on the same view: one is recorded, the others told', async () => {
      const [a, b] = await twoStores(backend);
      const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).setShare(share('1.12.0', 10 * i, null, { set_by: `console: person ${i}` }))));
      const recorded = outcomes.filter((o) => o !== null);
      expect(recorded).toHaveLength(1);
      expect(await b.shares()).toEqual(recorded);
      // The next ones follow the one recorded, again one of them.
      const next = await Promise.all([a, b, a].map((s, i) => s.setShare(share('1.12.0', 5 + i, recorded[0]!.id))));
      expect(next.filter((o) => o !== null)).toHaveLength(1);
      expect(await a.shares()).toHaveLength(2);
    });

    test('a setting is superseded once, with the file value that did it; it stays in the history', async () => {
      const [a, b] = await twoStores(backend);
      const set = (await a.setShare(share('1.12.0', 40, null)))!;
      const marks = await Promise.all([a, b].map((s) => s.supersedeShare(set.id, 50, '2026-11-07T08:00:00.000Z')));
      expect(marks.filter(Boolean)).toHaveLength(1);
      expect(await a.supersedeShare(set.id, 60, '2026-11-08T08:00:00.000Z')).toBe(false);
      expect(await b.supersedeShare(9999, 60, '2026-11-08T08:00:00.000Z')).toBe(false);
      expect((await b.shares())[0]).toMatchObject({ id: set.id, rollout: 40, superseded_at: '2026-11-07T08:00:00.000Z', superseded_by_rollout: 50 });
      // A file that drops its rollout supersedes with null; a new setting follows the superseded one.
      const next = (await b.setShare(share('1.12.0', 30, set.id, { file_rollout: 50 })))!;
      expect(await a.supersedeShare(next.id, null, '2026-11-09T08:00:00.000Z')).toBe(true);
      expect((await a.shares())[0]).toMatchObject({ superseded_by_rollout: null, superseded_at: '2026-11-09T08:00:00.000Z' });
    });

    test('a restart reads every halt and setting back as it was', async () => {
      const store = await backend.open();
      const halt = (await store.halt(guardHalt('1.12.0')))!;
      await store.claimNotice(halt.id, '2026-11-05T10:00:05.000Z');
      await store.resume('1.12.0', 'console: Pia Product', '2026-11-06T11:00:00.000Z', 'fixed');
      await store.halt(personHalt('1.12.0', '2026-11-07T09:00:00.000Z'));
      const first = (await store.setShare(share('1.12.0', 40, null)))!;
      await store.supersedeShare(first.id, 50, '2026-11-07T08:00:00.000Z');
      await store.setShare(share('1.12.0', 60, first.id, { file_rollout: 50 }));
      const [halts, shares] = [await store.list(), await store.shares()];
      await store.close();

      const reopened = await backend.open();
      expect(await reopened.list()).toEqual(halts);
      expect(await reopened.shares()).toEqual(shares);
      // It goes on from there: one halt in force, the chain's latest setting.
      expect(await reopened.halt(guardHalt('1.12.0', '2026-11-08T10:00:00.000Z'))).toBeNull();
      expect(await reopened.setShare(share('1.12.0', 70, shares[0]!.id))).toMatchObject({ replaces: shares[0]!.id });
    });
  });
}
