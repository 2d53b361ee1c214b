export { keyTime } from './key-time';
export type { LineageMark, LineageStore, NewRestoreEvent, RestoreEvent } from './lineage-store';
export { LINEAGE_FILE, openFileLineageStore } from './file-lineage-store';
export { confirmRestore, KEY_CLOCK_SKEW_MS, RestoreWatch, restoredLine, unconfirmedRestores, type ConfirmOutcome, type KeyVerdict, type RestoreConsequences, type RestoreWatchOptions } from './restore-watch';
export { WitnessFile, witnessPath, type Witness, type WitnessedHalt } from './witness-file';
