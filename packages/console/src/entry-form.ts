import type { ErrorEntry } from '@companion/schema';
import { SEVERITIES } from '@companion/schema';
import { escapeHtml } from '@companion/html';
import { csrfField } from './layout';

/** The entry's fields a person edits, in the order the form shows them. */
export const EDITED = ['Info', 'Solution', 'messages', 'category', 'severity', 'creator', 'notes'] as const;
export type EditedField = (typeof EDITED)[number];
/** The fields holding a list, one item a line: merged item by item. */
export const LIST_FIELDS: readonly EditedField[] = ['Solution', 'messages'];

/** What the form holds, as text, field by field (lists one item a line). */
export type EntryForm = Partial<Record<EditedField | 'Flag' | 'reason', string>>;

export const formOfEntry = (entry: ErrorEntry): EntryForm => ({
  Flag: entry.Flag,
  Info: entry.Info,
  Solution: entry.Solution.join('\n'),
  messages: entry.messages.join('\n'),
  category: entry.category,
  severity: entry.severity,
  creator: entry.creator ?? '',
  notes: entry.notes ?? '',
});

export const formFrom = (body: Record<string, unknown>): EntryForm =>
  Object.fromEntries(['Flag', ...EDITED, 'reason'].filter((k) => typeof body[k] === 'string').map((k) => [k, body[k] as string]));

const lines = (text: string | undefined) => (text ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
const optional = (text: string | undefined) => (text ?? '').trim() || null;

/**
 * The API body a form stands for: an update names every field (empty: null, removed), a new entry
 * leaves empty ones out. The API's own schema then checks it.
 */
export function bodyOf(form: EntryForm, mode: 'create' | 'update'): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...(mode === 'create' && { Flag: (form.Flag ?? '').trim() }),
    Info: form.Info ?? '',
    Solution: lines(form.Solution),
    messages: lines(form.messages),
    category: optional(form.category),
    severity: optional(form.severity),
    creator: optional(form.creator),
    notes: optional(form.notes),
    ...(optional(form.reason) && { reason: optional(form.reason) }),
  };
  if (mode === 'update') return body;
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== null && !(key === 'messages' && (value as string[]).length === 0)));
}

/** Field problems as the API words them, by field (`Solution.2` shown at Solution). */
export type FieldErrors = Map<string, string[]>;

export function fieldErrors(details: readonly { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = new Map();
  for (const { path, message } of details) {
    const field = path.split('.')[0] || 'form';
    const step = path.includes('.') ? `${/^Solution|^messages/.test(path) ? `line ${Number(path.split('.')[1]) + 1}: ` : ''}` : '';
    errors.set(field, [...(errors.get(field) ?? []), `${step}${message}`]);
  }
  return errors;
}

const LABELS: Record<EditedField | 'Flag' | 'reason', [string, string]> = {
  Flag: ['Flag', 'capital letters then digits, such as PORT1001'],
  Info: ['What the error means', 'Markdown'],
  Solution: ['Steps', 'one step a line'],
  messages: ['What the client prints', 'one message a line'],
  category: ['Category', 'such as network; empty: general'],
  severity: ['Severity', ''],
  creator: ['Creator', 'optional'],
  notes: ['Notes', 'optional, Markdown'],
  reason: ['Reason for the change', 'optional; kept in the history'],
};

/** A field's name as the form labels it. */
export const fieldLabel = (name: keyof typeof LABELS): string => LABELS[name][0];

/** Items of a list field as a person counts them: `Steps, step 2`, `What the client prints, lines 3 to 4`. */
export function itemsLabel(field: EditedField, at: number, count: number): string {
  const noun = field === 'Solution' ? 'step' : 'line';
  return `${fieldLabel(field)}, ${count <= 1 ? `${noun} ${at + 1}` : `${noun}s ${at + 1} to ${at + count}`}`;
}

function field(name: keyof typeof LABELS, value: string, errors: FieldErrors): string {
  const [label, hint] = LABELS[name];
  const problems = errors.get(name) ?? [];
  const ids = [hint && `${name}-hint`, problems.length > 0 && `${name}-error`].filter(Boolean).join(' ');
  const aria = `${ids ? ` aria-describedby="${ids}"` : ''}${problems.length > 0 ? ' aria-invalid="true"' : ''}`;
  const control =
    name === 'severity'
      ? `<select id="${name}" name="${name}"${aria}><option value="">default (medium)</option>${SEVERITIES.map((s) => `<option${s === value ? ' selected' : ''}>${s}</option>`).join('')}</select>`
      : ['Info', 'Solution', 'messages', 'notes'].includes(name)
        ? `<textarea id="${name}" name="${name}" rows="${Math.min(20, Math.max(name === 'Info' ? 5 : 4, value.split('\n').length + 1))}"${aria}>${escapeHtml(value)}</textarea>`
        : `<input id="${name}" name="${name}" value="${escapeHtml(value)}"${name === 'Flag' ? ' required autocapitalize="characters"' : ''}${aria}>`;
  return `<div class="field${problems.length > 0 ? ' invalid' : ''}">
<label for="${name}">${label}</label>${hint ? `<span class="hint" id="${name}-hint">${escapeHtml(hint)}</span>` : ''}
${control}
${problems.length > 0 ? `<p class="field-error" id="${name}-error">${problems.map(escapeHtml).join('<br>')}</p>` : ''}</div>`;
}

/** Every problem of a refused form first, each linking to its field: what a screen reader announces and the keyboard reaches first. */
function errorSummary(errors: FieldErrors): string {
  if (errors.size === 0) return '';
  const items = [...errors].map(([name, problems]) =>
    name in LABELS ? `<li><a href="#${name}">${escapeHtml(fieldLabel(name as keyof typeof LABELS))}: ${problems.map(escapeHtml).join('; ')}</a></li>` : `<li>${problems.map(escapeHtml).join('; ')}</li>`,
  );
  return `<div class="error-summary" role="alert" tabindex="-1" id="error-summary"><h2>${errors.size === 1 ? 'One problem' : `${errors.size} problems`} to fix before saving</h2><ul>${items.join('')}</ul></div>`;
}

/** The add or edit form; `etag` is the state the edit started from (If-Match). */
export function entryFormHtml(options: { action: string; form: EntryForm; errors: FieldErrors; csrf: string; etag?: string; mode: 'create' | 'update'; submit: string; formKey?: string; conflict?: string }): string {
  const { action, form, errors, csrf, etag, mode, submit, formKey } = options;
  const names = [...(mode === 'create' ? (['Flag'] as const) : []), ...EDITED, 'reason' as const];
  // data-unsaved: the console's script asks before the page is left with text typed and not sent.
  return `<form method="post" action="${escapeHtml(action)}" class="entry-form" novalidate data-unsaved>
${csrfField(csrf)}${etag ? `<input type="hidden" name="etag" value="${escapeHtml(etag)}">` : ''}${formKey ? `<input type="hidden" name="idempotency_key" value="${escapeHtml(formKey)}">` : ''}
${errorSummary(errors)}
${options.conflict ?? ''}
${names.map((name) => field(name, form[name] ?? '', errors)).join('\n')}
<div class="actions"><button type="submit" name="action" value="preview" class="secondary">Preview</button> <button type="submit" name="action" value="save">${escapeHtml(submit)}</button></div>
</form>`;
}
