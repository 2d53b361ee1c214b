import { UnknownFlagError } from '@companion/catalog-store';
import type { ErrorSearch } from '@companion/error-search';
import type { ErrorEntry } from '@companion/schema';
import express, { type Request, type Router } from 'express';
import type { Sessions, SignedIn } from '@companion/auth';
import type { ConsoleDeps } from './deps';
import { ApiError, parseBody } from '@companion/http-kit';
import { errorEntryArticle } from '@companion/pages';
import { escapeHtml } from '@companion/html';
import { FLAG_PATTERN, ErrorEntryInput, ErrorEntryUpdate } from '@companion/schema';
import { personOf, signedIn } from './access';
import { consoleWrite } from './api-write';
import { bodyOf, EDITED, entryFormHtml, fieldErrors, fieldLabel, formFrom, formOfEntry, type EditedField, type EntryForm, type FieldErrors } from './entry-form';
import { applyItemChoices, choicesOf, isQuestion, mergeEdit, type FieldClash, type MergedEdit } from './entry-merge';
import { changedFields, conflictSection, diffTable, historyHtml } from './entry-views';
import { flash } from './flash';
import { formKeyField, formKeyOf, newFormKey } from './form-key';
import { CONSOLE, consolePage, csrfField } from './layout';
import { checkCsrf, consoleForm, page } from './sign-in-routes';

const ERRORS = `${CONSOLE}/errors`;

const searchPage = (person: SignedIn, q: string, hits: { entry: ErrorEntry }[]) =>
  consolePage(
    'Catalogue',
    `<h1>Catalogue</h1>
${person.scopes.has('errors:write') ? `<p><a class="button" href="${ERRORS}/new">Add an entry</a></p>` : person.scopes.has('catalog:draft') ? `<p><a class="button" href="${CONSOLE}/drafts/new">Propose a new entry</a></p>` : ''}
<form role="search" method="get" action="${ERRORS}" class="search" data-live-search>
<label for="q">Search the catalogue</label>
<input id="q" name="q" type="search" value="${escapeHtml(q)}" autocomplete="off" aria-controls="results" maxlength="1000">
<button type="submit">Search</button>
</form>
<p id="result-count" role="status">${hits.length} ${hits.length === 1 ? 'entry' : 'entries'}</p>
<ul id="results" class="results">${hits.map(({ entry }) => resultItem(entry)).join('')}</ul>`,
    person,
  );

/** An entry's first line, cut at a word near 160 characters. */
const summary = (info: string): string => {
  // Read as text: inline Markdown marks (code, emphasis, links) dropped.
  const line = info.split('\n')[0]!.replace(/`([^`]*)`/g, '$1').replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, '$1$2').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
  return line.length <= 160 ? line : `${line.slice(0, 160).replace(/\s+\S*$/, '')} …`;
};

const resultItem = (entry: ErrorEntry) => `<li><a href="${ERRORS}/${entry.Flag}"><code>${entry.Flag}</code></a> <span>${escapeHtml(summary(entry.Info))}</span></li>`;

/** The console's catalogue: search as you type, entry pages with a preview, add and edit forms, history with restore. */
export function catalogConsole(deps: ConsoleDeps, sessions: Sessions, search: ErrorSearch): Router {
  const router = express.Router();
  const { entryTag } = deps;
  const put = consoleWrite(deps, 'PUT', '/api/tunnel/errors/:flag');
  const create = consoleWrite(deps, 'POST', '/api/tunnel/errors');
  const restore = consoleWrite(deps, 'POST', '/api/tunnel/errors/:flag/restore');
  const entryOf = (flag: string) => deps.content.current().errors.get(flag);
  /** Every version of the Flag; none for a Flag that never had an entry (the store throws then). */
  const historyOf = (flag: string) => {
    try {
      return deps.catalog.history(flag);
    } catch (error) {
      if (error instanceof UnknownFlagError) return [];
      throw error;
    }
  };
  const lastActor = (flag: string) => historyOf(flag).at(-1)?.actor ?? 'someone';
  const conflictHtml = (flag: string, form: EntryForm, clashes: FieldClash[], merged?: MergedEdit) => conflictSection({ by: lastActor(flag), form, clashes, ...(merged && { merged }) });
  /** The version of the Flag's history an edit or restore page was loaded from (its ETag): the base of a three-way merge. */
  const versionOf = (flag: string, tag: string | undefined) => (tag === undefined ? null : (deps.catalog.history(flag).findLast((v) => !v.deleted && entryTag(v.entry) === tag)?.entry ?? null));
  const flagOf = (req: Request) => {
    const flag = String(req.params.flag);
    return FLAG_PATTERN.test(flag) ? flag : null;
  };

  router.get('/', signedIn(sessions), (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 1000).trim() : '';
    const snapshot = deps.content.current();
    const hits = q === '' ? [...snapshot.errors.values()].sort((a, b) => a.Flag.localeCompare(b.Flag)).map((entry) => ({ entry })) : search.search(snapshot, { q, limit: 50 });
    page(req, res, searchPage(personOf(res), q, hits));
  });

  const editor = (person: SignedIn, title: string, form: EntryForm, errors: FieldErrors, options: { action: string; mode: 'create' | 'update'; etag?: string; preview?: ErrorEntry; conflict?: string; formKey?: string }) =>
    consolePage(
      // The title says a form came back refused, so it is heard before anything else.
      errors.size > 0 ? `Not saved: ${title}` : options.conflict ? `Changed meanwhile: ${title}` : title,
      `<nav class="crumbs"><a href="${ERRORS}">Catalogue</a> › <span>${escapeHtml(title)}</span></nav>
<h1>${escapeHtml(title)}</h1>
${options.preview ? `<section class="preview" aria-labelledby="preview-heading"><h2 id="preview-heading">Preview</h2>${errorEntryArticle(options.preview)}</section>` : ''}
${entryFormHtml({ action: options.action, form, errors, csrf: person.session.csrf, mode: options.mode, submit: options.mode === 'create' ? 'Add the entry' : 'Save', ...(options.etag && { etag: options.etag }), ...(options.formKey && { formKey: options.formKey }), ...(options.conflict && { conflict: options.conflict }) })}`,
      person,
    );

  router.get('/new', signedIn(sessions, 'errors:write'), (req, res) => {
    page(req, res, editor(personOf(res), 'New entry', {}, new Map(), { action: `${ERRORS}/new`, mode: 'create', formKey: newFormKey() }));
  });

  router.post('/new', consoleForm, signedIn(sessions, 'errors:write'), async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const form = formFrom(req.body);
    const body = bodyOf(form, 'create');
    // The form's key, kept through previews and corrections: the add it makes is done once.
    const formKey = formKeyOf(req.body);
    const show = (errors: FieldErrors, status: number, preview?: ErrorEntry) => page(req, res, editor(person, 'New entry', form, errors, { action: `${ERRORS}/new`, mode: 'create', formKey, ...(preview && { preview }) }), status);
    try {
      if (req.body.action === 'preview') {
        const input = parseBody(ErrorEntryInput, body);
        return show(new Map(), 200, { ...input, category: input.category ?? 'general', severity: input.severity ?? 'medium', messages: input.messages ?? [], creator: input.creator ?? null, notes: input.notes ?? null, created_at: null, updated_at: null } as unknown as ErrorEntry);
      }
      await create(req, res, person, { body, formKey });
      res.status(303).setHeader('Location', `${ERRORS}/${String(body.Flag)}`).end();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      show(error.code === 'DUPLICATE_FLAG' ? new Map([['Flag', [error.message]]]) : fieldErrors(error.details.length > 0 ? error.details : [{ path: 'form', message: error.message }]), error.status);
    }
  });

  router.get('/:flag', signedIn(sessions), (req, res) => {
    const person = personOf(res);
    const flag = flagOf(req);
    const entry = flag ? entryOf(flag) : undefined;
    if (!flag || !entry) return page(req, res, consolePage('Not found', `<h1>Not found</h1><p>No entry has the Flag ${escapeHtml(String(req.params.flag))}.</p>${flag && person.scopes.has('errors:read-log') ? `<p><a href="${ERRORS}/${flag}/history">Its history</a> (a deleted entry can be restored there)</p>` : ''}`, person), 404);
    const links = `<p class="entry-links">${person.scopes.has('errors:read-log') ? `<a href="${ERRORS}/${flag}/history">History and restore</a> ` : ''}${person.scopes.has('catalog:draft') || person.scopes.has('errors:write') ? `<a href="${CONSOLE}/drafts/new?flag=${flag}">Propose a change (a draft for review)</a> ` : ''}${person.scopes.has('errors:write') ? `<a href="${ERRORS}/${flag}/delete">Delete this entry</a>` : ''}</p>`;
    const edit = person.scopes.has('errors:write')
      ? `<h2>Edit</h2>${entryFormHtml({ action: `${ERRORS}/${flag}`, form: formOfEntry(entry), errors: new Map(), csrf: person.session.csrf, etag: entryTag(entry), mode: 'update', submit: 'Save', formKey: newFormKey() })}`
      : '';
    page(req, res, consolePage(flag, `<nav class="crumbs"><a href="${ERRORS}">Catalogue</a> › <span>${flag}</span></nav>${links}<section class="preview" aria-label="The entry as customers see it">${errorEntryArticle(entry)}</section>${edit}`, person));
  });

  router.post('/:flag', consoleForm, signedIn(sessions, 'errors:write'), async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const flag = flagOf(req);
    const current = flag ? entryOf(flag) : undefined;
    if (!flag || !current) return page(req, res, consolePage('Not found', `<h1>Not found</h1><p>The entry is gone: it was deleted meanwhile.</p>`, person), 404);
    const etag = typeof req.body.etag === 'string' ? req.body.etag : undefined;
    // The version the form was loaded from: the base of a three-way merge if others saved meanwhile.
    const base = versionOf(flag, etag);
    // A conflict's answers: a field where "theirs" was chosen takes the value the form was loaded
    // with; items of a list where "theirs" was chosen take the other person's items.
    const choices = choicesOf(req.body);
    const form = formFrom(req.body);
    if (base) for (const field of EDITED) if (choices[field] === 'theirs') form[field] = formOfEntry(base)[field] ?? '';
    const lost = applyItemChoices(form, choices, req.body);
    const asked: string[] = (typeof req.body.ask === 'string' ? req.body.ask.split(' ') : []).filter((q: string) => isQuestion(q) && (!choices[q] || lost.includes(q)));
    /** A question asked again, from what the conflict form carried. */
    const clashOf = (question: string): FieldClash => {
      const [field, at] = question.split('.') as [EditedField, string | undefined];
      const text = (name: string) => (typeof req.body[name] === 'string' ? (req.body[name] as string) : '');
      if (at === undefined) return { field, base: '', theirs: formOfEntry(base ?? current)[field] ?? '', mine: form[field] ?? '' };
      const [theirs, mine] = [text(`theirs-${question}`), text(`mine-${question}`)];
      return { field, base: '', theirs, mine, item: { at: Number(at), base: [], theirs: theirs.split('\n'), mine: mine === '' ? [] : mine.split('\n') } };
    };
    // The form's key, kept through previews and conflicts: the save it makes is done once.
    const formKey = formKeyOf(req.body);
    const show = (errors: FieldErrors, status: number, extra: { preview?: ErrorEntry; conflict?: string; etag?: string; form?: EntryForm } = {}) =>
      page(req, res, editor(person, `Edit ${flag}`, extra.form ?? form, errors, { action: `${ERRORS}/${flag}`, mode: 'update', etag: extra.etag ?? etag ?? entryTag(current), formKey, ...extra }), status);
    try {
      if (req.body.action === 'preview') {
        const input = parseBody(ErrorEntryUpdate, bodyOf(form, 'update'));
        return show(new Map(), 200, { preview: { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)), category: input.category ?? 'general', severity: input.severity ?? 'medium' } as ErrorEntry });
      }
      if (asked.length > 0) {
        const errors: FieldErrors = new Map(asked.map((q) => [q.split('.')[0]!, [lost.includes(q) ? 'Your text changed around these items: choose again.' : `Choose yours or theirs: both of you changed ${q.includes('.') ? 'these items' : 'this field'}.`]]));
        return show(errors, 409, { conflict: conflictHtml(flag, form, asked.map(clashOf)) });
      }
      let sent = form;
      let tag = etag;
      let merged: MergedEdit | null = null;
      let by = '';
      // Others may save between this merge and the write: merge again against what they left, a few times.
      for (let attempt = 0; ; attempt++) {
        try {
          await put(req, res, person, { body: bodyOf(sent, 'update'), params: { flag }, ifMatch: tag, formKey });
          break;
        } catch (error) {
          if (!(error instanceof ApiError) || error.code !== 'PRECONDITION_FAILED' || attempt === 3) throw error;
          const now = entryOf(flag);
          if (!now) return page(req, res, consolePage('Not found', `<h1>Not found</h1><p>The entry is gone: it was deleted meanwhile.</p>`, person), 404);
          merged = mergeEdit(base, now, sent, {});
          if (merged.open.length > 0) return show(new Map(), 409, { form: merged.form, etag: entryTag(now), conflict: conflictHtml(flag, merged.form, merged.open, merged) });
          sent = merged.form;
          tag = entryTag(now);
          by = lastActor(flag);
        }
      }
      const merging = merged && merged.theirs.length + merged.combined.length > 0 ? `, merged with ${by}'s change of ${[...merged.theirs, ...merged.combined].map(fieldLabel).join(', ')}` : '';
      await flash(sessions, req, res, `Saved${merging}.`);
      res.status(303).setHeader('Location', `${ERRORS}/${flag}`).end();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      show(fieldErrors(error.details.length > 0 ? error.details : [{ path: 'form', message: error.message }]), error.status);
    }
  });

  router.get('/:flag/history', signedIn(sessions, 'errors:read-log'), (req, res) => {
    const person = personOf(res);
    const flag = flagOf(req);
    const versions = flag ? historyOf(flag) : [];
    if (!flag || versions.length === 0) return page(req, res, consolePage('Not found', `<h1>Not found</h1><p>No entry has or had this Flag.</p>`, person), 404);
    page(req, res, consolePage(`History of ${flag}`, `<nav class="crumbs"><a href="${ERRORS}">Catalogue</a> › <a href="${ERRORS}/${flag}">${flag}</a> › <span>History</span></nav>
<h1>History of ${flag}</h1>
${historyHtml(flag, versions, person.scopes.has('errors:write') ? person.session.csrf : null, entryOf(flag))}`, person));
  });

  router.post('/:flag/restore', consoleForm, signedIn(sessions, 'errors:write'), async (req, res) => {
    const person = personOf(res);
    if (!checkCsrf(req, res, person.session.csrf, person)) return;
    const flag = flagOf(req);
    const number = Number(req.body.version);
    const version = flag ? deps.catalog.history(flag).find((v) => v.version === number) : undefined;
    const back = flag ? `<p><a href="${ERRORS}/${flag}/history">Back to the history</a></p>` : '';
    if (!flag || !version) return page(req, res, consolePage('Not restored', `<h1>Not restored</h1><p class="lead">${flag ? `Version ${escapeHtml(String(req.body.version))} is not in the history of ${flag}.` : 'No entry has this Flag.'}</p>${back}`, person), 404);
    const current = entryOf(flag);
    const shownTag = current ? entryTag(current) : '';
    // First what restoring would change, with a reason; then, confirmed, the restore.
    if (req.body.confirm !== 'yes') {
      return page(req, res, consolePage(`Restore version ${number} of ${flag}?`, `<nav class="crumbs"><a href="${ERRORS}">Catalogue</a> › <a href="${ERRORS}/${flag}">${flag}</a> › <a href="${ERRORS}/${flag}/history">History</a> › <span>Restore</span></nav>
<h1>Restore version ${number} of ${flag}?</h1>
${current ? diffTable(changedFields(current, version.entry), 'Now', `Version ${number}`, 'What restoring changes') : '<p>The entry is deleted now: restoring brings it back as version ' + number + ' had it.</p>'}
<form method="post" action="${ERRORS}/${flag}/restore">${csrfField(person.session.csrf)}${formKeyField()}<input type="hidden" name="version" value="${number}"><input type="hidden" name="confirm" value="yes"><input type="hidden" name="etag" value="${escapeHtml(shownTag)}">
<div class="field"><label for="restore-reason">Reason</label><span class="hint" id="restore-reason-hint">optional; kept in the history with the version restored</span><input id="restore-reason" name="reason" maxlength="400" aria-describedby="restore-reason-hint"></div>
<div class="actions"><button type="submit">Restore version ${number}</button> <a href="${ERRORS}/${flag}/history">Cancel</a></div></form>`, person));
    }
    const why = typeof req.body.reason === 'string' ? req.body.reason.trim().slice(0, 400) : '';
    // The entry as the confirmation page showed it ('' deleted): what the restore was judged against.
    const shown = typeof req.body.etag === 'string' ? req.body.etag : shownTag;
    const formKey = formKeyOf(req.body);
    try {
      if (shownTag === shown) {
        try {
          // Unchanged since: the restore itself, made only on that state (If-Match), so no save slips in between.
          await restore(req, res, person, { body: { version: number, ...(why && { reason: why }) }, params: { flag }, ifMatch: shown, formKey, fixedForm: true });
          await flash(sessions, req, res, `Restored version ${number}.`);
          return res.status(303).setHeader('Location', `${ERRORS}/${flag}`).end();
        } catch (error) {
          if (!(error instanceof ApiError) || error.code !== 'PRECONDITION_FAILED') throw error;
        }
      }
      // Changed meanwhile: the restore is merged like an edit, the version's fields as this person's
      // change against what the page showed, so a colleague's save since is kept or asked about. The
      // change may be this form's own (sent twice): its key, used before, says so, and nothing is written.
      const reason = `Restored version ${number}${why ? `: ${why}` : ''}`;
      const wanted: EntryForm = { ...formOfEntry(version.entry), reason };
      for (let attempt = 0; ; attempt++) {
        const now = entryOf(flag);
        if (!now) return page(req, res, consolePage('Not restored', `<h1>Not restored</h1><p class="lead">${escapeHtml(lastActor(flag))} deleted ${flag} after the restore was shown; nothing was restored.</p>${back}`, person), 409);
        const merged = mergeEdit(versionOf(flag, shown || undefined), now, wanted, {});
        if (merged.open.length > 0) {
          const title = `Restore version ${number} of ${flag}`;
          return page(req, res, editor(person, title, merged.form, new Map(), { action: `${ERRORS}/${flag}`, mode: 'update', etag: entryTag(now), formKey, conflict: conflictHtml(flag, merged.form, merged.open, merged) }), 409);
        }
        const by = lastActor(flag);
        try {
          await put(req, res, person, { body: bodyOf(merged.form, 'update'), params: { flag }, ifMatch: entryTag(now), formKey, fixedForm: true });
        } catch (error) {
          if (!(error instanceof ApiError) || error.code !== 'PRECONDITION_FAILED' || attempt === 3) throw error;
          continue;
        }
        const kept = [...merged.theirs, ...merged.combined];
        await flash(sessions, req, res, `Restored version ${number}${kept.length > 0 ? `, merged with ${by}'s change of ${kept.map(fieldLabel).join(', ')} made since` : ''}.`);
        return res.status(303).setHeader('Location', `${ERRORS}/${flag}`).end();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The form's key was used before, by the restore or the update it was merged into: done already.
      if (error.code === 'IDEMPOTENCY_KEY_REUSED') {
        await flash(sessions, req, res, `Restored version ${number}.`);
        return res.status(303).setHeader('Location', `${ERRORS}/${flag}`).end();
      }
      page(req, res, consolePage('Not restored', `<h1>Not restored</h1><p class="lead">${escapeHtml(error.message.replace(/\s*\(?\/api\/[^\s)]*\)?/g, ''))}</p>${back}`, person), error.status);
    }
  });

  return router;
}
