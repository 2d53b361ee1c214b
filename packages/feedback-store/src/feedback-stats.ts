import { FEEDBACK_TYPES, formatTimestamp, type FeedbackType } from '@companion/schema';
import type { FeedbackFilter } from './feedback-filter';
import type { FeedbackRecord } from './feedback-record';

export interface FeedbackQuery extends FeedbackFilter {
  /** 1-based. */
  page: number;
  perPage: number;
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

export const STATS_DAYS = 30;
const DAY_MS = 86_400_000;

/** The UTC dates of the stats window ending on the day of `nowMicros`, oldest first. */
export function statsWindow(nowMicros: number): string[] {
  const today = Date.parse(`${formatTimestamp(nowMicros).slice(0, 10)}T00:00:00Z`);
  return Array.from({ length: STATS_DAYS }, (_, i) => new Date(today - (STATS_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Counts kept per type and per UTC day, however they are stored. */
export class FeedbackCounts {
  readonly perDay = new Map<string, number>();
  readonly byType = Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, 0])) as Record<FeedbackType, number>;
  total = 0;

  add(day: string, type: FeedbackType, count = 1): void {
    this.perDay.set(day, (this.perDay.get(day) ?? 0) + count);
    this.byType[type] += count;
    this.total += count;
  }

  clone(): FeedbackCounts {
    const copy = new FeedbackCounts();
    for (const [day, count] of this.perDay) copy.perDay.set(day, count);
    Object.assign(copy.byType, this.byType);
    copy.total = this.total;
    return copy;
  }

  stats(nowMicros: number): FeedbackStats {
    const by_day = statsWindow(nowMicros).map((date) => ({ date, count: this.perDay.get(date) ?? 0 }));
    return { total: this.total, by_type: { ...this.byType }, by_day };
  }
}
