import type { NoticeRecord } from './collections';

/** A notice is active when flagged so and, if it has a window, `nowMs` lies inside it. */
export function isNoticeActive(notice: NoticeRecord, nowMs: number): boolean {
  if (!notice.active) return false;
  if (notice.starts_at && nowMs < Date.parse(notice.starts_at)) return false;
  if (notice.expires_at && nowMs >= Date.parse(notice.expires_at)) return false;
  return true;
}
