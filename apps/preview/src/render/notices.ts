import { isNoticeActive, noticeJson, renderMarkdownReport, type ContentIssue, type ContentSnapshot, type NoticeRecord, type NoticeTranslation } from '@companion/content';
import { escapeHtml, memoByObject } from './html';
import { brokenFileCard, staleNote } from './issues';

/** Why a notice is or is not shown to clients right now. */
function stateOf(n: NoticeRecord, nowMs: number): { label: string; active: boolean } {
  const active = isNoticeActive(n, nowMs);
  if (active) return { label: 'active now', active };
  if (!n.active) return { label: 'inactive (active: false)', active };
  if (n.starts_at && nowMs < Date.parse(n.starts_at)) return { label: 'scheduled', active };
  return { label: 'expired', active };
}

const windowText = (n: NoticeRecord) =>
  n.starts_at || n.expires_at ? `window ${n.starts_at ?? 'always'} → ${n.expires_at ?? 'no end'}` : 'no window';
/** When what the notice announces happens, apart from when it is shown. */
const eventText = (n: NoticeRecord) => (n.event_starts_at && n.event_ends_at ? `<span>${escapeHtml(`event ${n.event_starts_at} → ${n.event_ends_at}`)}</span>` : '');

/** The body as the client shows it, and a note when raw HTML in it was removed. */
function renderBody(markdown: string): string {
  const { html, rawHtmlRemoved } = renderMarkdownReport(markdown);
  const note = rawHtmlRemoved ? '<p class="note">Raw HTML was removed: clients never render it. Write Markdown instead.</p>' : '';
  return `${note}${html}`;
}

const rendered = memoByObject((n: NoticeRecord | NoticeTranslation) => renderBody(n.content));

const audienceText = (n: NoticeRecord) => {
  if (!n.audience) return 'every client';
  const { versions, platforms, channels } = n.audience;
  return `for ${[versions && `versions ${versions}`, platforms?.join(', '), channels && `${channels.join(', ')} channel`].filter(Boolean).join(' · ')}`;
};

/** The notice's translations, side by side, each rendered as a client in that language sees it. */
function translationsOf(n: NoticeRecord, translations: ReadonlyMap<string, NoticeTranslation> | undefined): string {
  if (!translations || translations.size === 0) return '';
  const columns = [...translations.values()]
    .sort((a, b) => (a.lang < b.lang ? -1 : 1))
    .map(
      (t) => `<section class="translation" lang="${escapeHtml(t.lang)}"><div class="label">${escapeHtml(t.lang)} · <code>${escapeHtml(t.file)}</code> · GET /api/notice/${n.id}?lang=${escapeHtml(t.lang)}</div>
<h4>${escapeHtml(t.summary)}</h4><div class="rendered">${rendered(t)}</div></section>`,
    );
  return `<div class="translations"><div class="label">Translations (${translations.size})</div><div class="translation-columns">${columns.join('\n')}</div></div>`;
}

function noticeCard(n: NoticeRecord, nowMs: number, issues: readonly ContentIssue[], translations: ReadonlyMap<string, NoticeTranslation> | undefined): string {
  const state = stateOf(n, nowMs);
  const json = JSON.stringify(noticeJson(n, state.active), null, 2);
  return `<article class="card notice${issues.length > 0 ? ' has-issues' : ''}" id="notice-${n.id}" data-file="${escapeHtml(n.file)}">
<header><h3>${escapeHtml(n.summary)}</h3>
<div class="meta"><span class="badge type-${n.type}">${n.type}</span><span>id ${n.id}</span><span>priority ${n.priority}</span>
<span class="state ${state.active ? 'on' : 'off'}">${escapeHtml(state.label)}</span><span>${escapeHtml(windowText(n))}</span>${eventText(n)}<span class="audience">${escapeHtml(audienceText(n))}</span><span>${escapeHtml(n.date)}</span><code>${escapeHtml(n.file)}</code></div></header>
${staleNote(issues)}
<div class="columns"><div class="rendered">${rendered(n)}</div>
<div class="json"><div class="label">GET /api/notice/${n.id} → data</div><pre>${escapeHtml(json)}</pre></div></div>
${translationsOf(n, translations)}
</article>`;
}

/**
 * Every notice in API order, plus the notice files that do not load yet, each with its draft
 * body (`drafts`: file -> Markdown) rendered beside its problems.
 */
export function noticesSection(notices: readonly NoticeRecord[], byFile: ReadonlyMap<string, ContentIssue[]>, nowMs: number, drafts: ReadonlyMap<string, string>, translations: ContentSnapshot['noticeTranslations']): string {
  const served = new Set(notices.map((n) => n.file));
  const broken = [...byFile].filter(([file]) => file.startsWith('notices/') && !served.has(file));
  const draft = (file: string) => {
    const body = drafts.get(file);
    return body ? renderBody(body) : undefined;
  };
  const cards = [...broken.map(([file, issues]) => brokenFileCard('notice', file, issues, draft(file))), ...notices.map((n) => noticeCard(n, nowMs, byFile.get(n.file) ?? [], translations.get(n.id)))];
  return `<section id="notices"><h2>Notices <small>${notices.length}, highest priority first</small></h2>\n${cards.join('\n')}</section>`;
}
