import type { Sessions, SignedIn } from '@companion/auth';
import { html, htmlText, markup } from '@companion/html';
import { ApiError } from '@companion/http-kit';
import { errorEntryArticle } from '@companion/pages';
import { FLAG_PATTERN, type ErrorEntry } from '@companion/schema';
import express, { type Request, type Response, type Router } from 'express';
import { personOf, signedIn } from './access';
import { consoleWrite } from './api-write';
import type { ConsoleDeps } from './deps';
import { changedFields, diffTable } from './entry-views';
import { flash } from './flash';
import { formKeyField, formKeyOf } from './form-key';
import { CONSOLE, consolePage, csrfField } from './layout';
import { checkCsrf, consoleForm, page } from './sign-in-routes';

const ERRORS = `${CONSOLE}/errors`;

/** What a deletion form shows again: the reason typed, what was wrong, what changed since the page was opened. */
interface DeleteState {
  reason?: string;
  problem?: string;
  changed?: { by: string; rows: ReturnType<typeof changedFields> };
  formKey?: string;
}

function deletePage(person: SignedIn, entry: ErrorEntry, etag: string, state: DeleteState = {}): string {
  const flag = entry.Flag;
  const changed = state.changed
    ? html`<section class="conflict" role="alert" aria-labelledby="changed-heading"><h2 id="changed-heading" tabindex="-1">Changed meanwhile by ${state.changed.by}</h2>
<p>Nothing was deleted. This is the entry as it is now; delete it only if that is still right.</p>${markup(diffTable(state.changed.rows, 'When you opened the page', 'Now', 'What changed since'))}</section>`
    : '';
  return consolePage(
    `${state.problem || state.changed ? 'Not deleted: ' : ''}Delete ${flag}?`,
    htmlText(html`<nav class="crumbs"><a href="${ERRORS}">Catalogue</a> › <a href="${ERRORS}/${flag}">${flag}</a> › <span>Delete</span></nav>
<h1>Delete ${flag}?</h1>
<p class="lead">Customers looking it up will no longer find it. The deletion is recorded with your name and reason, reaches the repository with the next export as any API change does, and can be undone from the entry's history.</p>
${changed}
<section class="preview" aria-label="The entry as customers see it now">${markup(errorEntryArticle(entry))}</section>
<form method="post" action="${ERRORS}/${flag}/delete" class="delete-form" novalidate>${markup(csrfField(person.session.csrf))}<input type="hidden" name="etag" value="${etag}">${markup(formKeyField(state.formKey))}
<div class="field${state.problem ? ' invalid' : ''}"><label for="reason">Why it goes</label><span class="hint" id="reason-hint">kept in the history and the activity log</span><textarea id="reason" name="reason" rows="3" maxlength="500" required aria-describedby="reason-hint${state.problem ? ' reason-error' : ''}"${state.problem ? markup(' aria-invalid="true"') : ''}>${state.reason ?? ''}</textarea>${state.problem && html`<p class="field-error" id="reason-error">${state.problem}</p>`}</div>
<div class="actions"><button type="submit" class="danger">Delete ${flag}</button> <a href="${ERRORS}/${flag}">Keep it</a></div></form>`),
    person,
  );
}

/**
 * `/console/errors/<flag>/delete`: deleting an entry, after a confirmation that shows it and asks
 * why. The deletion is the API's own DELETE, made on the version the page showed (If-Match): an
 * edit meanwhile shows what changed and asks again instead of deleting it unseen.
 */
export function deleteConsole(deps: ConsoleDeps, sessions: Sessions): Router {
  const router = express.Router();
  const remove = consoleWrite(deps, 'DELETE', '/api/tunnel/errors/:flag');
  const entryOf = (flag: string) => deps.content.current().errors.get(flag);
  const gone = (req: Request, res: Response, person: SignedIn, flag: string) =>
    page(req, res, consolePage('Not found', `<h1>Not found</h1><p>No entry has the Flag ${flag}: it was deleted already.</p><p><a href="${ERRORS}/${flag}/history">Its history</a></p>`, person), 404);

  router.get('/:flag/delete', signedIn(sessions, 'errors:write'), (req, res) => {
    const person = personOf(res);
    const flag = String(req.params.flag);
    const entry = FLAG_PATTERN.test(flag) ? entryOf(flag) : undefined;
    if (!entry) return gone(req, res, person, FLAG_PATTERN.test(flag) ? flag : 'given');
    page(req, res, deletePage(person, entry, deps.entryTag(entry)));
  });

  router.post('/:flag/delete', consoleForm, signedIn(sessions, 'errors:write'), async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const flag = String(req.params.flag);
    const entry = FLAG_PATTERN.test(flag) ? entryOf(flag) : undefined;
    if (!entry) return gone(req, res, person, FLAG_PATTERN.test(flag) ? flag : 'given');
    const reason = typeof req.body.reason === 'string' ? req.body.reason.trim() : '';
    const etag = typeof req.body.etag === 'string' ? req.body.etag : deps.entryTag(entry);
    const formKey = formKeyOf(req.body);
    if (reason === '' || reason.length > 500) {
      return page(req, res, deletePage(person, entry, etag, { reason, formKey, problem: reason === '' ? 'Say why it goes: the history keeps it.' : 'At most 500 characters.' }), 422);
    }
    try {
      await remove(req, res, person, { params: { flag }, query: { reason }, ifMatch: etag, formKey });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'ERROR_ENTRY_NOT_FOUND') return gone(req, res, person, flag);
      if (error.code !== 'PRECONDITION_FAILED') throw error;
      const seen = deps.catalog.history(flag).findLast((v) => !v.deleted && deps.entryTag(v.entry) === etag)?.entry ?? null;
      const by = deps.catalog.history(flag).at(-1)?.actor ?? 'the repository';
      return page(req, res, deletePage(person, entry, deps.entryTag(entry), { reason, changed: { by, rows: changedFields(seen, entry) } }), 409);
    }
    await flash(sessions, req, res, `Deleted ${flag}.`);
    res.status(303).setHeader('Location', ERRORS).end();
  });

  return router;
}
