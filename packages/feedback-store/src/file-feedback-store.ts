import { join } from 'node:path';
import { openJournal, type Journal, type JournalHealth, type StorageEvents } from '@companion/journal';
import { formatTimestamp, formatUtcInstant, type Clock, type FeedbackInput } from '@companion/schema';
import { cleanFeedback } from './clean-feedback';
import { FeedbackIndex } from './feedback-index';
import { checkStoredFeedback, type StoredFeedback } from './feedback-record';
import type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-stats';
import type { FeedbackStore } from './store';

export const FEEDBACK_FILE = 'feedback.jsonl';

export interface FileFeedbackStoreOptions {
  dataDir: string;
  clock: Clock;
  /** Told once when submissions start being refused and once when they resume, with the cause. */
  events?: StorageEvents;
}

/** Durable user feedback in `<dataDir>/feedback.jsonl`. Create it with `openFileFeedbackStore`. */
export class FileFeedbackStore implements FeedbackStore {
  constructor(
    private readonly journal: Journal<StoredFeedback>,
    private readonly index: FeedbackIndex,
    private readonly clock: Clock,
  ) {}

  async submit(input: FeedbackInput, meta: { ip: string }): Promise<{ id: number; created_at: string }> {
    const created_at = formatTimestamp(this.clock.nowMicros());
    const feedback: StoredFeedback = { created_at, ...cleanFeedback(input), user_ip: meta.ip };
    // Indexed inside the batch, so a list right after the answer already shows it.
    const [line] = await this.journal.commit([feedback], (lines) => lines.forEach((l) => this.index.add(l)));
    return { id: line!.record.seq, created_at: `${created_at}Z` };
  }

  async list(query: FeedbackQuery): Promise<FeedbackPage> {
    return this.index.list(query);
  }

  async stats(nowMicros: number): Promise<FeedbackStats> {
    return this.index.stats(nowMicros);
  }

  health(): JournalHealth {
    return this.journal.health();
  }

  close(): Promise<void> {
    return this.journal.close();
  }
}

/**
 * Opens (or creates) the feedback log and rebuilds lists and counts from it. Storage problems
 * do not throw: the store opens read-only and `health()` says why.
 */
export async function openFileFeedbackStore({ dataDir, clock, events }: FileFeedbackStoreOptions): Promise<FileFeedbackStore> {
  const index = new FeedbackIndex();
  const journal = await openJournal<StoredFeedback>(join(dataDir, FEEDBACK_FILE), {
    now: () => formatUtcInstant(clock.nowMicros()),
    events,
    onRecord: (line) => {
      checkStoredFeedback(line.record);
      index.add(line);
    },
  });
  return new FileFeedbackStore(journal, index, clock);
}
