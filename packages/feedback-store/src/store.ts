import type { Corruption, FaultReport, TornTail } from '@companion/journal';
import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import type { FeedbackInput, FeedbackStatus } from '@companion/schema';
import type { FeedbackFilter } from './feedback-filter';
import type { FeedbackRecord } from './feedback-record';
import type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-stats';

/** A status set or an erasure, as the console's activity log lists it: who, when, which feedback; never a note, a reason or an address. */
export interface FeedbackWorkItem {
  kind: 'status' | 'erasure';
  feedback: number[];
  /** The status set; null for an erasure. */
  status: FeedbackStatus | null;
  actor: string;
  /** RFC 3339 UTC with microseconds. */
  at: string;
}

export interface FeedbackStatusChange {
  status: FeedbackStatus;
  /** A note added to the thread with the status; empty, absent or the latest note sent again: none. */
  note?: string;
  /**
   * The status and note as the person saw them when they made the change (If-Match): when the
   * feedback no longer holds them, nothing is changed and FeedbackChangedError says what it holds.
   */
  seen?: SeenStatus;
}

/** A feedback's status and who set it when: what a status change is made on (notes never conflict: they are a thread). */
export type SeenStatus = Pick<FeedbackRecord, 'status' | 'status_by' | 'status_at'>;

/** Someone else set the status since the person saw it; `current` is the feedback now. */
export class FeedbackChangedError extends Error {
  constructor(readonly current: FeedbackRecord) {
    super(`Feedback ${current.id} was changed meanwhile by ${current.status_by ?? 'someone'}.`);
    this.name = 'FeedbackChangedError';
  }
}

/** Whether a feedback still holds the status and note a change was made on. */
export const stillSeen = (record: FeedbackRecord, seen: SeenStatus): boolean =>
  record.status === seen.status && record.status_by === seen.status_by && record.status_at === seen.status_at;

/**
 * What a keyed status change or erasure committed, as its key recalls it: the feedback as that
 * change left it, or the ids an erasure named and the mail outbox messages it erased.
 */
export type FeedbackWork = { kind: 'status' | 'note'; record: FeedbackRecord } | { kind: 'erasure'; ids: number[]; outbox_messages: number };

/** Who makes a status change or erasure; with a `claim`, its key is stored with the change's record (one line, one statement). */
export interface FeedbackWorker {
  actor: string;
  reason?: string;
  claim?: IdempotencyClaim;
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
  /**
   * True when a write sent with a key this store holds is refused by the store itself, in the
   * write's own statement (KeyTakenError): a keyed write is then sent without a recall first.
   */
  readonly refusesHeldKeys?: true;
  recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<FeedbackReceipt> | null>;
  /** Newest first; rejects with StorageUnavailableError when the records cannot be read. */
  list(query: FeedbackQuery): Promise<FeedbackPage>;
  /** Every feedback the filter holds, newest first, read a batch at a time (for exports). */
  scan(filter: FeedbackFilter): AsyncIterable<FeedbackRecord>;
  /** Changes whenever a feedback is submitted, worked or erased: what an export's ETag rests on. */
  version(): Promise<string>;
  /**
   * Sets a feedback's status and note, recorded with `who`; resolves null for an unknown id; see
   * `seen`. With a claim, KeyTakenError when the store holds its key (nothing changed).
   */
  setStatus(id: number, change: FeedbackStatusChange, who: FeedbackWorker): Promise<FeedbackRecord | null>;
  /**
   * Adds a note to a feedback's thread under `who.actor`, leaving its status as it is; resolves
   * null for an unknown id. With a claim, KeyTakenError when the store holds its key.
   */
  addNote(id: number, text: string, who: FeedbackWorker): Promise<FeedbackRecord | null>;
  /**
   * Erases an e-mail address (any letter case) from every feedback that holds it, as contact or
   * in the text; the log records the erasure with the ids, never the address, and `outbox` (the
   * mail outbox messages erased before it). With a claim, KeyTakenError when the key is held.
   */
  erase(address: string, who: FeedbackWorker & { outbox?: number }): Promise<{ ids: number[] }>;
  /** The status change or erasure a key was committed with, within the key retention, or null. */
  recallWork(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<FeedbackWork> | null>;
  /** Every status set and every erasure, oldest first (notes are each feedback's thread, in its record). */
  workLog(): Promise<FeedbackWorkItem[]>;
  stats(nowMicros: number): Promise<FeedbackStats>;
  health(): FeedbackHealth;
  /** Finishes submissions under way; later ones are refused. */
  close(): Promise<void>;
}
