import type { HaltFigures } from '@companion/schema';

export type { HaltFigures };

/** A rollout halted by its guard: lifted (resumed_at set) only by a person. */
export interface RolloutHalt {
  id: number;
  version: string;
  channel: 'stable' | 'preview';
  /** The UTC day the guard tripped. */
  day: string;
  /** When, ISO 8601 UTC. */
  halted_at: string;
  figures: HaltFigures;
  /** Who is mailed (the guard's notify). */
  notify: string[];
  /** When the mail was handed to the mailer; null until then. */
  notified_at: string | null;
  resumed_at: string | null;
  /** `console: <person>` or `content: <release file>`. */
  resumed_by: string | null;
}

export type NewHalt = Omit<RolloutHalt, 'id' | 'notified_at' | 'resumed_at' | 'resumed_by'>;

/**
 * Where halts are kept so no restart, content deploy or new replica offers a halted release again:
 * a file in DATA_DIR (`openFileHaltStore`) or a PostgreSQL table every replica reads
 * (`openPgHaltStore`). Records are never deleted: a resumed halt stays as history.
 */
export interface HaltStore {
  /** Every halt, newest first. */
  list(): Promise<RolloutHalt[]>;
  /** Records a halt unless the version has one not resumed; the new record, or null. */
  halt(halt: NewHalt): Promise<RolloutHalt | null>;
  /** Lifts the version's halt; the lifted record, or null when it had none. */
  resume(version: string, by: string, at: string): Promise<RolloutHalt | null>;
  /** Marks a halt's mail as sent unless it was; whether this caller is the one to send it. */
  claimNotice(id: number, at: string): Promise<boolean>;
  /** Gives a claim back after the mail failed, so the next round sends it again. */
  releaseNotice(id: number): Promise<void>;
  /** Called when another replica may have changed the halts (and after a reconnection). */
  onChange(listener: () => void): void;
  close(): Promise<void>;
}

/** The halts not resumed, by version. */
export const activeHalts = (halts: readonly RolloutHalt[]): Map<string, RolloutHalt> => new Map(halts.filter((h) => h.resumed_at === null).map((h) => [h.version, h]));
