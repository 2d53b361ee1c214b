import type { ErrorEntry } from '@companion/schema';
import { resolveEntry, type EntryConflict, type EntryState } from './entry-state';
import { exportedSeq, type LogIdentity } from './log-identity';
import type { StoredOpRecord } from './op-record';

/** A Flag's API state and the seq of the record that left it. */
export interface FlagState {
  state: EntryState;
  seq: number;
}

/**
 * The API's side of the catalogue: per Flag, the state its latest record left, merged with the
 * repository's file whenever either changes (the content store calls `resolve` for each Flag
 * whose file or state changed, so the open conflicts and pending Flags kept here follow every
 * snapshot). Built from the whole log at start-up, then fed each record as it is applied.
 */
export class CatalogOverlay {
  private readonly states = new Map<string, FlagState>();
  private readonly conflictOf = new Map<string, EntryConflict>();
  private readonly pendingFlags = new Set<string>();

  constructor(
    /** The log's identity as now: `catalog-exports.yaml` says how far this log is exported under it. */
    private readonly identity: () => LogIdentity,
    /** Told when a Flag's conflict appears (with it) and when it is resolved (null). */
    private readonly onConflict: (flag: string, conflict: EntryConflict | null) => void = () => undefined,
  ) {}

  add(record: StoredOpRecord): void {
    // A record from before the merge: its change was written into the file, which holds it.
    if (record.state) this.states.set(record.flag, { state: record.state, seq: record.seq });
    else this.states.delete(record.flag);
  }

  stateOf(flag: string): FlagState | undefined {
    return this.states.get(flag);
  }

  flags(): Iterable<string> {
    return this.states.keys();
  }

  /** The entry served for `flag`, from its file and this log's state of it; records the conflict and whether it is pending. */
  resolve(flag: string, file: ErrorEntry | undefined, exported: ReadonlyMap<string, number>): ErrorEntry | undefined {
    const known = this.states.get(flag);
    const { entry, conflict, pending } = resolveEntry(flag, known?.state, known?.seq ?? 0, file, exportedSeq(this.identity(), exported));
    const before = this.conflictOf.get(flag);
    if (conflict) this.conflictOf.set(flag, conflict);
    else this.conflictOf.delete(flag);
    if ((before === undefined) !== (conflict === null)) this.onConflict(flag, conflict);
    if (pending) this.pendingFlags.add(flag);
    else this.pendingFlags.delete(flag);
    return entry;
  }

  /** Open conflicts, by Flag. */
  conflicts(): EntryConflict[] {
    return [...this.conflictOf.values()].sort((a, b) => (a.flag < b.flag ? -1 : 1));
  }

  /** Flags whose API changes the files do not hold yet, by Flag. */
  pending(): string[] {
    return [...this.pendingFlags].sort();
  }

  get pendingCount(): number {
    return this.pendingFlags.size;
  }
}
