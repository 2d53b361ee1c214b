export { CSV_TYPE, csvFilename, csvHeader, csvRow } from './feedback-csv';
export { feedbackFilter } from './feedback-filter';
export { NO_STATUS, seenOfTag, statusTag } from './feedback-tag';
export { type ErasureOutcome, feedbackWork, sendFeedbackCsv, shown, unavailable } from './feedback-work';
