import { join } from 'node:path';
import { encodeLine, openJournal, replaceFile, StorageUnavailableError, syncDirectory, type Journal, type JournalHealth, type StorageEvents } from '@companion/journal';
import { formatTimestamp, formatUtcInstant, type Clock, type FeedbackInput } from '@companion/schema';
import { cleanFeedback } from './clean-feedback';
import { withoutAddress, type FeedbackFilter } from './feedback-filter';
import { FeedbackIndex } from './feedback-index';
import { checkStoredFeedback, type FeedbackEvent, type FeedbackRecord, type StoredFeedback } from './feedback-record';
import type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-stats';
import { FeedbackChangedError, stillSeen, type FeedbackStatusChange, type FeedbackStore } from './store';

export const FEEDBACK_FILE = 'feedback.jsonl';
/** Statuses set and erasures done, by whom and when; ids only, never an erased address. */
export const FEEDBACK_EVENTS_FILE = 'feedback-events.jsonl';

export interface FileFeedbackStoreOptions {
  dataDir: string;
  clock: Clock;
  /** Told once when submissions start being refused and once when they resume, with the cause. */
  events?: StorageEvents;
}

/** Durable user feedback in `<dataDir>/feedback.jsonl`. Create it with `openFileFeedbackStore`. */
export class FileFeedbackStore implements FeedbackStore {
  /** Settles when the erasure under way (if any) has rewritten the log; writes wait for it. */
  private erasing: Promise<unknown> = Promise.resolve();
  /** Status changes one at a time, so one made on what a feedback held is checked against what it holds. */
  private statuses: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: FileFeedbackStoreOptions,
    private journal: Journal<StoredFeedback>,
    private index: FeedbackIndex,
    private readonly marks: Journal<FeedbackEvent>,
  ) {}

  async submit(input: FeedbackInput, meta: { ip: string }): Promise<{ id: number; created_at: string }> {
    const feedback: StoredFeedback = { created_at: '', ...cleanFeedback(input), user_ip: meta.ip };
    await this.afterErasures();
    feedback.created_at = formatTimestamp(this.options.clock.nowMicros());
    // Indexed inside the batch, so a list right after the answer already shows it.
    const index = this.index;
    const [line] = await this.journal.commit([feedback], (lines) => lines.forEach((l) => index.add(l)));
    return { id: line!.record.seq, created_at: `${feedback.created_at}Z` };
  }

  async list(query: FeedbackQuery): Promise<FeedbackPage> {
    return this.index.list(query);
  }

  async *scan(filter: FeedbackFilter): AsyncIterable<FeedbackRecord> {
    yield* this.index.matching(filter);
  }

  async version(): Promise<string> {
    return `${this.index.length}.${this.marks.lastSeq()}`;
  }

  async setStatus(id: number, change: FeedbackStatusChange, who: { actor: string; reason?: string }): Promise<FeedbackRecord | null> {
    const done = this.statuses.then(() => this.setStatusNow(id, change, who));
    this.statuses = done.catch(() => undefined);
    return done;
  }

  private async setStatusNow(id: number, change: FeedbackStatusChange, who: { actor: string; reason?: string }): Promise<FeedbackRecord | null> {
    await this.afterErasures();
    const current = this.index.byId(id);
    if (!current) return null;
    if (change.seen && !stillSeen(current, change.seen)) throw new FeedbackChangedError(current);
    const event: FeedbackEvent = { kind: 'status', feedback: id, status: change.status, ...(change.note && { note: change.note }), actor: who.actor, at: this.now(), ...(who.reason && { reason: who.reason }) };
    await this.marks.commit([event], () => this.index.apply(event));
    return this.index.byId(id);
  }

  /**
   * Rewrites the log without the address (a temp file renamed over it, as every rewrite here),
   * then records the erasure. Submissions wait meanwhile; lists read the index they started with.
   */
  async erase(address: string, who: { actor: string; reason?: string }): Promise<{ ids: number[] }> {
    await this.afterErasures();
    const refusal = this.journal.health().reason ?? this.marks.health().reason;
    if (refusal !== null) throw new StorageUnavailableError(refusal);
    const erasure = this.rewriteWithout(address.toLowerCase());
    this.erasing = erasure.catch(() => undefined);
    const ids = await erasure;
    const event: FeedbackEvent = { kind: 'erasure', feedback: ids, actor: who.actor, at: this.now(), ...(who.reason && { reason: who.reason }) };
    await this.marks.commit([event]);
    return { ids };
  }

  async stats(nowMicros: number): Promise<FeedbackStats> {
    return this.index.stats(nowMicros);
  }

  health(): JournalHealth {
    return this.journal.health();
  }

  async close(): Promise<void> {
    await this.afterErasures();
    await Promise.all([this.journal.close(), this.marks.close()]);
  }

  private now(): string {
    return formatTimestamp(this.options.clock.nowMicros());
  }

  /** Waits until no erasure is rewriting the log, however many start meanwhile. */
  private async afterErasures(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.erasing;
      await seen;
    } while (seen !== this.erasing);
  }

  private async rewriteWithout(address: string): Promise<number[]> {
    const holds = (stored: StoredFeedback) => stored.contact?.toLowerCase() === address || stored.content.toLowerCase().includes(address);
    if (![...this.index.stored()].some(holds)) return [];
    // Closed first: submissions already queued land, and are in the index read below.
    await this.journal.close();
    const ids: number[] = [];
    try {
      const lines: Buffer[] = [];
      for (const { seq, ...stored } of this.index.stored()) {
        if (!holds(stored)) {
          lines.push(encodeLine(seq, stored));
          continue;
        }
        ids.push(seq);
        const { contact, ...rest } = stored;
        const kept = contact && contact.toLowerCase() !== address ? { contact: withoutAddress(contact, address) } : {};
        lines.push(encodeLine(seq, { ...rest, ...kept, content: withoutAddress(stored.content, address) }));
      }
      const path = join(this.options.dataDir, FEEDBACK_FILE);
      await replaceFile(path, `${path}.erasing`, Buffer.concat(lines));
      await syncDirectory(this.options.dataDir);
    } finally {
      // Reopened whatever happened: the old log or the new one, whole either way.
      const { journal, index } = await openFeedbackLog(this.options);
      this.index.copyMarksTo(index);
      this.journal = journal;
      this.index = index;
    }
    return ids;
  }
}

async function openFeedbackLog({ dataDir, clock, events }: FileFeedbackStoreOptions) {
  const index = new FeedbackIndex();
  const journal = await openJournal<StoredFeedback>(join(dataDir, FEEDBACK_FILE), {
    now: () => formatUtcInstant(clock.nowMicros()),
    events,
    onRecord: (line) => {
      checkStoredFeedback(line.record);
      index.add(line);
    },
  });
  return { journal, index };
}

/**
 * Opens (or creates) the feedback log and its events, and rebuilds lists, statuses and counts
 * from them. Storage problems do not throw: the store opens read-only and `health()` says why.
 */
export async function openFileFeedbackStore(options: FileFeedbackStoreOptions): Promise<FileFeedbackStore> {
  const { journal, index } = await openFeedbackLog(options);
  const marks = await openJournal<FeedbackEvent>(join(options.dataDir, FEEDBACK_EVENTS_FILE), {
    now: () => formatUtcInstant(options.clock.nowMicros()),
    events: options.events,
    onRecord: (line) => index.apply(line.record),
  });
  return new FileFeedbackStore(options, journal, index, marks);
}
