export { openJournal, type JournalOptions } from './open-journal';
export { Journal, DEFAULT_MAX_BATCH_RECORDS, type AfterSync, type JournalCounters, type JournalHealth } from './journal';
export type { Corruption, JournalLine, RecordVisitor, RecoveryReport, TornTail } from './recovery';
export { encodeLine, decodeLine, type JournalRecord } from './line-codec';
export { LineArchive } from './line-archive';
export { StorageUnavailableError, describeError } from './errors';
export { syncDirectory } from './sync-directory';
