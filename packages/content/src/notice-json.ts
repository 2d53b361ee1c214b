import { formatInstant, type Notice } from '@companion/schema';
import type { NoticeRecord } from './collections';

/**
 * A notice as the API returns it (and the preview shows it), `active` judged at request time.
 * The window is in the API's instant format (UTC, Z); null where the file sets none. The event
 * window is there only when the file sets one.
 */
export const noticeJson = (n: NoticeRecord, active: boolean): Notice => ({
  id: n.id,
  active,
  content: n.content,
  date: n.date,
  priority: n.priority,
  summary: n.summary,
  type: n.type,
  starts_at: n.starts_at ? formatInstant(n.starts_at) : null,
  expires_at: n.expires_at ? formatInstant(n.expires_at) : null,
  ...(n.event_starts_at && n.event_ends_at && { event_starts_at: formatInstant(n.event_starts_at), event_ends_at: formatInstant(n.event_ends_at) }),
  ...(n.audience && { audience: n.audience }),
});
