import { LineArchive, type JournalLine } from '@companion/journal';
import { FEEDBACK_TYPES, formatTimestamp, type FeedbackType } from '@companion/schema';
import { toFeedbackRecord, type FeedbackRecord, type StoredFeedback } from './feedback-record';

export interface FeedbackQuery {
  /** 1-based. */
  page: number;
  perPage: number;
  type?: FeedbackType;
}

export interface FeedbackPage {
  /** Feedback matching the filter, all pages together. */
  total: number;
  /** Newest first. */
  records: FeedbackRecord[];
}

export interface FeedbackStats {
  total: number;
  by_type: Record<FeedbackType, number>;
  /** The last 30 UTC days, oldest first, today included, days without feedback as 0. */
  by_day: { date: string; count: number }[];
}

const DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Feedback in memory: lines as bytes (parsed only for the page asked for), positions per
 * type, and counts per UTC day, kept current on each submission so stats never reread.
 */
export class FeedbackIndex {
  private readonly lines = new LineArchive();
  private readonly byType = Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, [] as number[]])) as Record<FeedbackType, number[]>;
  private readonly perDay = new Map<string, number>();

  add({ record, bytes }: JournalLine<StoredFeedback>): void {
    const index = this.lines.push(bytes);
    this.byType[record.type].push(index);
    const day = record.created_at.slice(0, 10);
    this.perDay.set(day, (this.perDay.get(day) ?? 0) + 1);
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
    const today = Date.parse(`${formatTimestamp(nowMicros).slice(0, 10)}T00:00:00Z`);
    const by_day = Array.from({ length: DAYS }, (_, i) => {
      const date = new Date(today - (DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10);
      return { date, count: this.perDay.get(date) ?? 0 };
    });
    const by_type = Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, this.byType[t].length])) as Record<FeedbackType, number>;
    return { total: this.lines.length, by_type, by_day };
  }
}
