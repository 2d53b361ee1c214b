import { join } from 'node:path';
import { encodeLine, openJournal, replaceFile, StorageUnavailableError, syncDirectory, type Journal, type JournalHealth, type StorageEvents } from '@companion/journal';
import { KeyTakenError, RecentKeys, type IdempotencyClaim, type Recalled } from '@companion/idempotency';
import { formatTimestamp, formatUtcInstant, type Clock, type FeedbackInput } from '@companion/schema';
import { cleanFeedback } from './clean-feedback';
import { contactWithoutAddress, holdsAddress, withoutAddress } from './address-match';
import type { FeedbackFilter } from './feedback-filter';
import { FeedbackIndex } from './feedback-index';
import { checkStoredFeedback, type FeedbackEvent, type FeedbackRecord, type StoredFeedback } from './feedback-record';
import type { FeedbackPage, FeedbackQuery, FeedbackStats } from './feedback-stats';
import { FeedbackChangedError, stillSeen, type FeedbackReceipt, type FeedbackStatusChange, type FeedbackStore, type FeedbackWork, type FeedbackWorker, type FeedbackWorkItem } from './store';

export const FEEDBACK_FILE = 'feedback.jsonl';
/** Statuses set and erasures done, by whom and when; ids only, never an erased address. */
export const FEEDBACK_EVENTS_FILE = 'feedback-events.jsonl';

export interface FileFeedbackStoreOptions {
  dataDir: string;
  clock: Clock;
  /** Told once when submissions start being refused and once when they resume, with the cause. */
  events?: StorageEvents;
  /** How long Idempotency-Keys answer (default KEY_RETENTION_MS). */
  keyRetentionMs?: number;
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
    private marks: Journal<FeedbackEvent>,
    /** Keys of the submissions within the retention, from the log's lines. */
    private readonly keys: RecentKeys<FeedbackReceipt>,
    /** Keys of the status changes and erasures within the retention, from the events log's lines. */
    private readonly workKeys: RecentKeys<WorkDone>,
  ) {}

  async submit(input: FeedbackInput, meta: { ip: string; claim?: IdempotencyClaim }): Promise<FeedbackReceipt> {
    const feedback: StoredFeedback = { created_at: '', ...cleanFeedback(input), user_ip: meta.ip, ...(meta.claim && { idempotency: meta.claim }) };
    await this.afterErasures();
    feedback.created_at = formatTimestamp(this.options.clock.nowMicros());
    // Indexed inside the batch, so a list right after the answer already shows it.
    const index = this.index;
    const [line] = await this.journal.commit([feedback], (lines) => lines.forEach((l) => index.add(l)));
    const receipt = { id: line!.record.seq, created_at: `${feedback.created_at}Z` };
    if (meta.claim) this.keys.add(meta.claim, receipt);
    return receipt;
  }

  async recall(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<FeedbackReceipt> | null> {
    return this.keys.recall(claim);
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

  async setStatus(id: number, change: FeedbackStatusChange, who: FeedbackWorker): Promise<FeedbackRecord | null> {
    const done = this.statuses.then(() => this.setStatusNow(id, change, who));
    this.statuses = done.catch(() => undefined);
    return done;
  }

  private async setStatusNow(id: number, change: FeedbackStatusChange, who: FeedbackWorker): Promise<FeedbackRecord | null> {
    await this.afterErasures();
    // Before the If-Match check: a change sent again after it was made is its key's, not a conflict.
    this.refuseHeldKey(who.claim);
    const current = this.index.byId(id);
    if (!current) return null;
    if (change.seen && !stillSeen(current, change.seen)) throw new FeedbackChangedError(current);
    const at = this.now();
    const event: FeedbackEvent = { kind: 'status', feedback: id, status: change.status, actor: who.actor, at, ...(who.reason && { reason: who.reason }), ...(who.claim && { idempotency: who.claim }) };
    // A note sent with the status joins the thread, unless it is the latest note sent again.
    const noted: FeedbackEvent[] = change.note && change.note !== current.note ? [{ kind: 'note', feedback: id, note: change.note, actor: who.actor, at }] : [];
    await this.marks.commit([event, ...noted], () => [event, ...noted].forEach((e) => this.index.apply(e)));
    if (who.claim) this.workKeys.add(who.claim, workDone(event));
    return this.index.byId(id);
  }

  async addNote(id: number, text: string, who: FeedbackWorker): Promise<FeedbackRecord | null> {
    const done = this.statuses.then(async () => {
      await this.afterErasures();
      this.refuseHeldKey(who.claim);
      if (!this.index.byId(id)) return null;
      const event: FeedbackEvent = { kind: 'note', feedback: id, note: text, actor: who.actor, at: this.now(), ...(who.claim && { idempotency: who.claim }) };
      await this.marks.commit([event], () => this.index.apply(event));
      if (who.claim) this.workKeys.add(who.claim, workDone(event));
      return this.index.byId(id);
    });
    this.statuses = done.catch(() => undefined);
    return done;
  }

  async recallWork(claim: Pick<IdempotencyClaim, 'owner' | 'key'>): Promise<Recalled<FeedbackWork> | null> {
    const held = this.workKeys.recall(claim);
    if (!held) {
      // A key first used for a submission answers only that submission.
      const submitted = this.keys.recall(claim);
      return submitted && { fingerprint: `feedback:${submitted.fingerprint}`, outcome: { kind: 'erasure', ids: [], outbox_messages: 0 } };
    }
    const done = held.outcome;
    if (done.kind === 'erasure') return { fingerprint: held.fingerprint, outcome: done };
    const record = this.index.byId(done.feedback);
    if (done.kind === 'note') return record && { fingerprint: held.fingerprint, outcome: { kind: 'note', record } };
    // The feedback's status as that change left it (its text and notes as they are now: an erasure since is kept).
    return record && { fingerprint: held.fingerprint, outcome: { kind: 'status', record: { ...record, status: done.status, status_by: done.status_by, status_at: done.status_at } } };
  }

  /** A change whose key is held is not made again: KeyTakenError, and the caller recalls the key. */
  private refuseHeldKey(claim: IdempotencyClaim | undefined): void {
    if (claim && (this.workKeys.recall(claim) || this.keys.recall(claim))) throw new KeyTakenError(claim);
  }

  /**
   * Rewrites both logs without the address (each a temp file renamed over it, as every rewrite
   * here): contacts and texts in the feedback log, notes and reasons in the events log. Then
   * records the erasure, its reason without the address too. Submissions and statuses wait
   * meanwhile; lists read the index they started with.
   */
  async erase(address: string, who: FeedbackWorker & { outbox?: number }): Promise<{ ids: number[] }> {
    await this.afterErasures();
    this.refuseHeldKey(who.claim);
    const refusal = this.journal.health().reason ?? this.marks.health().reason;
    if (refusal !== null) throw new StorageUnavailableError(refusal);
    const erasure = (async () => {
      const inFeedback = await this.rewriteWithout(address);
      const inEvents = await this.rewriteEventsWithout(address);
      // The answers kept for replays of keyed status changes: their notes as they are now.
      this.workKeys.rewrite((done) => (done.kind === 'status' && done.note !== null ? { ...done, note: withoutAddress(done.note, address) } : done));
      return [...new Set([...inFeedback, ...inEvents])].sort((a, b) => a - b);
    })();
    const recorded = erasure.then(async (ids) => {
      const reason = who.reason && withoutAddress(who.reason, address);
      const event: FeedbackEvent = { kind: 'erasure', feedback: ids, actor: who.actor, at: this.now(), ...(reason && { reason }), ...(who.outbox !== undefined && { outbox: who.outbox }), ...(who.claim && { idempotency: who.claim }) };
      // Applied as at a reopen (the marks do not change; the work log takes it).
      await this.marks.commit([event], () => this.index.apply(event));
      if (who.claim) this.workKeys.add(who.claim, workDone(event));
      return ids;
    });
    // Its record written before the next erasure starts: a second one with its key finds the key held.
    this.erasing = recorded.catch(() => undefined);
    return { ids: await recorded };
  }

  async workLog(): Promise<FeedbackWorkItem[]> {
    return this.index.workLog();
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
    const holds = (stored: StoredFeedback) => holdsAddress(stored.contact, address) || holdsAddress(stored.content, address);
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
        const left = contact === undefined ? null : contactWithoutAddress(contact, address);
        const kept = left === null ? {} : { contact: left };
        lines.push(encodeLine(seq, { ...rest, ...kept, content: withoutAddress(stored.content, address) }));
      }
      const path = join(this.options.dataDir, FEEDBACK_FILE);
      await replaceFile(path, `${path}.erasing`, Buffer.concat(lines));
      await syncDirectory(this.options.dataDir);
    } finally {
      // Reopened whatever happened: the old log or the new one, whole either way.
      const { journal, index } = await openFeedbackLog(this.options, this.keys);
      this.index.copyMarksTo(index);
      this.journal = journal;
      this.index = index;
    }
    return ids;
  }

  /**
   * The events log without the address in any note or reason; the index's notes too. Returns
   * the feedback ids whose status events held it.
   */
  private async rewriteEventsWithout(address: string): Promise<number[]> {
    const path = join(this.options.dataDir, FEEDBACK_EVENTS_FILE);
    const holds = (text: string | undefined) => holdsAddress(text, address);
    const ids = this.index.eraseFromNotes(address);
    await this.marks.close();
    try {
      const events = await readEvents(path);
      if (!events.some((event) => holds(event.reason) || (event.kind !== 'erasure' && holds(event.note)))) return ids;
      const lines = events.map(({ seq, ...event }) => {
        if (event.kind !== 'erasure' && (holds(event.note) || holds(event.reason))) ids.push(event.feedback);
        const scrubbed = { ...event, ...(event.reason !== undefined && { reason: withoutAddress(event.reason, address) }), ...(event.kind !== 'erasure' && event.note !== undefined && { note: withoutAddress(event.note, address) }) };
        return encodeLine(seq, scrubbed);
      });
      await replaceFile(path, `${path}.erasing`, Buffer.concat(lines));
      await syncDirectory(this.options.dataDir);
      return ids;
    } finally {
      // Reopened whatever happened; the index already holds every mark.
      this.marks = await openEventsLog(this.options, () => undefined);
    }
  }
}

/** What a keyed event recalls: a status as it set it, or an erasure's ids and outbox count. */
type WorkDone =
  | { kind: 'status'; feedback: number; status: FeedbackRecord['status']; note: string | null; status_by: string; status_at: string }
  | { kind: 'note'; feedback: number }
  | { kind: 'erasure'; ids: number[]; outbox_messages: number };

function workDone(event: FeedbackEvent): WorkDone {
  if (event.kind === 'note') return { kind: 'note', feedback: event.feedback };
  return event.kind === 'status'
    ? { kind: 'status', feedback: event.feedback, status: event.status, note: event.note ?? null, status_by: event.actor, status_at: `${event.at}Z` }
    : { kind: 'erasure', ids: event.feedback, outbox_messages: event.outbox ?? 0 };
}

/** The events log as written, each line with its seq (read once, for a rewrite). */
async function readEvents(path: string): Promise<(FeedbackEvent & { seq: number })[]> {
  const events: (FeedbackEvent & { seq: number })[] = [];
  const reader = await openJournal<FeedbackEvent>(path, { onRecord: ({ record }) => void events.push(record as FeedbackEvent & { seq: number }) });
  const refusal = reader.health().reason;
  await reader.close();
  if (refusal !== null) throw new StorageUnavailableError(refusal);
  return events;
}

function openEventsLog({ dataDir, clock, events }: FileFeedbackStoreOptions, onEvent: (event: FeedbackEvent) => void) {
  return openJournal<FeedbackEvent>(join(dataDir, FEEDBACK_EVENTS_FILE), {
    now: () => formatUtcInstant(clock.nowMicros()),
    events,
    onRecord: (line) => onEvent(line.record),
  });
}

async function openFeedbackLog({ dataDir, clock, events }: FileFeedbackStoreOptions, keys: RecentKeys<FeedbackReceipt>) {
  const index = new FeedbackIndex();
  const journal = await openJournal<StoredFeedback>(join(dataDir, FEEDBACK_FILE), {
    now: () => formatUtcInstant(clock.nowMicros()),
    events,
    onRecord: (line) => {
      checkStoredFeedback(line.record);
      index.add(line);
      const { seq, created_at, idempotency } = line.record;
      if (idempotency) keys.add(idempotency, { id: seq, created_at: `${created_at}Z` }, Date.parse(`${created_at}Z`));
    },
  });
  return { journal, index };
}

/**
 * Opens (or creates) the feedback log and its events, and rebuilds lists, statuses and counts
 * from them. Storage problems do not throw: the store opens read-only and `health()` says why.
 */
export async function openFileFeedbackStore(options: FileFeedbackStoreOptions): Promise<FileFeedbackStore> {
  const nowMs = () => options.clock.nowMicros() / 1000;
  const keys = new RecentKeys<FeedbackReceipt>(options.keyRetentionMs, nowMs);
  const workKeys = new RecentKeys<WorkDone>(options.keyRetentionMs, nowMs);
  const { journal, index } = await openFeedbackLog(options, keys);
  const marks = await openEventsLog(options, (event) => {
    index.apply(event);
    if (event.idempotency) workKeys.add(event.idempotency, workDone(event), Date.parse(`${event.at}Z`));
  });
  return new FileFeedbackStore(options, journal, index, marks, keys, workKeys);
}
