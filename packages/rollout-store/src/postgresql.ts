// The PostgreSQL store, apart from the index so the flat-file default never loads the pg client.
export { openPgRolloutStore } from './pg-rollout-store';
export { ROLLOUT_HALT_MIGRATIONS } from './pg-migrations';
