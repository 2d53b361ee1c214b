export { openCatalogStore, OP_LOG_FILE } from './open-catalog-store';
export { CatalogStore, type Actor, type CatalogStoreOptions, type ChangeResult } from './catalog-store';
export type { AppliedChange } from './apply-entries';
export type { CatalogStats, LogPage, LogQuery } from './op-log-index';
export type { OpRecord } from './op-record';
export { entryFileText } from './entry-file';
export { DuplicateFlagError, FlagMismatchError, InvalidFlagError, StorageUnavailableError, UnknownFlagError } from './errors';
