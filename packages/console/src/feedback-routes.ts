import { FEEDBACK_STATUSES, FEEDBACK_TYPES, FeedbackErasureInput, PLATFORMS, type FeedbackStatus } from '@companion/schema';
import { feedbackHoldsAddress, FeedbackChangedError, type FeedbackRecord, type SeenStatus } from '@companion/feedback-store';
import express, { type Request, type Router } from 'express';
import type { Sessions, SignedIn } from '@companion/auth';
import type { ConsoleDeps } from './deps';
import { ApiError, claimOf } from '@companion/http-kit';
import { escapeHtml } from '@companion/html';
import { feedbackFilter, feedbackWork, NO_STATUS, seenOfTag, sendFeedbackCsv, statusTag, unavailable } from '@companion/feedback-work';
import { personOf, signedIn } from './access';
import { inboxCharts, type InboxCounts } from './feedback-charts';
import { CONSOLE, consolePage, csrfField } from './layout';
import { flash } from './flash';
import { checkCsrf, consoleForm, page, safeNext } from './sign-in-routes';
import { formKeyField, formKeyOf, withFormKey } from './form-key';
import { mergeStatus, type StatusChoice, type StatusField } from './status-merge';

const INBOX = `${CONSOLE}/feedback`;
const PER_PAGE = 50;
/** The most feedback the charts count; past it they say so. */
const CHART_LIMIT = 100_000;
const FILTERS = ['type', 'platform', 'client_version', 'status', 'from', 'to', 'q'] as const;

/** The query of the view, only the filters (for links back and the CSV). */
function viewQuery(req: Request): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = req.query[name];
    if (typeof value === 'string' && value !== '') query.set(name, value);
  }
  return query;
}

const select = (name: string, label: string, values: readonly string[], chosen: string | undefined) =>
  `<div class="field"><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}"><option value="">any</option>${values.map((v) => `<option${v === chosen ? ' selected' : ''}>${v}</option>`).join('')}</select></div>`;
const input = (name: string, label: string, type: string, value: string | undefined, extra = '') =>
  `<div class="field"><label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" type="${type}" value="${escapeHtml(value ?? '')}"${extra}></div>`;

function filtersForm(req: Request, problem: string | null): string {
  const q = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
  return `<form method="get" action="${INBOX}" class="filters" aria-label="Filters">
${select('type', 'Type', FEEDBACK_TYPES, q('type'))}${select('platform', 'Platform', PLATFORMS, q('platform'))}${select('status', 'Status', FEEDBACK_STATUSES, q('status'))}
${input('client_version', 'Client version', 'text', q('client_version'), ' placeholder="1.11.2"')}${input('from', 'From', 'date', q('from'))}${input('to', 'To', 'date', q('to'))}${input('q', 'Text', 'search', q('q'))}
<div class="actions"><button type="submit">Filter</button> <a href="${INBOX}">Clear</a></div>
${problem ? `<p class="field-error" role="alert">${escapeHtml(problem)}</p>` : ''}</form>`;
}

/** A feedback's status form: it carries the status it was made on (If-Match), so a stale one never overwrites a colleague's. */
function statusForm(record: FeedbackRecord, person: SignedIn, back: string, shown: StatusChoice = record, extra = ''): string {
  return `<form method="post" action="${INBOX}/${record.id}/status" class="status-form">${csrfField(person.session.csrf)}${formKeyField()}<input type="hidden" name="back" value="${escapeHtml(back)}"><input type="hidden" name="seen" value="${escapeHtml(statusTag(record))}">${extra}
<label for="status-${record.id}">Status</label><select id="status-${record.id}" name="status">${FEEDBACK_STATUSES.map((s) => `<option${s === shown.status ? ' selected' : ''}>${s}</option>`).join('')}</select>
<button type="submit">Set</button></form>`;
}

/**
 * A feedback's notes, oldest first, each with its author and time, and (for feedback:write) a
 * form adding one. The form carries only its own text; `data-keep` lets the console's script keep
 * typed text across another form's submit and ask before the page is left with it unsent.
 */
function notesThread(record: FeedbackRecord, person: SignedIn, back: string): string {
  const notes = record.notes
    .map((n) => `<li><p class="note-text">${escapeHtml(n.text)}</p><p class="by">${escapeHtml(n.by)}, <time datetime="${escapeHtml(n.at)}">${escapeHtml(n.at.slice(0, 16).replace('T', ' '))} UTC</time></p></li>`)
    .join('');
  const add = person.scopes.has('feedback:write')
    ? `<form method="post" action="${INBOX}/${record.id}/notes" class="note-form" data-keep data-unsaved>${csrfField(person.session.csrf)}${formKeyField()}<input type="hidden" name="back" value="${escapeHtml(back)}">
<label for="note-${record.id}">Add a note</label><textarea id="note-${record.id}" name="note" rows="2" maxlength="2000"></textarea>
<button type="submit">Add the note</button></form>`
    : '';
  return `<section class="notes" aria-label="Notes on #${record.id}">${notes ? `<ol class="notes">${notes}</ol>` : ''}${add}</section>`;
}

function item(record: FeedbackRecord, person: SignedIn, back: string): string {
  const eraseOne = record.contact && person.scopes.has('feedback:erase') ? ` <a href="${INBOX}/erasure?contact=${encodeURIComponent(record.contact)}">Erase this address</a>` : '';
  const meta = [record.type, record.platform, record.client_version, record.created_at.slice(0, 16).replace('T', ' ') + ' UTC'].filter(Boolean).map((m) => `<span>${escapeHtml(m!)}</span>`).join('');
  const status = person.scopes.has('feedback:write') ? statusForm(record, person, back) : '';
  return `<li class="feedback" id="feedback-${record.id}"><p class="meta"><strong>#${record.id}</strong>${meta}<span class="status status-${record.status}">${record.status}</span></p>
<p class="content">${escapeHtml(record.content)}</p>
${record.contact ? `<p class="contact">Contact: ${escapeHtml(record.contact)}${eraseOne}</p>` : ''}${record.status_by ? `<p class="status-by">Status set by ${escapeHtml(record.status_by)}, <time datetime="${escapeHtml(record.status_at ?? '')}">${escapeHtml((record.status_at ?? '').slice(0, 16).replace('T', ' '))} UTC</time></p>` : ''}
${status}
${notesThread(record, person, back)}</li>`;
}

/**
 * Erasing an address: the form; once sent, what it would erase (each matching feedback) with a
 * button to confirm, or "nothing matched" said as such, so a typo never looks like an erasure.
 */
function erasurePage(person: SignedIn, contact: string, reason: string, matching: FeedbackRecord[] | null, problem?: string): string {
  const form = (confirm: boolean, label: string) => `<form method="post" action="${INBOX}/erasure">${csrfField(person.session.csrf)}
${confirm ? `${formKeyField()}<input type="hidden" name="contact" value="${escapeHtml(contact)}"><input type="hidden" name="reason" value="${escapeHtml(reason)}"><input type="hidden" name="confirm" value="yes">` : `<div class="field${problem ? ' invalid' : ''}"><label for="erase-contact">E-mail address</label><input id="erase-contact" name="contact" type="email" required autocomplete="off" value="${escapeHtml(contact)}"${problem ? ' aria-invalid="true" aria-describedby="erase-error"' : ''}>${problem ? `<p class="field-error" id="erase-error">${escapeHtml(problem)}</p>` : ''}</div>
<div class="field"><label for="erase-reason">Reason</label><input id="erase-reason" name="reason" maxlength="500" value="${escapeHtml(reason)}"></div>`}
<div class="actions"><button type="submit">${label}</button></div></form>`;
  let found = '';
  if (matching && matching.length === 0) found = `<p class="notice" role="alert">Nothing matched <strong>${escapeHtml(contact)}</strong>: no feedback holds it as its contact or in its text. Check the spelling; nothing was erased.</p>`;
  else if (matching)
    found = `<section aria-labelledby="erase-what"><h2 id="erase-what">${matching.length} feedback hold ${escapeHtml(contact)}</h2>
<p>Erasing removes the address from each (as contact, and wherever the text holds it); the rest of each feedback stays. This cannot be undone.</p>
<ol class="inbox">${matching.map((r) => `<li class="feedback"><p class="meta"><strong>#${r.id}</strong><span>${escapeHtml(r.created_at.slice(0, 16).replace('T', ' '))} UTC</span>${r.contact ? `<span>Contact: ${escapeHtml(r.contact)}</span>` : ''}</p><p class="content">${escapeHtml(r.content.length > 300 ? `${r.content.slice(0, 300)} …` : r.content)}</p></li>`).join('')}</ol>
${form(true, `Erase it from these ${matching.length} feedback`)}<p><a href="${INBOX}/erasure">Cancel</a></p></section>`;
  return consolePage(
    'Erase an address',
    `<nav class="crumbs"><a href="${INBOX}">Feedback</a> › <span>Erase an address</span></nav>
<h1>Erase a submitter's e-mail address</h1>
${found}
${matching && matching.length > 0 ? '' : form(false, 'Show what would be erased')}`,
    person,
  );
}

const FIELD_NAMES: Record<StatusField, string> = { status: 'Status' };
const said = (choice: StatusChoice) => choice.status;

/** A status change that met a colleague's: what they set, what this person set, and one question per field both changed. */
function statusConflictPage(person: SignedIn, now: FeedbackRecord, mine: StatusChoice, shown: StatusChoice, open: StatusField[], back: string, unanswered: boolean): string {
  const by = now.status_by ?? 'someone';
  const questions = open
    .map(
      (field) => `<fieldset class="clash"><legend>${FIELD_NAMES[field]}: both of you changed it</legend>
<p class="choice"><input type="radio" id="resolve-${field}-theirs" name="resolve-${field}" value="theirs"><label for="resolve-${field}-theirs">Keep ${escapeHtml(by)}'s: ${escapeHtml(now[field] ?? '(none)')}</label>
<input type="radio" id="resolve-${field}-mine" name="resolve-${field}" value="mine"><label for="resolve-${field}-mine">Keep mine: ${escapeHtml(mine[field] ?? '(none)')}</label></p></fieldset>`,
    )
    .join('\n');
  return consolePage(
    `Changed meanwhile: #${now.id}`,
    `<h1>#${now.id} was changed meanwhile</h1>
<section class="conflict" role="alert" aria-labelledby="conflict-heading"><h2 id="conflict-heading">Changed meanwhile by ${escapeHtml(by)}</h2>
<p>Your change is not saved yet. ${escapeHtml(by)} set <strong>${escapeHtml(said(now))}</strong>; you set <strong>${escapeHtml(said(mine))}</strong>.</p>
${unanswered ? '<p class="field-error">Choose whose value to keep for each field both of you changed.</p>' : ''}</section>
<p class="content">${escapeHtml(now.content)}</p>
${statusForm(now, person, back, shown, `<input type="hidden" name="ask" value="${open.join(' ')}">${questions}`)}
<p><a href="${escapeHtml(back)}#feedback-${now.id}">Leave it as ${escapeHtml(by)} set it</a></p>`,
    person,
  );
}

/** The console's feedback inbox: filters, a status and a thread of notes per item, CSV of the view, charts, erasure on request. */
export function feedbackConsole(deps: ConsoleDeps, sessions: Sessions): Router {
  const { feedback } = deps;
  const router = express.Router();
  // Counted under the API's counter for statuses and erasures (shared in PostgreSQL; per limiter in memory).
  const limiter = deps.limiters.perPerson('feedback-work');
  const work = feedbackWork(deps, feedback);
  /** A form's key as the claim of its write, in the person's key space (see form-key.ts). */
  const claim = (req: Request, person: SignedIn, key: string, body: unknown) =>
    claimOf({ method: 'POST', path: req.path, authorization: undefined, key: `"${key}"`, owner: `console ${person.actor}`, body });

  router.get('/', signedIn(sessions, 'feedback:read'), async (req, res) => {
    const person = personOf(res);
    const query = viewQuery(req);
    let filter;
    try {
      filter = feedbackFilter({ query: Object.fromEntries(query) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return page(req, res, consolePage('Feedback', `<h1>Feedback</h1>${filtersForm(req, error.message)}`, person), 400);
    }
    const pageNo = Math.max(1, Math.min(1_000_000, Number(req.query.page) || 1));
    const list = await feedback.list({ page: pageNo, perPage: PER_PAGE, ...filter }).catch(unavailable('read'));
    const counts: InboxCounts = { total: 0, byDayType: new Map(), byVersion: new Map(), byPlatform: new Map(), capped: false };
    for await (const record of feedback.scan(filter)) {
      if (++counts.total > CHART_LIMIT) {
        counts.capped = true;
        break;
      }
      const day = record.created_at.slice(0, 10);
      const types = counts.byDayType.get(day) ?? new Map();
      types.set(record.type, (types.get(record.type) ?? 0) + 1);
      counts.byDayType.set(day, types);
      counts.byVersion.set(record.client_version ?? 'unknown', (counts.byVersion.get(record.client_version ?? 'unknown') ?? 0) + 1);
      counts.byPlatform.set(record.platform ?? 'unknown', (counts.byPlatform.get(record.platform ?? 'unknown') ?? 0) + 1);
    }
    // A status set on page 2 comes back to page 2.
    const here = new URLSearchParams(query);
    if (pageNo > 1) here.set('page', String(pageNo));
    const back = `${INBOX}${here.size > 0 ? `?${here}` : ''}`;
    const pages = Math.max(1, Math.ceil(list.total / PER_PAGE));
    const pager = pages > 1 ? `<nav class="pager" aria-label="Pages">${pageNo > 1 ? `<a href="${INBOX}?${new URLSearchParams([...query, ['page', String(pageNo - 1)]])}">Newer</a>` : ''} Page ${pageNo} of ${pages} ${pageNo < pages ? `<a href="${INBOX}?${new URLSearchParams([...query, ['page', String(pageNo + 1)]])}">Older</a>` : ''}</nav>` : '';
    const erase = person.scopes.has('feedback:erase') ? `<p><a href="${INBOX}/erasure">Erase a submitter's e-mail address</a></p>` : '';
    page(
      req,
      res,
      consolePage(
        'Feedback',
        `<h1>Feedback</h1>
${erase}
${filtersForm(req, null)}
<p role="status"><strong>${list.total}</strong> feedback match. <a href="${INBOX}/export${query.size > 0 ? `?${query}` : ''}" download>Download them as CSV</a></p>
${inboxCharts(counts)}
<h2>Newest first</h2>
<ol class="inbox">${list.records.map((r) => item(r, person, back)).join('\n')}</ol>
${pager}`,
        person,
        { charts: true },
      ),
    );
  });

  router.get('/export', signedIn(sessions, 'feedback:read'), (req, res) => sendFeedbackCsv(feedback, deps.clock, req, res));

  router.post('/:id/status', consoleForm, signedIn(sessions, 'feedback:write'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const id = Number(req.params.id);
    const status = String(req.body.status) as FeedbackStatus;
    if (!Number.isSafeInteger(id) || !FEEDBACK_STATUSES.includes(status)) return page(req, res, consolePage('Not changed', '<h1>Not changed</h1><p>Unknown feedback or status.</p>', person), 400);
    // Decided before the change is saved: nothing about the way back can fail after it.
    const given = safeNext(req.body.back, INBOX);
    const back = given.startsWith(INBOX) ? given : INBOX;
    let seen: SeenStatus | undefined = typeof req.body.seen === 'string' ? (seenOfTag(req.body.seen) ?? undefined) : undefined;
    const choices: Partial<Record<StatusField, 'mine' | 'theirs'>> = {};
    for (const field of ['status'] as const) if (req.body[`resolve-${field}`] === 'mine' || req.body[`resolve-${field}`] === 'theirs') choices[field] = req.body[`resolve-${field}`];
    const mine: StatusChoice = { status };
    // An answer to a conflict: "theirs" is what the page showed them holding.
    if (seen && choices.status === 'theirs') mine.status = seen.status;
    const asked = (typeof req.body.ask === 'string' ? req.body.ask.split(' ') : []).filter((f: string) => f === 'status' && !choices[f]) as StatusField[];
    // The form's own key: a second submit of it (or a resubmission) is answered with the first change.
    const formBody = { status, seen: req.body.seen ?? null, choices, asked };
    const firstSeen = seen;
    let taken = '';
    const done = await withFormKey(formKeyOf(req.body), async (key): Promise<{ record: FeedbackRecord | null } | { conflict: string }> => {
      const keyed = claim(req, person, key, formBody);
      let wanted = mine;
      seen = firstSeen;
      taken = '';
      for (let attempt = 0; ; attempt++) {
        try {
          // A conflict page sent back without an answer: asked again (a change made on no status reads the feedback as it is).
          const on = asked.length > 0 ? NO_STATUS : seen;
          const { outcome } = await work.setStatus(id, { status: wanted.status, ...(on && { seen: on }) }, { actor: person.actor }, keyed);
          return { record: outcome };
        } catch (error) {
          if (!(error instanceof FeedbackChangedError) || attempt === 3) return unavailable('changed')(error);
          const now = error.current;
          if (asked.length > 0) return { conflict: statusConflictPage(person, now, mine, mine, asked, back, true) };
          const merged = mergeStatus(seen!, now, wanted, choices);
          if (merged.open.length > 0) return { conflict: statusConflictPage(person, now, mine, merged.result, merged.open, back, false) };
          if (merged.theirs.length > 0) taken = `, keeping the ${merged.theirs.map((f) => FIELD_NAMES[f].toLowerCase()).join(' and ')} ${now.status_by ?? 'a colleague'} set meanwhile`;
          wanted = merged.result;
          seen = now;
        }
      }
    });
    if ('conflict' in done) return page(req, res, done.conflict, 409);
    const { record } = done;
    if (!record) return page(req, res, consolePage('Not found', '<h1>Not found</h1><p>No feedback has this id.</p>', person), 404);
    const kept = taken;
    await flash(sessions, req, res, `#${id} set to ${record.status}${kept}.`);
    res.status(303).setHeader('Location', `${back}#feedback-${id}`).end();
  });

  // A note joins the feedback's thread under the person's name; the status stays as it is.
  router.post('/:id/notes', consoleForm, signedIn(sessions, 'feedback:write'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const id = Number(req.params.id);
    const text = typeof req.body.note === 'string' ? req.body.note.trim() : '';
    const given = safeNext(req.body.back, INBOX);
    const back = given.startsWith(INBOX) ? given : INBOX;
    if (!Number.isSafeInteger(id) || text === '' || text.length > 2000) {
      const why = text === '' ? 'The note was empty: write something to add.' : text.length > 2000 ? 'A note holds at most 2000 characters.' : 'Unknown feedback.';
      return page(req, res, consolePage('Note not added', `<h1>Note not added</h1><p class="lead" role="alert">${escapeHtml(why)}</p><p><a href="${escapeHtml(back)}${Number.isSafeInteger(id) ? `#feedback-${id}` : ''}">Back to the feedback</a></p>`, person), text === '' || text.length > 2000 ? 422 : 400);
    }
    // The form's own key: a second submit of it (a double click) adds the note once.
    const { outcome: record } = await withFormKey(formKeyOf(req.body), (key) => work.addNote(id, text, { actor: person.actor }, claim(req, person, key, { note: text }))).catch(unavailable('changed'));
    if (!record) return page(req, res, consolePage('Not found', '<h1>Not found</h1><p>No feedback has this id.</p>', person), 404);
    await flash(sessions, req, res, `Note added to #${id}.`);
    res.status(303).setHeader('Location', `${back}#feedback-${id}`).end();
  });

  router.get('/erasure', signedIn(sessions, 'feedback:erase'), (req, res) => {
    const contact = typeof req.query.contact === 'string' ? req.query.contact.slice(0, 320) : '';
    page(req, res, erasurePage(personOf(res), contact, '', null));
  });

  // Two steps: what would be erased (the matching feedback, or "nothing matched"), then, confirmed, the erasure.
  router.post('/erasure', consoleForm, signedIn(sessions, 'feedback:erase'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const contact = typeof req.body.contact === 'string' ? req.body.contact.trim() : '';
    const reason = typeof req.body.reason === 'string' ? req.body.reason.trim().slice(0, 500) : '';
    // The API's own schema: the console takes what the API takes.
    const parsed = FeedbackErasureInput.safeParse({ contact, ...(reason && { reason }) });
    if (!parsed.success) return page(req, res, erasurePage(person, contact, reason, null, parsed.error.issues[0]!.message), 422);
    if (req.body.confirm !== 'yes') {
      // Found as the erasure finds it: in every form the address is written (feedbackHoldsAddress).
      const matching: FeedbackRecord[] = [];
      for await (const record of feedback.scan({})) if (feedbackHoldsAddress(record, contact)) matching.push(record);
      return page(req, res, erasurePage(person, contact, reason, matching));
    }
    // The confirm form's own key: a second submit of it shows what the first erased.
    const who = { actor: person.actor, ...(reason && { reason }) };
    const { ids, outbox_messages: mails } = (await withFormKey(formKeyOf(req.body), (key) => work.erase(contact, who, claim(req, person, key, { contact, reason })))).outcome;
    const said =
      ids.length === 0 && mails === 0
        ? `Nothing matched ${contact}: no feedback held it (it may have been erased meanwhile). Nothing was changed.`
        : `Erased ${contact} from ${ids.length} feedback (${ids.map((id) => `#${id}`).join(', ')})${mails > 0 ? ` and ${mails} message${mails === 1 ? '' : 's'} of the mail outbox` : ''}. The log records the erasure without the address.`;
    const nothing = ids.length === 0 && mails === 0;
    page(req, res, consolePage(nothing ? 'Nothing erased' : 'Erased', `<h1>${nothing ? 'Nothing erased' : 'Erased'}</h1><p role="status">${escapeHtml(said)}</p><p><a href="${INBOX}">Back to the feedback</a></p>`, person));
  });

  return router;
}
