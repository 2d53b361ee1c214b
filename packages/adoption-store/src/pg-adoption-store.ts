import { randomBytes } from 'node:crypto';
import type { Database, Migration } from '@companion/database';
import { ROW_FIELDS, type ActivityRow, type AdoptionStore, type InstallCount, type UptakeDay } from './adoption-store';

export const ADOPTION_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'install activity',
    sql: `
      CREATE TABLE install_activity (
        day date NOT NULL,
        install text NOT NULL,
        version text NOT NULL,
        channel text NOT NULL,
        platform text NOT NULL,
        arch text NOT NULL,
        PRIMARY KEY (day, install, version, channel, platform, arch)
      );
      CREATE TABLE adoption_secret (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        secret bytea NOT NULL
      );`,
  },
  {
    version: 2,
    name: 'the version each check offered',
    sql: `
      ALTER TABLE install_activity ADD COLUMN offered text NOT NULL DEFAULT '';
      ALTER TABLE install_activity DROP CONSTRAINT install_activity_pkey;
      ALTER TABLE install_activity ADD PRIMARY KEY (day, install, version, channel, platform, arch, offered);
      CREATE INDEX install_activity_offers ON install_activity (offered, install, day) WHERE offered <> '';
      CREATE INDEX install_activity_versions ON install_activity (version, install, day);`,
  },
  {
    version: 3,
    name: 'the key install credentials are signed with',
    sql: `ALTER TABLE adoption_secret ADD COLUMN credential_key bytea;`,
  },
];

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const BATCH = 2000;

/**
 * Installs seen active on PostgreSQL, shared by every replica: each flushes its rows with
 * `ON CONFLICT DO NOTHING`, so the table is the union of what every replica saw and an install
 * seen by two replicas on a day counts once. The secret is made by the first replica to start
 * and read by the others, so they hash an install id alike.
 */
export async function openPgAdoptionStore(db: Database): Promise<AdoptionStore> {
  await db.migrate('adoption', ADOPTION_MIGRATIONS);
  await db.query('INSERT INTO adoption_secret (id, secret) VALUES (true, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
  await db.query('UPDATE adoption_secret SET credential_key = $1 WHERE credential_key IS NULL', [randomBytes(32)]);
  const { rows } = await db.query<{ secret: Buffer; credential_key: Buffer }>('SELECT secret, credential_key FROM adoption_secret');
  const { secret, credential_key: credentialKey } = rows[0]!;
  const notYet = (what: string) => Promise.reject(new Error(`${what} are not kept on PostgreSQL yet`));
  return {
    secret,
    credentialKey,
    vote: () => notYet('bug votes'),
    guardDays: () => notYet("a guard's figures"),
    async add(rows: readonly ActivityRow[]) {
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const columns = ['day', ...ROW_FIELDS] as const;
        const values = batch.flatMap((r) => columns.map((c) => r[c]));
        const tuples = batch.map((_, i) => `(${columns.map((_c, j) => `$${i * columns.length + j + 1}`).join(', ')})`);
        await db.query(`INSERT INTO install_activity (${columns.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`, values);
      }
    },
    async counts(from: string, to: string): Promise<InstallCount[]> {
      const { rows } = await db.query<{ day: string; version: string | null; platform: string | null; installs: string; g: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, version, platform, count(DISTINCT install) AS installs, GROUPING(version, platform) AS g
         FROM install_activity WHERE day BETWEEN $1::date AND $2::date
         GROUP BY GROUPING SETS ((day), (day, version), (day, platform), (day, version, platform))`,
        [from, to],
      );
      // GROUPING tells a total (null because grouped over) from a value.
      return rows.map((r) => ({ day: r.day, version: (r.g & 2) !== 0 ? null : r.version, platform: (r.g & 1) !== 0 ? null : r.platform, installs: Number(r.installs) }));
    },
    async uptake(version: string, from: string, to: string): Promise<UptakeDay[]> {
      // The same figures as uptakeOfRows: each install's first offer from another version, and
      // its first check-in from the version on or after that day, over every day held.
      const { rows } = await db.query<{ day: string; offered: string; took: string }>(
        `WITH offers AS (
           SELECT install, min(day) AS day FROM install_activity
           WHERE offered = $1 AND version <> $1 AND day <= $3::date GROUP BY install
         ), takes AS (
           SELECT a.install, min(a.day) AS day FROM install_activity a JOIN offers o ON o.install = a.install
           WHERE a.version = $1 AND a.day >= o.day AND a.day <= $3::date GROUP BY a.install
         ), days AS (
           SELECT day, 1 AS offered, 0 AS took FROM offers UNION ALL SELECT day, 0, 1 FROM takes
         )
         SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(offered) AS offered, sum(took) AS took
         FROM days WHERE day >= $2::date GROUP BY day ORDER BY day`,
        [version, from, to],
      );
      return rows.map((r) => ({ day: r.day, offered: Number(r.offered), took: Number(r.took) }));
    },
    async prune(day: string) {
      await db.query('DELETE FROM install_activity WHERE day < $1::date', [day]);
    },
    async close() {},
  };
}
