import {
  DEFAULT_CATEGORY,
  DEFAULT_SEVERITY,
  FLAG_MAX_LENGTH,
  FLAG_PATTERN,
  type ErrorEntry,
  type ErrorEntryInput,
  type ErrorEntryUpdate,
  type Operation,
} from '@companion/schema';
import { DuplicateFlagError, FlagMismatchError, InvalidFlagError, UnknownFlagError } from './errors';

export type ChangeRequest =
  | { operation: 'CREATE'; input: ErrorEntryInput }
  | { operation: 'UPDATE'; flag: string; input: ErrorEntryUpdate }
  | { operation: 'DELETE'; flag: string };

export interface PlannedChange {
  operation: Operation;
  flag: string;
  /** The entry after the change; for DELETE the entry removed. */
  entry: ErrorEntry;
  /** What the catalogue holds for the Flag afterwards. */
  after: ErrorEntry | null;
}

/** The catalogue as the change must see it: the service's entries plus earlier changes in the batch. */
export type EntryLookup = (flag: string) => ErrorEntry | undefined;

/** Checks a request against the catalogue and works out the entry; throws the typed errors. */
export function planChange(request: ChangeRequest, lookup: EntryLookup, instant: string): PlannedChange {
  if (request.operation === 'CREATE') {
    const flag = checkFlag(request.input.Flag);
    if (lookup(flag)) throw new DuplicateFlagError(flag);
    const entry = entryFrom(flag, request.input, instant, instant);
    return { operation: 'CREATE', flag, entry, after: entry };
  }
  const flag = checkFlag(request.flag);
  const current = lookup(flag);
  if (!current) throw new UnknownFlagError(flag);
  if (request.operation === 'DELETE') return { operation: 'DELETE', flag, entry: current, after: null };
  if (request.input.Flag !== undefined && request.input.Flag !== flag) throw new FlagMismatchError(flag, request.input.Flag);
  // PUT semantics: the body replaces Info, Solution and metadata; only created_at carries over.
  const entry = entryFrom(flag, request.input, current.created_at, instant);
  return { operation: 'UPDATE', flag, entry, after: entry };
}

function checkFlag(flag: string): string {
  if (typeof flag !== 'string' || flag.length > FLAG_MAX_LENGTH || !FLAG_PATTERN.test(flag)) throw new InvalidFlagError(String(flag));
  return flag;
}

function entryFrom(flag: string, body: ErrorEntryUpdate, createdAt: string | null, updatedAt: string): ErrorEntry {
  return {
    Flag: flag,
    Info: body.Info,
    Solution: [...body.Solution],
    category: body.category ?? DEFAULT_CATEGORY,
    severity: body.severity ?? DEFAULT_SEVERITY,
    creator: body.creator ?? null,
    notes: body.notes ?? null,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
