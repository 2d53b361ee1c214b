import type { Notice } from '@companion/schema';
import { escapeHtml } from '@companion/html';
import { langAttribute, layout, type JsonLink } from './layout';
import { noticeHref, NOTICES_HREF } from './hrefs';
import { markdownHtml, shiftHeadings } from './rendered';
import { noticeEventHref } from './notice-event';

const TYPE_LABELS: Record<Notice['type'], string> = { notice: 'Notice', maintenance: 'Maintenance', update: 'Update', security: 'Security' };

/** A notice's type, date and (on its own page) whether it is shown to clients now. */
function noticeMeta(notice: Notice, single: boolean): string {
  const state = single && !notice.active ? '<span class="state inactive">Not active</span>' : '';
  return `<p class="meta"><span class="kind kind-${notice.type}">${TYPE_LABELS[notice.type]}</span><time datetime="${notice.date}">${notice.date}</time>${state}</p>`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
// `Sun 6 Dec 2026`: the comma en-GB puts after the weekday would make two in `Sun, 6 Dec 2026, 01:00`.
const day = { format: (date: Date) => dayFormat.format(date).replace(',', '') };
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
const timeTag = (iso: string, text: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(text)}</time>`;

/**
 * When what the notice announces happens (`Sun 6 Dec 2026, 01:00–03:00 UTC`), apart from when
 * the notice is shown, with the calendar file to add it from (on `base`, for feeds). Empty for a
 * notice without one.
 */
export function eventWindow(notice: Pick<Notice, 'id' | 'type' | 'event_starts_at' | 'event_ends_at'>, base = ''): string {
  const { event_starts_at: starts, event_ends_at: ends } = notice;
  if (!starts || !ends) return '';
  const [from, to] = [new Date(starts), new Date(ends)];
  const sameDay = day.format(from) === day.format(to);
  const span = sameDay
    ? `${timeTag(starts, `${day.format(from)}, ${clock.format(from)}`)}–${timeTag(ends, clock.format(to))} UTC`
    : `${timeTag(starts, `${day.format(from)}, ${clock.format(from)} UTC`)} – ${timeTag(ends, `${day.format(to)}, ${clock.format(to)} UTC`)}`;
  const label = notice.type === 'maintenance' ? 'Maintenance window' : 'When';
  return `<p class="event"><span class="event-label">${label}</span> <span class="event-span">${span}</span> <a class="add-to-calendar" href="${escapeHtml(base)}${noticeEventHref(notice.id)}" type="text/calendar" download="notice-${notice.id}.ics">Add to calendar</a></p>`;
}

/** The active notices, highest priority first, each whole with a link to its own page. */
export function noticeListPage(notices: readonly Notice[], lang: string): string {
  const items = notices.map(
    (n) => `<article class="notice" id="notice-${n.id}"${langAttribute(n.lang, lang)}>
${noticeMeta(n, false)}
<h2><a href="${noticeHref(n.id)}">${escapeHtml(n.summary)}</a></h2>
${eventWindow(n)}<div class="prose">${shiftHeadings(markdownHtml(n.content), 2)}</div>
</article>`,
  );
  const body = items.length === 0 ? '<p class="none">There is no active notice.</p>' : items.join('\n');
  const json: JsonLink = { href: '/api/notice', label: 'Active notices as JSON' };
  return layout('Notices', `<h1>Notices</h1>\n<p class="lead">Announcements for users of the Tunnel Companion client, most important first.</p>\n${body}`, 'notices', json, lang);
}

/** One notice, active or not (a link to it may outlive its window). */
export function noticePage(notice: Notice, lang: string): string {
  const json: JsonLink = { href: `/api/notice/${notice.id}`, label: 'This notice as JSON' };
  return layout(
    notice.summary,
    `<nav class="crumbs"><a href="${NOTICES_HREF}">Notices</a> › <span class="here"${langAttribute(notice.lang, lang)}>${escapeHtml(notice.summary)}</span></nav>
<article class="notice single">
${noticeMeta(notice, true)}
<h1>${escapeHtml(notice.summary)}</h1>
${eventWindow(notice)}<div class="prose">${shiftHeadings(markdownHtml(notice.content), 1)}</div>
</article>`,
    'notices',
    json,
    lang,
  );
}
