import type { ErrorEntry } from '@companion/schema';
import { bodyOf, EDITED, formOfEntry, type EditedField, type EntryForm } from './entry-form';

/** A field both people changed, to different values: the one question a conflict asks. */
export interface FieldClash {
  field: EditedField;
  /** The field's text as the edit began, as the other person left it, and as this person sent it. */
  base: string;
  theirs: string;
  mine: string;
}

export interface MergedEdit {
  /** The form to save: their value where only they changed a field, the choice where both did. */
  form: EntryForm;
  /** Fields only the other person changed: taken from them. */
  theirs: EditedField[];
  /** Fields only this person changed. */
  mine: EditedField[];
  /** Fields both changed to different values that no choice settles yet. */
  open: FieldClash[];
}

/** `resolve-<field>` answers of the conflict form: keep `mine` (the form's text) or take `theirs`. */
export type Choices = Partial<Record<EditedField, 'mine' | 'theirs'>>;

export function choicesOf(body: Record<string, unknown>): Choices {
  const choices: Choices = {};
  for (const field of EDITED) {
    const value = body[`resolve-${field}`];
    if (value === 'mine' || value === 'theirs') choices[field] = value;
  }
  return choices;
}

/** Two form texts of a field mean the same when the API would store the same value for both. */
const valueOf = (form: EntryForm, field: EditedField) => JSON.stringify(bodyOf(form, 'update')[field]);

/**
 * A three-way merge of an edit, field by field, as git merges lines: `base` is the entry the
 * person's form was loaded from, `theirs` the entry as others left it since, `form` what the
 * person sent. A field only one side changed takes that side's value; one both changed alike is
 * agreed; one both changed differently takes the person's choice, or stays open. So saving the
 * result never reverts a field this person did not touch.
 */
export function mergeEdit(base: ErrorEntry | null, theirs: ErrorEntry, form: EntryForm, choices: Choices): MergedEdit {
  // Without the version the edit began from (a change in the repository's file since), every
  // field the two differ in is a question.
  const baseForm = base ? formOfEntry(base) : {};
  const theirForm = formOfEntry(theirs);
  const merged: EntryForm = { ...form };
  const result: MergedEdit = { form: merged, theirs: [], mine: [], open: [] };
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
    } else {
      if (choices[field] === 'theirs') merged[field] = theirForm[field] ?? '';
      else if (choices[field] !== 'mine') result.open.push({ field, base: baseForm[field] ?? '', theirs: theirForm[field] ?? '', mine: form[field] ?? '' });
    }
  }
  return result;
}
