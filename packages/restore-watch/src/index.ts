export { keyTime } from './key-time';
export type { LineageMark, LineageStore, NewRestoreEvent, RestoreEvent } from './lineage-store';
export { LINEAGE_FILE, openFileLineageStore } from './file-lineage-store';
export { confirmRestores, RestoreWatch, restoredLine, type KeyVerdict, type RestoreConsequences, type RestoreWatchOptions } from './restore-watch';
export { WitnessFile, type Witness, type WitnessedHalt } from './witness-file';
