export { openCatalogStore, OP_LOG_FILE, type OpenCatalogOptions, type OpLogChoice } from './open-catalog-store';
export { CatalogStore, type Actor, type AppliedChange, type CatalogHealth, type CatalogStoreOptions, type ChangeResult } from './catalog-store';
export type { CatalogStats, LogPage, LogQuery } from './op-log-index';
export type { OpLogHealth } from './op-log';
export type { OpRecord } from './op-record';
export { freshEntryText } from './entry-yaml';
export { DuplicateFlagError, FlagMismatchError, InvalidFlagError, MissingFieldsError, PreconditionFailedError, StorageUnavailableError, UnknownFlagError } from './errors';
export type { Precondition } from './plan-change';
