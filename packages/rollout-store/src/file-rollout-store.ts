import { openFileHalts } from './file-halt-store';
import { openFileShares } from './file-share-store';
import type { RolloutStore } from './rollout-store';

/**
 * Halts and share settings in DATA_DIR (`rollout-halts.json`, `rollout-shares.json`). One box has
 * one process on its DATA_DIR, so no other writer changes them: `onChange` never calls.
 */
export async function openFileRolloutStore(dataDir: string): Promise<RolloutStore> {
  const [halts, shares] = await Promise.all([openFileHalts(dataDir), openFileShares(dataDir)]);
  return {
    list: halts.list,
    halt: halts.halt,
    resume: halts.resume,
    claimNotice: halts.claimNotice,
    releaseNotice: halts.releaseNotice,
    shares: shares.shares,
    setShare: shares.setShare,
    supersedeShare: shares.supersedeShare,
    onChange: () => undefined,
    close: async () => {
      await Promise.all([halts.settled(), shares.settled()]);
    },
  };
}

/** The halts alone, as earlier versions opened them. */
export const openFileHaltStore = openFileRolloutStore;
