import type { HaltFigures } from '@companion/schema';

export type { HaltFigures };

/** Who halted a rollout: its guard, or a person in the console (`console: <person>`). */
export const GUARD = 'guard';

/** A rollout halted by its guard or by a person: lifted (resumed_at set) only by a person. */
export interface RolloutHalt {
  id: number;
  version: string;
  channel: 'stable' | 'preview';
  /** The UTC day it was halted. */
  day: string;
  /** When, ISO 8601 UTC. */
  halted_at: string;
  /** `guard`, or `console: <person>`. */
  halted_by: string;
  /** Why a person halted it; null for the guard (its figures say why). */
  reason: string | null;
  /** What the guard saw; null for a person's halt. */
  figures: HaltFigures | null;
  /** Who is mailed (the guard's notify); empty for a person's halt. */
  notify: string[];
  /** When the mail was handed to the mailer; null until then. */
  notified_at: string | null;
  resumed_at: string | null;
  /** `console: <person>` or `content: <release file>`. */
  resumed_by: string | null;
  /** Why a person resumed it; null for a release file's `resume:`. */
  resume_reason: string | null;
}

/** A halt to record; without `halted_by` it is the guard's. */
export type NewHalt = Omit<RolloutHalt, 'id' | 'notified_at' | 'resumed_at' | 'resumed_by' | 'resume_reason' | 'halted_by' | 'reason'> & { halted_by?: string; reason?: string | null };

/** The halts part of a rollout store. Records are never deleted: a resumed halt stays as history. */
export interface HaltStore {
  /** Every halt, newest first. */
  list(): Promise<RolloutHalt[]>;
  /** Records a halt unless the version has one not resumed; the new record, or null. */
  halt(halt: NewHalt): Promise<RolloutHalt | null>;
  /** Lifts the version's halt; the lifted record, or null when it had none. */
  resume(version: string, by: string, at: string, reason?: string | null): Promise<RolloutHalt | null>;
  /** Marks a halt's mail as sent unless it was; whether this caller is the one to send it. */
  claimNotice(id: number, at: string): Promise<boolean>;
  /** Gives a claim back after the mail failed, so the next round sends it again. */
  releaseNotice(id: number): Promise<void>;
}

/** The halts not resumed, by version. */
export const activeHalts = (halts: readonly RolloutHalt[]): Map<string, RolloutHalt> => new Map(halts.filter((h) => h.resumed_at === null).map((h) => [h.version, h]));

/** A halt as a backend keeps it, with what records written before people could halt lack filled in. */
export const haltRecord = (halt: Omit<RolloutHalt, 'halted_by' | 'reason' | 'resume_reason'> & Partial<RolloutHalt>): RolloutHalt => ({
  ...halt,
  halted_by: halt.halted_by ?? GUARD,
  reason: halt.reason ?? null,
  figures: halt.figures ?? null,
  resume_reason: halt.resume_reason ?? null,
});
