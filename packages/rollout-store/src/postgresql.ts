// The PostgreSQL store, apart from the index so the flat-file default never loads the pg client.
export { openPgHaltStore, ROLLOUT_HALT_MIGRATIONS } from './pg-halt-store';
