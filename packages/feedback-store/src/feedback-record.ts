import type { IdempotencyClaim } from '@companion/idempotency';
import { FEEDBACK_TYPES, TIMESTAMP_PATTERN, type FeedbackStatus, type FeedbackType } from '@companion/schema';

/** One feedback as stored in `feedback.jsonl` (the journal adds `seq`, the feedback's id). */
export interface StoredFeedback {
  /** `2026-11-25T22:04:40.123456` (UTC, no zone). */
  created_at: string;
  type: FeedbackType;
  content: string;
  contact?: string;
  client_version?: string;
  platform?: string;
  user_ip: string;
  /** The submission's Idempotency-Key, when it came with one. */
  idempotency?: IdempotencyClaim;
}

/** One feedback as `list()` returns it. */
export interface FeedbackRecord {
  id: number;
  /** `2026-11-25T22:04:40.123456Z`. */
  created_at: string;
  type: FeedbackType;
  content: string;
  contact: string | null;
  client_version: string | null;
  platform: string | null;
  status: FeedbackStatus;
  /** The text of the latest note of `notes`; null without one. */
  note: string | null;
  /** The notes of the people who work the feedback, oldest first, each with its author and time. */
  notes: FeedbackNote[];
  /** Who set the status last, and when (`...Z`); null while it is `new` as submitted. */
  status_by: string | null;
  status_at: string | null;
  user_ip: string;
}

/** A note in a feedback's thread: who wrote it, when (`...Z`), and what. */
export interface FeedbackNote {
  by: string;
  at: string;
  text: string;
}

/** A feedback's status as the last person who set it left it, and its notes (a note may come before any status). */
export interface FeedbackStatusMark {
  status: FeedbackStatus;
  note: string | null;
  notes: FeedbackNote[];
  status_by: string | null;
  status_at: string | null;
}

export const UNWORKED = { status: 'new', note: null, notes: [], status_by: null, status_at: null } as const;

export function toFeedbackRecord(stored: StoredFeedback & { seq: number }, mark: FeedbackStatusMark | undefined): FeedbackRecord {
  return {
    id: stored.seq,
    // Stored as the interface's timestamp (UTC, no zone); answered in RFC 3339 with Z.
    created_at: `${stored.created_at}Z`,
    type: stored.type,
    content: stored.content,
    contact: stored.contact ?? null,
    client_version: stored.client_version ?? null,
    platform: stored.platform ?? null,
    ...(mark ?? UNWORKED),
    notes: mark ? [...mark.notes] : [],
    user_ip: stored.user_ip,
  };
}

/** A cheap shape check for replay; throws so the journal reports the line as corrupt. */
export function checkStoredFeedback(record: StoredFeedback): void {
  if (!FEEDBACK_TYPES.includes(record.type)) throw new Error(`unknown type ${JSON.stringify(record.type)}`);
  if (typeof record.created_at !== 'string' || !TIMESTAMP_PATTERN.test(record.created_at)) throw new Error('bad created_at');
  if (typeof record.content !== 'string') throw new Error('no content');
}

/**
 * A line of `feedback-events.jsonl`: a status set, a note added to a feedback's thread (its text
 * in `note`, where erasure looks), or an erasure (which names ids, never the address, and how
 * many mail outbox messages it erased). A keyed change carries its key's claim in its own line.
 * A status line with a `note` was written before notes were a thread: its note is the thread's
 * when it differs from the one the status before carried (a form sent the note again unchanged).
 */
export type FeedbackEvent =
  | { kind: 'status'; feedback: number; status: FeedbackStatus; note?: string; actor: string; at: string; reason?: string; idempotency?: IdempotencyClaim }
  | { kind: 'note'; feedback: number; note: string; actor: string; at: string; reason?: never; idempotency?: IdempotencyClaim }
  | { kind: 'erasure'; feedback: number[]; actor: string; at: string; reason?: string; outbox?: number; idempotency?: IdempotencyClaim };
