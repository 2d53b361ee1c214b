export { openJournal, type JournalOptions } from './open-journal';
export { Journal, type AfterSync, type JournalCounters, type JournalHealth } from './journal';
export type { Corruption, JournalLine, RecordVisitor, RecoveryReport, TornTail } from './recovery';
export { encodeLine, type JournalRecord } from './line-codec';
export { LineArchive } from './line-archive';
export { StorageUnavailableError, describeError } from './errors';
export { syncDirectory } from './sync-directory';
export { replaceFile } from './replace-file';
