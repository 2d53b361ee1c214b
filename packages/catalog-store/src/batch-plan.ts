import type { ErrorEntry } from '@companion/schema';
import { DECIDED_FIELDS, nextState, resolveEntry, type DecidedField, type EntryState } from './entry-state';
import type { FlagState } from './overlay';
import { planChange, type ChangeRequest, type PlannedChange } from './plan-change';

/** The catalogue a batch is planned against. */
export interface CatalogueView {
  /** The Flag's entry in this replica's files (the repository's side). */
  file(flag: string): ErrorEntry | undefined;
  /** The API's state of the Flag, from the latest record this replica applied. */
  state(flag: string): FlagState | undefined;
  /** The last seq of this log that the files hold (catalog-exports.yaml). */
  exported: number;
}

/** A change planned with the API state it leaves. */
export interface PlannedEntryChange extends PlannedChange {
  state: EntryState;
}

/** The fields a request decides: a PATCH those it names, any other change the whole entry. */
function touchedFields(request: ChangeRequest): readonly DecidedField[] {
  if (request.operation !== 'UPDATE' || request.edit.kind === 'replace') return DECIDED_FIELDS;
  const named = new Set(Object.keys(request.edit.patch));
  return DECIDED_FIELDS.filter((field) => named.has(field));
}

/**
 * Plans the changes of one batch in order: each is checked against the entry served (the files
 * merged with the API's state), with the batch's earlier changes applied, and leaves the state
 * its record carries. Throws the typed errors of planChange.
 */
export class BatchPlanner {
  private readonly after = new Map<string, { served: ErrorEntry | undefined; state: EntryState }>();

  constructor(private readonly view: CatalogueView) {}

  served(flag: string): ErrorEntry | undefined {
    const earlier = this.after.get(flag);
    if (earlier) return earlier.served;
    const known = this.view.state(flag);
    return resolveEntry(flag, known?.state, known?.seq ?? 0, this.view.file(flag), this.view.exported).entry;
  }

  plan(request: ChangeRequest, instant: string): PlannedEntryChange {
    const change = planChange(request, (flag) => this.served(flag), instant);
    const { flag } = change;
    const earlier = this.after.get(flag);
    const known = earlier ? { state: earlier.state, seq: null } : this.view.state(flag);
    const file = this.view.file(flag);
    const state = nextState(change.after, touchedFields(request), file, known?.state, known ? known.seq : 0, this.view.exported);
    this.after.set(flag, { served: change.after ?? undefined, state });
    return { ...change, state };
  }
}
