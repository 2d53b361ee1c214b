import { LineArchive, type JournalLine } from '@companion/journal';
import { FEEDBACK_TYPES, type FeedbackType } from '@companion/schema';
import { toFeedbackRecord, type FeedbackRecord, type StoredFeedback } from './feedback-record';
import { FeedbackCounts, type FeedbackPage, type FeedbackQuery, type FeedbackStats } from './feedback-stats';

/**
 * The flat store's feedback in memory: lines as bytes (parsed only for the page asked for),
 * positions per type, and counts per UTC day, kept current on each submission so stats never reread.
 */
export class FeedbackIndex {
  private readonly lines = new LineArchive();
  private readonly byType = Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, [] as number[]])) as Record<FeedbackType, number[]>;
  private readonly counts = new FeedbackCounts();

  add({ record, bytes }: JournalLine<StoredFeedback>): void {
    const index = this.lines.push(bytes);
    this.byType[record.type].push(index);
    this.counts.add(record.created_at.slice(0, 10), record.type);
  }

  list({ page, perPage, type }: FeedbackQuery): FeedbackPage {
    const matches = type ? this.byType[type] : null; // null: every feedback
    const total = matches ? matches.length : this.lines.length;
    const records: FeedbackRecord[] = [];
    const first = (Math.max(1, page) - 1) * Math.max(1, perPage);
    for (let k = first; k < Math.min(total, first + Math.max(1, perPage)); k++) {
      const index = matches ? matches[total - 1 - k]! : total - 1 - k;
      records.push(toFeedbackRecord(this.lines.record<StoredFeedback>(index)));
    }
    return { total, records };
  }

  stats(nowMicros: number): FeedbackStats {
    return this.counts.stats(nowMicros);
  }
}
