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
  note: string | null;
  /** Who set the status last, and when (`...Z`); null while it is `new` as submitted. */
  status_by: string | null;
  status_at: string | null;
  user_ip: string;
}

/** A feedback's status as the last person who set it left it. */
export interface FeedbackStatusMark {
  status: FeedbackStatus;
  note: string | null;
  status_by: string;
  status_at: string;
}

export const UNWORKED = { status: 'new', note: null, status_by: null, status_at: null } as const;

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
 * A line of `feedback-events.jsonl`: a status set, or an erasure (which names ids, never the
 * address, and how many mail outbox messages it erased). A keyed change carries its key's claim
 * in its own line.
 */
export type FeedbackEvent =
  | { kind: 'status'; feedback: number; status: FeedbackStatus; note?: string; actor: string; at: string; reason?: string; idempotency?: IdempotencyClaim }
  | { kind: 'erasure'; feedback: number[]; actor: string; at: string; reason?: string; outbox?: number; idempotency?: IdempotencyClaim };
