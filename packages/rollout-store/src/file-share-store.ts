import { openJsonDocument } from '@companion/journal';
import { latestShares, type NewShare, type ShareSetting, type ShareStore } from './share-store';

/** Share settings in `DATA_DIR/rollout-shares.json`, replaced whole at each change. */
export async function openFileShares(dataDir: string): Promise<ShareStore & { settled(): Promise<void> }> {
  const file = await openJsonDocument<{ shares: ShareSetting[] }>(dataDir, 'rollout-shares.json', { shares: [] });
  return {
    shares: async () => file.read().shares.map((s) => ({ ...s })).sort((a, b) => b.id - a.id),
    setShare: (share: NewShare) =>
      file.write(({ shares: copy }) => {
        if ((latestShares(copy).get(share.version)?.id ?? null) !== share.replaces) return null;
        const record: ShareSetting = { id: copy.reduce((max, s) => Math.max(max, s.id), 0) + 1, ...share, superseded_at: null, superseded_by_rollout: null };
        copy.push(record);
        return { ...record };
      }),
    supersedeShare: (id, fileRollout, at) =>
      file.write(({ shares: copy }) => {
        const found = copy.find((s) => s.id === id);
        if (found === undefined || found.superseded_at !== null) return false;
        Object.assign(found, { superseded_at: at, superseded_by_rollout: fileRollout });
        return true;
      }),
    settled: file.settled,
  };
}
