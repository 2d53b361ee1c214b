import type { Database, Tx } from '@companion/database';
import type { ActivityRow } from './adoption-store';
import { addDays } from './adoption-recorder';
import { addActivity } from './pg-activity-writes';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** SQLSTATEs of a partition another replica made in the same moment: duplicate table, or its row type's unique key. */
const MADE_ALREADY = new Set(['42P07', '23505']);
/** DDL on install_day waits this long for the flushes under way, then gives up (and is tried again later) rather than queue them. */
const DDL_LOCK_TIMEOUT = "SET LOCAL lock_timeout = '2s'";
/** Rows added per part by db:import. */
const IMPORT_ROWS = 5000;

const partitionOf = (day: string): string => {
  if (!DAY.test(day)) throw new Error(`expected a day as YYYY-MM-DD; found ${JSON.stringify(day)}`);
  return `install_day_${day.replaceAll('-', '')}`;
};

const createPartition = (tx: Tx, day: string) => tx.query(`CREATE TABLE IF NOT EXISTS ${partitionOf(day)} PARTITION OF install_day FOR VALUES FROM ('${day}') TO ('${addDays(day, 1)}')`);

/** The first day whose rows are still counted (null: every day). */
export async function dedupedFrom(tx: Pick<Tx, 'query'>, lock = ''): Promise<string | null> {
  const { rows } = await tx.query<{ day: string | null }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM install_day_floor ${lock}`);
  return rows[0]?.day ?? null;
}

/**
 * The partitions of `install_day`, one per UTC day, made by the first replica to add a row of the
 * day (a replica making one at the same moment is told it exists), and dropped by prune once a
 * day can no longer receive rows (see dropBefore).
 */
export class DayPartitions {
  private readonly held = new Set<string>();

  constructor(private readonly db: Database) {}

  /** Makes the partitions of `days` that are missing, but none for a day before the floor. */
  async ensure(days: Iterable<string>): Promise<void> {
    for (const day of new Set(days)) {
      if (this.held.has(day)) continue;
      try {
        await this.db.transaction(async (tx) => {
          await tx.query(DDL_LOCK_TIMEOUT);
          const floor = await dedupedFrom(tx, 'FOR SHARE'); // prune moves it FOR UPDATE
          const { rows } = await tx.query<{ held: boolean }>('SELECT to_regclass($1) IS NOT NULL AS held', [partitionOf(day)]);
          if ((floor === null || day >= floor) && !rows[0]!.held) await createPartition(tx, day);
        });
      } catch (error) {
        if (!MADE_ALREADY.has((error as { code?: string }).code ?? '')) throw error;
      }
      this.held.add(day);
    }
  }

  /** After a partition went missing under a flush (another replica dropped it): look again. */
  forget(): void {
    this.held.clear();
  }

  /**
   * Drops the partitions of days before `day`, and of days before the one before the newest (only
   * today and yesterday receive rows), and moves the floor there: a row of such a day arriving
   * late is not counted, since whether it was already is no longer known. Returns the floor.
   */
  async dropBefore(day: string): Promise<string> {
    const floor = await this.db.transaction(async (tx) => {
      await tx.query(DDL_LOCK_TIMEOUT);
      await dedupedFrom(tx, 'FOR UPDATE'); // first: a partition being made now is listed below
      const { rows } = await tx.query<{ name: string }>(`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'install_day'::regclass`);
      const days = rows.flatMap((r) => /^install_day_(\d{4})(\d{2})(\d{2})$/.exec(r.name)?.slice(1).join('-') ?? []).sort();
      const newest = days.at(-1);
      const until = newest !== undefined && addDays(newest, -1) > day ? addDays(newest, -1) : day;
      await tx.query('UPDATE install_day_floor SET day = greatest(day, $1::date)', [until]);
      for (const old of days) if (old < until) await tx.query(`DROP TABLE IF EXISTS ${partitionOf(old)}`);
      return (await dedupedFrom(tx))!;
    });
    for (const held of this.held) if (held < floor) this.held.delete(held);
    return floor;
  }
}

/**
 * Adds rows inside the caller's transaction (db:import): partitions made as needed, rows of days
 * before the floor left out unless the database counted nothing on that day (a box's older days
 * moved onto a database already in use). Returns how many rows brought something new.
 */
export async function importActivity(tx: Tx, rows: readonly ActivityRow[]): Promise<number> {
  const floor = await dedupedFrom(tx);
  const { rows: counted } = await tx.query<{ day: string }>(`SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM daily_installs WHERE day < $1::date`, [floor ?? '-infinity']);
  const closed = new Set(counted.map((r) => r.day));
  const kept = rows.filter((r) => floor === null || r.day >= floor || !closed.has(r.day));
  for (const day of new Set(kept.map((r) => r.day))) await createPartition(tx, day);
  // Day by day, in flush-sized parts: each statement stays as short as a flush's.
  kept.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let added = 0;
  for (let start = 0; start < kept.length; start += IMPORT_ROWS) added += await addActivity(tx, kept.slice(start, start + IMPORT_ROWS));
  return added;
}
