/**
 * One install seen active on a day: its id as a keyed hash (never the id itself), and what it
 * reported. An install that moved version that day is one row per version.
 */
export interface ActivityRow {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  /** HMAC-SHA-256 of the install id under the store's secret, first 16 bytes, base64url. */
  install: string;
  version: string;
  channel: string;
  /** Empty when the check named none. */
  platform: string;
  arch: string;
  /** The newer version that check offered the install (its answer's `latest`); empty when it offered none. */
  offered: string;
}

/** The columns of a row after the day, in the order the stores write them. */
export const ROW_FIELDS = ['install', 'version', 'channel', 'platform', 'arch', 'offered'] as const;

/**
 * A release's uptake per day: `offered`, installs offered it for the first time that day by a
 * check from another version; `took`, installs that checked in from it for the first time that
 * day after having been offered it (on that day or before). Every day held counts, not only
 * those asked for: an install offered the release before `from` that takes it after is counted.
 */
export interface UptakeDay {
  day: string;
  offered: number;
  took: number;
}

/** Distinct installs on a day: over everything (both null), per version (`platform` null), per platform (`version` null), per version and platform. */
export interface InstallCount {
  day: string;
  version: string | null;
  platform: string | null;
  installs: number;
}

/**
 * A bug report counted as one vote against a release: from an install the service issued a
 * credential to (see install-credential.ts), kept as the same keyed hash as its activity rows,
 * with the network it came from (IPv4 /24, IPv6 /48) as a keyed hash too.
 */
export interface BugVote {
  /** UTC day of the report, `YYYY-MM-DD`. */
  day: string;
  install: string;
  network: string;
  version: string;
}

/**
 * What a guard judges a release on, per day: the installs active on it, how many of those were
 * never offered it by the service (their first check from it came with no offer of it before:
 * a fresh download, or an id claiming a version it was never given), and the bug votes it drew.
 */
export interface GuardDay {
  day: string;
  version: string;
  installs: number;
  unoffered: number;
  votes: number;
}

/**
 * Where the installs seen active are kept: files in DATA_DIR (`openFileAdoptionStore`) or
 * PostgreSQL shared by replicas (`openPgAdoptionStore`). Rows are a set: adding a row already
 * held changes nothing, so replicas and repeated flushes merge by union and counts are exact.
 */
export interface AdoptionStore {
  /** The key the install ids and networks are hashed under: made once, kept with the rows, the same on every replica. */
  readonly secret: Buffer;
  /** The key install credentials are signed with: made once, the same on every replica, never rotated with `secret`. */
  readonly credentialKey: Buffer;
  add(rows: readonly ActivityRow[]): Promise<void>;
  /**
   * Records bug votes. A vote counts only when its install was seen on the vote's version on its
   * day or an earlier one (rows added before it), and at most once per day, version and install,
   * and once per day, version and network; others are dropped silently.
   */
  vote(votes: readonly BugVote[]): Promise<void>;
  /** Distinct installs per day from `from` to `to` (UTC days, both included). */
  counts(from: string, to: string): Promise<InstallCount[]>;
  /** `version`'s uptake per day from `from` to `to` (only days with installs offered it or taking it). */
  uptake(version: string, from: string, to: string): Promise<UptakeDay[]>;
  /** Per day from `from` to `to` and per version asked (days with no install left out): what a guard judges. */
  guardDays(versions: readonly string[], from: string, to: string): Promise<GuardDay[]>;
  /** Deletes every row and vote of a day before `day`. */
  prune(day: string): Promise<void>;
  close(): Promise<void>;
}

type CountedRow = Pick<ActivityRow, 'day' | 'install' | 'version' | 'platform'>;

/**
 * Distinct installs per day, per version, per platform and per both, as rows are added: what the
 * file store computes, and what SQL's GROUPING SETS says. Kept for a day being appended to, so
 * counting after a flush costs the rows it added, not the whole day again.
 */
export class InstallTally {
  private readonly sets = new Map<string, Set<string>>();

  static of(rows: Iterable<CountedRow>): InstallTally {
    const tally = new InstallTally();
    for (const row of rows) tally.add(row);
    return tally;
  }

  add(row: CountedRow): void {
    this.addTo(`${row.day}\t\u0000\t\u0000`, row.install);
    this.addTo(`${row.day}\t${row.version}\t\u0000`, row.install);
    this.addTo(`${row.day}\t\u0000\t${row.platform}`, row.install);
    this.addTo(`${row.day}\t${row.version}\t${row.platform}`, row.install);
  }

  counts(): InstallCount[] {
    return [...this.sets].map(([key, set]) => {
      const [day, version, platform] = key.split('\t') as [string, string, string];
      return { day, version: version === '\u0000' ? null : version, platform: platform === '\u0000' ? null : platform, installs: set.size };
    });
  }

  private addTo(key: string, install: string): void {
    let set = this.sets.get(key);
    if (set === undefined) this.sets.set(key, (set = new Set()));
    set.add(install);
  }
}

/** Uptake from rows (in any order): what the file store computes, and what the SQL of the PostgreSQL store says. */
export function uptakeOfRows(rows: readonly Pick<ActivityRow, 'day' | 'install' | 'version' | 'offered'>[], version: string, from: string, to: string): UptakeDay[] {
  const offeredOn = new Map<string, string>();
  const tookOn = new Map<string, string>();
  for (const row of rows) {
    if (row.day > to) continue;
    if (row.offered === version && row.version !== version) {
      const first = offeredOn.get(row.install);
      if (first === undefined || row.day < first) offeredOn.set(row.install, row.day);
    }
  }
  for (const row of rows) {
    if (row.day > to || row.version !== version) continue;
    const offered = offeredOn.get(row.install);
    if (offered === undefined || row.day < offered) continue;
    const first = tookOn.get(row.install);
    if (first === undefined || row.day < first) tookOn.set(row.install, row.day);
  }
  const days = new Map<string, UptakeDay>();
  const at = (day: string) => days.get(day) ?? days.set(day, { day, offered: 0, took: 0 }).get(day)!;
  for (const day of offeredOn.values()) if (day >= from) at(day).offered++;
  for (const day of tookOn.values()) if (day >= from) at(day).took++;
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}
