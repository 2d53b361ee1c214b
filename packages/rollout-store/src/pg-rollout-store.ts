import type { Database } from '@companion/database';
import { pgHalts } from './pg-halt-store';
import { ROLLOUT_CHANNEL, ROLLOUT_HALT_MIGRATIONS } from './pg-migrations';
import { pgShares } from './pg-share-store';
import type { RolloutStore } from './rollout-store';

/**
 * Halts and share settings in `rollout_halt` and `rollout_share`, shared by every replica: each
 * change notifies the others (LISTEN/NOTIFY), and each re-reads the tables on the wake-up and
 * after every reconnection, so a replica that joins or lost its connection reads the truth rather
 * than waiting for a message.
 */
export async function openPgRolloutStore(db: Database): Promise<RolloutStore> {
  await db.migrate('rollout-halts', ROLLOUT_HALT_MIGRATIONS);
  const listeners = new Set<() => void>();
  const listener = db.listen(ROLLOUT_CHANNEL, { onWake: () => listeners.forEach((l) => l()) });
  return {
    ...pgHalts(db),
    ...pgShares(db),
    onChange(listen) {
      listeners.add(listen);
    },
    async close() {
      listeners.clear();
      await listener.close();
    },
  };
}

