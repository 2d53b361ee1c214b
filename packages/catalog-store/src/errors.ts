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
