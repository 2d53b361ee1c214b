import type { Corruption, FaultReport, TornTail } from '@companion/journal';
import type { FeedbackInput } from '@companion/schema';
import type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-stats';

/** What /health shows of a feedback store: the flat log adds what its last start-up found. */
export type FeedbackHealth = FaultReport & { tornTail?: TornTail | null; corruption?: Corruption | null };

/**
 * User feedback, on flat files (`openFileFeedbackStore`) or PostgreSQL (`openPgFeedbackStore`).
 * Both keep the promises of the contract suite in `test/contract/`: the answers, newest first,
 * paging and totals, stats by type and by day, nothing lost across restarts, refusals (503).
 */
export interface FeedbackStore {
  /**
   * Stores a validated submission (cleaned, see `cleanFeedback`); resolves once it is durable.
   * Rejects with BlankFeedbackError or StorageUnavailableError (nothing stored).
   */
  submit(input: FeedbackInput, meta: { ip: string }): Promise<{ id: number; created_at: string }>;
  /** Newest first; rejects with StorageUnavailableError when the records cannot be read. */
  list(query: FeedbackQuery): Promise<FeedbackPage>;
  stats(nowMicros: number): Promise<FeedbackStats>;
  health(): FeedbackHealth;
  /** Finishes submissions under way; later ones are refused. */
  close(): Promise<void>;
}
