import type { EntryVersion } from '@companion/catalog-store';
import type { ErrorEntry } from '@companion/schema';
import { escapeHtml } from '@companion/html';
import { clashName, itemFields, type FieldClash, type MergedEdit } from './entry-merge';
import { wordDiff } from './word-diff';
import { EDITED, fieldLabel, itemsLabel, type EditedField, type EntryForm } from './entry-form';
import { CONSOLE, csrfField } from './layout';

const show = (entry: Partial<ErrorEntry> | Record<string, unknown>, field: EditedField): string => {
  const value = (entry as Record<string, unknown>)[field];
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return '';
  return Array.isArray(value) ? value.join('\n') : String(value);
};

/** The fields whose text differs between two states of an entry, each with both texts. */
export function changedFields(before: Partial<ErrorEntry> | Record<string, unknown> | null, after: Partial<ErrorEntry> | Record<string, unknown>): { field: EditedField; before: string; after: string }[] {
  return EDITED.map((field) => ({ field, before: before ? show(before, field) : '', after: show(after, field) })).filter((d) => d.before !== d.after);
}

const cell = (text: string, marked: string) => (text === '' ? '<td class="empty">(none)</td>' : `<td><pre>${marked}</pre></td>`);

const labelOf = (field: string) => ((EDITED as readonly string[]).includes(field) ? fieldLabel(field as EditedField) : field);

/** A field-by-field table of two states, each field named as the form labels it: `left` and `right` name the columns. */
export function diffTable(rows: { field: string; before: string; after: string }[], left: string, right: string, caption: string): string {
  if (rows.length === 0) return '<p>No field differs.</p>';
  return `<div class="table-scroll"><table class="diff"><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">Field</th><th scope="col">${escapeHtml(left)}</th><th scope="col">${escapeHtml(right)}</th></tr></thead><tbody>
${rows
  .map((r) => {
    const marked = wordDiff(r.before, r.after);
    return `<tr><th scope="row">${escapeHtml(labelOf(r.field))}</th>${cell(r.before, marked.before)}${cell(r.after, marked.after)}</tr>`;
  })
  .join('\n')}
</tbody></table></div>`;
}

/** Every version, newest first, with who, when, why, what changed from the one before, and a restore button. */
export function historyHtml(flag: string, versions: readonly EntryVersion[], csrf: string | null, current: ErrorEntry | undefined): string {
  const items = versions
    .map((v, i) => {
      const before = i === 0 ? null : versions[i - 1]!.entry;
      const who = v.operation === 'SHIPPED' ? 'the repository' : (v.actor ?? 'unknown');
      const when = v.timestamp ? `<time datetime="${escapeHtml(v.timestamp)}Z">${escapeHtml(v.timestamp.slice(0, 19).replace('T', ' '))} UTC</time>` : 'before the first API change';
      const isCurrent = !v.deleted && current !== undefined && i === versions.length - 1;
      const restore = csrf && !isCurrent
        ? `<form method="post" action="${CONSOLE}/errors/${flag}/restore" class="inline">${csrfField(csrf)}<input type="hidden" name="version" value="${v.version}"><button type="submit">Restore version ${v.version}</button></form>`
        : '';
      const diff = v.deleted ? '<p>The entry was deleted.</p>' : diffTable(changedFields(before, v.entry), 'Before', 'After', before ? `Version ${v.version}: what changed` : `Version ${v.version}: the entry as it began`);
      const what = v.restored !== null ? `Restored version ${v.restored}` : v.operation;
      return `<li class="version"><h2>Version ${v.version} <span class="op">${escapeHtml(what)}</span>${isCurrent ? ' <span class="badge">current</span>' : ''}</h2>
<p class="version-by">By <strong>${escapeHtml(who)}</strong>, ${when}${v.reason ? `. Reason: ${escapeHtml(v.reason)}` : ''}</p>
${diff}
${restore}</li>`;
    })
    .reverse();
  return `<ol class="history" reversed>${items.join('\n')}</ol>`;
}

/**
 * What a save that met someone else's change shows, inside the form: what the other person
 * changed (already taken into the form), what this person changed, and one question per field
 * both changed, or per item both changed in a list field: keep theirs, or keep the form's text
 * (theirs shown beside it).
 */
export function conflictSection(options: { by: string; form: EntryForm; clashes: FieldClash[]; merged?: MergedEdit }): string {
  const { by, form, clashes, merged } = options;
  const list = (fields: EditedField[]) => fields.map((f) => escapeHtml(fieldLabel(f))).join(', ');
  const taken = merged && merged.theirs.length > 0 ? `<li>${escapeHtml(by)} changed <strong>${list(merged.theirs)}</strong>: taken into the form below, as you did not change it.</li>` : '';
  const kept = merged && merged.mine.length > 0 ? `<li>You changed <strong>${list(merged.mine)}</strong>: kept as you wrote it.</li>` : '';
  const both = merged && merged.combined.length > 0 ? `<li>Both of you changed <strong>${list(merged.combined)}</strong>: merged item by item in the form below.</li>` : '';
  const questions = clashes
    .map((clash) => {
      const name = clashName(clash);
      const what = clash.item ? itemsLabel(clash.field, clash.item.at, Math.max(1, clash.item.mine.length)) : fieldLabel(clash.field);
      const hidden = Object.entries(itemFields(clash)).map(([n, v]) => `<input type="hidden" name="${escapeHtml(n)}" value="${escapeHtml(v)}">`).join('');
      const mine = clash.item ? clash.mine : (form[clash.field] ?? '');
      return `<fieldset class="clash"><legend>${escapeHtml(what)}: both of you changed it</legend>${hidden}
<div class="sides"><div><p class="side">${escapeHtml(by)}'s text</p>${clash.theirs ? `<pre>${wordDiff(mine, clash.theirs).after}</pre>` : '<p class="empty">(removed)</p>'}</div>
<div><p class="side">Your text (in the field below)</p>${mine ? `<pre>${escapeHtml(mine)}</pre>` : '<p class="empty">(removed)</p>'}</div></div>
<p class="choice"><input type="radio" id="resolve-${name}-theirs" name="resolve-${name}" value="theirs"><label for="resolve-${name}-theirs">Keep ${escapeHtml(by)}'s</label>
<input type="radio" id="resolve-${name}-mine" name="resolve-${name}" value="mine"><label for="resolve-${name}-mine">Keep mine</label></p></fieldset>`;
    })
    .join('\n');
  return `<section class="conflict" role="alert" aria-labelledby="conflict-heading"><h2 id="conflict-heading" tabindex="-1">Changed meanwhile by ${escapeHtml(by)}</h2>
<p>Your changes are not saved yet.${clashes.length > 0 ? ` Choose, for each field or item both of you changed, whose text to keep (you may edit yours first), then save.` : ''}</p>
${taken || kept || both ? `<ul>${taken}${both}${kept}</ul>` : ''}
${clashes.length > 0 ? `<input type="hidden" name="ask" value="${escapeHtml(clashes.map(clashName).join(' '))}">` : ''}
${questions}</section>`;
}
