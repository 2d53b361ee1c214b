export type { FeedbackStore, FeedbackHealth } from './store';
export { openFileFeedbackStore, FileFeedbackStore, FEEDBACK_FILE, type FileFeedbackStoreOptions } from './file-feedback-store';
export type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-stats';
export type { FeedbackRecord, StoredFeedback } from './feedback-record';
export { cleanFeedback, BlankFeedbackError } from './clean-feedback';
export { StorageUnavailableError } from '@companion/journal';
