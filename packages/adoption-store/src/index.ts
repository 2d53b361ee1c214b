export { ROW_FIELDS, InstallTally, uptakeOfRows, type ActivityRow, type AdoptionStore, type BugVote, type GuardDay, type InstallCount, type UptakeDay } from './adoption-store';
export { openFileAdoptionStore, readAdoptionDir } from './file-adoption-store';
export { AdoptionRecorder, activityFacts, addDays, dayOf, type AdoptionHealth, type AdoptionOptions, type InstallFacts, type Uncounted } from './adoption-recorder';
export { InstallCredentials, dayNumber } from './install-credential';
