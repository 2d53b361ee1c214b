import type { FeedbackRecord, SeenStatus } from '@companion/feedback-store';
import type { FeedbackStatus } from '@companion/schema';

/** What a status form sets; notes are not among it: they join the thread and never conflict. */
export type StatusField = 'status';
export interface StatusChoice {
  status: FeedbackStatus;
}

export interface MergedStatus {
  /** What to set: their value where only they changed a field, the person's where only they did. */
  result: StatusChoice;
  theirs: StatusField[];
  /** Fields both changed to different values, not settled by a `resolve-<field>` answer. */
  open: StatusField[];
}

/**
 * The same three-way merge as an entry's, over a feedback's status: `seen` is what the person's
 * page showed, `now` what the feedback holds, `mine` what the person sent.
 */
export function mergeStatus(seen: SeenStatus, now: FeedbackRecord, mine: StatusChoice, choices: Partial<Record<StatusField, 'mine' | 'theirs'>>): MergedStatus {
  const merged: MergedStatus = { result: { ...mine }, theirs: [], open: [] };
  for (const field of ['status'] as const) {
    const [was, their, own] = [seen[field], now[field], mine[field]];
    if (their === own || their === was) continue;
    if (own === was || choices[field] === 'theirs') {
      merged.result[field] = their;
      if (own === was) merged.theirs.push(field);
    } else if (choices[field] !== 'mine') merged.open.push(field);
  }
  return merged;
}
