// The PostgreSQL store, apart from the index so the flat-file default never loads the pg client.
export { openPgFeedbackStore, PgFeedbackStore, type PgFeedbackStoreOptions } from './pg-feedback-store';
export { FEEDBACK_MIGRATIONS } from './pg-feedback-migrations';
