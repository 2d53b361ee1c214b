export { openPgLineageStore, RESTORE_MIGRATIONS } from './pg-lineage-store';
