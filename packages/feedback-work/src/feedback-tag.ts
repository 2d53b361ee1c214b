import type { SeenStatus } from '@companion/feedback-store';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '@companion/schema';

/**
 * The strong tag of a feedback's status (`ETag` of `PATCH /api/feedback/<id>`, the value the
 * console's status forms carry): the three values a change is made on, so the store checks them
 * in the write itself. Notes are not among them: a note added meanwhile joins the thread and
 * never makes a status change conflict.
 */
export const statusTag = (record: SeenStatus): string => `"st-${Buffer.from(JSON.stringify([record.status, record.status_by, record.status_at])).toString('base64url')}"`;

/** The status a tag stands for; null for anything that is not such a tag (it then matches no feedback). */
export function seenOfTag(tag: string): SeenStatus | null {
  const match = /^"st-([A-Za-z0-9_-]{1,4000})"$/.exec(tag.trim());
  if (!match) return null;
  try {
    const parts = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as unknown[];
    const [status, by, at] = parts;
    const text = (v: unknown) => v === null || typeof v === 'string';
    if (!Array.isArray(parts) || parts.length !== 3 || !FEEDBACK_STATUSES.includes(status as FeedbackStatus) || !text(by) || !text(at)) return null;
    return { status: status as FeedbackStatus, status_by: by as string | null, status_at: at as string | null };
  } catch {
    return null;
  }
}

/** Unmatchable (a feedback holds no such status): an If-Match that is no tag of ours fails as a changed one does. */
export const NO_STATUS: SeenStatus = { status: 'new', status_by: '\u0000', status_at: null };
