import type { ContentSnapshot } from '@companion/content';
import { NoticeIdParam } from '@companion/schema';
import { noticeEvent } from '@companion/pages';
import type { AppDeps } from '../deps';
import { ApiError, memoPerSnapshot, pathParam } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';

export const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** `GET /api/notice/<id>/event.ics`: the event a notice announces, for calendars; built once per snapshot. */
export function noticeEventRoutes({ publicUrl }: Pick<AppDeps, 'publicUrl'>): RouteDef[] {
  const events = memoPerSnapshot((notices: ContentSnapshot['notices']) => {
    const byId = new Map<number, string>();
    for (const n of notices) if (n.event_starts_at && n.event_ends_at) byId.set(n.id, noticeEvent({ ...n, event_starts_at: n.event_starts_at, event_ends_at: n.event_ends_at }, publicUrl));
    return { byId, ids: new Set(notices.map((n) => n.id)) };
  });
  return [
    {
      method: 'GET',
      path: '/api/notice/:id/event.ics',
      category: 'notices',
      description: 'The event a notice announces (a maintenance window) as an iCalendar file to add to a calendar; 404 when the notice has no event window',
      handlers: [],
      media: ['text/calendar'],
      // The shipped maintenance notice (8) has an event window; most notices have none.
      params: { id: NoticeIdParam.meta({ examples: [8] }) },
      errors: ['NOTICE_NOT_FOUND'],
      read: {
        slices: (snapshot) => [snapshot.notices],
        answer: (snapshot, request) => {
          const id = Number(pathParam(request, 'id', /^[1-9]\d{0,9}$/, 10, 'a positive integer id'));
          const { byId, ids } = events(snapshot.notices);
          const body = byId.get(id);
          if (body === undefined) throw new ApiError('NOTICE_NOT_FOUND', ids.has(id) ? `Notice ${id} announces no event (it has no event window).` : `No notice has id ${id}.`);
          return { kind: 'document', type: CALENDAR_TYPE, body };
        },
      },
    },
  ];
}
