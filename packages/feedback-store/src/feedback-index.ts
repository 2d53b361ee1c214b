import { LineArchive, type JournalLine } from '@companion/journal';
import { FEEDBACK_TYPES, type FeedbackType } from '@companion/schema';
import { holdsAddress, withoutAddress } from './address-match';
import { feedbackMatcher, narrowsBeyondType, type FeedbackFilter } from './feedback-filter';
import { toFeedbackRecord, type FeedbackEvent, type FeedbackRecord, type FeedbackStatusMark, type StoredFeedback } from './feedback-record';
import { FeedbackCounts, type FeedbackPage, type FeedbackQuery, type FeedbackStats } from './feedback-stats';

/**
 * The flat store's feedback in memory: lines as bytes (parsed only for the page asked for, or
 * for a filter beyond the type), positions per type, statuses by id, and counts per UTC day,
 * kept current on each submission so stats never reread.
 */
export class FeedbackIndex {
  private readonly lines = new LineArchive();
  private readonly byType = Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, [] as number[]])) as Record<FeedbackType, number[]>;
  private readonly counts = new FeedbackCounts();
  private readonly marks = new Map<number, FeedbackStatusMark>();

  add({ record, bytes }: JournalLine<StoredFeedback>): void {
    const index = this.lines.push(bytes);
    this.byType[record.type].push(index);
    this.counts.add(record.created_at.slice(0, 10), record.type);
  }

  /** A line of the events log: a status sets the mark; an erasure changes the lines, not the marks. */
  apply(event: FeedbackEvent): void {
    if (event.kind !== 'status') return;
    this.marks.set(event.feedback, { status: event.status, note: event.note ?? null, status_by: event.actor, status_at: `${event.at}Z` });
  }

  /** Replaces the address in every note (in any form it is written: address-match); returns the ids whose note held it. */
  eraseFromNotes(address: string): number[] {
    const ids: number[] = [];
    for (const [id, mark] of this.marks) {
      if (!holdsAddress(mark.note, address)) continue;
      ids.push(id);
      this.marks.set(id, { ...mark, note: withoutAddress(mark.note!, address) });
    }
    return ids;
  }

  /** The marks, to carry over to an index rebuilt from a rewritten log. */
  copyMarksTo(other: FeedbackIndex): void {
    for (const [id, mark] of this.marks) other.marks.set(id, mark);
  }

  get length(): number {
    return this.lines.length;
  }

  /** The feedback with this id (the flat log's ids are its line numbers), or null. */
  byId(id: number): FeedbackRecord | null {
    const record = id >= 1 && id <= this.lines.length ? this.at(id - 1) : null;
    return record?.id === id ? record : null;
  }

  list(query: FeedbackQuery): FeedbackPage {
    const perPage = Math.max(1, query.perPage);
    const first = (Math.max(1, query.page) - 1) * perPage;
    if (narrowsBeyondType(query)) {
      const records: FeedbackRecord[] = [];
      let total = 0;
      for (const record of this.matching(query)) if (total++ >= first && records.length < perPage) records.push(record);
      return { total, records };
    }
    const matches = query.type ? this.byType[query.type] : null; // null: every feedback
    const total = matches ? matches.length : this.lines.length;
    const records: FeedbackRecord[] = [];
    for (let k = first; k < Math.min(total, first + perPage); k++) records.push(this.at(matches ? matches[total - 1 - k]! : total - 1 - k));
    return { total, records };
  }

  /** Newest first. */
  *matching(filter: FeedbackFilter): Generator<FeedbackRecord> {
    const matches = feedbackMatcher(filter);
    const positions = filter.type ? this.byType[filter.type] : null;
    const total = positions ? positions.length : this.lines.length;
    for (let k = total - 1; k >= 0; k--) {
      const record = this.at(positions ? positions[k]! : k);
      if (matches(record)) yield record;
    }
  }

  /** Every stored line, oldest first, as written (for a rewrite). */
  *stored(): Generator<StoredFeedback & { seq: number }> {
    for (let i = 0; i < this.lines.length; i++) yield this.lines.record<StoredFeedback>(i);
  }

  stats(nowMicros: number): FeedbackStats {
    return this.counts.stats(nowMicros);
  }

  private at(index: number): FeedbackRecord {
    const stored = this.lines.record<StoredFeedback>(index);
    return toFeedbackRecord(stored, this.marks.get(stored.seq));
  }
}
