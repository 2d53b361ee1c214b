import { LineArchive, type JournalLine } from '@companion/journal';
import { FEEDBACK_TYPES, type FeedbackType } from '@companion/schema';
import { holdsAddress, withoutAddress } from './address-match';
import { feedbackMatcher, narrowsBeyondType, type FeedbackFilter } from './feedback-filter';
import { toFeedbackRecord, type FeedbackEvent, type FeedbackRecord, type FeedbackStatusMark, type StoredFeedback } from './feedback-record';
import { FeedbackCounts, type FeedbackPage, type FeedbackQuery, type FeedbackStats } from './feedback-stats';
import type { FeedbackWorkItem } from './store';

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
  /** The note the last status line of each feedback carried, in lines written before notes were a thread. */
  private readonly statusNotes = new Map<number, string | null>();

  add({ record, bytes }: JournalLine<StoredFeedback>): void {
    const index = this.lines.push(bytes);
    this.byType[record.type].push(index);
    this.counts.add(record.created_at.slice(0, 10), record.type);
  }

  /** Statuses set and erasures, without any text a person wrote (nothing here holds an address to erase). */
  private readonly work: FeedbackWorkItem[] = [];

  /** A line of the events log: a status sets the mark, a note adds to the thread; an erasure changes the lines, not the marks. */
  apply(event: FeedbackEvent): void {
    if (event.kind !== 'note') this.work.push({ kind: event.kind, feedback: event.kind === 'erasure' ? [...event.feedback] : [event.feedback], status: event.kind === 'status' ? event.status : null, actor: event.actor, at: `${event.at}Z` });
    if (event.kind === 'erasure') return;
    const mark: FeedbackStatusMark = this.marks.get(event.feedback) ?? { status: 'new', note: null, notes: [], status_by: null, status_at: null };
    const before = this.statusNotes.get(event.feedback) ?? null;
    if (event.kind === 'status') {
      Object.assign(mark, { status: event.status, status_by: event.actor, status_at: `${event.at}Z` });
      this.statusNotes.set(event.feedback, event.note ?? null);
    }
    // A note line, or the note of an older status line that was not the one before sent again.
    const text = event.kind === 'note' ? event.note : event.note !== undefined && event.note !== before ? event.note : null;
    if (text !== null) {
      mark.notes.push({ by: event.actor, at: `${event.at}Z`, text });
      mark.note = text;
    }
    this.marks.set(event.feedback, mark);
  }

  /** Replaces the address in every note (in any form it is written: address-match); returns the ids whose note held it. */
  eraseFromNotes(address: string): number[] {
    const ids: number[] = [];
    for (const [id, mark] of this.marks) {
      if (!holdsAddress(mark.note, address) && !mark.notes.some((n) => holdsAddress(n.text, address))) continue;
      ids.push(id);
      const notes = mark.notes.map((n) => (holdsAddress(n.text, address) ? { ...n, text: withoutAddress(n.text, address) } : n));
      this.marks.set(id, { ...mark, note: mark.note === null ? null : withoutAddress(mark.note, address), notes });
    }
    for (const [id, note] of this.statusNotes) if (note !== null && holdsAddress(note, address)) this.statusNotes.set(id, withoutAddress(note, address));
    return ids;
  }

  /** The marks and the work log, to carry over to an index rebuilt from a rewritten log. */
  copyMarksTo(other: FeedbackIndex): void {
    for (const [id, mark] of this.marks) other.marks.set(id, mark);
    other.work.push(...this.work);
  }

  /** Every status set and erasure applied, oldest first. */
  workLog(): FeedbackWorkItem[] {
    return [...this.work];
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
