import {
  DEFAULT_CATEGORY,
  DEFAULT_SEVERITY,
  FLAG_MAX_LENGTH,
  FLAG_PATTERN,
  type ErrorEntry,
  type ErrorEntryInput,
  type ErrorEntryPatch,
  type ErrorEntryUpdate,
  type Operation,
} from '@companion/schema';
import { DuplicateFlagError, FlagMismatchError, InvalidFlagError, MissingFieldsError, PreconditionFailedError, UnknownFlagError } from './errors';

/**
 * A condition on the entry as it is when the change is made (null: no entry has the Flag), such
 * as an If-Match. Checked inside the serialized queue, against the catalogue plus the earlier
 * changes of the batch, so no other change can come between the check and the write.
 */
export type Precondition = (current: ErrorEntry | null) => boolean;

/** An update: the whole entry (PUT) or a JSON Merge Patch of it (PATCH). */
export type EntryEdit = { kind: 'replace'; input: ErrorEntryUpdate } | { kind: 'merge'; patch: ErrorEntryPatch };

export type ChangeRequest =
  | { operation: 'CREATE'; input: ErrorEntryInput }
  | { operation: 'UPDATE'; flag: string; edit: EntryEdit; precondition?: Precondition }
  | { operation: 'DELETE'; flag: string; precondition?: Precondition }
  /** Brings back `entry` (a version from the Flag's history): an update when the Flag has an entry, a create keeping `entry`'s created_at when it was deleted. */
  | { operation: 'RESTORE'; flag: string; entry: ErrorEntry; version: number; precondition?: Precondition };

export interface PlannedChange {
  operation: Operation;
  flag: string;
  /** The entry after the change; for DELETE the entry removed. */
  entry: ErrorEntry;
  /** What the catalogue holds for the Flag afterwards. */
  after: ErrorEntry | null;
  /** A restore: the number of the version it brought back. */
  restored?: number;
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
  // A precondition judges the state first (RFC 9110 13.2.2): If-Match on a missing entry is 412.
  if (request.precondition && !request.precondition(current ?? null)) throw new PreconditionFailedError(flag);
  if (request.operation === 'RESTORE') {
    const { entry: version } = request;
    const entry = entryFrom(flag, version, current ? current.created_at : (version.created_at ?? instant), instant);
    return { operation: current ? 'UPDATE' : 'CREATE', flag, entry, after: entry, restored: request.version };
  }
  if (!current) throw new UnknownFlagError(flag);
  if (request.operation === 'DELETE') return { operation: 'DELETE', flag, entry: current, after: null };
  const { edit } = request;
  const body = edit.kind === 'replace' ? edit.input : edit.patch;
  if (body.Flag !== undefined && body.Flag !== flag) throw new FlagMismatchError(flag, body.Flag);
  const entry = edit.kind === 'replace' ? replaced(current, edit.input, instant) : merged(current, edit.patch, instant);
  return { operation: 'UPDATE', flag, entry, after: entry };
}

/** The fields an update may omit or null, with what omission leaves: their defaults. */
const OMITTED = { messages: [], category: DEFAULT_CATEGORY, severity: DEFAULT_SEVERITY, creator: null, notes: null } as const;
const isOmitted = (field: keyof typeof OMITTED, value: unknown) => (field === 'messages' ? (value as string[]).length === 0 : value === OMITTED[field]);

/**
 * PUT: the body is the whole entry; only created_at carries over. A field the entry has (a value
 * other than what omitting it gives) must be in the body, null to remove it, or the change is
 * refused naming each: a partial PUT would otherwise wipe what it did not mention.
 */
function replaced(current: ErrorEntry, input: ErrorEntryUpdate, instant: string): ErrorEntry {
  const dropped = (Object.keys(OMITTED) as (keyof typeof OMITTED)[]).filter((field) => input[field] === undefined && !isOmitted(field, current[field]));
  if (dropped.length > 0) throw new MissingFieldsError(current.Flag, dropped.map((field) => ({ field, value: current[field]! })));
  return entryFrom(current.Flag, input, current.created_at, instant);
}

/** PATCH (RFC 7396): named fields replace, null removes (optional fields only), the rest stays. */
function merged(current: ErrorEntry, patch: ErrorEntryPatch, instant: string): ErrorEntry {
  const pick = <K extends keyof typeof OMITTED>(field: K) => (patch[field] === undefined ? current[field] : patch[field]);
  return entryFrom(
    current.Flag,
    { Info: patch.Info ?? current.Info, Solution: patch.Solution ?? current.Solution, messages: pick('messages'), category: pick('category'), severity: pick('severity'), creator: pick('creator'), notes: pick('notes') },
    current.created_at,
    instant,
  );
}

function checkFlag(flag: string): string {
  if (typeof flag !== 'string' || flag.length > FLAG_MAX_LENGTH || !FLAG_PATTERN.test(flag)) throw new InvalidFlagError(String(flag));
  return flag;
}

function entryFrom(flag: string, body: ErrorEntryInput | ErrorEntryUpdate | ErrorEntry, createdAt: string | null, updatedAt: string): ErrorEntry {
  return {
    Flag: flag,
    Info: body.Info,
    Solution: [...body.Solution],
    messages: [...(body.messages ?? [])],
    category: body.category ?? DEFAULT_CATEGORY,
    severity: body.severity ?? DEFAULT_SEVERITY,
    creator: body.creator ?? null,
    notes: body.notes ?? null,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
