import type { Sessions } from '@companion/auth';
import type { ErrorSearch } from '@companion/error-search';
import { html, htmlText, markup } from '@companion/html';
import { formatUtcInstant, FLAG_PATTERN } from '@companion/schema';
import { dayOf, firstDayOf, normaliseQuery, SEARCH_COUNT_DAYS, type SearchReportRow } from '@companion/search-feedback';
import express, { type Router } from 'express';
import { personOf, signedIn } from './access';
import type { ConsoleDeps } from './deps';
import { CONSOLE, consolePage, csrfField } from './layout';
import { checkCsrf, consoleForm, page } from './sign-in-routes';

export const SEARCH = `${CONSOLE}/search`;
const ROWS = 20;
const PERIODS = [7, 30, SEARCH_COUNT_DAYS] as const;


function table(caption: string, rows: SearchReportRow[], columns: ('searches' | 'empty' | 'clicks' | 'chosen')[]) {
  const heads = { searches: 'Searches', empty: 'Found nothing', clicks: 'Entries opened', chosen: 'Opened after it' } as const;
  const cell = (row: SearchReportRow, column: (typeof columns)[number]) =>
    column === 'chosen' ? html`<td>${row.chosen.slice(0, 3).map((c, i) => html`${i > 0 && ', '}<a href="${CONSOLE}/errors/${c.flag}"><code>${c.flag}</code></a> (${c.clicks})`)}</td>` : html`<td class="number">${row[column]}</td>`;
  return rows.length === 0
    ? html`<h2>${caption}</h2><p>None in this period.</p>`
    : html`<h2>${caption}</h2><div class="table-scroll"><table><caption>${caption}</caption><thead><tr><th scope="col">Query</th><th scope="col">Language</th>${columns.map((c) => html`<th scope="col">${heads[c]}</th>`)}</tr></thead>
<tbody>${rows.slice(0, ROWS).map((row) => html`<tr><td><a href="${SEARCH}?q=${encodeURIComponent(row.query)}">${row.query}</a></td><td>${row.lang}</td>${columns.map((c) => cell(row, c))}</tr>`)}</tbody></table></div>`;
}

/**
 * `/console/search`: the catalogue's search as customers get it, where staff mark the entry that
 * answered a query ("This answered it": the search then reads the query as text of that entry;
 * "Take it back" undoes it),
 * and what customers searched for: top queries, queries that found nothing, queries after which
 * no entry was opened, and the entries opened, per language, over 7, 30 or 90 days.
 */
export function searchAnalyticsConsole(deps: ConsoleDeps, sessions: Sessions, search: ErrorSearch): Router {
  const router = express.Router();
  const feedback = deps.searchFeedback;
  router.get('/', signedIn(sessions, 'errors:read-log'), async (req, res) => {
    const person = personOf(res);
    const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 1000).trim() : '';
    const days = PERIODS.find((d) => String(d) === req.query.days) ?? 30;
    const langs = typeof req.query.lang === 'string' && /^[a-z]{2}$/.test(req.query.lang) ? req.query.lang : '';
    const snapshot = deps.content.current();
    const hits = q === '' ? [] : search.search(snapshot, { q, limit: 10 });
    if (q !== '') feedback?.recorder.searched(q, hits[0]?.language ?? 'en', hits.length);
    const now = deps.clock.nowMicros();
    const report = feedback ? (await feedback.store.report(firstDayOf(now, days), dayOf(now))).filter((row) => langs === '' || row.lang === langs) : [];
    const languages = [...new Set(report.map((row) => row.lang))].sort();
    /** Per Flag marked as the answer to this query, the language it was marked in. */
    const asked = normaliseQuery(q);
    const answered = new Map(feedback && hits.length > 0 ? (await feedback.store.answers()).filter((a) => a.query === asked).map((a) => [a.flag, a.lang]) : []);
    const answerForm = (action: 'answered' | 'unanswered', flag: string, lang: string, label: string) =>
      html`<form method="post" action="${SEARCH}/${action}" class="inline">${markup(csrfField(person.session.csrf))}<input type="hidden" name="q" value="${q}"><input type="hidden" name="flag" value="${flag}"><input type="hidden" name="lang" value="${lang}"><button type="submit"${action === 'unanswered' && html` class="secondary"`}>${label}</button></form>`;
    const writer = feedback && person.scopes.has('errors:write');
    const hit = (h: (typeof hits)[number]) =>
      html`<li><a href="${SEARCH}/open?${new URLSearchParams({ q, flag: h.entry.Flag, lang: h.language ?? 'en' }).toString()}"><code>${h.entry.Flag}</code></a> ${h.entry.Info.slice(0, 140)}
${
  answered.has(h.entry.Flag)
    ? html` <strong>Marked as the answer.</strong> ${writer && answerForm('unanswered', h.entry.Flag, answered.get(h.entry.Flag)!, 'Take it back')}`
    : writer && answerForm('answered', h.entry.Flag, h.language ?? 'en', 'This answered it')
}</li>`;
    const body = html`<h1>Search</h1>
<p class="lead">Search the catalogue as customers do. Mark the entry that answered a query: the search then finds that entry for the same words. Below, what customers searched for on the error pages and here (counts per day, nothing about who searched; ${SEARCH_COUNT_DAYS} days kept).</p>
<form method="get" action="${SEARCH}" class="filters" role="search">
<div class="field"><label for="q">Query</label><input id="q" name="q" value="${q}" type="search"></div>
<div class="field"><label for="days">Period</label><select id="days" name="days">${PERIODS.map((d) => html`<option value="${d}"${d === days && html` selected`}>Last ${d} days</option>`)}</select></div>
<div class="field"><label for="lang">Language</label><select id="lang" name="lang"><option value="">Every language</option>${languages.map((l) => html`<option value="${l}"${l === langs && html` selected`}>${l}</option>`)}</select></div>
<div class="actions"><button type="submit">Search</button></div></form>
${q !== '' && (hits.length === 0 ? html`<p role="status">Nothing found for “${q}”.</p>` : html`<ol class="search-hits">${hits.map(hit)}</ol>`)}
${
  q !== '' &&
  feedback &&
  person.scopes.has('errors:write') &&
  html`<form method="post" action="${SEARCH}/answered" class="filters">${markup(csrfField(person.session.csrf))}<input type="hidden" name="q" value="${q}"><input type="hidden" name="lang" value="${hits[0]?.language ?? 'en'}">
<div class="field"><label for="answer-flag">Another entry answered it (its Flag)</label><input id="answer-flag" name="flag" placeholder="NET3004" pattern="[A-Z]+[0-9]+"></div>
<div class="actions"><button type="submit">Mark it as the answer</button></div></form>`
}
${!feedback && html`<p>Search counts are not kept by this service.</p>`}
${feedback && table('Top queries', report, ['searches', 'empty', 'clicks', 'chosen'])}
${feedback && table('Queries that found nothing', report.filter((r) => r.empty > 0).sort((a, b) => b.empty - a.empty), ['empty', 'searches'])}
${feedback && table('Queries after which no entry was opened', report.filter((r) => r.searches > 0 && r.clicks === 0), ['searches'])}
${feedback && table('Entries opened after a search', report.filter((r) => r.clicks > 0).sort((a, b) => b.clicks - a.clicks), ['clicks', 'chosen'])}`;
    page(req, res, consolePage(q === '' ? 'Search' : `Search: ${q.slice(0, 60)}`, htmlText(body), person));
  });

  // An entry opened from the results: counted, then shown.
  router.get('/open', signedIn(sessions, 'errors:read-log'), (req, res) => {
    const flag = typeof req.query.flag === 'string' && FLAG_PATTERN.test(req.query.flag) && deps.content.current().errors.has(req.query.flag) ? req.query.flag : null;
    if (!flag) return void res.status(303).setHeader('Location', SEARCH).end();
    const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 1000) : '';
    const lang = typeof req.query.lang === 'string' && /^[a-z]{2}$/.test(req.query.lang) ? req.query.lang : 'en';
    feedback?.recorder.opened(q, lang, flag);
    res.status(303).setHeader('Location', `${CONSOLE}/errors/${flag}`).end();
  });

  router.post('/answered', consoleForm, signedIn(sessions, 'errors:write'), async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const q = typeof req.body.q === 'string' ? req.body.q.slice(0, 1000) : '';
    const flag = typeof req.body.flag === 'string' && FLAG_PATTERN.test(req.body.flag) && deps.content.current().errors.has(req.body.flag) ? req.body.flag : null;
    const lang = typeof req.body.lang === 'string' && /^[a-z]{2}$/.test(req.body.lang) ? req.body.lang : 'en';
    const query = normaliseQuery(q);
    if (feedback && flag && query !== '') await feedback.store.markAnswer({ query, lang, flag, at: formatUtcInstant(deps.clock.nowMicros()) });
    res.status(303).setHeader('Location', `${SEARCH}?${new URLSearchParams({ q }).toString()}`).end();
  });
  // A mark taken back: the search no longer reads the query as text of that entry.
  router.post('/unanswered', consoleForm, signedIn(sessions, 'errors:write'), async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const q = typeof req.body.q === 'string' ? req.body.q.slice(0, 1000) : '';
    const flag = typeof req.body.flag === 'string' && FLAG_PATTERN.test(req.body.flag) ? req.body.flag : null;
    const lang = typeof req.body.lang === 'string' && /^[a-z]{2}$/.test(req.body.lang) ? req.body.lang : 'en';
    const query = normaliseQuery(q);
    if (feedback && flag && query !== '') await feedback.store.unmarkAnswer({ query, lang, flag });
    res.status(303).setHeader('Location', `${SEARCH}?${new URLSearchParams({ q }).toString()}`).end();
  });
  return router;
}
