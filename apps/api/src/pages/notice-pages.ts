import type { Notice } from '@companion/schema';
import { escapeHtml, langAttribute, layout, type JsonLink } from './html';
import { noticeHref, NOTICES_HREF } from './hrefs';
import { markdownHtml, shiftHeadings } from './rendered';

const TYPE_LABELS: Record<Notice['type'], string> = { notice: 'Notice', maintenance: 'Maintenance', update: 'Update', security: 'Security' };

/** A notice's type, date and (on its own page) whether it is shown to clients now. */
function noticeMeta(notice: Notice, single: boolean): string {
  const state = single && !notice.active ? '<span class="state inactive">Not active</span>' : '';
  return `<p class="meta"><span class="kind kind-${notice.type}">${TYPE_LABELS[notice.type]}</span><time datetime="${notice.date}">${notice.date}</time>${state}</p>`;
}

/** The active notices, highest priority first, each whole with a link to its own page. */
export function noticeListPage(notices: readonly Notice[], lang: string): string {
  const items = notices.map(
    (n) => `<article class="notice" id="notice-${n.id}"${langAttribute(n.lang, lang)}>
${noticeMeta(n, false)}
<h2><a href="${noticeHref(n.id)}">${escapeHtml(n.summary)}</a></h2>
<div class="prose">${shiftHeadings(markdownHtml(n.content), 2)}</div>
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
    `<nav class="crumbs"><a href="${NOTICES_HREF}">Notices</a> › ${notice.id}</nav>
<article class="notice single">
${noticeMeta(notice, true)}
<h1>${escapeHtml(notice.summary)}</h1>
<div class="prose">${shiftHeadings(markdownHtml(notice.content), 1)}</div>
</article>`,
    'notices',
    json,
    lang,
  );
}
