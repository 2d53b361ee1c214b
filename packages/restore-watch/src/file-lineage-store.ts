import { randomUUID } from 'node:crypto';
import { openJsonDocument } from '@companion/journal';
import type { LineageMark, LineageStore, RestoreEvent } from './lineage-store';

export const LINEAGE_FILE = 'restore-lineage.json';

interface LineageDocument {
  mark: LineageMark | null;
  events: RestoreEvent[];
}

/**
 * One box: `DATA_DIR/restore-lineage.json`, held in memory (one process holds DATA_DIR, the data
 * lock) and replaced whole at each change (openJsonDocument). A copy of DATA_DIR carries it, so
 * a restored copy brings back its older tick.
 */
export async function openFileLineageStore(dataDir: string): Promise<LineageStore> {
  const document = await openJsonDocument<LineageDocument>(dataDir, LINEAGE_FILE, { mark: null, events: [] });
  return {
    mark: async () => {
      const { mark } = document.read();
      return mark && { ...mark };
    },
    begin: (lineage, at) => document.write((doc) => ({ ...(doc.mark ??= { lineage, tick: 0, ticked_at: at }) })),
    advance: (at) =>
      document.write((doc) => {
        if (doc.mark === null) throw new Error('the restore lineage was not begun');
        doc.mark = { ...doc.mark, tick: doc.mark.tick + 1, ticked_at: at };
        return { ...doc.mark };
      }),
    recordRestore: (observed, seenTick, event) =>
      document.write((doc) => {
        if (doc.mark?.lineage !== observed.lineage || doc.mark.tick !== observed.tick) return null;
        const recorded: RestoreEvent = { id: randomUUID(), ...event, restored_to_tick: observed.tick, seen_tick: seenTick, confirmed_at: null, confirmed_by: null, confirm_reason: null };
        doc.events.unshift(recorded);
        doc.mark = { ...doc.mark, tick: Math.max(doc.mark.tick, seenTick) + 1, ticked_at: event.detected_at };
        return { ...recorded };
      }),
    events: async () => document.read().events.map((e) => ({ ...e })),
    confirm: (id, by, reason, at) =>
      document.write((doc) => {
        const found = doc.events.find((e) => e.id === id && e.confirmed_at === null);
        if (!found) return null;
        Object.assign(found, { confirmed_at: at, confirmed_by: by, confirm_reason: reason });
        return { ...found };
      }),
    close: () => document.settled(),
  };
}
