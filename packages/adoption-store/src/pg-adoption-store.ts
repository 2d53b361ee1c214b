import { randomBytes } from 'node:crypto';
import type { Database, Tx } from '@companion/database';
import type { ActivityRow, AdoptionStore, BugVote, GuardDay, InstallCount, UptakeDay } from './adoption-store';
import { addActivity, EVERY_PLATFORM, EVERY_VERSION } from './pg-activity-writes';
import { ADOPTION_MIGRATIONS } from './pg-adoption-migrations';
import { DayPartitions, dedupedFrom } from './pg-day-partitions';
import { installKey } from './pg-install-key';

export { ADOPTION_MIGRATIONS };

/** Rows per transaction of a flush: its locks are held a few hundred ms at most. */
const TRANSACTION_ROWS = 5000;
/** install_release rows deleted per statement when pruning. */
const PRUNE_ROWS = 5000;
/** SQLSTATE of a row whose day has no partition: another replica dropped it under this flush. */
const NO_PARTITION = '23514';

const dayText = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * Adds bug votes inside the caller's transaction: a vote counts once per install (and network),
 * day and release, and only from an install seen on that release by that day. Returns how many
 * counted.
 */
export async function addVotes(tx: Tx, votes: readonly BugVote[]): Promise<number> {
  if (votes.length === 0) return 0;
  const releaseDays = [...new Set(votes.map((v) => `${v.day}\t${v.version}`))].sort().map((k) => k.split('\t') as [string, string]);
  // The day's count rows are locked first, in key order: votes on one day and release go one
  // transaction at a time, as two unique keys taken in different orders could deadlock.
  await tx.query(
    `INSERT INTO daily_votes AS v (day, version, votes) SELECT day, version, 0 FROM unnest($1::date[], $2::text[]) AS u(day, version)
     ON CONFLICT (day, version) DO UPDATE SET votes = v.votes WHERE false`,
    [releaseDays.map((d) => d[0]), releaseDays.map((d) => d[1])],
  );
  const { rows: counted } = await tx.query<{ day: string; version: string }>(
    `INSERT INTO bug_vote (day, version, install, network)
     SELECT u.day, u.version, u.install, u.network FROM unnest($1::date[], $2::text[], $3::bytea[], $4::bytea[]) WITH ORDINALITY AS u(day, version, install, network, n)
     WHERE EXISTS (SELECT 1 FROM install_release r WHERE r.install = u.install AND r.version = u.version AND r.first_day <= u.day)
     ORDER BY u.n
     ON CONFLICT DO NOTHING
     RETURNING ${dayText('day')} AS day, version`,
    [votes.map((v) => v.day), votes.map((v) => v.version), votes.map((v) => installKey(v.install)), votes.map((v) => installKey(v.network))],
  );
  if (counted.length === 0) return 0;
  await tx.query(
    `UPDATE daily_votes v SET votes = v.votes + u.votes FROM (SELECT day, version, count(*) AS votes FROM unnest($1::date[], $2::text[]) AS c(day, version) GROUP BY day, version) u
     WHERE v.day = u.day AND v.version = u.version`,
    [counted.map((c) => c.day), counted.map((c) => c.version)],
  );
  return counted.length;
}

/**
 * Installs seen active on PostgreSQL, shared by every replica, kept as daily figures (see
 * ADOPTION_MIGRATIONS for the tables): a flush adds to them what its rows bring that no replica
 * added before, so counts, uptake and a guard's figures are read from a few rows per day and
 * release whatever the number of installs. The keys are made by the first replica to start and
 * read by the others, so they hash an install id and sign a credential alike.
 */
export async function openPgAdoptionStore(db: Database): Promise<AdoptionStore> {
  await db.migrate('adoption', ADOPTION_MIGRATIONS);
  await db.query('INSERT INTO adoption_secret (id, secret, credential_key) VALUES (true, $1, $2) ON CONFLICT (id) DO NOTHING', [randomBytes(32), randomBytes(32)]);
  await db.query('UPDATE adoption_secret SET credential_key = $1 WHERE credential_key IS NULL', [randomBytes(32)]);
  const { rows } = await db.query<{ secret: Buffer; credential_key: Buffer }>('SELECT secret, credential_key FROM adoption_secret');
  const { secret, credential_key: credentialKey } = rows[0]!;
  const partitions = new DayPartitions(db);

  const addChunk = async (chunk: readonly ActivityRow[], retried = false): Promise<void> => {
    await partitions.ensure(chunk.map((r) => r.day));
    try {
      await db.transaction(async (tx) => {
        const floor = await dedupedFrom(tx);
        await addActivity(tx, floor === null ? chunk : chunk.filter((r) => r.day >= floor));
      });
    } catch (error) {
      if (retried || (error as { code?: string }).code !== NO_PARTITION) throw error;
      partitions.forget();
      await addChunk(chunk, true);
    }
  };

  return {
    secret,
    credentialKey,
    async add(rows: readonly ActivityRow[]) {
      const sorted = [...rows].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.install < b.install ? -1 : a.install > b.install ? 1 : 0));
      for (let start = 0; start < sorted.length; start += TRANSACTION_ROWS) await addChunk(sorted.slice(start, start + TRANSACTION_ROWS));
    },
    async vote(votes: readonly BugVote[]) {
      if (votes.length > 0) await db.transaction((tx) => addVotes(tx, votes));
    },
    async counts(from: string, to: string): Promise<InstallCount[]> {
      const { rows } = await db.query<{ day: string; version: string; platform: string; installs: string }>(
        `SELECT ${dayText('day')} AS day, version, platform, installs FROM daily_installs WHERE day BETWEEN $1::date AND $2::date AND installs > 0`,
        [from, to],
      );
      return rows.map((r) => ({ day: r.day, version: r.version === EVERY_VERSION ? null : r.version, platform: r.platform === EVERY_PLATFORM ? null : r.platform, installs: Number(r.installs) }));
    },
    async uptake(version: string, from: string, to: string): Promise<UptakeDay[]> {
      const { rows } = await db.query<{ day: string; offered: string; took: string }>(
        `SELECT ${dayText('day')} AS day, offered, took FROM daily_uptake WHERE version = $1 AND day BETWEEN $2::date AND $3::date AND (offered <> 0 OR took <> 0) ORDER BY day`,
        [version, from, to],
      );
      return rows.map((r) => ({ day: r.day, offered: Number(r.offered), took: Number(r.took) }));
    },
    async guardDays(versions: readonly string[], from: string, to: string): Promise<GuardDay[]> {
      const { rows } = await db.query<{ day: string; version: string; installs: string; unoffered: string; votes: string }>(
        `SELECT ${dayText('i.day')} AS day, i.version, i.installs, i.unoffered, coalesce(v.votes, 0) AS votes
         FROM daily_installs i LEFT JOIN daily_votes v ON v.day = i.day AND v.version = i.version
         WHERE i.version = ANY($1::text[]) AND i.platform = $4 AND i.day BETWEEN $2::date AND $3::date AND i.installs > 0
         ORDER BY i.day, i.version`,
        [versions.filter((v) => v !== EVERY_VERSION), from, to, EVERY_PLATFORM],
      );
      return rows.map((r) => ({ day: r.day, version: r.version, installs: Number(r.installs), unoffered: Number(r.unoffered), votes: Number(r.votes) }));
    },
    async prune(day: string) {
      await partitions.dropBefore(day);
      for (const table of ['daily_installs', 'daily_uptake', 'daily_votes', 'bug_vote']) await db.query(`DELETE FROM ${table} WHERE day < $1::date`, [day]);
      // Releases an install was first seen on, offered and took before the first day kept, a batch
      // at a time; a row a flush holds is left for the next prune rather than waited for. In the
      // index's order: an index scan learns to skip the entries of rows the batches before deleted,
      // a bitmap scan visits them again (300,000 rows of 5 million deleted in 59 batches: the
      // slowest 82 ms in index order, 609 ms by bitmap).
      for (;;) {
        const { rowCount } = await db.query(
          `DELETE FROM install_release WHERE ctid = ANY(ARRAY(
             SELECT ctid FROM install_release WHERE greatest(first_day, offered_day, took_day) < $1::date
             ORDER BY greatest(first_day, offered_day, took_day) LIMIT ${PRUNE_ROWS} FOR UPDATE SKIP LOCKED))`,
          [day],
        );
        if ((rowCount ?? 0) < PRUNE_ROWS) break;
      }
    },
    async close() {},
  };
}
