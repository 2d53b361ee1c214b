import type { Database } from '@companion/database';
import type { HaltFigures, HaltStore, NewHalt, RolloutHalt } from './halt-store';
import { ROLLOUT_CHANNEL } from './pg-migrations';

interface Row {
  id: string;
  version: string;
  channel: 'stable' | 'preview';
  day: string;
  halted_at: Date;
  halted_by: string;
  reason: string | null;
  figures: HaltFigures | null;
  notify: string[];
  notified_at: Date | null;
  resumed_at: Date | null;
  resumed_by: string | null;
  resume_reason: string | null;
}

const COLUMNS = `id, version, channel, to_char(day, 'YYYY-MM-DD') AS day, halted_at, halted_by, reason, figures, notify, notified_at, resumed_at, resumed_by, resume_reason`;
const iso = (at: Date | null) => (at === null ? null : at.toISOString());
const record = (r: Row): RolloutHalt => ({ ...r, id: Number(r.id), halted_at: r.halted_at.toISOString(), notified_at: iso(r.notified_at), resumed_at: iso(r.resumed_at) });

/** Halts in `rollout_halt`: recording or lifting one wakes the other replicas. */
export function pgHalts(db: Database): HaltStore {
  return {
    async list() {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM rollout_halt ORDER BY id DESC`);
      return rows.map(record);
    },
    async halt(halt: NewHalt) {
      const { rows } = await db.query<Row>(
        `WITH added AS (
           INSERT INTO rollout_halt (version, channel, day, halted_at, halted_by, reason, figures, notify) VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8)
           ON CONFLICT (version) WHERE resumed_at IS NULL DO NOTHING RETURNING ${COLUMNS}
         ), woken AS (SELECT pg_notify('${ROLLOUT_CHANNEL}', version) FROM added)
         SELECT added.* FROM added, (SELECT count(*) FROM woken) AS w`,
        [halt.version, halt.channel, halt.day, halt.halted_at, halt.halted_by ?? 'guard', halt.reason ?? null, halt.figures === null ? null : JSON.stringify(halt.figures), halt.notify],
      );
      return rows[0] ? record(rows[0]) : null;
    },
    async resume(version, by, at, reason = null) {
      const { rows } = await db.query<Row>(
        `WITH lifted AS (
           UPDATE rollout_halt SET resumed_at = $2, resumed_by = $3, resume_reason = $4 WHERE version = $1 AND resumed_at IS NULL RETURNING ${COLUMNS}
         ), woken AS (SELECT pg_notify('${ROLLOUT_CHANNEL}', version) FROM lifted)
         SELECT lifted.* FROM lifted, (SELECT count(*) FROM woken) AS w`,
        [version, at, by, reason],
      );
      return rows[0] ? record(rows[0]) : null;
    },
    async claimNotice(id, at) {
      const { rows } = await db.query('UPDATE rollout_halt SET notified_at = $2 WHERE id = $1 AND notified_at IS NULL RETURNING id', [id, at]);
      return rows.length > 0;
    },
    async releaseNotice(id) {
      await db.query('UPDATE rollout_halt SET notified_at = NULL WHERE id = $1', [id]);
    },
  };
}
