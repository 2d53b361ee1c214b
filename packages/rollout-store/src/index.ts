export { activeHalts, type HaltFigures, type HaltStore, type NewHalt, type RolloutHalt } from './halt-store';
export { openFileHaltStore } from './file-halt-store';
