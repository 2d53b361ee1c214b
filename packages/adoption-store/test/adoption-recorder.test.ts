import { createHmac, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activityFacts, AdoptionRecorder } from '../src/adoption-recorder';
import { openFileAdoptionStore } from '../src/file-adoption-store';

// The recorder over the real flat-file store in a temp DATA_DIR: what a day file holds after a
// flush (keyed hashes as documented, never an id), one row per install and facts however often
// it checked, and nothing lost when a flush cannot write.

const NOW_MS = Date.parse('2026-11-02T06:00:00Z');
/** Credentials the recorder's store issued, one per name a test uses. */
const namedIds = (recorder: AdoptionRecorder) => {
  const ids = new Map<string, string>();
  return (name: string) => ids.get(name) ?? ids.set(name, recorder.credentials.issue(NOW_MS - 86_400_000)).get(name)!;
};
const facts = (version: string, offered = '') => activityFacts({ version, channel: 'stable', platform: 'windows', arch: 'x64', offered });

test('a flush writes each install once per day and facts, as HMAC-SHA-256 of its id under the secret; a failed flush loses nothing', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'adoption-recorder-'));
  try {
    const store = await openFileAdoptionStore(dataDir);
    const warnings: unknown[] = [];
    const recorder = new AdoptionRecorder({ store, clock: { nowMicros: () => NOW_MS * 1000 }, logger: { warn: (what: unknown) => void warnings.push(what) }, flushMs: 3_600_000 });
    const id = namedIds(recorder);
    const dayFile = join(dataDir, 'adoption', '2026-11-02.tsv');
    // The day file's place taken by a folder: the flush cannot write it.
    await mkdir(dayFile);
    for (let check = 0; check < 3; check++) {
      recorder.seen(id('install-a'), facts('1.11.2', '1.12.0'), NOW_MS);
      recorder.seen(id('install-b'), facts('1.11.2', '1.12.0'), NOW_MS);
    }
    recorder.seen(id('install-a'), facts('1.12.0'), NOW_MS + 60_000);
    await recorder.flush();
    expect(warnings).toHaveLength(1);

    await rm(dayFile, { recursive: true });
    recorder.seen(id('install-c'), facts('1.12.0'), NOW_MS + 120_000);
    await recorder.flush();
    const keyed = (id: string) => createHmac('sha256', store.secret).update(id).digest().subarray(0, 16).toString('base64url');
    const lines = (await readFile(dayFile, 'utf8')).split('\n').filter(Boolean).sort();
    expect(lines).toEqual(
      [
        `${keyed(id('install-a'))}\t1.11.2\tstable\twindows\tx64\t1.12.0`,
        `${keyed(id('install-b'))}\t1.11.2\tstable\twindows\tx64\t1.12.0`,
        `${keyed(id('install-a'))}\t1.12.0\tstable\twindows\tx64\t`,
        `${keyed(id('install-c'))}\t1.12.0\tstable\twindows\tx64\t`,
      ].sort(),
    );
    for (const name of ['install-a', 'install-b', 'install-c']) expect(lines.join('\n')).not.toContain(id(name));

    // Seen again the same day: nothing new to write.
    recorder.seen(id('install-b'), facts('1.11.2', '1.12.0'), NOW_MS + 180_000);
    await recorder.flush();
    expect((await readFile(dayFile, 'utf8')).split('\n').filter(Boolean)).toHaveLength(4);
    expect(recorder.today().find((c) => c.version === null && c.platform === null)?.installs).toBe(3);
    await recorder.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('checks of one kind in a row are counted on their own day, and those after a flush by the next flush', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'adoption-runs-'));
  try {
    const store = await openFileAdoptionStore(dataDir);
    const recorder = new AdoptionRecorder({ store, clock: { nowMicros: () => NOW_MS * 1000 }, flushMs: 3_600_000 });
    const id = namedIds(recorder);
    const keyed = (id: string) => createHmac('sha256', store.secret).update(id).digest().subarray(0, 16).toString('base64url');
    const installsIn = async (day: string) => (await readFile(join(dataDir, 'adoption', `${day}.tsv`), 'utf8').catch(() => '')).split('\n').filter(Boolean).map((line) => line.split('\t')[0]).sort();
    const same = facts('1.11.2', '1.12.0');
    recorder.seen(id('install-a'), same, NOW_MS);
    await recorder.flush();
    recorder.seen(id('install-b'), same, NOW_MS);
    await recorder.flush();
    expect(await installsIn('2026-11-02')).toEqual([keyed(id('install-a')), keyed(id('install-b'))].sort());
    // The same facts past midnight, no flush between: the next day's.
    recorder.seen(id('install-c'), same, NOW_MS);
    recorder.seen(id('install-d'), same, NOW_MS + 86_400_000);
    await recorder.flush();
    expect(await installsIn('2026-11-02')).toEqual([keyed(id('install-a')), keyed(id('install-b')), keyed(id('install-c'))].sort());
    expect(await installsIn('2026-11-03')).toEqual([keyed(id('install-d'))]);
    await recorder.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("today's counts after each flush are what a fresh reading of the day files counts, whether the flush's rows were tallied or the file changed behind the store", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'adoption-tally-'));
  const sorted = (counts: readonly { day: string; version: string | null; platform: string | null; installs: number }[]) =>
    [...counts].sort((a, b) => `${a.day} ${a.version} ${a.platform}`.localeCompare(`${b.day} ${b.version} ${b.platform}`));
  try {
    let now = NOW_MS;
    const store = await openFileAdoptionStore(dataDir);
    const recorder = new AdoptionRecorder({ store, clock: { nowMicros: () => now * 1000 }, flushMs: 3_600_000 });
    const id = namedIds(recorder);
    const platforms = ['windows', 'macos', 'linux'] as const;
    const check = (i: number, version: string) =>
      recorder.seen(id(`install-${i}`), activityFacts({ version, channel: 'stable', platform: platforms[i % 3]!, arch: 'x64', offered: version === '1.11.2' ? '1.12.0' : '' }), now);
    const fresh = async (from: string, to: string) => sorted(await (await openFileAdoptionStore(dataDir)).counts(from, to));
    for (let flush = 0; flush < 6; flush++) {
      // Installs move to 1.12.0 over the flushes: an install on two versions the same day counts once in the day's total.
      for (let i = 0; i < 300; i++) check(i, i < flush * 50 ? '1.12.0' : '1.11.2');
      await recorder.flush();
      expect(sorted(recorder.today())).toEqual(await fresh('2026-11-02', '2026-11-02'));
      expect(recorder.today().find((c) => c.version === null && c.platform === null)?.installs).toBe(300);
    }
    expect(recorder.today().find((c) => c.version === '1.12.0' && c.platform === 'macos')?.installs).toBe(83);

    // A line added behind the store's back (a restore, an edit) is read at the next count.
    const dayFile = join(dataDir, 'adoption', '2026-11-02.tsv');
    await writeFile(dayFile, 'someone-else\t1.13.0\tstable\tlinux\tx64\t\n', { flag: 'a' });
    check(1, '1.12.0');
    recorder.seen(id('install-new'), facts('1.12.0'), now);
    await recorder.flush();
    expect(sorted(recorder.today())).toEqual(await fresh('2026-11-02', '2026-11-02'));
    expect(recorder.today().find((c) => c.version === null && c.platform === null)?.installs).toBe(302);

    // The next day: yesterday's counts stay what its file says.
    now += 86_400_000;
    for (let i = 0; i < 10; i++) check(i, '1.12.0');
    await recorder.flush();
    expect(sorted(recorder.today())).toEqual(await fresh('2026-11-03', '2026-11-03'));
    expect(sorted(await store.counts('2026-11-02', '2026-11-03'))).toEqual(await fresh('2026-11-02', '2026-11-03'));
    await recorder.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('only ids the service issued, on versions the changelog knows, are counted; a flood of made-up ids keeps nothing', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'adoption-flood-'));
  try {
    const store = await openFileAdoptionStore(dataDir);
    const known = new Set(['1.11.2', '1.12.0']);
    const recorder = new AdoptionRecorder({ store, clock: { nowMicros: () => NOW_MS * 1000 }, flushMs: 3_600_000, knows: (v) => known.has(v), maxPending: 1000 });
    const id = namedIds(recorder);
    // 50,000 checks with made-up ids (random UUIDs, a credential altered), from known and unknown versions.
    for (let i = 0; i < 50_000; i++) recorder.seen(randomUUID(), facts(i % 2 ? '1.12.0' : `1.0.0-${i}`), NOW_MS);
    recorder.seen(id('real').replace(/.$/, (c) => (c === '0' ? '1' : '0')), facts('1.12.0'), NOW_MS);
    // Issued ids checking from versions no release has.
    for (let i = 0; i < 500; i++) recorder.seen(id(`real-${i}`), facts(`9.${i}.0`), NOW_MS);
    expect(recorder.health()).toMatchObject({ pending: 0, uncounted: { not_issued: 50_001, unknown_version: 500, pending_full: 0 } });
    // Issued ids on a known version beyond the bound: held up to it, the rest not counted.
    for (let i = 0; i < 1500; i++) recorder.seen(id(`fleet-${i}`), facts('1.12.0'), NOW_MS);
    expect(recorder.health()).toMatchObject({ pending: 1000, uncounted: { pending_full: 500 } });
    await recorder.flush();
    expect(recorder.health().pending).toBe(0);
    expect(recorder.today().find((c) => c.version === null && c.platform === null)?.installs).toBe(1000);
    expect(recorder.today().map((c) => c.version).filter((v) => v !== null && !known.has(v))).toEqual([]);
    await recorder.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a bug report is a vote only from an id issued on an earlier day, seen on the release, once per install and network', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'adoption-votes-'));
  try {
    const store = await openFileAdoptionStore(dataDir);
    const recorder = new AdoptionRecorder({ store, clock: { nowMicros: () => NOW_MS * 1000 }, flushMs: 3_600_000 });
    const id = namedIds(recorder);
    const fresh = recorder.credentials.issue(NOW_MS); // issued today
    for (const name of ['a', 'b', 'c']) recorder.seen(id(name), facts('1.12.0'), NOW_MS);
    recorder.seen(fresh, facts('1.12.0'), NOW_MS);
    recorder.vote(id('a'), '198.51.100.0/24', '1.12.0', NOW_MS);
    recorder.vote(id('a'), '203.0.113.0/24', '1.12.0', NOW_MS); // the same install again
    recorder.vote(id('b'), '198.51.100.0/24', '1.12.0', NOW_MS); // the same network again
    recorder.vote(id('c'), '192.0.2.0/24', '1.12.0', NOW_MS);
    recorder.vote(id('never-seen'), '192.0.2.128/25', '1.12.0', NOW_MS); // issued, never checked in from it
    recorder.vote(fresh, '203.0.113.0/24', '1.12.0', NOW_MS); // issued the same day
    recorder.vote(randomUUID(), '100.64.0.0/24', '1.12.0', NOW_MS); // never issued
    await recorder.flush();
    expect(await recorder.guardDays(['1.12.0'], '2026-11-02', '2026-11-02')).toEqual([{ day: '2026-11-02', version: '1.12.0', installs: 4, unoffered: 4, votes: 2 }]);
    const stored = await readFile(join(dataDir, 'adoption', '2026-11-02.votes.tsv'), 'utf8');
    for (const text of [id('a'), id('c'), '198.51.100', '192.0.2']) expect(stored).not.toContain(text);
    expect(recorder.health().uncounted.not_issued).toBe(2);
    await recorder.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a failing flush shows in health until one succeeds', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'adoption-failing-'));
  try {
    const store = await openFileAdoptionStore(dataDir);
    const recorder = new AdoptionRecorder({ store, clock: { nowMicros: () => NOW_MS * 1000 }, flushMs: 3_600_000 });
    const id = namedIds(recorder);
    const dayFile = join(dataDir, 'adoption', '2026-11-02.tsv');
    await mkdir(dayFile);
    recorder.seen(id('a'), facts('1.12.0'), NOW_MS);
    await recorder.flush();
    await recorder.flush();
    expect(recorder.health()).toMatchObject({ failing_since: '2026-11-02T06:00:00.000Z', flush_failures: 2, pending: 1, last_flush_at: null });
    expect(recorder.health().last_error).toMatch(/EISDIR/);
    await rm(dayFile, { recursive: true });
    await recorder.flush();
    expect(recorder.health()).toMatchObject({ failing_since: null, last_error: null, flush_failures: 2, pending: 0, last_flush_at: '2026-11-02T06:00:00.000Z' });
    await recorder.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
