export { databaseConfigFromEnv, redactedUrl, DatabaseConfigError, type DatabaseConfig } from './config';
export { Database, type DatabaseHealth, type Tx, type WriteDeadline } from './database';
export { asStorageError, isUnavailable, unavailableCause, CommitOutcomeUnknownError, WriteOutcomeUnknownError } from './errors';
export { Listener, type ListenerOptions } from './listener';
export { ContractStepWaitingError, MigrationMismatchError, SchemaTooNewError, type MigrateOptions, type Migration, type MigrationOutcome } from './migrate';
export { WriteFaults } from './write-faults';
