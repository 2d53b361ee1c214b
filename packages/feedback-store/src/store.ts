import type { Corruption, FaultReport, TornTail } from '@companion/journal';
import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import type { FeedbackInput, FeedbackStatus } from '@companion/schema';
import type { FeedbackFilter } from './feedback-filter';
import type { FeedbackRecord } from './feedback-record';
import type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-stats';

export interface FeedbackStatusChange {
  status: FeedbackStatus;
  /** Empty or absent: no note. */
  note?: string;
}

/** What /health shows of a feedback store: the flat log adds what its last start-up found. */
/** What a submission answers: its id and when it was stored (`...Z`). */
export interface FeedbackReceipt {
  id: number;
  created_at: string;
}

export type FeedbackHealth = FaultReport & { tornTail?: TornTail | null; corruption?: Corruption | null };

/**
 * User feedback, on flat files (`openFileFeedbackStore`) or PostgreSQL (`openPgFeedbackStore`).
 * Both keep the promises of the contract suite in `test/contract/`: the answers, newest first,
 * paging and totals, stats by type and by day, nothing lost across restarts, refusals (503).
 */
export interface FeedbackStore {
  /**
   * Stores a validated submission (cleaned, see `cleanFeedback`); resolves once it is durable.
   * Rejects with BlankFeedbackError or StorageUnavailableError (nothing stored). With a `claim`,
   * the key is stored with the feedback (one line, one statement): both are kept or neither;
   * KeyTakenError when another replica committed the key meanwhile (this one was not stored).
   */
  submit(input: FeedbackInput, meta: { ip: string; claim?: IdempotencyClaim }): Promise<FeedbackReceipt>;
  /** The submission a key was committed with, within the key retention, or null. */
  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<FeedbackReceipt> | null>;
  /** Newest first; rejects with StorageUnavailableError when the records cannot be read. */
  list(query: FeedbackQuery): Promise<FeedbackPage>;
  /** Every feedback the filter holds, newest first, read a batch at a time (for exports). */
  scan(filter: FeedbackFilter): AsyncIterable<FeedbackRecord>;
  /** Changes whenever a feedback is submitted, worked or erased: what an export's ETag rests on. */
  version(): Promise<string>;
  /** Sets a feedback's status and note, recorded with `who`; resolves null for an unknown id. */
  setStatus(id: number, change: FeedbackStatusChange, who: { actor: string; reason?: string }): Promise<FeedbackRecord | null>;
  /**
   * Erases an e-mail address (any letter case) from every feedback that holds it, as contact or
   * in the text; the log records the erasure with the ids, never the address.
   */
  erase(address: string, who: { actor: string; reason?: string }): Promise<{ ids: number[] }>;
  stats(nowMicros: number): Promise<FeedbackStats>;
  health(): FeedbackHealth;
  /** Finishes submissions under way; later ones are refused. */
  close(): Promise<void>;
}
