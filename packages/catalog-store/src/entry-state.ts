import type { ErrorEntry } from '@companion/schema';

/**
 * The fields a maintainer and an API writer can both decide. `created_at` and `updated_at` are
 * the service's bookkeeping: never a conflict (see resolveEntry).
 */
export const DECIDED_FIELDS = ['Info', 'Solution', 'messages', 'category', 'severity', 'creator', 'notes'] as const;
export type DecidedField = (typeof DECIDED_FIELDS)[number];

/**
 * One field the API decided: `value[field]` is its value; `base` is what the repository's file
 * held for it when that was decided (absent: the repository had no entry of the Flag). `since`
 * is the seq of the record that decided it (absent: the record holding this state).
 */
export interface FieldDecision {
  base?: unknown;
  since?: number;
}

/**
 * What the API has decided of one Flag, carried by each of its records: the three-way state a
 * served entry is merged from, with the repository's file as the third side. A field the API
 * never decided (or that it set to what the file held) is not in `fields`: the file decides it.
 */
export interface EntryState {
  /** The API's entry; null: deleted through the API. */
  value: ErrorEntry | null;
  fields: Partial<Record<DecidedField, FieldDecision>>;
  /** When `value` is null: the file the delete was decided against (null: there was none). */
  deleted?: { base: ErrorEntry | null; since?: number };
}

/** A Flag whose repository file and API changes set one thing two ways since their common base. */
export interface EntryConflict {
  flag: string;
  kind: 'field' | 'edited-in-repository-deleted-through-api' | 'deleted-in-repository-edited-through-api' | 'added-on-both-sides';
  /** The fields set two ways, with each side's value (for the kinds about existence: every field that differs). */
  fields: { field: DecidedField; repository: unknown; api: unknown }[];
  /** The seq of the API change the conflict is with. */
  seq: number;
}

/** A Flag as served: the merge of its file and its API state. */
export interface Resolved {
  entry: ErrorEntry | undefined;
  conflict: EntryConflict | null;
  /** Whether the API has decided something the file does not hold yet (what an export would write). */
  pending: boolean;
}

/**
 * A state from a record written before entries had `messages`: its entries get none. Where it
 * decided the other fields of an entry the repository did not have (created through the API,
 * no base), it decided `messages` alike, at the same seq; otherwise the file decides them.
 */
export function upgradeState(state: EntryState): EntryState {
  if (!state.value || Array.isArray(state.value.messages)) return state;
  const created = state.fields.Info && !('base' in state.fields.Info);
  return {
    ...state,
    value: { ...state.value, messages: [] },
    fields: created ? { ...state.fields, messages: { ...state.fields.Info } } : state.fields,
  };
}

const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
const sameEntry = (a: ErrorEntry, b: ErrorEntry) => DECIDED_FIELDS.every((field) => same(a[field], b[field]));
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * The entry served for a Flag, from its file (`file`: the repository's view) and the API's
 * state of it (from its latest record, `seq`). Decisions made at or before `exported` are in
 * the repository already (an export brought them there), so the file alone decides them.
 *
 * Per field: the file unchanged since the API's decision -> the API's value; the file holding
 * the API's value -> agreed; both changed it to different values -> a conflict, and the
 * repository's value is served (the reviewed source wins) until someone resolves it: a pull
 * request that sets the API's value, or an API change of that field. The same rule for
 * existence: an entry deleted through the API but edited in the repository since, or deleted in
 * the repository but edited through the API since, is served as the repository has it, and a
 * Flag added on both sides with different values conflicts field by field.
 */
export function resolveEntry(flag: string, state: EntryState | undefined, seq: number, file: ErrorEntry | undefined, exported: number): Resolved {
  if (!state) return { entry: file, conflict: null, pending: false };
  const { value } = state;
  if (value === null) {
    const deleted = state.deleted ?? { base: null };
    if ((deleted.since ?? seq) <= exported || file === undefined) return { entry: file, conflict: null, pending: false };
    if (deleted.base && sameEntry(file, deleted.base)) return { entry: undefined, conflict: null, pending: true };
    const fields = DECIDED_FIELDS.map((field) => ({ field, repository: file[field], api: null }));
    return { entry: file, conflict: { flag, kind: 'edited-in-repository-deleted-through-api', fields, seq }, pending: true };
  }
  const live = DECIDED_FIELDS.filter((field) => {
    const decision = state.fields[field];
    return decision !== undefined && (decision.since ?? seq) > exported;
  });
  if (live.length === 0) return { entry: file, conflict: null, pending: false };
  const known = (field: DecidedField) => 'base' in state.fields[field]!;
  if (file === undefined) {
    // Created through the API, the repository never had it: served as the API has it.
    if (live.length === DECIDED_FIELDS.length && !live.some(known)) return { entry: value, conflict: null, pending: true };
    const fields = live.map((field) => ({ field, repository: undefined, api: value[field] }));
    return { entry: undefined, conflict: { flag, kind: 'deleted-in-repository-edited-through-api', fields, seq }, pending: true };
  }
  const merged: Record<string, unknown> = { ...file };
  const clashes: EntryConflict['fields'] = [];
  let applied = false;
  for (const field of live) {
    const decision = state.fields[field]!;
    if (same(file[field], value[field])) continue; // the repository holds the API's value: agreed
    if (known(field) && same(file[field], decision.base)) {
      merged[field] = value[field];
      applied = true;
    } else {
      clashes.push({ field, repository: file[field], api: value[field] });
    }
  }
  if (applied) merged.updated_at = later(value.updated_at, file.updated_at);
  const kind = live.some(known) ? 'field' : 'added-on-both-sides';
  const conflict = clashes.length > 0 ? { flag, kind, fields: clashes, seq } as EntryConflict : null;
  return { entry: applied ? (merged as unknown as ErrorEntry) : file, conflict, pending: applied || conflict !== null };
}

/**
 * The state a change leaves, decided against `file` (this replica's file of the Flag) and the
 * previous state (`previous`, from the record `previousSeq`; null: an earlier change of the same
 * batch, whose seq is not known yet and which no export can come between). `after` is the entry the change
 * made (null: deleted); `touched`, the fields the request named (a PATCH's keys; every field
 * for a create, a PUT or a delete). Untouched fields keep the decision they had, with its base
 * and its seq, so a later change of another field neither hides a conflict nor undoes an export.
 */
export function nextState(after: ErrorEntry | null, touched: readonly DecidedField[], file: ErrorEntry | undefined, previous: EntryState | undefined, previousSeq: number | null, exported: number): EntryState {
  if (after === null) return { value: null, fields: {}, deleted: { base: file ?? null } };
  const value: Record<string, unknown> = { ...after };
  const fields: EntryState['fields'] = {};
  for (const field of DECIDED_FIELDS) {
    const kept = touched.includes(field) || !previous?.value ? undefined : previous.fields[field];
    const since = kept?.since ?? previousSeq;
    if (kept && (since === null || since > exported)) {
      // Kept with the API's own value, even where a conflict serves the repository's.
      fields[field] = since === null ? kept : { ...kept, since };
      value[field] = previous!.value![field];
    } else if (file === undefined) fields[field] = {};
    else if (!same(file[field], after[field])) fields[field] = { base: file[field] };
  }
  return { value: value as unknown as ErrorEntry, fields };
}
