import type { Sessions } from '@companion/auth';
import { html, htmlText } from '@companion/html';
import express, { type Router } from 'express';
import { personOf, signedIn } from './access';
import { ACTIVITY_KINDS, activityPage, activityPeople, visibleKinds, type Activity, type ActivityFilter, type ActivityKind } from './activity';
import type { ConsoleDeps } from './deps';
import { CONSOLE, consolePage } from './layout';
import { refusalPage } from './sign-in-pages';
import { page } from './sign-in-routes';

export const ACTIVITY = `${CONSOLE}/activity`;
const PER_PAGE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter a query asks for; junk in a field is left out of it (and said). */
function filterOf(query: Record<string, unknown>, kinds: readonly ActivityKind[]): { filter: ActivityFilter; page: number; problems: string[] } {
  const text = (name: string) => (typeof query[name] === 'string' && (query[name] as string).trim() !== '' ? (query[name] as string).trim().slice(0, 200) : undefined);
  const problems: string[] = [];
  const filter: ActivityFilter = {};
  const who = text('who');
  if (who) filter.who = who;
  const kind = text('kind');
  if (kind && (kinds as readonly string[]).includes(kind)) filter.kind = kind as ActivityKind;
  else if (kind) problems.push(`No kind “${kind}” among those you may see.`);
  const subject = text('subject');
  if (subject) filter.subject = subject;
  for (const name of ['from', 'to'] as const) {
    const day = text(name);
    if (day && DAY.test(day)) filter[name] = day;
    else if (day) problems.push(`“${day}” is not a day (YYYY-MM-DD).`);
  }
  const number = Number(text('page') ?? '1');
  return { filter, page: Number.isSafeInteger(number) && number >= 1 && number <= 100_000 ? number : 1, problems };
}

const linkTo = (filter: ActivityFilter, page: number) => `${ACTIVITY}?${new URLSearchParams({ ...(filter as Record<string, string>), ...(page > 1 && { page: String(page) }) }).toString()}`;

function row(a: Activity) {
  return html`<tr><td><time datetime="${a.at}Z">${a.at.slice(0, 16).replace('T', ' ')}</time></td><td>${a.who}</td><td>${ACTIVITY_KINDS[a.kind]}</td><td><a href="${a.link}">${a.what}</a></td><td>${a.why}</td></tr>`;
}

/** `/console/activity`: who changed what, newest first, filtered by person, kind, subject and days, 50 a page. */
export function activityConsole(deps: ConsoleDeps, sessions: Sessions): Router {
  const router = express.Router();
  router.get('/', signedIn(sessions), async (req, res) => {
    const person = personOf(res);
    const kinds = visibleKinds(person);
    if (kinds.length === 0) return page(req, res, refusalPage('Not allowed', `The activity log lists what the scopes errors:read-log, catalog:draft, catalog:publish, feedback:read and releases:read let one read; ${person.actor} holds none of them.`, person), 403);
    const { filter, page: number, problems } = filterOf(req.query as Record<string, unknown>, kinds);
    const [{ items, more }, people] = await Promise.all([activityPage(deps, person, filter, number, PER_PAGE), activityPeople(deps, person)]);
    if (filter.who && !people.includes(filter.who)) people.push(filter.who);
    const option = (value: string, label: string, chosen: string | undefined) => html`<option value="${value}"${value === (chosen ?? '') ? html` selected` : ''}>${label}</option>`;
    const body = html`<h1>Activity</h1>
<p class="lead">Who changed what, newest first: catalogue changes and deletions, drafts and their publication, feedback statuses and notes, rollout halts, resumes and shares. Times are UTC.</p>
${problems.length > 0 && html`<div class="error-summary" role="alert"><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>`}
<form method="get" action="${ACTIVITY}" class="filters">
<div class="field"><label for="who">Person</label><select id="who" name="who">${option('', 'Anyone', filter.who)}${people.map((p) => option(p, p, filter.who))}</select></div>
<div class="field"><label for="kind">Kind</label><select id="kind" name="kind">${option('', 'Every kind', filter.kind)}${kinds.map((k) => option(k, ACTIVITY_KINDS[k], filter.kind))}</select></div>
<div class="field"><label for="subject">Entry, draft, feedback or release</label><input id="subject" name="subject" value="${filter.subject ?? ''}" placeholder="PORT1001, draft 3, #12, 1.12.0"></div>
<div class="field"><label for="from">From (UTC day)</label><input id="from" name="from" type="date" value="${filter.from ?? ''}"></div>
<div class="field"><label for="to">To (UTC day)</label><input id="to" name="to" type="date" value="${filter.to ?? ''}"></div>
<div class="actions"><button type="submit">Filter</button> <a href="${ACTIVITY}">Clear</a></div></form>
${
  items.length === 0
    ? html`<p id="activity-count" role="status">Nothing matches.</p>`
    : html`<p id="activity-count" role="status">Page ${number}: ${items.length} ${items.length === 1 ? 'change' : 'changes'}${more ? ', older ones on the next page' : ''}.</p>
<div class="table-scroll"><table class="activity"><caption>Activity, newest first</caption><thead><tr><th scope="col">When (UTC)</th><th scope="col">Who</th><th scope="col">Kind</th><th scope="col">What</th><th scope="col">Why</th></tr></thead>
<tbody>${items.map(row)}</tbody></table></div>`
}
<nav class="pages" aria-label="Pages">${number > 1 && html`<a href="${linkTo(filter, number - 1)}" rel="prev">Newer</a>`} ${more && html`<a href="${linkTo(filter, number + 1)}" rel="next">Older</a>`}</nav>`;
    page(req, res, consolePage(number > 1 ? `Activity, page ${number}` : 'Activity', htmlText(body), person));
  });
  return router;
}
