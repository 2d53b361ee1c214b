import type { Database, Migration } from '@companion/database';
import type { LineageMark, LineageStore, RestoreEvent } from './lineage-store';

export const RESTORE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'restore lineage and restores noticed',
    change: 'expand',
    sql: `
      CREATE TABLE restore_lineage (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        lineage text NOT NULL,
        tick bigint NOT NULL,
        ticked_at timestamptz NOT NULL
      );
      CREATE TABLE restore_event (
        id text PRIMARY KEY,
        detected_at timestamptz NOT NULL,
        detected_by text NOT NULL,
        restored_to_tick bigint NOT NULL,
        restored_to timestamptz NOT NULL,
        seen_tick bigint NOT NULL,
        confirmed_at timestamptz,
        confirmed_by text,
        confirm_reason text
      );`,
  },
];

interface MarkRow {
  lineage: string;
  tick: string;
  ticked_at: Date;
}
interface EventRow {
  id: string;
  detected_at: Date;
  detected_by: string;
  restored_to_tick: string;
  restored_to: Date;
  seen_tick: string;
  confirmed_at: Date | null;
  confirmed_by: string | null;
  confirm_reason: string | null;
}

const markOf = (row: MarkRow): LineageMark => ({ lineage: row.lineage, tick: Number(row.tick), ticked_at: row.ticked_at.toISOString() });
const eventOf = (row: EventRow): RestoreEvent => ({
  ...row,
  detected_at: row.detected_at.toISOString(),
  restored_to_tick: Number(row.restored_to_tick),
  restored_to: row.restored_to.toISOString(),
  seen_tick: Number(row.seen_tick),
  confirmed_at: row.confirmed_at?.toISOString() ?? null,
});

/** A fleet: one row of `restore_lineage` and the rows of `restore_event`, in the database a `pg_dump` copies. */
export async function openPgLineageStore(database: Database): Promise<LineageStore> {
  await database.migrate('restore-watch', RESTORE_MIGRATIONS);
  const read = async () => (await database.query<MarkRow>('SELECT lineage, tick, ticked_at FROM restore_lineage')).rows[0];
  return {
    async mark() {
      const row = await read();
      return row ? markOf(row) : null;
    },
    async begin(lineage, at) {
      await database.statement('INSERT INTO restore_lineage (lineage, tick, ticked_at) VALUES ($1, 0, $2) ON CONFLICT (only_row) DO NOTHING', [lineage, at]);
      return markOf((await read())!);
    },
    async advance(at) {
      const { rows } = await database.statement<MarkRow>('UPDATE restore_lineage SET tick = tick + 1, ticked_at = $1 RETURNING lineage, tick, ticked_at', [at]);
      if (!rows[0]) throw new Error('the restore lineage was not begun');
      return markOf(rows[0]);
    },
    recordRestore(observed, seenTick, event) {
      return database.transaction(async (tx) => {
        const moved = await tx.query('UPDATE restore_lineage SET tick = GREATEST(tick, $3) + 1, ticked_at = $4 WHERE lineage = $1 AND tick = $2', [observed.lineage, observed.tick, seenTick, event.detected_at]);
        if (moved.rowCount !== 1) return null;
        const { rows } = await tx.query<EventRow>(
          `INSERT INTO restore_event (id, detected_at, detected_by, restored_to_tick, restored_to, seen_tick) VALUES (gen_random_uuid()::text, $1, $2, $3, $4, $5) RETURNING *`,
          [event.detected_at, event.detected_by, observed.tick, observed.ticked_at, seenTick],
        );
        return eventOf(rows[0]!);
      });
    },
    async events() {
      const { rows } = await database.query<EventRow>('SELECT * FROM restore_event ORDER BY detected_at DESC, id');
      return rows.map(eventOf);
    },
    async confirm(id, by, reason, at) {
      const { rows } = await database.statement<EventRow>('UPDATE restore_event SET confirmed_at = $2, confirmed_by = $3, confirm_reason = $4 WHERE id = $1 AND confirmed_at IS NULL RETURNING *', [id, at, by, reason]);
      return rows[0] ? eventOf(rows[0]) : null;
    },
    close: async () => undefined,
  };
}
