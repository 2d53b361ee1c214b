// The PostgreSQL store, apart from the index so the flat-file default never loads the pg client.
export { openPgAdoptionStore, addVotes, ADOPTION_MIGRATIONS } from './pg-adoption-store';
export { importActivity } from './pg-day-partitions';
