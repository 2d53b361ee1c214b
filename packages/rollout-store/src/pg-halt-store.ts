import type { Database, Migration } from '@companion/database';
import type { HaltFigures, HaltStore, NewHalt, RolloutHalt } from './halt-store';

export const ROLLOUT_HALT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'rollout halts',
    sql: `
      CREATE TABLE rollout_halt (
        id bigserial PRIMARY KEY,
        version text NOT NULL,
        channel text NOT NULL,
        day date NOT NULL,
        halted_at timestamptz NOT NULL,
        figures jsonb NOT NULL,
        notify text[] NOT NULL,
        notified_at timestamptz,
        resumed_at timestamptz,
        resumed_by text
      );
      -- One halt in force per version: two replicas tripping at once record it once.
      CREATE UNIQUE INDEX rollout_halt_in_force ON rollout_halt (version) WHERE resumed_at IS NULL;`,
  },
];

/** Replicas are woken on this channel when a halt is recorded or lifted. */
const CHANNEL = 'rollout_halt';

interface Row {
  id: string;
  version: string;
  channel: 'stable' | 'preview';
  day: string;
  halted_at: Date;
  figures: HaltFigures;
  notify: string[];
  notified_at: Date | null;
  resumed_at: Date | null;
  resumed_by: string | null;
}

const COLUMNS = `id, version, channel, to_char(day, 'YYYY-MM-DD') AS day, halted_at, figures, notify, notified_at, resumed_at, resumed_by`;
const iso = (at: Date | null) => (at === null ? null : at.toISOString());
const record = (r: Row): RolloutHalt => ({ ...r, id: Number(r.id), halted_at: r.halted_at.toISOString(), notified_at: iso(r.notified_at), resumed_at: iso(r.resumed_at) });

/**
 * Halts in `rollout_halt`, shared by every replica: recording or lifting one notifies the others
 * (LISTEN/NOTIFY), and each re-reads the table on the wake-up and after every reconnection, so a
 * replica that joins or lost its connection reads the truth rather than waiting for a message.
 */
export async function openPgHaltStore(db: Database): Promise<HaltStore> {
  await db.migrate('rollout-halts', ROLLOUT_HALT_MIGRATIONS);
  const listeners = new Set<() => void>();
  const listener = db.listen(CHANNEL, { onWake: () => listeners.forEach((l) => l()) });
  return {
    async list() {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM rollout_halt ORDER BY id DESC`);
      return rows.map(record);
    },
    async halt(halt: NewHalt) {
      const { rows } = await db.query<Row>(
        `WITH added AS (
           INSERT INTO rollout_halt (version, channel, day, halted_at, figures, notify) VALUES ($1, $2, $3::date, $4, $5, $6)
           ON CONFLICT (version) WHERE resumed_at IS NULL DO NOTHING RETURNING ${COLUMNS}
         ), woken AS (SELECT pg_notify('${CHANNEL}', version) FROM added)
         SELECT added.* FROM added, (SELECT count(*) FROM woken) AS w`,
        [halt.version, halt.channel, halt.day, halt.halted_at, JSON.stringify(halt.figures), halt.notify],
      );
      return rows[0] ? record(rows[0]) : null;
    },
    async resume(version, by, at) {
      const { rows } = await db.query<Row>(
        `WITH lifted AS (
           UPDATE rollout_halt SET resumed_at = $2, resumed_by = $3 WHERE version = $1 AND resumed_at IS NULL RETURNING ${COLUMNS}
         ), woken AS (SELECT pg_notify('${CHANNEL}', version) FROM lifted)
         SELECT lifted.* FROM lifted, (SELECT count(*) FROM woken) AS w`,
        [version, at, by],
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
    onChange(listen) {
      listeners.add(listen);
    },
    async close() {
      listeners.clear();
      await listener.close();
    },
  };
}
