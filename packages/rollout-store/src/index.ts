export { activeHalts, GUARD, type HaltFigures, type HaltStore, type NewHalt, type RolloutHalt } from './halt-store';
export { latestShares, shareApplies, type NewShare, type ShareSetting, type ShareStore } from './share-store';
export type { RolloutStore } from './rollout-store';
export { openFileHaltStore, openFileRolloutStore } from './file-rollout-store';
