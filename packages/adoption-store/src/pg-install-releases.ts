import type { Tx } from '@companion/database';

/** What one transaction learnt of an install and release: the new days it was seen on it, the earliest offer of it. */
export interface ReleaseNews {
  install: Buffer;
  version: string;
  /** Days this transaction saw the install on the release for the first time that day, ascending. */
  days: string[];
  /** The earliest day in this transaction a check from another version was offered the release. */
  offered: string | null;
}

/** Changes to the daily figures, keyed `day\tversion`. */
export interface ReleaseDeltas {
  unoffered: Map<string, number>;
  offered: Map<string, number>;
  took: Map<string, number>;
}

interface Held {
  first: string | null;
  offered: string | null;
  took: string | null;
}

const NONE: Held = { first: null, offered: null, took: null };
const min = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a <= b ? a : b);
/** The file store's rule: offered the release on or before the first day seen on it. */
const wasOffered = ({ first, offered }: Held): boolean => offered !== null && first !== null && offered <= first;
/**
 * The first of `days` seen on the release on or after its offer (and on or after its first
 * sighting: days before it belong to a row deleted by retention). When the offer moved, `days` are
 * all the days held: an offer only moves to a day still held, so every day after it is held too.
 */
function firstOnOrAfter(days: readonly string[], { first, offered }: Held): string | null {
  let took: string | null = null;
  if (first === null || offered === null) return null;
  for (const day of days) if (day >= offered && day >= first) took = min(took, day);
  return took;
}
const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * Brings `install_release` up to date with what a transaction saw, and returns what that changes
 * in the daily figures: uptake (first offer, first take after it) moved to its day, and installs
 * counted unoffered. The rows are locked first, in the order given (every replica sorts alike, so
 * none deadlocks), and read as they are once the lock is granted: a replica that changed one
 * committed before, one still to come waits for this one and sees its work. `news` must be
 * sorted by install, then version.
 */
export async function updateInstallReleases(tx: Tx, news: readonly ReleaseNews[]): Promise<ReleaseDeltas> {
  const deltas: ReleaseDeltas = { unoffered: new Map(), offered: new Map(), took: new Map() };
  if (news.length === 0) return deltas;
  const held = new Map<ReleaseNews, Held>();
  const lock = async (asked: readonly ReleaseNews[]) => {
    const { rows } = await tx.query<{ n: string } & Held>(
      `SELECT u.n, to_char(r.first_day, 'YYYY-MM-DD') AS first, to_char(r.offered_day, 'YYYY-MM-DD') AS offered, to_char(r.took_day, 'YYYY-MM-DD') AS took
       FROM unnest($1::bytea[], $2::text[]) WITH ORDINALITY AS u(install, version, n) JOIN install_release r ON r.install = u.install AND r.version = u.version
       ORDER BY u.n FOR UPDATE OF r`,
      [asked.map((n) => n.install), asked.map((n) => n.version)],
    );
    for (const row of rows) held.set(asked[Number(row.n) - 1]!, row);
  };
  await lock(news);
  const missing = news.filter((n) => !held.has(n));
  if (missing.length > 0) {
    // New pairs, with no day yet (the update below sets them). One another replica inserted
    // meanwhile is left to it, then locked and read as it left it.
    await tx.query(`INSERT INTO install_release (install, version) SELECT * FROM unnest($1::bytea[], $2::text[]) ON CONFLICT (install, version) DO NOTHING`, [missing.map((n) => n.install), missing.map((n) => n.version)]);
    await lock(missing);
  }

  const plans = news.map((n) => {
    const old = held.get(n) ?? NONE;
    const next: Held = { first: min(old.first, n.days[0] ?? null), offered: min(old.offered, n.offered), took: old.took };
    // A moved offer, or a status that flips, is settled from the days seen on the release (all still held, see daysSeen).
    const flips = old.first !== null && wasOffered(old) !== wasOffered(next);
    return { n, old, next, needsDays: (next.offered !== old.offered && next.first !== null) || flips, flips };
  });
  const seenOn = await daysSeen(tx, plans.filter((p) => p.needsDays).map((p) => p.n));

  const changed: { install: Buffer; version: string; next: Held }[] = [];
  for (const { n, old, next, flips } of plans) {
    const key = `${n.install.toString('hex')}\t${n.version}`;
    if (next.offered !== old.offered) next.took = firstOnOrAfter([...(seenOn.get(key) ?? []), ...n.days], next);
    else if (next.offered !== null) next.took = min(old.took, firstOnOrAfter(n.days, next));
    const counted = (seenOn.get(key) ?? []).filter((day) => old.first !== null && day >= old.first && !n.days.includes(day));
    if (flips) for (const day of wasOffered(next) ? counted : [...counted, ...n.days]) bump(deltas.unoffered, `${day}\t${n.version}`, wasOffered(next) ? -1 : 1);
    else if (!wasOffered(next)) for (const day of n.days) bump(deltas.unoffered, `${day}\t${n.version}`, 1);
    for (const [field, map] of [['offered', deltas.offered], ['took', deltas.took]] as const) {
      if (next[field] === old[field]) continue;
      if (old[field] !== null) bump(map, `${old[field]}\t${n.version}`, -1);
      if (next[field] !== null) bump(map, `${next[field]}\t${n.version}`, 1);
    }
    if (next.first !== old.first || next.offered !== old.offered || next.took !== old.took) changed.push({ install: n.install, version: n.version, next });
  }
  if (changed.length > 0) {
    await tx.query(
      `UPDATE install_release r SET first_day = u.first_day, offered_day = u.offered_day, took_day = u.took_day
       FROM unnest($1::bytea[], $2::text[], $3::date[], $4::date[], $5::date[]) AS u(install, version, first_day, offered_day, took_day)
       WHERE r.install = u.install AND r.version = u.version`,
      [changed.map((c) => c.install), changed.map((c) => c.version), changed.map((c) => c.next.first), changed.map((c) => c.next.offered), changed.map((c) => c.next.took)],
    );
  }
  return deltas;
}

/**
 * The days in `install_day` each install was seen on each release asked, keyed `hex\tversion`.
 * Only days still held: enough, since an offer or a first sighting only ever moves to a day at
 * or after install_day_floor, and so do the days it settles.
 */
async function daysSeen(tx: Tx, asked: readonly ReleaseNews[]): Promise<Map<string, string[]>> {
  const seen = new Map<string, string[]>();
  if (asked.length === 0) return seen;
  const versions = new Map<string, Set<string>>();
  for (const n of asked) {
    const hex = n.install.toString('hex');
    if (!versions.has(hex)) versions.set(hex, new Set());
    versions.get(hex)!.add(n.version);
  }
  const { rows } = await tx.query<{ day: string; install: Buffer; seen: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, install, seen FROM install_day WHERE install = ANY($1::bytea[]) ORDER BY day`, [[...new Set(asked.map((n) => n.install.toString('hex')))].map((hex) => Buffer.from(hex, 'hex'))]);
  for (const row of rows) {
    const hex = row.install.toString('hex');
    for (const version of versions.get(hex) ?? []) {
      if (!row.seen.includes(`\n${version}\t`)) continue;
      const key = `${hex}\t${version}`;
      if (!seen.has(key)) seen.set(key, []);
      seen.get(key)!.push(row.day);
    }
  }
  return seen;
}
