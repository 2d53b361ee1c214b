export { openFileSearchFeedback, SEARCH_FEEDBACK_FILE, searchFeedbackFold, type SearchFeedbackLine } from './file-search-feedback';
export { MAX_QUERY_CHARS, normaliseQuery } from './normalise';
export { reportOf, type SearchCount, type SearchFeedbackStore, type SearchReportRow, type StaffAnswer } from './search-feedback';
export { dayOf, firstDayOf, MAX_QUERIES_PER_DAY, OTHER_QUERIES, SEARCH_COUNT_DAYS, SearchRecorder } from './search-recorder';
