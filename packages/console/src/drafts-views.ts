import type { SignedIn } from '@companion/auth';
import type { Draft, DraftEvent } from '@companion/catalog-store';
import { html, htmlText, markup, type Html } from '@companion/html';
import type { ErrorEntry } from '@companion/schema';
import { formKeyField } from './form-key';
import { CONSOLE, csrfField } from './layout';
import { changedFields, diffTable } from './entry-views';
import type { EntryForm } from './entry-form';

export const DRAFTS = `${CONSOLE}/drafts`;

/** Who may draft: people who may change the catalogue, and writers whose changes go through review. */
export const mayDraft = (person: SignedIn): boolean => person.scopes.has('catalog:draft') || person.scopes.has('errors:write');
/** Who may publish or send back someone else's draft. */
export const mayReview = (person: SignedIn): boolean => person.scopes.has('catalog:publish');
export const isAuthor = (person: SignedIn, draft: Draft): boolean => person.id === draft.author_id;

export const at = (timestamp: string): Html => html`<time datetime="${timestamp}Z">${timestamp.slice(0, 16).replace('T', ' ')} UTC</time>`;

/** The entry a draft proposes: its body over the entry it was made on, with the API's defaults for fields it empties. */
export function proposedEntry(draft: Pick<Draft, 'body' | 'base'>): Record<string, unknown> {
  const body = draft.body;
  return { ...(draft.base ?? {}), ...body, category: body.category ?? 'general', severity: body.severity ?? 'medium', messages: body.messages ?? [], creator: body.creator ?? null, notes: body.notes ?? null };
}

/** The edit form's text of a draft's body. */
export function formOfDraft(draft: Pick<Draft, 'body' | 'flag'>): EntryForm {
  const b = draft.body;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const list = (v: unknown) => (Array.isArray(v) ? v.join('\n') : '');
  return { Flag: draft.flag, Info: text(b.Info), Solution: list(b.Solution), messages: list(b.messages), category: text(b.category), severity: text(b.severity), creator: text(b.creator), notes: text(b.notes) };
}

const STATUS: Record<Draft['status'], string> = { open: 'waiting for review', returned: 'sent back', published: 'published', withdrawn: 'withdrawn' };
const ACTION: Record<DraftEvent['action'], string> = { drafted: 'drafted it', revised: 'revised it', returned: 'sent it back', published: 'published it', withdrawn: 'withdrew it' };

const subject = (draft: Draft) => (draft.kind === 'create' ? html`new entry <code>${draft.flag}</code>` : html`change of <code>${draft.flag}</code>`);

/** One table of drafts, or a line saying there are none. */
function draftTable(caption: string, drafts: Draft[]): Html {
  if (drafts.length === 0) return html`<p>None.</p>`;
  return html`<div class="table-scroll"><table class="drafts"><caption>${caption}</caption>
<thead><tr><th scope="col">Draft</th><th scope="col">What</th><th scope="col">By</th><th scope="col">Last</th></tr></thead>
<tbody>${drafts.map((d) => html`<tr><th scope="row"><a href="${DRAFTS}/${d.id}">Draft ${d.id}</a></th><td>${subject(d)}</td><td>${d.author}</td><td>${d.events.at(-1)!.actor} ${ACTION[d.events.at(-1)!.action]}, ${at(d.updated_at)}</td></tr>`)}</tbody></table></div>`;
}

/** The drafts page: waiting, sent back, and the latest finished ones. */
export function draftListHtml(person: SignedIn, drafts: Draft[]): Html {
  const of = (...statuses: Draft['status'][]) => drafts.filter((d) => statuses.includes(d.status));
  return html`<h1>Drafts</h1>
<p class="lead">Changes of the catalogue waiting for a second person. A draft is never served to customers; publishing it makes it a catalogue change like any other, recorded with who drafted and who published it.</p>
${mayDraft(person) && html`<p><a class="button" href="${DRAFTS}/new">Propose a new entry</a> To propose a change of an entry, open the entry and choose “Propose a change”.</p>`}
<h2>Waiting for review</h2>${draftTable('Drafts waiting for review, newest first', of('open'))}
<h2>Sent back</h2>${draftTable('Drafts sent back to their authors', of('returned'))}
<h2>Published and withdrawn</h2>${draftTable('The latest 50 drafts published or withdrawn', of('published', 'withdrawn').slice(0, 50))}`;
}

/** The draft's events as a thread: who did what and when, with their comments. */
export function draftThread(draft: Draft): Html {
  return html`<ol class="thread">${draft.events.map(
    (e) => html`<li><p><strong>${e.actor}</strong> ${ACTION[e.action]}, ${at(e.at)}${e.catalog_seq !== undefined ? html` (catalogue change ${e.catalog_seq})` : ''}</p>${e.comment && html`<blockquote>${e.comment}</blockquote>`}</li>`,
  )}</ol>`;
}

/** What the draft changes against what customers see now, and what others changed since it was drafted. */
export function draftDiff(draft: Draft, live: ErrorEntry | undefined): Html {
  const proposed = proposedEntry(draft);
  const against = html`<section aria-labelledby="diff-heading"><h2 id="diff-heading">What it changes</h2>${markup(diffTable(changedFields(live ?? null, proposed), live ? 'Live now' : 'Live now (no entry)', 'The draft', 'The draft against what customers see now'))}</section>`;
  if (draft.kind === 'update' && !live) return html`${against}<p class="flash" role="alert">The entry was deleted since this draft was made: publishing it would bring it back, so it cannot be published. Send it back or withdraw it.</p>`;
  if (draft.kind === 'create' && live && draft.status === 'open') return html`${against}<p class="flash" role="alert">An entry ${draft.flag} was added since this draft was made: it cannot be published as a new entry. Send it back, or withdraw it and propose a change of that entry.</p>`;
  const meanwhile = draft.base && live ? changedFields(draft.base, live) : [];
  if (meanwhile.length === 0 || draft.status === 'published' || draft.status === 'withdrawn') return against;
  return html`${against}<section aria-labelledby="meanwhile-heading"><h2 id="meanwhile-heading">Changed since it was drafted</h2>
<p>Publishing merges as a save does: fields only the draft changed are taken from it, fields only others changed keep their change, and a field both changed is asked about.</p>
${markup(diffTable(meanwhile, 'When drafted', 'Live now', 'What others changed since the draft was made'))}</section>`;
}

/** The reviewer's forms: publish (with the questions of a conflict, when there are) and send back with a comment. */
export interface ReviewState {
  /** The questions of a conflict with what changed since the draft was made. */
  conflict?: string;
  formKey?: string;
  /** A refused send-back: the comment typed and what was wrong with it. */
  comment?: string;
  problem?: string;
}

function reviewForms(person: SignedIn, draft: Draft, publishable: boolean, options: ReviewState): Html {
  const csrf = markup(csrfField(person.session.csrf));
  const version = html`<input type="hidden" name="version" value="${draft.version}">`;
  return html`<section aria-labelledby="review-heading" class="review"><h2 id="review-heading">Review</h2>
${publishable && html`<form method="post" action="${DRAFTS}/${draft.id}/publish" class="publish-form">${csrf}${version}${markup(formKeyField(options.formKey))}
${options.conflict ? markup(options.conflict) : ''}
<div class="actions"><button type="submit">Publish draft ${draft.id}</button></div></form>`}
<form method="post" action="${DRAFTS}/${draft.id}/return" class="return-form" novalidate>${csrf}${version}
<div class="field${options.problem ? ' invalid' : ''}"><label for="comment">What to change before it can be published</label><textarea id="comment" name="comment" rows="3" maxlength="2000" required${options.problem ? markup(' aria-invalid="true" aria-describedby="comment-error"') : ''}>${options.comment ?? ''}</textarea>${options.problem && html`<p class="field-error" id="comment-error">${options.problem}</p>`}</div>
<div class="actions"><button type="submit" class="secondary">Send it back</button></div></form></section>`;
}

/** The author's links and forms: edit the draft, withdraw it. */
export function authorForms(person: SignedIn, draft: Draft): Html {
  return html`<section aria-labelledby="yours-heading"><h2 id="yours-heading">Your draft</h2>
<p>${draft.status === 'returned' ? 'It was sent back: change it as the comment asks, and it waits for review again.' : 'A colleague with the catalog:publish scope reviews it; you cannot publish your own draft.'}</p>
<p><a class="button" href="${DRAFTS}/${draft.id}/edit">Edit the draft</a></p>
<form method="post" action="${DRAFTS}/${draft.id}/withdraw">${markup(csrfField(person.session.csrf))}<input type="hidden" name="version" value="${draft.version}"><div class="actions"><button type="submit" class="secondary">Withdraw it</button></div></form></section>`;
}

export const draftTitle = (draft: Draft): string => `Draft ${draft.id}: ${draft.kind === 'create' ? 'new entry' : 'change of'} ${draft.flag}`;

/** Whether the draft can be published now: open, and its entry still there (a change) or still absent (a new entry). */
export const publishable = (draft: Draft, live: ErrorEntry | undefined): boolean => draft.status === 'open' && (draft.kind === 'update' ? live !== undefined : live === undefined);

/** A draft's page: the diff, the thread, and what this person may do with it. */
export function draftPageHtml(person: SignedIn, draft: Draft, live: ErrorEntry | undefined, review: ReviewState = {}): Html {
  const open = draft.status === 'open' || draft.status === 'returned';
  const who = isAuthor(person, draft)
    ? open && authorForms(person, draft)
    : draft.status !== 'open'
      ? ''
      : mayReview(person)
        ? reviewForms(person, draft, publishable(draft, live), review)
        : html`<p>Publishing it needs the catalog:publish scope.</p>`;
  return html`<nav class="crumbs"><a href="${DRAFTS}">Drafts</a> › <span>Draft ${draft.id}</span></nav>
<h1>${draftTitle(draft)}</h1>
<p class="lead">By <strong>${draft.author}</strong>, ${at(draft.created_at)}. <span class="badge">${STATUS[draft.status]}</span>${draft.kind === 'update' ? html` <a href="${CONSOLE}/errors/${draft.flag}">The entry as customers see it</a>` : ''}</p>
${draftDiff(draft, live)}
<h2>Thread</h2>${draftThread(draft)}
${who}`;
}

/** One question per field both the draft and a later change set differently: keep what is live, or take the draft's. */
export function publishQuestions(by: string, clashes: readonly { field: string; label: string; theirs: string; mine: string }[]): string {
  const side = (title: string, text: string) => html`<div><p class="side">${title}</p>${text ? html`<pre>${text}</pre>` : html`<p class="empty">(none)</p>`}</div>`;
  return htmlText(html`<section class="conflict" role="alert" aria-labelledby="conflict-heading"><h2 id="conflict-heading" tabindex="-1">Changed by both the draft and ${by}</h2>
<p>Nothing is published yet. Choose, for each field both changed, which text customers get.</p>
${clashes.map(
  (c) => html`<fieldset class="clash"><legend>${c.label}</legend><div class="sides">${side(`${by}'s (live now)`, c.theirs)}${side("The draft's", c.mine)}</div>
<p class="choice"><input type="radio" id="resolve-${c.field}-theirs" name="resolve-${c.field}" value="theirs" required><label for="resolve-${c.field}-theirs">Keep ${by}'s</label>
<input type="radio" id="resolve-${c.field}-mine" name="resolve-${c.field}" value="mine"><label for="resolve-${c.field}-mine">Take the draft's</label></p></fieldset>`,
)}</section>`);
}
