export { exportChanges, NO_CHOICE, parseConflictChoice, type ConflictChoice, type UnexportedChanges } from './catalog-export/export-changes';
export { unimportedFiles } from './data-import/import-data-dir';
