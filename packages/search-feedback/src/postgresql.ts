// The PostgreSQL backend, apart from the index so the flat-file default never loads it.
export { openPgSearchFeedback, SEARCH_FEEDBACK_MIGRATIONS } from './pg-search-feedback';
