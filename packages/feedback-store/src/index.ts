export { openFeedbackStore, FeedbackStore, FEEDBACK_FILE, type FeedbackStoreOptions } from './feedback-store';
export type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-index';
export type { FeedbackRecord, StoredFeedback } from './feedback-record';
export { cleanFeedback, BlankFeedbackError } from './clean-feedback';
export { StorageUnavailableError } from '@companion/journal';
