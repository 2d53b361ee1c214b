export type { FeedbackStore, FeedbackHealth, FeedbackReceipt, FeedbackStatusChange, FeedbackWork, FeedbackWorker, FeedbackWorkItem, SeenStatus } from './store';
export { FeedbackChangedError } from './store';
export type { FeedbackFilter } from './feedback-filter';
export { openFileFeedbackStore, FileFeedbackStore, FEEDBACK_FILE, FEEDBACK_EVENTS_FILE, type FileFeedbackStoreOptions } from './file-feedback-store';
export type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-stats';
export type { FeedbackEvent, FeedbackNote, FeedbackRecord, StoredFeedback } from './feedback-record';
export { cleanFeedback, BlankFeedbackError } from './clean-feedback';
export { feedbackHoldsAddress, holdsAddress } from './address-match';
export { StorageUnavailableError } from '@companion/journal';
