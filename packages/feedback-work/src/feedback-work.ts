import { once } from 'node:events';
import { StorageUnavailableError, type FeedbackRecord, type FeedbackStatusChange, type FeedbackStore, type FeedbackWork } from '@companion/feedback-store';
import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import type { Mailer } from '@companion/mailer';
import type { Clock } from '@companion/schema';
import type { Request, Response } from 'express';
import { ApiError, etagOf, IdempotentWrites, ifNoneMatch, type KeyRestoreGuard } from '@companion/http-kit';
import { CSV_TYPE, csvFilename, csvHeader, csvRow } from './feedback-csv';
import { feedbackFilter } from './feedback-filter';

/** What a reader with feedback:read sees; the submitter's IP stays on disk for abuse checks. */
export const shown = ({ user_ip: _ip, ...record }: FeedbackRecord) => record;

/** A store that cannot be read or written, as the API says it. */
export const unavailable = (doing: string) => (error: unknown) => {
  throw error instanceof StorageUnavailableError ? new ApiError('STORAGE_UNAVAILABLE', `Feedback cannot be ${doing}: ${error.message}.`) : error;
};

/** Writes `text`, waiting while the client reads slower than the store; false once the client is gone. */
async function write(res: Response, text: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(text)) return true;
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
  return !res.destroyed;
}

const CSV_CHUNK = 64 * 1024;

/**
 * The filtered view (the request's query) as CSV, streamed: a strong ETag from the store's version
 * (known before a row is read), then the rows as the store reads them, the client's pace kept.
 */
export async function sendFeedbackCsv(feedback: FeedbackStore, clock: Clock, req: Request, res: Response): Promise<void> {
  const filter = feedbackFilter(req);
  // `bom`: the file's form (led by a byte-order mark) is part of what the tag names.
  const etag = etagOf(`${await feedback.version().catch(unavailable('read'))} ${JSON.stringify(filter)} bom`);
  res.setHeader('ETag', etag);
  if (ifNoneMatch(req.headers['if-none-match'], [etag])) {
    res.status(304).end();
    return;
  }
  res.status(200).type(CSV_TYPE).setHeader('Content-Disposition', `attachment; filename="${csvFilename(filter, clock.nowMicros())}"`);
  let chunk = csvHeader;
  try {
    for await (const record of feedback.scan(filter)) {
      chunk += csvRow(record);
      if (chunk.length < CSV_CHUNK) continue;
      if (!(await write(res, chunk))) return;
      chunk = '';
    }
  } catch (error) {
    // Rows are on their way: a cut connection tells the client the file is incomplete.
    res.destroy(error as Error);
    return;
  }
  res.end(chunk);
}
/** What an erasure answers: how many feedback it changed, their ids, and the mail outbox messages erased. */
export interface ErasureOutcome {
  erased: number;
  ids: number[];
  outbox_messages: number;
}

/**
 * An erasure request, everywhere the service keeps what it names: the mail outbox first, then
 * the feedback store (contacts, texts, notes, reasons, the request's own reason), whose erasure
 * record keeps the outbox count and, with a claim, the key: a key exists only once both are done.
 */
async function eraseAddress(deps: { mailer: Pick<Mailer, 'erase'> }, feedback: FeedbackStore, address: string, who: { actor: string; reason?: string }, claim?: IdempotencyClaim | null): Promise<ErasureOutcome> {
  const outbox = await deps.mailer.erase(address).catch((error: unknown) => {
    throw error instanceof StorageUnavailableError ? new ApiError('STORAGE_UNAVAILABLE', `The mail outbox cannot be changed: ${error.message}; nothing was erased, and repeating the request is safe.`) : error;
  });
  const { ids } = await feedback.erase(address, { ...who, outbox, ...(claim && { claim }) }).catch(unavailable('changed'));
  return { erased: ids.length, ids, outbox_messages: outbox };
}

/** A key's status change or erasure, as the other kind's outcome: its fingerprint never matches (422). */
const otherKind = <T>(recalled: Recalled<FeedbackWork>, outcome: T): Recalled<T> => ({ fingerprint: `${recalled.outcome.kind}:${recalled.fingerprint}`, outcome });

/** How a key is recalled for one kind of work: its first outcome (`answer`), or another kind's as `other` (see otherKind). */
function recallOf<K extends FeedbackWork['kind'], T>(feedback: FeedbackStore, kind: K, answer: (done: FeedbackWork & { kind: K }) => T, other: T) {
  return async (claim: IdempotencyClaim): Promise<Recalled<T> | null> => {
    const found = await feedback.recallWork(claim).catch(unavailable('read'));
    if (!found) return null;
    const done = found.outcome;
    return done.kind === kind ? { fingerprint: found.fingerprint, outcome: answer(done as FeedbackWork & { kind: K }) } : otherKind(found, other);
  };
}

/**
 * Keyed erasures and status changes (console forms, API requests with an Idempotency-Key): the
 * store keeps the key in the change's own record and refuses a held one; a key sent again is
 * answered with the first outcome.
 */
export function feedbackWork(deps: { mailer: Pick<Mailer, 'erase'>; restore?: KeyRestoreGuard | null }, feedback: FeedbackStore) {
  const keyed = new IdempotentWrites(deps.restore ?? null);
  return {
    erase: (address: string, who: { actor: string; reason?: string }, claim: IdempotencyClaim | null) =>
      keyed.settle<ErasureOutcome>(claim, {
        recall: recallOf(feedback, 'erasure', (done) => ({ erased: done.ids.length, ids: done.ids, outbox_messages: done.outbox_messages }), { erased: 0, ids: [], outbox_messages: 0 }),
        perform: (c) => eraseAddress(deps, feedback, address, who, c),
        refusesHeldKeys: true,
      }),
    /** Resolves null for an unknown id; FeedbackChangedError as the store's setStatus. */
    setStatus: (id: number, change: FeedbackStatusChange, who: { actor: string; reason?: string }, claim: IdempotencyClaim | null) =>
      keyed.settle<FeedbackRecord | null>(claim, {
        recall: recallOf(feedback, 'status', (done) => done.record, null),
        perform: (c) => feedback.setStatus(id, change, { ...who, ...(c && { claim: c }) }),
        refusesHeldKeys: true,
      }),
    /** A note added to a feedback's thread; resolves null for an unknown id. */
    addNote: (id: number, text: string, who: { actor: string }, claim: IdempotencyClaim | null) =>
      keyed.settle<FeedbackRecord | null>(claim, {
        recall: recallOf(feedback, 'note', (done) => done.record, null),
        perform: (c) => feedback.addNote(id, text, { ...who, ...(c && { claim: c }) }),
        refusesHeldKeys: true,
      }),
  };
}
