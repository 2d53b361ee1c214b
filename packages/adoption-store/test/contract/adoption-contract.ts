import type { ActivityRow, AdoptionStore } from '../../src';
import type { AdoptionBackend } from './backend';

const row = (day: string, install: string, version: string, extra: Partial<ActivityRow> = {}): ActivityRow => ({ day, install, version, channel: 'stable', platform: 'windows', arch: 'x64', offered: '', ...extra });
const byKey = <T extends { day: string; version: string | null; platform?: string | null }>(list: readonly T[]) => [...list].sort((a, b) => `${a.day} ${a.version} ${a.platform}`.localeCompare(`${b.day} ${b.version} ${b.platform}`));

/** Two replicas on one storage where the backend has them (PostgreSQL); one store twice where one process owns the storage (files). */
const twoStores = async (backend: AdoptionBackend): Promise<[AdoptionStore, AdoptionStore]> => {
  const first = await backend.open();
  return [first, backend.replicas ? await backend.open() : first];
};

/**
 * What every adoption store promises, run against each backend: counts of distinct installs per
 * day, version and platform whatever the repeats and replicas; uptake (offered, then took);
 * votes counted once per install and network, only from installs seen on the release; the
 * figures a guard judges; keys kept across restarts; retention by whole days.
 */
export function adoptionContract(backend: AdoptionBackend): void {
  const suite = backend.unavailable ? describe.skip : describe;
  if (backend.unavailable) console.log(backend.unavailable);
  suite(`the adoption store on ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 240_000);
    afterAll(() => backend.tearDown(), 60_000);
    beforeEach(() => backend.fresh());
    afterEach(() => backend.cleanUp());

    test('its keys are made once and read again by the next store on the same storage', async () => {
      const first = await backend.open();
      const second = await backend.open();
      expect(first.secret.length).toBe(32);
      expect(first.credentialKey.length).toBe(32);
      expect(first.secret.equals(first.credentialKey)).toBe(false);
      expect(second.secret.equals(first.secret)).toBe(true);
      expect(second.credentialKey.equals(first.credentialKey)).toBe(true);
    });

    test('distinct installs per day, per version, per platform and per both, however often a row is added and by whom', async () => {
      const [a, b] = await twoStores(backend);
      const day = '2026-11-02';
      const rows = [row(day, 'i1', '1.11.2'), row(day, 'i2', '1.11.2', { platform: 'linux' }), row(day, 'i1', '1.12.0'), row(day, 'i3', '1.12.0', { platform: 'macos', arch: 'arm64' })];
      await Promise.all([a.add(rows), b.add(rows), a.add(rows.slice(0, 2))]);
      await b.add([row('2026-11-03', 'i1', '1.12.0')]);
      const counts = byKey(await a.counts(day, day));
      expect(counts).toEqual(
        byKey([
          { day, version: null, platform: null, installs: 3 },
          { day, version: '1.11.2', platform: null, installs: 2 },
          { day, version: '1.12.0', platform: null, installs: 2 },
          { day, version: null, platform: 'windows', installs: 1 },
          { day, version: null, platform: 'linux', installs: 1 },
          { day, version: null, platform: 'macos', installs: 1 },
          { day, version: '1.11.2', platform: 'windows', installs: 1 },
          { day, version: '1.11.2', platform: 'linux', installs: 1 },
          { day, version: '1.12.0', platform: 'windows', installs: 1 },
          { day, version: '1.12.0', platform: 'macos', installs: 1 },
        ]),
      );
      expect(byKey(await b.counts('2026-11-01', '2026-11-03')).filter((c) => c.day === '2026-11-03')).toEqual(
        byKey([
          { day: '2026-11-03', version: null, platform: null, installs: 1 },
          { day: '2026-11-03', version: '1.12.0', platform: null, installs: 1 },
          { day: '2026-11-03', version: null, platform: 'windows', installs: 1 },
          { day: '2026-11-03', version: '1.12.0', platform: 'windows', installs: 1 },
        ]),
      );
    });

    test('uptake: installs offered the release from another version, then those that checked in from it on or after that day', async () => {
      const store = await backend.open();
      await store.add([
        row('2026-11-01', 'i1', '1.11.2', { offered: '1.12.0' }),
        row('2026-11-01', 'i2', '1.11.2', { offered: '1.12.0' }),
        row('2026-11-01', 'i3', '1.12.0'), // never offered: a download, not uptake
        row('2026-11-02', 'i1', '1.12.0'),
        row('2026-11-02', 'i2', '1.11.2', { offered: '1.12.0' }),
        row('2026-11-03', 'i2', '1.12.0'),
        row('2026-11-03', 'i4', '1.11.2', { offered: '1.12.0' }),
      ]);
      expect(await store.uptake('1.12.0', '2026-11-01', '2026-11-03')).toEqual([
        { day: '2026-11-01', offered: 2, took: 0 },
        { day: '2026-11-02', offered: 0, took: 1 },
        { day: '2026-11-03', offered: 1, took: 1 },
      ]);
      // An offer before the window counts for a take inside it.
      expect(await store.uptake('1.12.0', '2026-11-02', '2026-11-03')).toEqual([
        { day: '2026-11-02', offered: 0, took: 1 },
        { day: '2026-11-03', offered: 1, took: 1 },
      ]);
    });

    test('votes count once per day, release and install, once per network, and only from installs seen on the release that day or before', async () => {
      const [a, b] = await twoStores(backend);
      await a.add([row('2026-11-01', 'i1', '1.11.2', { offered: '1.12.0' }), row('2026-11-02', 'i1', '1.12.0'), row('2026-11-02', 'i2', '1.12.0'), row('2026-11-02', 'i3', '1.12.0'), row('2026-11-03', 'i4', '1.12.0')]);
      const vote = (day: string, install: string, network: string) => ({ day, install, network, version: '1.12.0' });
      await Promise.all([
        a.vote([vote('2026-11-02', 'i1', 'n1'), vote('2026-11-02', 'i1', 'n9')]), // one install, twice
        b.vote([vote('2026-11-02', 'i1', 'n1')]), // the same vote on another replica
        a.vote([vote('2026-11-02', 'i2', 'n2'), vote('2026-11-02', 'i3', 'n2')]), // two installs, one network
        b.vote([vote('2026-11-02', 'i4', 'n4')]), // seen on it only the day after
        a.vote([vote('2026-11-02', 'stranger', 'n5')]), // never seen at all
      ]);
      await b.vote([vote('2026-11-03', 'i1', 'n1'), vote('2026-11-03', 'i4', 'n4')]); // a new day: a new vote each
      const days = await b.guardDays(['1.12.0', '1.11.2'], '2026-11-01', '2026-11-03');
      const votes = Object.fromEntries(days.map((d) => [`${d.day} ${d.version}`, d.votes]));
      expect(votes).toEqual({ '2026-11-01 1.11.2': 0, '2026-11-02 1.12.0': 2, '2026-11-03 1.12.0': 2 });
    });

    test("a guard's figures: installs on each release per day, and those never offered it by the service", async () => {
      const store = await backend.open();
      await store.add([
        row('2026-11-01', 'i1', '1.11.2', { offered: '1.12.0' }),
        row('2026-11-01', 'i2', '1.11.2'),
        row('2026-11-02', 'i1', '1.12.0'), // offered the day before: took it
        row('2026-11-02', 'i2', '1.12.0'), // never offered
        row('2026-11-02', 'i5', '1.11.2', { offered: '1.12.0' }),
        row('2026-11-02', 'i5', '1.12.0'), // offered and took it the same day
        row('2026-11-03', 'i2', '1.12.0'),
      ]);
      expect(byKey(await store.guardDays(['1.12.0', '1.11.2'], '2026-11-01', '2026-11-03'))).toEqual(
        byKey([
          { day: '2026-11-01', version: '1.11.2', installs: 2, unoffered: 2, votes: 0 },
          { day: '2026-11-02', version: '1.11.2', installs: 1, unoffered: 1, votes: 0 },
          { day: '2026-11-02', version: '1.12.0', installs: 3, unoffered: 1, votes: 0 },
          { day: '2026-11-03', version: '1.12.0', installs: 1, unoffered: 1, votes: 0 },
        ]),
      );
      expect(await store.guardDays(['2.0.0'], '2026-11-01', '2026-11-03')).toEqual([]);
    });

    test('what was stored is there after a restart; pruning drops whole days before the one named', async () => {
      let store: AdoptionStore = await backend.open();
      for (const day of ['2026-11-01', '2026-11-02', '2026-11-03']) await store.add([row(day, 'i1', '1.12.0'), row(day, 'i2', '1.12.0')]);
      await store.vote([{ day: '2026-11-01', install: 'i1', network: 'n1', version: '1.12.0' }]);
      await store.close();
      store = await backend.open();
      expect((await store.counts('2026-11-01', '2026-11-03')).filter((c) => c.version === null && c.platform === null).map((c) => [c.day, c.installs]).sort()).toEqual([['2026-11-01', 2], ['2026-11-02', 2], ['2026-11-03', 2]]);
      await store.prune('2026-11-02');
      expect((await store.counts('2026-11-01', '2026-11-03')).filter((c) => c.version === null && c.platform === null).map((c) => c.day).sort()).toEqual(['2026-11-02', '2026-11-03']);
      expect((await store.guardDays(['1.12.0'], '2026-11-01', '2026-11-03')).map((d) => d.day).sort()).toEqual(['2026-11-02', '2026-11-03']);
    });
  });
}
