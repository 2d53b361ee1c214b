import type { SeenStatus } from '@companion/feedback-store';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '@companion/schema';

/**
 * The strong tag of a feedback's status and note (`ETag` of `PATCH /api/feedback/<id>`, the value
 * the console's status forms carry): the four values a change is made on, so the store checks
 * them in the write itself.
 */
export const statusTag = (record: SeenStatus): string =>
  `"st-${Buffer.from(JSON.stringify([record.status, record.note, record.status_by, record.status_at])).toString('base64url')}"`;

/** The status a tag stands for; null for anything that is not such a tag (it then matches no feedback). */
export function seenOfTag(tag: string): SeenStatus | null {
  const match = /^"st-([A-Za-z0-9_-]{1,4000})"$/.exec(tag.trim());
  if (!match) return null;
  try {
    const [status, note, by, at] = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as unknown[];
    const text = (v: unknown) => v === null || typeof v === 'string';
    if (!FEEDBACK_STATUSES.includes(status as FeedbackStatus) || !text(note) || !text(by) || !text(at)) return null;
    return { status: status as FeedbackStatus, note: note as string | null, status_by: by as string | null, status_at: at as string | null };
  } catch {
    return null;
  }
}

/** Unmatchable (a feedback holds no such status): an If-Match that is no tag of ours fails as a changed one does. */
export const NO_STATUS: SeenStatus = { status: 'new', note: null, status_by: '\u0000', status_at: null };
