import type { Sessions, SignedIn } from '@companion/auth';
import { DraftChangedError, StorageUnavailableError, UnknownDraftError, type Draft, type DraftChange } from '@companion/catalog-store';
import { escapeHtml, htmlText, type Html } from '@companion/html';
import { ApiError, parseBody } from '@companion/http-kit';
import { errorEntryArticle } from '@companion/pages';
import { ErrorEntryInput, ErrorEntryUpdate, FLAG_PATTERN, type ErrorEntry } from '@companion/schema';
import express, { type Request, type Response, type Router } from 'express';
import { personOf, signedIn } from './access';
import { consoleWrite } from './api-write';
import type { ConsoleDeps } from './deps';
import { DRAFTS, draftListHtml, draftPageHtml, draftTitle, formOfDraft, isAuthor, mayDraft, mayReview, proposedEntry, publishable, publishQuestions, type ReviewState } from './drafts-views';
import { bodyOf, entryFormHtml, fieldErrors, fieldLabel, formFrom, formOfEntry, type EntryForm, type FieldErrors } from './entry-form';
import { choicesOf, mergeEdit } from './entry-merge';
import { flash } from './flash';
import { formKeyOf, newFormKey } from './form-key';
import { CONSOLE, consolePage } from './layout';
import { refusalPage } from './sign-in-pages';
import { checkCsrf, consoleForm, page } from './sign-in-routes';

const REASON_CHARS = 500;

/**
 * `/console/drafts`: changes of the catalogue saved for review. Anyone who may change the
 * catalogue (errors:write) or draft (catalog:draft) saves a change or a new entry as a draft; a
 * second person with catalog:publish sees it against what is live, and publishes it (a catalogue
 * change made through the API's own operation, merged with what changed since the draft was
 * made) or sends it back with a comment. Its author revises or withdraws it, never publishes it.
 */
export function draftsConsole(deps: ConsoleDeps, sessions: Sessions): Router {
  const router = express.Router();
  const drafts = () => deps.catalog.drafts;
  const limiter = deps.limiters.perPerson('catalog-drafts');
  const put = consoleWrite(deps, 'PUT', '/api/tunnel/errors/:flag');
  const create = consoleWrite(deps, 'POST', '/api/tunnel/errors');
  const entryOf = (flag: string) => deps.content.current().errors.get(flag);
  const who = (person: SignedIn) => ({ actor: person.actor, actor_id: person.id });
  const show = (req: Request, res: Response, person: SignedIn, title: string, main: Html | string, status = 200) => page(req, res, consolePage(title, typeof main === 'string' ? main : htmlText(main), person), status);
  const refuse = (req: Request, res: Response, person: SignedIn, text: string) => page(req, res, refusalPage('Not allowed', text, person), 403);
  const notFound = (req: Request, res: Response, person: SignedIn) => show(req, res, person, 'Not found', `<h1>Not found</h1><p>No draft has the number ${escapeHtml(String(req.params.id))}.</p><p><a href="${DRAFTS}">Drafts</a></p>`, 404);

  /** The draft of the path, or a 404 page (null). */
  async function draftOf(req: Request, res: Response, person: SignedIn): Promise<Draft | null> {
    const id = Number(req.params.id);
    try {
      if (Number.isSafeInteger(id) && id > 0) return await drafts().get(id);
    } catch (error) {
      if (!(error instanceof UnknownDraftError)) throw error;
    }
    notFound(req, res, person);
    return null;
  }

  /** The draft's page again, saying why the action was not taken (someone acted first, storage refused). */
  async function refused(req: Request, res: Response, person: SignedIn, id: number, error: unknown, status: number, review: ReviewState = {}) {
    const draft = await drafts().get(id);
    const live = entryOf(draft.flag);
    const message = `<p class="flash" role="alert">${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`;
    show(req, res, person, `Not done: ${draftTitle(draft)}`, `${message}\n${htmlText(draftPageHtml(person, draft, live, review))}`, status);
  }

  /** Runs a draft action; a draft changed meanwhile (409) or storage refusing (503) shows the draft again with why. */
  async function acting(req: Request, res: Response, person: SignedIn, id: number, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      if (error instanceof DraftChangedError) return refused(req, res, person, id, error, 409);
      if (error instanceof StorageUnavailableError) return refused(req, res, person, id, error, 503);
      throw error;
    }
  }

  /** The entry form for a draft: a new entry, or a change of `flag`; `action` keeps where it goes (and the version or Flag it was made on) in its query. */
  const draftForm = (person: SignedIn, title: string, form: EntryForm, errors: FieldErrors, options: { action: string; mode: 'create' | 'update'; etag?: string; preview?: Record<string, unknown>; intro: string; formKey?: string }) =>
    consolePage(
      errors.size > 0 ? `Not saved: ${title}` : title,
      `<nav class="crumbs"><a href="${DRAFTS}">Drafts</a> › <span>${escapeHtml(title)}</span></nav>
<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(options.intro)}</p>
${options.preview ? `<section class="preview" aria-labelledby="preview-heading"><h2 id="preview-heading">Preview</h2>${errorEntryArticle(options.preview as unknown as ErrorEntry)}</section>` : ''}
${entryFormHtml({ action: options.action, form, errors, csrf: person.session.csrf, mode: options.mode, submit: 'Save the draft', ...(options.etag && { etag: options.etag }), ...(options.formKey && { formKey: options.formKey }) })}`,
      person,
    );
  const INTRO = 'Saved as a draft, nothing reaches customers until a colleague with the catalog:publish scope publishes it. The reason you give is the first line of its thread.';

  /** The draft's body from a submitted form, checked with the API's own schema (ApiError 422). */
  function checkedBody(form: EntryForm, mode: 'create' | 'update'): Record<string, unknown> {
    const { reason: _reason, ...body } = bodyOf(form, mode);
    parseBody(mode === 'create' ? ErrorEntryInput : ErrorEntryUpdate, body);
    return body;
  }
  const reasonOf = (form: EntryForm) => (form.reason ?? '').trim().slice(0, 2000) || undefined;

  router.get('/', signedIn(sessions), async (req, res) => {
    const person = personOf(res);
    if (!mayDraft(person) && !mayReview(person)) return refuse(req, res, person, `Drafts need the catalog:draft, errors:write or catalog:publish scope, which ${person.actor} does not hold.`);
    show(req, res, person, 'Drafts', draftListHtml(person, await drafts().list()));
  });

  router.get('/new', signedIn(sessions), (req, res) => {
    const person = personOf(res);
    if (!mayDraft(person)) return refuse(req, res, person, `Drafting needs the catalog:draft or errors:write scope, which ${person.actor} does not hold.`);
    const flag = typeof req.query.flag === 'string' && FLAG_PATTERN.test(req.query.flag) ? req.query.flag : null;
    const live = flag ? entryOf(flag) : undefined;
    // The form's own key: sent twice (a double click, a resubmission), it makes one draft.
    const formKey = newFormKey();
    if (flag && live) return page(req, res, draftForm(person, `Propose a change of ${flag}`, formOfEntry(live), new Map(), { action: `${DRAFTS}/new?flag=${flag}`, mode: 'update', etag: deps.entryTag(live), intro: INTRO, formKey }));
    page(req, res, draftForm(person, 'Propose a new entry', {}, new Map(), { action: `${DRAFTS}/new`, mode: 'create', intro: INTRO, formKey }));
  });

  router.post('/new', consoleForm, signedIn(sessions), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    if (!mayDraft(person)) return refuse(req, res, person, `Drafting needs the catalog:draft or errors:write scope, which ${person.actor} does not hold.`);
    const flag = typeof req.query.flag === 'string' && FLAG_PATTERN.test(req.query.flag) ? req.query.flag : null;
    const mode = flag ? 'update' : 'create';
    const form = formFrom(req.body);
    const etag = typeof req.body.etag === 'string' ? req.body.etag : undefined;
    const title = flag ? `Propose a change of ${flag}` : 'Propose a new entry';
    const formKey = formKeyOf(req.body);
    const again = (errors: FieldErrors, status: number, preview?: Record<string, unknown>) =>
      page(req, res, draftForm(person, title, form, errors, { action: flag ? `${DRAFTS}/new?flag=${flag}` : `${DRAFTS}/new`, mode, ...(etag && { etag }), ...(preview && { preview }), intro: INTRO, formKey }), status);
    try {
      const body = checkedBody(form, mode);
      const target = flag ?? String(body.Flag);
      const live = entryOf(target);
      if (flag && !live) return show(req, res, person, 'Not found', `<h1>Not found</h1><p>The entry ${flag} is gone: it was deleted meanwhile. Nothing was saved.</p>`, 404);
      if (!flag && live) return again(new Map([['Flag', [`An entry ${target} exists already: propose a change of it instead.`]]]), 409);
      // The base is the version the form was loaded from (others may have saved since), else what is live.
      const base = flag ? (deps.catalog.history(flag).findLast((v) => !v.deleted && etag !== undefined && deps.entryTag(v.entry) === etag)?.entry ?? live!) : null;
      if (req.body.action === 'preview') return again(new Map(), 200, { ...proposedEntry({ body, base }), Flag: target, created_at: null, updated_at: null });
      const change: DraftChange = { flag: target, kind: mode, body, base };
      const draft = await drafts().start(change, who(person), reasonOf(form), formKey);
      await flash(sessions, req, res, `Saved as draft ${draft.id}: it waits for review.`);
      res.status(303).setHeader('Location', `${DRAFTS}/${draft.id}`).end();
    } catch (error) {
      if (error instanceof StorageUnavailableError) return again(new Map([['form', [`Not saved: ${error.message}`]]]), 503);
      if (!(error instanceof ApiError)) throw error;
      again(fieldErrors(error.details.length > 0 ? error.details : [{ path: 'form', message: error.message }]), error.status);
    }
  });

  router.get('/:id', signedIn(sessions), async (req, res) => {
    const person = personOf(res);
    if (!mayDraft(person) && !mayReview(person)) return refuse(req, res, person, `Drafts need the catalog:draft, errors:write or catalog:publish scope, which ${person.actor} does not hold.`);
    const draft = await draftOf(req, res, person);
    if (draft) show(req, res, person, draftTitle(draft), draftPageHtml(person, draft, entryOf(draft.flag)));
  });

  router.get('/:id/edit', signedIn(sessions), async (req, res) => {
    const person = personOf(res);
    const draft = await draftOf(req, res, person);
    if (!draft) return;
    if (!isAuthor(person, draft)) return refuse(req, res, person, `Only its author, ${draft.author}, edits draft ${draft.id}.`);
    page(req, res, draftForm(person, `Edit draft ${draft.id}`, formOfDraft(draft), new Map(), { action: `${DRAFTS}/${draft.id}/edit?version=${draft.version}`, mode: draft.kind, intro: 'Saving it again puts it back in the review queue. The reason you give joins its thread.' }));
  });

  router.post('/:id/edit', consoleForm, signedIn(sessions), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const draft = await draftOf(req, res, person);
    if (!draft) return;
    const form = formFrom(req.body);
    const version = Number(req.query.version);
    const again = (errors: FieldErrors, status: number, preview?: Record<string, unknown>) =>
      page(req, res, draftForm(person, `Edit draft ${draft.id}`, form, errors, { action: `${DRAFTS}/${draft.id}/edit?version=${version}`, mode: draft.kind, ...(preview && { preview }), intro: 'Saving it again puts it back in the review queue.' }), status);
    try {
      const body = checkedBody(form, draft.kind);
      if (req.body.action === 'preview') return again(new Map(), 200, { ...proposedEntry({ body, base: draft.base }), Flag: draft.flag, created_at: null, updated_at: null });
      await drafts().act(draft.id, version, 'revised', who(person), { change: { flag: draft.flag, kind: draft.kind, body: draft.kind === 'create' ? { ...body, Flag: draft.flag } : body, base: draft.base }, ...(reasonOf(form) && { comment: reasonOf(form) }) });
      await flash(sessions, req, res, `Draft ${draft.id} saved: it waits for review again.`);
      res.status(303).setHeader('Location', `${DRAFTS}/${draft.id}`).end();
    } catch (error) {
      if (error instanceof DraftChangedError) return again(new Map([['form', [error.message]]]), 409);
      if (error instanceof StorageUnavailableError) return again(new Map([['form', [`Not saved: ${error.message}`]]]), 503);
      if (!(error instanceof ApiError)) throw error;
      again(fieldErrors(error.details.length > 0 ? error.details : [{ path: 'form', message: error.message }]), error.status);
    }
  });

  router.post('/:id/publish', consoleForm, signedIn(sessions, 'catalog:publish'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const draft = await draftOf(req, res, person);
    if (!draft) return;
    const version = Number(req.body.version);
    const formKey = formKeyOf(req.body);
    const last = draft.events.at(-1)!;
    // A second submit of the same publication (a double click): the first did it.
    if (last.action === 'published' && last.actor_id === person.id && version === draft.version - 1) return published(req, res, draft);
    if (isAuthor(person, draft)) return refuse(req, res, person, `You drafted draft ${draft.id}: a colleague with the catalog:publish scope publishes it.`);
    if (version !== draft.version) return refused(req, res, person, draft.id, new DraftChangedError(draft.id, `Draft ${draft.id} changed since you opened it: ${last.actor} ${last.action} it. Look at it again.`), 409);
    const live = entryOf(draft.flag);
    if (!publishable(draft, live)) return refused(req, res, person, draft.id, new DraftChangedError(draft.id, `Draft ${draft.id} cannot be published now.`), 409);
    const reason = `Draft ${draft.id} by ${draft.author}, published by ${person.actor}`.slice(0, REASON_CHARS);
    try {
      if (draft.kind === 'create') {
        await create(req, res, person, { body: { ...draft.body, reason }, formKey });
      } else {
        // A three-way merge as a save makes: the draft against its base, and what is live now.
        const merged = mergeEdit(draft.base, live!, formOfDraft(draft), choicesOf(req.body));
        if (merged.open.length > 0) {
          const by = deps.catalog.history(draft.flag).at(-1)?.actor ?? 'the repository';
          const conflict = publishQuestions(by, merged.open.map((c) => ({ field: c.field, label: fieldLabel(c.field), theirs: c.theirs, mine: c.mine })));
          return show(req, res, person, `Changed meanwhile: ${draftTitle(draft)}`, draftPageHtml(person, draft, live, { conflict, formKey }), 409);
        }
        await put(req, res, person, { body: { ...bodyOf(merged.form, 'update'), reason }, params: { flag: draft.flag }, ifMatch: deps.entryTag(live!), formKey });
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Someone saved the entry between this page and the write: the page shows their change, to publish again.
      const status = error.code === 'PRECONDITION_FAILED' || error.code === 'DUPLICATE_FLAG' ? 409 : error.status;
      return refused(req, res, person, draft.id, new Error(`Not published: ${error.message}`), status);
    }
    const seq = deps.catalog.history(draft.flag).findLast((v) => v.reason === reason)?.seq ?? undefined;
    // The catalogue holds it now: recorded as published whatever the author did meanwhile, never "Not done".
    const done = await drafts().recordPublished(draft.id, version, who(person), seq ?? undefined);
    published(req, res, done);
  });

  async function published(req: Request, res: Response, draft: Draft) {
    await flash(sessions, req, res, `Published draft ${draft.id} by ${draft.author}.`);
    res.status(303).setHeader('Location', `${CONSOLE}/errors/${draft.flag}`).end();
  }

  router.post('/:id/return', consoleForm, signedIn(sessions, 'catalog:publish'), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const draft = await draftOf(req, res, person);
    if (!draft) return;
    if (isAuthor(person, draft)) return refuse(req, res, person, `You drafted draft ${draft.id}: edit or withdraw it instead.`);
    const comment = typeof req.body.comment === 'string' ? req.body.comment.trim() : '';
    if (comment === '' || comment.length > 2000) {
      const problem = comment === '' ? 'Say what to change: the author reads it.' : 'At most 2,000 characters.';
      return show(req, res, person, `Not sent back: ${draftTitle(draft)}`, draftPageHtml(person, draft, entryOf(draft.flag), { comment, problem }), 422);
    }
    await acting(req, res, person, draft.id, async () => {
      await drafts().act(draft.id, Number(req.body.version), 'returned', who(person), { comment });
      await flash(sessions, req, res, `Sent draft ${draft.id} back to ${draft.author}.`);
      res.status(303).setHeader('Location', `${DRAFTS}/${draft.id}`).end();
    });
  });

  router.post('/:id/withdraw', consoleForm, signedIn(sessions), limiter, async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const draft = await draftOf(req, res, person);
    if (!draft) return;
    await acting(req, res, person, draft.id, async () => {
      await drafts().act(draft.id, Number(req.body.version), 'withdrawn', who(person));
      await flash(sessions, req, res, `Draft ${draft.id} withdrawn.`);
      res.status(303).setHeader('Location', DRAFTS).end();
    });
  });

  return router;
}
