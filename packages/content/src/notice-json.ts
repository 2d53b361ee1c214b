import type { Notice } from '@companion/schema';
import type { NoticeRecord } from './collections';

/** A notice as the API returns it (and the preview shows it), `active` judged at request time. */
export const noticeJson = (n: NoticeRecord, active: boolean): Notice => ({
  id: n.id,
  active,
  content: n.content,
  date: n.date,
  priority: n.priority,
  summary: n.summary,
  type: n.type,
});
