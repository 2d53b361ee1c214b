import { join } from 'node:path';
import { openJournal, type Journal, type JournalHealth, type StorageEvents } from '@companion/journal';
import { formatTimestamp, formatUtcInstant, type Clock, type FeedbackInput } from '@companion/schema';
import { cleanFeedback } from './clean-feedback';
import { FeedbackIndex, type FeedbackPage, type FeedbackQuery, type FeedbackStats } from './feedback-index';
import { checkStoredFeedback, type StoredFeedback } from './feedback-record';

export const FEEDBACK_FILE = 'feedback.jsonl';

export interface FeedbackStoreOptions {
  dataDir: string;
  clock: Clock;
  /** Told once when submissions start being refused and once when they resume, with the cause. */
  events?: StorageEvents;
}

/** Durable user feedback in `<dataDir>/feedback.jsonl`. Create it with `openFeedbackStore`. */
export class FeedbackStore {
  constructor(
    private readonly journal: Journal<StoredFeedback>,
    private readonly index: FeedbackIndex,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores a validated submission (cleaned, see `cleanFeedback`); resolves once it is on disk.
   * Rejects with BlankFeedbackError or StorageUnavailableError.
   */
  async submit(input: FeedbackInput, meta: { ip: string }): Promise<{ id: number; created_at: string }> {
    const created_at = formatTimestamp(this.clock.nowMicros());
    const feedback: StoredFeedback = { created_at, ...cleanFeedback(input), user_ip: meta.ip };
    // Indexed inside the batch, so a list right after the answer already shows it.
    const [line] = await this.journal.commit([feedback], (lines) => lines.forEach((l) => this.index.add(l)));
    return { id: line!.record.seq, created_at: `${created_at}Z` };
  }

  list(query: FeedbackQuery): FeedbackPage {
    return this.index.list(query);
  }

  stats(nowMicros: number): FeedbackStats {
    return this.index.stats(nowMicros);
  }

  health(): JournalHealth {
    return this.journal.health();
  }

  /** Finishes queued submissions, then closes the file. Later submissions are refused. */
  close(): Promise<void> {
    return this.journal.close();
  }
}

/**
 * Opens (or creates) the feedback log and rebuilds lists and counts from it. Storage problems
 * do not throw: the store opens read-only and `health()` says why.
 */
export async function openFeedbackStore({ dataDir, clock, events }: FeedbackStoreOptions): Promise<FeedbackStore> {
  const index = new FeedbackIndex();
  const journal = await openJournal<StoredFeedback>(join(dataDir, FEEDBACK_FILE), {
    now: () => formatUtcInstant(clock.nowMicros()),
    events,
    onRecord: (line) => {
      checkStoredFeedback(line.record);
      index.add(line);
    },
  });
  return new FeedbackStore(journal, index, clock);
}
