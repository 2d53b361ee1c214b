export { StorageUnavailableError } from '@companion/journal';

/** Create: an entry with this Flag already exists (409). */
export class DuplicateFlagError extends Error {
  override readonly name = 'DuplicateFlagError';
  constructor(readonly flag: string) {
    super(`an entry with Flag ${flag} already exists`);
  }
}

/** Update or delete: no entry has this Flag (404). */
export class UnknownFlagError extends Error {
  override readonly name = 'UnknownFlagError';
  constructor(readonly flag: string) {
    super(`no entry has Flag ${flag}`);
  }
}

/** Update: the body names another Flag than the path; a Flag cannot change (422). */
export class FlagMismatchError extends Error {
  override readonly name = 'FlagMismatchError';
  constructor(
    readonly flag: string,
    readonly bodyFlag: string,
  ) {
    super(`the body's Flag ${bodyFlag} differs from ${flag}; a Flag cannot change`);
  }
}

/**
 * Not a Flag (capital letters then digits, at most 32 characters). The API checks this first;
 * the store checks again because a Flag becomes a file name.
 */
export class InvalidFlagError extends Error {
  override readonly name = 'InvalidFlagError';
  constructor(readonly flag: string) {
    super(`"${flag}" is not a Flag: expected capital letters followed by digits, at most 32 characters`);
  }
}

/** Update or delete: the entry is not in the state the request's precondition (If-Match) names (412). */
export class PreconditionFailedError extends Error {
  override readonly name = 'PreconditionFailedError';
  constructor(readonly flag: string) {
    super(`the entry ${flag} is not in the state the request expects (it changed, or is gone)`);
  }
}

/** A whole-entry update (PUT) leaves out fields the entry has; it would drop them (422). */
export class MissingFieldsError extends Error {
  override readonly name = 'MissingFieldsError';
  constructor(
    readonly flag: string,
    readonly fields: readonly { field: string; value: unknown }[],
  ) {
    super(`the body leaves out ${fields.map((f) => f.field).join(', ')}, which ${flag} has`);
  }
}

/** A restore names a version the Flag's history does not have (404). */
export class UnknownVersionError extends Error {
  override readonly name = 'UnknownVersionError';
  constructor(
    readonly flag: string,
    readonly version: number,
  ) {
    super(`${flag} has no version ${version}`);
  }
}
