import { randomBytes } from 'node:crypto';
import type { Database, Migration } from '@companion/database';
import type { ActivityRow, AdoptionStore, InstallCount } from './adoption-store';

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
  const { rows } = await db.query<{ secret: Buffer }>('SELECT secret FROM adoption_secret');
  const secret = rows[0]!.secret;
  return {
    secret,
    async add(rows: readonly ActivityRow[]) {
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const columns = ['day', 'install', 'version', 'channel', 'platform', 'arch'] as const;
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
    async prune(day: string) {
      await db.query('DELETE FROM install_activity WHERE day < $1::date', [day]);
    },
    async close() {},
  };
}
