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
}

/** Distinct installs on a day: over everything (both null), per version (`platform` null), per platform (`version` null), per version and platform. */
export interface InstallCount {
  day: string;
  version: string | null;
  platform: string | null;
  installs: number;
}

/**
 * Where the installs seen active are kept: files in DATA_DIR (`openFileAdoptionStore`) or
 * PostgreSQL shared by replicas (`openPgAdoptionStore`). Rows are a set: adding a row already
 * held changes nothing, so replicas and repeated flushes merge by union and counts are exact.
 */
export interface AdoptionStore {
  /** The key the install ids are hashed under: made once, kept with the rows, the same on every replica. */
  readonly secret: Buffer;
  add(rows: readonly ActivityRow[]): Promise<void>;
  /** Distinct installs per day from `from` to `to` (UTC days, both included). */
  counts(from: string, to: string): Promise<InstallCount[]>;
  /** Deletes every row of a day before `day`. */
  prune(day: string): Promise<void>;
  close(): Promise<void>;
}

/** Counts from a set of rows: what the file store computes, and what SQL's GROUPING SETS says. */
export function countRows(rows: Iterable<Pick<ActivityRow, 'day' | 'install' | 'version' | 'platform'>>): InstallCount[] {
  const sets = new Map<string, Set<string>>();
  const add = (key: string, install: string) => {
    let set = sets.get(key);
    if (set === undefined) sets.set(key, (set = new Set()));
    set.add(install);
  };
  for (const row of rows) {
    add(`${row.day}\t\u0000\t\u0000`, row.install);
    add(`${row.day}\t${row.version}\t\u0000`, row.install);
    add(`${row.day}\t\u0000\t${row.platform}`, row.install);
    add(`${row.day}\t${row.version}\t${row.platform}`, row.install);
  }
  return [...sets].map(([key, set]) => {
    const [day, version, platform] = key.split('\t') as [string, string, string];
    return { day, version: version === '\u0000' ? null : version, platform: platform === '\u0000' ? null : platform, installs: set.size };
  });
}
