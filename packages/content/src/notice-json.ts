import { formatInstant, type Notice } from '@companion/schema';
import type { NoticeRecord } from './collections';

/**
 * A notice as the API returns it (and the preview shows it), `active` judged at request time.
 * The window is in the API's timestamp format (UTC, no zone); null where the file sets none.
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
  ...(n.audience && { audience: n.audience }),
});
