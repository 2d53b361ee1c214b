import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '@companion/database';
import { clusterUnavailable, CommitCutter, TempCluster } from '@companion/database/testing';
import { addDays, openFileAdoptionStore, type ActivityRow, type AdoptionStore } from '../src';
import type { BugVote } from '../src/adoption-store';
import { ADOPTION_MIGRATIONS, openPgAdoptionStore } from '../src/postgresql';
import { adoptionContract } from './contract/adoption-contract';

let contractCluster: TempCluster | null = null;
let contractUrl = '';
let databases = 0;
const opened: { store: AdoptionStore; db: Database }[] = [];
const openOn = async (url: string) => {
  const db = await Database.open({ url, poolMax: 4, timeoutMs: 3000 });
  const store = await openPgAdoptionStore(db);
  opened.push({ store, db });
  return store;
};
const closeAll = async () => {
  for (const { store, db } of opened.splice(0)) {
    await store.close();
    await db.close();
  }
};

adoptionContract({
  name: 'postgresql',
  unavailable: clusterUnavailable(),
  replicas: true,
  async setUp() {
    contractCluster = await TempCluster.start();
  },
  tearDown: async () => contractCluster?.destroy(),
  async fresh() {
    contractUrl = await contractCluster!.createDatabase(`adoption_${++databases}`);
  },
  cleanUp: closeAll,
  open: () => openOn(contractUrl),
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_DAY = '2026-11-01';
const VERSIONS = ['1.10.0', '1.11.0', '1.12.0'];
const hashOf = (name: string) => createHash('sha256').update(name).digest().subarray(0, 16).toString('base64url');

/**
 * A fleet over `days` days as the recorder reports it: installs checking from their version, some
 * offered the next release, taking it the same day or later, a few going back, some naming no
 * platform on one check of the day, new installs downloading the latest release unoffered; a
 * release more from the third day. Per day the rows and the votes sent that day.
 */
function fleet(seed: number, installs: number, days: number): { day: string; rows: ActivityRow[]; votes: BugVote[] }[] {
  const next = random(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const state = Array.from({ length: installs }, (_, i) => ({ install: hashOf(`install-${seed}-${i}`), version: next() < 0.6 ? 0 : 1, platform: pick(['windows', 'linux', 'macos']), born: next() < 0.8 ? 0 : Math.floor(next() * days) }));
  const out = [];
  for (let d = 0; d < days; d++) {
    const day = addDays(FIRST_DAY, d);
    const latest = d >= 2 ? 2 : 1;
    const rows: ActivityRow[] = [];
    const row = (install: string, version: number, platform: string, offered: string) => rows.push({ day, install, version: VERSIONS[version]!, channel: 'stable', platform, arch: 'x64', offered });
    for (const s of state) {
      if (s.born > d || next() < 0.2) continue;
      if (s.born === d && d > 0) s.version = latest; // a download: never offered
      const platform = next() < 0.05 ? '' : s.platform;
      const offer = s.version < latest && next() < 0.5 ? VERSIONS[latest]! : '';
      row(s.install, s.version, platform, offer);
      if (next() < 0.05) row(s.install, s.version, s.platform, ''); // the same day, with its platform and no offer
      if (offer !== '' && next() < 0.4) {
        s.version = latest;
        row(s.install, s.version, s.platform, '');
      } else if (s.version > 0 && next() < 0.02) {
        s.version--; // back to the one before
        row(s.install, s.version, s.platform, '');
      }
    }
    const votes = Array.from({ length: 40 }, () => {
      const s = pick(state);
      return { day, install: next() < 0.1 ? hashOf(`stranger-${next()}`) : s.install, network: `net-${Math.floor(next() * 25)}`, version: pick(VERSIONS) };
    });
    out.push({ day, rows, votes });
  }
  return out;
}

const sortedCounts = async (store: AdoptionStore, from: string, to: string) => (await store.counts(from, to)).map((c) => `${c.day} ${c.version} ${c.platform} ${c.installs}`).sort();
/** Everything a store answers about the days: counts, uptake from the first and the third day, a guard's figures. */
async function answers(store: AdoptionStore, to: string) {
  return {
    counts: await sortedCounts(store, FIRST_DAY, to),
    uptake: await Promise.all(VERSIONS.flatMap((v) => [store.uptake(v, FIRST_DAY, to), store.uptake(v, addDays(FIRST_DAY, 2), to)])),
    guard: (await store.guardDays(VERSIONS, FIRST_DAY, to)).map((g) => `${g.day} ${g.version} ${g.installs} ${g.unoffered} ${g.votes}`).sort(),
  };
}

(clusterUnavailable() ? describe.skip : describe)('the adoption store on PostgreSQL, beyond the contract', () => {
  let cluster: TempCluster;
  let dataDir = '';
  beforeAll(async () => {
    cluster = await TempCluster.start();
  }, 240_000);
  afterAll(async () => cluster?.destroy(), 60_000);
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'adoption-reference-'));
  });
  afterEach(async () => {
    await closeAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('three replicas adding a fleet at once, each row by one or more of them, some a day late, answer as the file store does', async () => {
    const url = await cluster.createDatabase('replicas');
    const replicas = [await openOn(url), await openOn(url), await openOn(url)];
    const reference = await openFileAdoptionStore(dataDir);
    const next = random(7);
    let late: ActivityRow[] = [];
    const days = fleet(1, 600, 6);
    for (const [d, { rows, votes }] of days.entries()) {
      // Today's rows and those of yesterday held back; each to one, two or three replicas, in shuffled flushes.
      const due = [...late, ...rows.filter(() => next() >= 0.1)];
      late = rows.filter((r) => !due.includes(r));
      const flushes = replicas.map(() => [] as ActivityRow[]);
      for (const r of due) for (const [i, flush] of flushes.entries()) if (i === 0 ? next() < 0.6 : next() < 0.5 || !flushes.some((f) => f.includes(r))) flush.push(r);
      await Promise.all(flushes.map((flush, i) => replicas[i]!.add(flush.sort(() => next() - 0.5))));
      await reference.add(due);
      await Promise.all([replicas[d % 3]!.vote(votes), reference.vote(votes)]);
      await Promise.all([replicas[(d + 1) % 3]!.prune(FIRST_DAY), reference.prune(FIRST_DAY)]);
    }
    const to = days.at(-1)!.day;
    const expected = await answers(reference, to);
    expect(expected.counts.length).toBeGreaterThan(50);
    expect(expected.guard.some((g) => !g.endsWith(' 0'))).toBe(true);
    for (const replica of replicas) expect(await answers(replica, to)).toEqual(expected);
    // Only the newest day and the one before are still held per install.
    const db = opened[0]!.db;
    const { rows } = await db.query<{ name: string }>("SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'install_day'::regclass ORDER BY 1");
    expect(rows.map((r) => r.name)).toEqual([`install_day_${addDays(to, -1).replaceAll('-', '')}`, `install_day_${to.replaceAll('-', '')}`]);
  });

  test("two replicas adding rows of one install at once, one's transaction held open: the other waits for it, and the take after the offer counts", async () => {
    await cluster.createDatabase('held');
    const cutter = await CommitCutter.start(cluster.port);
    try {
      const [a, b] = [await openOn(cutter.url('held')), await openOn(cluster.url('held'))];
      const row = (day: string, version: string, offered = ''): ActivityRow => ({ day, install: 'i1', version, channel: 'stable', platform: 'linux', arch: 'x64', offered });
      const reference = await openFileAdoptionStore(dataDir);
      // (another install on the 3rd and 4th: their partitions are made)
      const earlier = [row('2026-11-01', '1.12.0'), row('2026-11-02', '1.11.0'), { ...row('2026-11-03', '1.12.0'), install: 'i2' }, { ...row('2026-11-04', '1.12.0'), install: 'i2' }];
      await Promise.all([a.add(earlier), reference.add(earlier)]);
      // a: a check-in from 1.12.0 on the 4th (nothing to change in the install's release), held before
      // its figures; b: the 3rd's offer of 1.12.0 from 1.11.0, which the check-in took only if b sees
      // it: b must wait for a's lock on the install's release.
      const held = cutter.holdNext('INSERT INTO daily_installs');
      const first = a.add([row('2026-11-04', '1.12.0')]);
      await held.arrived;
      const second = b.add([row('2026-11-03', '1.11.0', '1.12.0')]);
      const db = opened.at(-1)!.db;
      let finished = false;
      const waiting = async () => {
        while (!finished) {
          const { rows } = await db.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = 'held'");
          if (rows.length > 0) return 'waiting';
          await new Promise((done) => setTimeout(done, 20));
        }
      };
      expect(await Promise.race([second.then(() => (finished = true) && 'finished'), waiting()])).toBe('waiting');
      held.release();
      await Promise.all([first, second]);
      await reference.add([row('2026-11-03', '1.11.0', '1.12.0'), row('2026-11-04', '1.12.0')]);
      expect(await answers(b, '2026-11-04')).toEqual(await answers(reference, '2026-11-04'));
      expect(await b.uptake('1.12.0', '2026-11-01', '2026-11-04')).toEqual([
        { day: '2026-11-03', offered: 1, took: 0 },
        { day: '2026-11-04', offered: 0, took: 1 },
      ]);
    } finally {
      await closeAll();
      await cutter.close();
    }
  });

  test('a database counted by the old install_activity table is migrated into the daily figures: the same answers, and the newest days still deduplicated', async () => {
    const url = await cluster.createDatabase('migrated');
    const db = await Database.open({ url, poolMax: 2, timeoutMs: 3000 });
    opened.push({ store: { close: async () => undefined } as AdoptionStore, db });
    await db.migrate('adoption', ADOPTION_MIGRATIONS.filter((m) => m.version <= 3));
    const reference = await openFileAdoptionStore(dataDir);
    const days = fleet(2, 300, 5);
    const all = days.flatMap((d) => d.rows);
    // Ids written by hand as well as hashes: both keep telling installs apart.
    all.push({ ...all[0]!, install: 'by-hand-16-bytes' }, { ...all[0]!, install: 'short' });
    await reference.add(all);
    for (let start = 0; start < all.length; start += 500) {
      const batch = all.slice(start, start + 500);
      const columns = ['day', 'install', 'version', 'channel', 'platform', 'arch', 'offered'] as const;
      await db.query(
        `INSERT INTO install_activity (${columns.join(', ')}) SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) ON CONFLICT DO NOTHING`,
        columns.map((c) => batch.map((r) => r[c])),
      );
    }
    const store = await openOn(url);
    const to = days.at(-1)!.day;
    const expected = await answers(reference, to);
    expect(await answers(store, to)).toEqual(expected);
    expect((await db.query<{ old: string | null }>("SELECT to_regclass('install_activity') AS old")).rows).toEqual([{ old: null }]);

    // The newest two days' rows again change nothing; new ones on them count as on the file store.
    await store.add(all.filter((r) => r.day >= addDays(to, -1)));
    expect(await answers(store, to)).toEqual(expected);
    const more = fleet(3, 100, 5).at(-1)!.rows;
    await Promise.all([store.add(more), reference.add(more)]);
    expect(await answers(store, to)).toEqual(await answers(reference, to));
  });

  test('pruning drops whole partitions, moves the floor, and deletes the releases an install has not touched since', async () => {
    const url = await cluster.createDatabase('pruned');
    const store = await openOn(url);
    const db = opened.at(-1)!.db;
    const row = (day: string, install: string, version: string, offered = ''): ActivityRow => ({ day, install, version, channel: 'stable', platform: 'linux', arch: 'x64', offered });
    await store.add([row('2026-11-01', 'old', '1.10.0'), row('2026-11-01', 'i1', '1.11.0', '1.12.0')]);
    await store.add([row('2026-11-02', 'i1', '1.12.0'), row('2026-11-02', 'i2', '1.12.0')]);
    await store.add([row('2026-11-03', 'i1', '1.12.0'), row('2026-11-04', 'i2', '1.12.0')]);
    const partitions = async () => (await db.query<{ name: string }>("SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'install_day'::regclass ORDER BY 1")).rows.map((r) => r.name);
    expect(await partitions()).toEqual(['install_day_20261101', 'install_day_20261102', 'install_day_20261103', 'install_day_20261104']);

    const releases = async () => (await db.query<{ version: string }>('SELECT version FROM install_release ORDER BY greatest(first_day, offered_day, took_day), version')).rows.map((r) => r.version);
    // 'old' and i1 were last on 1.10.0 and 1.11.0 on the 1st (i1 offered 1.12.0 then, taking it on the 2nd).
    expect(await releases()).toEqual(['1.10.0', '1.11.0', '1.12.0', '1.12.0']);

    await store.prune('2026-11-02');
    // Retention is the 2nd, but only the newest day (the 4th) and the one before still receive rows.
    expect(await partitions()).toEqual(['install_day_20261103', 'install_day_20261104']);
    expect((await db.query("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM install_day_floor")).rows).toEqual([{ day: '2026-11-03' }]);
    expect(await releases()).toEqual(['1.12.0', '1.12.0']);
    const totals = async () => (await store.counts('2026-11-01', '2026-11-04')).filter((c) => c.version === null && c.platform === null).map((c) => [c.day, c.installs]).sort();
    expect(await totals()).toEqual([['2026-11-02', 2], ['2026-11-03', 1], ['2026-11-04', 1]]);
    // A row of a day no longer held arrives late: whether it was counted is not known, so it is not.
    await store.add([row('2026-11-02', 'late', '1.12.0'), row('2026-11-03', 'late', '1.12.0')]);
    expect(await totals()).toEqual([['2026-11-02', 2], ['2026-11-03', 2], ['2026-11-04', 1]]);
    expect(await releases()).toEqual(['1.12.0', '1.12.0', '1.12.0']);
    // A release whose days (first seen, offered, took) are all before the first day kept is forgotten,
    // as the file store forgets the days it drops: i2, seen on 1.12.0 since the 2nd, is new on it when next seen.
    await store.prune('2026-11-03');
    expect(await releases()).toEqual(['1.12.0']);
    expect(await store.uptake('1.12.0', '2026-11-01', '2026-11-04')).toEqual([]);
  });
});
