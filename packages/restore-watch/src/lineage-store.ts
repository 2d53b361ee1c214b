/**
 * Where the data stands in its own history: a lineage, made once at random when the data store
 * is new, and a tick the service advances as it writes. A restore of an older backup brings back
 * the same lineage with a lower tick; another database or data folder has another lineage.
 */
export interface LineageMark {
  lineage: string;
  tick: number;
  /** When the tick was last advanced, ISO 8601 UTC: how far back a restore went. */
  ticked_at: string;
}

/** A restore one replica noticed, as the data store keeps it (every replica reads it). */
export interface RestoreEvent {
  /** Random, so an event is never mistaken for another recorded in another history. */
  id: string;
  detected_at: string;
  /** The replica that noticed it (its host name and process). */
  detected_by: string;
  /** The tick the data went back to, and when that tick was made: the backup is at least that old. */
  restored_to_tick: number;
  /** Null when that cannot be told: data with no lineage, another lineage, or no witness to compare with. */
  restored_to: string | null;
  /** The highest tick the replica had seen before: how far the data had been. */
  seen_tick: number;
  confirmed_at: string | null;
  confirmed_by: string | null;
  confirm_reason: string | null;
}

export type NewRestoreEvent = Pick<RestoreEvent, 'detected_at' | 'detected_by'> & {
  /** The store's own record of how far back it went (its mark's ticked_at), or null when the extent is unknown. */
  restored_to: string | null;
};

/** The data store's side of restore detection (a file in DATA_DIR, or tables of the database). */
export interface LineageStore {
  /** The lineage and tick, or null when the store has none yet. */
  mark(): Promise<LineageMark | null>;
  /** Makes `lineage` the store's unless it has one; the store's mark either way. */
  begin(lineage: string, at: string): Promise<LineageMark>;
  /** Advances the tick by one; the new mark. */
  advance(at: string): Promise<LineageMark>;
  /**
   * Records a restore noticed at `observed`, when the store still stands there, and moves its
   * tick past `seenTick`, so the ticks go on rising; null when the mark moved meanwhile (another
   * replica recorded it first, or wrote since).
   */
  recordRestore(observed: LineageMark, seenTick: number, event: NewRestoreEvent): Promise<RestoreEvent | null>;
  /** Every restore recorded, newest first. */
  events(): Promise<RestoreEvent[]>;
  /** Marks the restore confirmed by a person; the confirmed event, or null when it was confirmed already. */
  confirm(id: string, by: string, reason: string, at: string): Promise<RestoreEvent | null>;
  close(): Promise<void>;
}
