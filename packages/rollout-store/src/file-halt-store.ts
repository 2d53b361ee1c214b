import { openJsonDocument } from '@companion/journal';
import { haltRecord, type HaltStore, type NewHalt, type RolloutHalt } from './halt-store';

/** Halts in `DATA_DIR/rollout-halts.json`, replaced whole at each change. */
export async function openFileHalts(dataDir: string): Promise<HaltStore & { settled(): Promise<void> }> {
  const file = await openJsonDocument<{ halts: RolloutHalt[] }>(dataDir, 'rollout-halts.json', { halts: [] });
  const halts = () => file.read().halts.map(haltRecord);
  return {
    list: async () => halts().sort((a, b) => b.id - a.id),
    halt: (halt: NewHalt) =>
      file.write(({ halts: copy }) => {
        if (copy.some((h) => h.version === halt.version && h.resumed_at === null)) return null;
        const record = haltRecord({ id: copy.reduce((max, h) => Math.max(max, h.id), 0) + 1, ...halt, notified_at: null, resumed_at: null, resumed_by: null });
        copy.push(record);
        return { ...record };
      }),
    resume: (version, by, at, reason = null) =>
      file.write(({ halts: copy }) => {
        const found = copy.find((h) => h.version === version && h.resumed_at === null);
        if (found === undefined) return null;
        Object.assign(found, { resumed_at: at, resumed_by: by, resume_reason: reason });
        return haltRecord(found);
      }),
    claimNotice: (id, at) =>
      file.write(({ halts: copy }) => {
        const found = copy.find((h) => h.id === id);
        if (found === undefined || found.notified_at !== null) return false;
        found.notified_at = at;
        return true;
      }),
    releaseNotice: (id) =>
      file.write(({ halts: copy }) => {
        const found = copy.find((h) => h.id === id);
        if (found) found.notified_at = null;
      }),
    settled: file.settled,
  };
}
