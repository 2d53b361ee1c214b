import type { Database } from '@companion/database';
import { ROLLOUT_CHANNEL } from './pg-migrations';
import type { NewShare, ShareSetting, ShareStore } from './share-store';

interface Row {
  id: string;
  version: string;
  channel: 'stable' | 'preview';
  rollout: number;
  file_rollout: number | null;
  replaces: string | null;
  set_at: Date;
  set_by: string;
  reason: string;
  superseded_at: Date | null;
  superseded_by_rollout: number | null;
}

const COLUMNS = 'id, version, channel, rollout, file_rollout, replaces, set_at, set_by, reason, superseded_at, superseded_by_rollout';
const record = (r: Row): ShareSetting => ({
  ...r,
  id: Number(r.id),
  replaces: r.replaces === null ? null : Number(r.replaces),
  set_at: r.set_at.toISOString(),
  superseded_at: r.superseded_at === null ? null : r.superseded_at.toISOString(),
});

/** Share settings in `rollout_share`: recording or superseding one wakes the other replicas. */
export function pgShares(db: Database): ShareStore {
  return {
    async shares() {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM rollout_share ORDER BY id DESC`);
      return rows.map(record);
    },
    async setShare(share: NewShare) {
      // Recorded only as the successor of the version's latest setting; the chain index refuses a
      // second successor committed meanwhile by another replica.
      const { rows } = await db.query<Row>(
        `WITH added AS (
           INSERT INTO rollout_share (version, channel, rollout, file_rollout, replaces, set_at, set_by, reason)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8
           WHERE (SELECT max(id) FROM rollout_share WHERE version = $1) IS NOT DISTINCT FROM $5::bigint
           ON CONFLICT DO NOTHING RETURNING ${COLUMNS}
         ), woken AS (SELECT pg_notify('${ROLLOUT_CHANNEL}', version) FROM added)
         SELECT added.* FROM added, (SELECT count(*) FROM woken) AS w`,
        [share.version, share.channel, share.rollout, share.file_rollout, share.replaces, share.set_at, share.set_by, share.reason],
      );
      return rows[0] ? record(rows[0]) : null;
    },
    async supersedeShare(id, fileRollout, at) {
      const { rows } = await db.query(
        `WITH marked AS (
           UPDATE rollout_share SET superseded_at = $2, superseded_by_rollout = $3 WHERE id = $1 AND superseded_at IS NULL RETURNING version
         ), woken AS (SELECT pg_notify('${ROLLOUT_CHANNEL}', version) FROM marked)
         SELECT marked.version FROM marked, (SELECT count(*) FROM woken) AS w`,
        [id, at, fileRollout],
      );
      return rows.length > 0;
    },
  };
}
