import type { ErrorEntry } from '@companion/schema';
import { bodyOf, EDITED, formOfEntry, LIST_FIELDS, type EditedField, type EntryForm } from './entry-form';
import { mergeList, type ItemClash } from './list-merge';

/** A field both people changed, to different values (or, in a list, items both changed): the one question a conflict asks. */
export interface FieldClash {
  field: EditedField;
  /** The field's text as the edit began, as the other person left it, and as this person sent it. */
  base: string;
  theirs: string;
  mine: string;
  /** In a list field: the items both changed, where they sit in the merged list; the texts above are those items'. */
  item?: ItemClash;
}

export interface MergedEdit {
  /** The form to save: their value where only they changed a field, the choice where both did. */
  form: EntryForm;
  /** Fields only the other person changed: taken from them. */
  theirs: EditedField[];
  /** Fields only this person changed. */
  mine: EditedField[];
  /** List fields both changed, merged item by item. */
  combined: EditedField[];
  /** Fields (or items of a list) both changed to different values that no choice settles yet. */
  open: FieldClash[];
}

/** What a conflict form asks about: a field (`Info`) or the items of a list starting at an index (`Solution.2`). */
export const clashName = (clash: FieldClash): string => (clash.item ? `${clash.field}.${clash.item.at}` : clash.field);

/** `resolve-<question>` answers of the conflict form: keep `mine` (the form's text) or take `theirs`. */
export type Choices = Partial<Record<string, 'mine' | 'theirs'>>;

const QUESTION = new RegExp(`^(${EDITED.join('|')})(\\.\\d{1,3})?$`);
export const isQuestion = (name: string): boolean => QUESTION.test(name);

export function choicesOf(body: Record<string, unknown>): Choices {
  const choices: Choices = {};
  for (const [name, value] of Object.entries(body)) {
    const question = name.startsWith('resolve-') ? name.slice('resolve-'.length) : '';
    if (isQuestion(question) && (value === 'mine' || value === 'theirs')) choices[question] = value;
  }
  return choices;
}

/** Two form texts of a field mean the same when the API would store the same value for both. */
const valueOf = (form: EntryForm, field: EditedField) => JSON.stringify(bodyOf(form, 'update')[field]);
const itemsOf = (form: EntryForm, field: EditedField) => bodyOf(form, 'update')[field] as string[];

/**
 * A three-way merge of an edit, field by field, as git merges lines: `base` is the entry the
 * person's form was loaded from, `theirs` the entry as others left it since, `form` what the
 * person sent. A field only one side changed takes that side's value; one both changed alike is
 * agreed; a list both changed is merged item by item (see mergeList); one both changed
 * differently takes the person's choice, or stays open. So saving the result never reverts a
 * field, or a list's item, this person did not touch.
 */
export function mergeEdit(base: ErrorEntry | null, theirs: ErrorEntry, form: EntryForm, choices: Choices): MergedEdit {
  // Without the version the edit began from (a change in the repository's file since), every
  // field the two differ in is a question.
  const baseForm = base ? formOfEntry(base) : {};
  const theirForm = formOfEntry(theirs);
  const merged: EntryForm = { ...form };
  const result: MergedEdit = { form: merged, theirs: [], mine: [], combined: [], open: [] };
  for (const field of EDITED) {
    const [was, their, mine] = [valueOf(baseForm, field), valueOf(theirForm, field), valueOf(form, field)];
    const theyChanged = base === null || their !== was;
    const iChanged = base === null || mine !== was;
    if (their === mine) continue;
    if (theyChanged && !iChanged) {
      merged[field] = theirForm[field] ?? '';
      result.theirs.push(field);
    } else if (iChanged && !theyChanged) {
      result.mine.push(field);
    } else if (base !== null && LIST_FIELDS.includes(field)) {
      const list = mergeList(itemsOf(baseForm, field), itemsOf(theirForm, field), itemsOf(form, field));
      const items = [...list.items];
      const open: FieldClash[] = [];
      // From the last clash back, so a choice of theirs (another length) leaves the earlier places as they are.
      for (const item of [...list.clashes].reverse()) {
        const clash: FieldClash = { field, base: item.base.join('\n'), theirs: item.theirs.join('\n'), mine: item.mine.join('\n'), item };
        const choice = choices[clashName(clash)];
        if (choice === 'theirs') items.splice(item.at, item.mine.length, ...item.theirs);
        else if (choice !== 'mine') open.unshift(clash);
      }
      merged[field] = items.join('\n');
      result.open.push(...open);
      if (open.length === 0) result.combined.push(field);
    } else {
      if (choices[field] === 'theirs') merged[field] = theirForm[field] ?? '';
      else if (choices[field] !== 'mine') result.open.push({ field, base: baseForm[field] ?? '', theirs: theirForm[field] ?? '', mine: form[field] ?? '' });
    }
  }
  return result;
}

const linesOf = (text: unknown) => (typeof text === 'string' ? text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean) : []);

/** Hidden fields of an item question: the other person's items and this person's, so an answer finds them again. */
export const itemFields = (clash: FieldClash): Record<string, string> => (clash.item ? { [`theirs-${clashName(clash)}`]: clash.theirs, [`mine-${clashName(clash)}`]: clash.mine } : {});

/**
 * Applies "keep theirs" answers to item questions of a conflict form: the person's items (where
 * the form put them, or wherever they are now if the person edited around them) give way to the
 * other person's. Returns the questions whose items are no longer in the form (asked again).
 */
export function applyItemChoices(form: EntryForm, choices: Choices, body: Record<string, unknown>): string[] {
  const lost: string[] = [];
  const answered = Object.keys(choices)
    .filter((q) => q.includes('.') && choices[q] === 'theirs')
    .map((q) => ({ q, field: q.split('.')[0] as EditedField, at: Number(q.split('.')[1]) }))
    .sort((a, b) => b.at - a.at);
  for (const { q, field, at } of answered) {
    const items = linesOf(form[field]);
    const mine = linesOf(body[`mine-${q}`]);
    const here = (from: number) => mine.every((item, k) => items[from + k] === item) && from + mine.length <= items.length;
    const from = here(at) ? at : items.findIndex((_, i) => here(i));
    if (from < 0 || typeof body[`theirs-${q}`] !== 'string') {
      lost.push(q);
      continue;
    }
    items.splice(from, mine.length, ...linesOf(body[`theirs-${q}`]));
    form[field] = items.join('\n');
  }
  return lost;
}
