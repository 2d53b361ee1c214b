import type { Tx } from '@companion/database';
import type { ActivityRow } from './adoption-store';
import { installKey } from './pg-install-key';
import { updateInstallReleases, type ReleaseNews } from './pg-install-releases';

/** Rows per statement (arrays through unnest, so no parameter limit): a few ms each at ten million installs a day. */
const STATEMENT_ROWS = 5000;
/** `daily_installs.version` of a day's figure over every version, `platform` of one over every platform. */
export const EVERY_VERSION = '';
export const EVERY_PLATFORM = '*';

interface InstallDay {
  day: string;
  /** The install's hash as the rows name it, and the bytes kept for it. */
  id: string;
  install: Buffer;
  /** `version\tplatform\toffered` lines met this time, distinct, in order. */
  lines: string[];
}

const byDayAndInstall = (a: InstallDay, b: InstallDay) => (a.day < b.day ? -1 : a.day > b.day ? 1 : Buffer.compare(a.install, b.install));
const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * Adds activity rows in one transaction, exactly once whatever other replicas add at the same
 * time: `install_day` (unique per day and install) tells which rows are new, and only what they
 * bring is added to the daily figures. Locks are taken table by table in key order, so two
 * replicas flushing the same installs wait for each other rather than deadlock. Every day must
 * have its partition of install_day. Returns how many rows brought something new.
 */
export async function addActivity(tx: Tx, rows: readonly ActivityRow[]): Promise<number> {
  const perInstallDay = new Map<string, InstallDay>();
  for (const r of rows) {
    const key = `${r.day}\t${r.install}`;
    let entry = perInstallDay.get(key);
    if (entry === undefined) perInstallDay.set(key, (entry = { day: r.day, id: r.install, install: installKey(r.install), lines: [] }));
    const line = `${r.version}\t${r.platform}\t${r.offered}`;
    if (!entry.lines.includes(line)) entry.lines.push(line);
  }
  const installDays = [...perInstallDay.values()].sort(byDayAndInstall);

  const installs = new Map<string, number>();
  const news = new Map<string, ReleaseNews>();
  const newsOf = (of: InstallDay, version: string) => {
    const key = `${of.id}\t${version}`;
    let entry = news.get(key);
    if (entry === undefined) news.set(key, (entry = { install: of.install, version, days: [], offered: null }));
    return entry;
  };
  let added = 0;
  // An install's second line of a day goes in a later statement: a statement updates a row once.
  for (let round = 0; ; round++) {
    const batch = installDays.filter((d) => d.lines.length > round);
    if (batch.length === 0) break;
    for (let start = 0; start < batch.length; start += STATEMENT_ROWS) {
      const slice = batch.slice(start, start + STATEMENT_ROWS);
      // Only what changed comes back: each row's place in the statement and what the day holds now.
      const { rows: changed } = await tx.query<{ n: string; seen: string }>(
        `WITH u AS (SELECT * FROM unnest($1::date[], $2::bytea[], $3::text[]) WITH ORDINALITY AS u(day, install, seen, n)),
         added AS (
           INSERT INTO install_day AS d (day, install, seen) SELECT day, install, seen FROM u
           ON CONFLICT (day, install) DO UPDATE SET seen = d.seen || substr(excluded.seen, 2) WHERE strpos(d.seen, excluded.seen) = 0
           RETURNING d.day, d.install, d.seen
         )
         SELECT u.n, added.seen FROM added JOIN u ON u.day = added.day AND u.install = added.install`,
        [slice.map((d) => d.day), slice.map((d) => d.install), slice.map((d) => `\n${d.lines[round]}\n`)],
      );
      added += changed.length;
      for (const { n, seen } of changed) {
        const at = slice[Number(n) - 1]!;
        const { day } = at;
        // The line just added is the last; the others were there before (none: a new install-day).
        const line = at.lines[round]!;
        const [version, platform, offered] = line.split('\t') as [string, string, string];
        let [newVersion, newPlatform, newPair] = [true, true, true];
        const before = seen.length === line.length + 2 ? '' : seen.slice(1, -(line.length + 2));
        if (before === '') bump(installs, `${day}\t${EVERY_VERSION}\t${EVERY_PLATFORM}`, 1);
        else {
          for (const held of before.split('\n')) {
            const [v, p] = held.split('\t');
            if (v === version) newVersion = false;
            if (p === platform) newPlatform = false;
            if (v === version && p === platform) newPair = false;
          }
        }
        if (newVersion) bump(installs, `${day}\t${version}\t${EVERY_PLATFORM}`, 1);
        if (newPlatform) bump(installs, `${day}\t${EVERY_VERSION}\t${platform}`, 1);
        if (newPair) bump(installs, `${day}\t${version}\t${platform}`, 1);
        if (newVersion) newsOf(at, version).days.push(day);
        if (offered !== '' && offered !== version) {
          const entry = newsOf(at, offered);
          if (entry.offered === null || day < entry.offered) entry.offered = day;
        }
      }
    }
  }

  const sortedNews = [...news.values()].sort((a, b) => Buffer.compare(a.install, b.install) || (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
  for (const n of sortedNews) n.days.sort();
  const deltas = await updateInstallReleases(tx, sortedNews);

  const figures = new Map<string, { installs: number; unoffered: number }>();
  const figure = (key: string) => figures.get(key) ?? figures.set(key, { installs: 0, unoffered: 0 }).get(key)!;
  for (const [key, n] of installs) figure(key).installs += n;
  for (const [dayVersion, n] of deltas.unoffered) figure(`${dayVersion}\t${EVERY_PLATFORM}`).unoffered += n;
  await addFigures(tx, figures);
  await addUptake(tx, deltas.offered, deltas.took);
  return added;
}

const sortedKeys = (keys: Iterable<string>) => [...keys].sort();

async function addFigures(tx: Tx, figures: Map<string, { installs: number; unoffered: number }>): Promise<void> {
  const keys = sortedKeys(figures.keys()).filter((k) => figures.get(k)!.installs !== 0 || figures.get(k)!.unoffered !== 0);
  if (keys.length === 0) return;
  const parts = keys.map((k) => k.split('\t') as [string, string, string]);
  await tx.query(
    `INSERT INTO daily_installs AS a (day, version, platform, installs, unoffered)
     SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::bigint[], $5::bigint[])
     ON CONFLICT (day, version, platform) DO UPDATE SET installs = a.installs + excluded.installs, unoffered = a.unoffered + excluded.unoffered`,
    [parts.map((p) => p[0]), parts.map((p) => p[1]), parts.map((p) => p[2]), keys.map((k) => figures.get(k)!.installs), keys.map((k) => figures.get(k)!.unoffered)],
  );
}

async function addUptake(tx: Tx, offered: Map<string, number>, took: Map<string, number>): Promise<void> {
  // Keyed version first, as the table's key, so replicas lock its rows in the same order.
  const byVersion = (key: string) => key.split('\t').reverse().join('\t');
  const keys = sortedKeys(new Set([...offered.keys(), ...took.keys()].map(byVersion))).filter((k) => (offered.get(byVersion(k)) ?? 0) !== 0 || (took.get(byVersion(k)) ?? 0) !== 0);
  if (keys.length === 0) return;
  const parts = keys.map((k) => k.split('\t') as [string, string]);
  await tx.query(
    `INSERT INTO daily_uptake AS u (version, day, offered, took)
     SELECT * FROM unnest($1::text[], $2::date[], $3::bigint[], $4::bigint[])
     ON CONFLICT (version, day) DO UPDATE SET offered = u.offered + excluded.offered, took = u.took + excluded.took`,
    [parts.map((p) => p[0]), parts.map((p) => p[1]), keys.map((k) => offered.get(byVersion(k)) ?? 0), keys.map((k) => took.get(byVersion(k)) ?? 0)],
  );
}
