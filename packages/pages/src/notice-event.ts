import type { NoticeRecord } from '@companion/content';
import { noticeHref } from './hrefs';
import { icsDocument, icsInstant, icsText } from './ics';

/** Where a notice's event is offered as a calendar file. */
export const noticeEventHref = (id: number): string => `/api/notice/${id}/event.ics`;

/**
 * The event a notice announces (a maintenance window) as an iCalendar object a calendar can add
 * and later update: the UID is the notice's, so an edited window replaces the event it added.
 * DTSTAMP is the notice's publication date, so the answer is a function of the content alone and
 * keeps its ETag. With PUBLIC_URL the event links to the notice's page.
 */
export function noticeEvent(notice: NoticeRecord & { event_starts_at: string; event_ends_at: string }, publicUrl: string | null | undefined): string {
  return icsDocument([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tunnel Companion//Notices//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:notice-${notice.id}-event@tunnel-companion`,
    `DTSTAMP:${icsInstant(`${notice.date}T00:00:00Z`)}`,
    `DTSTART:${icsInstant(notice.event_starts_at)}`,
    `DTEND:${icsInstant(notice.event_ends_at)}`,
    `SUMMARY:${icsText(notice.summary)}`,
    `DESCRIPTION:${icsText(notice.content)}`,
    `CATEGORIES:${icsText(notice.type)}`,
    ...(publicUrl ? [`URL:${publicUrl}${noticeHref(notice.id)}`] : []),
    // A maintenance blocks the reader's time no more than any announcement does.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}
