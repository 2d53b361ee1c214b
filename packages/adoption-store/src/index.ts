export { ROW_FIELDS, InstallTally, uptakeOfRows, type ActivityRow, type AdoptionStore, type InstallCount, type UptakeDay } from './adoption-store';
export { openFileAdoptionStore, readAdoptionDir } from './file-adoption-store';
export { AdoptionRecorder, activityFacts, addDays, dayOf, type AdoptionOptions, type InstallFacts } from './adoption-recorder';
