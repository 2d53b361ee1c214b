export { openJournal, type JournalOptions } from './open-journal';
export { Journal, PROBE_INTERVAL_MS, type AfterSync, type JournalCounters, type JournalHealth } from './journal';
export type { Corruption, JournalLine, RecordVisitor, RecoveryReport, TornTail } from './recovery';
export { encodeLine, type JournalRecord } from './line-codec';
export { LineArchive } from './line-archive';
export { StorageUnavailableError } from './errors';
export { faultMessage, FaultState, Retrier, type FaultReport, type StorageEvents, type StorageFault } from './storage-fault';
export { syncDirectory } from './sync-directory';
export { replaceFile } from './replace-file';
