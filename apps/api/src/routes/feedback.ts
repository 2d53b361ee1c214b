import { once } from 'node:events';
import { BlankFeedbackError, FeedbackChangedError, StorageUnavailableError, type FeedbackRecord, type FeedbackStatusChange, type FeedbackStore, type FeedbackWork } from '@companion/feedback-store';
import type { IdempotencyClaim, Recalled } from '@companion/idempotency';
import { Count, FeedbackErasure, FeedbackErasureInput, FeedbackExportQuery, FeedbackInput, FeedbackQuery, FeedbackReceipt, FeedbackRecord as FeedbackRecordSchema, FeedbackRecordList, FeedbackStats, FeedbackTriage, clientVersion, type Clock } from '@companion/schema';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { credentialOf, requireScope } from '../auth/require-scope';
import type { AppDeps } from '../deps';
import { clientIp, maskIp } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { jsonBody } from '../http/json-body';
import { limitPerClient, limitPerCredential } from '../http/rate-limit';
import { claimOf, IdempotentWrites, REPLAYED } from '../http/idempotency';
import { dataMembers } from '../fast/read';
import { etagOf, ifNoneMatch, members, sendData, sendEnvelope } from '../http/respond';
import { parseBody, pathParam, queryInt } from '../http/validate';
import { CSV_TYPE, csvFilename, csvHeader, csvRow } from './feedback-csv';
import { feedbackFilter } from './feedback-filter';
import { NO_STATUS, seenOfTag, statusTag } from './feedback-tag';
import type { RouteDef } from './table';

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
async function eraseAddress(deps: Pick<AppDeps, 'mailer'>, feedback: FeedbackStore, address: string, who: { actor: string; reason?: string }, claim?: IdempotencyClaim | null): Promise<ErasureOutcome> {
  const outbox = await deps.mailer.erase(address).catch((error: unknown) => {
    throw error instanceof StorageUnavailableError ? new ApiError('STORAGE_UNAVAILABLE', `The mail outbox cannot be changed: ${error.message}; nothing was erased, and repeating the request is safe.`) : error;
  });
  const { ids } = await feedback.erase(address, { ...who, outbox, ...(claim && { claim }) }).catch(unavailable('changed'));
  return { erased: ids.length, ids, outbox_messages: outbox };
}

/** A key's status change or erasure, as the other kind's outcome: its fingerprint never matches (422). */
const otherKind = <T>(recalled: Recalled<FeedbackWork>, outcome: T): Recalled<T> => ({ fingerprint: `${recalled.outcome.kind}:${recalled.fingerprint}`, outcome });

/**
 * Keyed erasures and status changes (console forms, API requests with an Idempotency-Key): the
 * store keeps the key in the change's own record and refuses a held one; a key sent again is
 * answered with the first outcome.
 */
export function feedbackWork(deps: Pick<AppDeps, 'mailer'>, feedback: FeedbackStore) {
  const keyed = new IdempotentWrites();
  return {
    erase: (address: string, who: { actor: string; reason?: string }, claim: IdempotencyClaim | null) =>
      keyed.settle<ErasureOutcome>(claim, {
        recall: async (c) => {
          const found = await feedback.recallWork(c).catch(unavailable('read'));
          if (!found) return null;
          const done = found.outcome;
          return done.kind === 'erasure' ? { fingerprint: found.fingerprint, outcome: { erased: done.ids.length, ids: done.ids, outbox_messages: done.outbox_messages } } : otherKind(found, { erased: 0, ids: [], outbox_messages: 0 });
        },
        perform: (c) => eraseAddress(deps, feedback, address, who, c),
        refusesHeldKeys: true,
      }),
    /** Resolves null for an unknown id; FeedbackChangedError as the store's setStatus. */
    setStatus: (id: number, change: FeedbackStatusChange, who: { actor: string; reason?: string }, claim: IdempotencyClaim | null) =>
      keyed.settle<FeedbackRecord | null>(claim, {
        recall: async (c) => {
          const found = await feedback.recallWork(c).catch(unavailable('read'));
          if (!found) return null;
          const done = found.outcome;
          return done.kind === 'status' ? { fingerprint: found.fingerprint, outcome: done.record } : otherKind(found, null);
        },
        perform: (c) => feedback.setStatus(id, change, { ...who, ...(c && { claim: c }) }),
        refusesHeldKeys: true,
      }),
  };
}

const FeedbackId = z.number().int().min(1).meta({ description: 'a feedback id', examples: [1] });

export function feedbackRoutes(deps: AppDeps, feedback: FeedbackStore): RouteDef[] {
  const { auth, clock } = deps;
  const category = 'user feedback' as const;
  // Statuses and erasures are authenticated writes: limited per person at the catalogue's rate, counted apart.
  const limiter = limitPerCredential(deps, 'catalog', 'feedback-work');
  const keyed = new IdempotentWrites();
  const work = feedbackWork(deps, feedback);
  const keyOf = (req: Request) => claimOf({ method: req.method, path: req.path, authorization: req.headers.authorization, key: req.headers['idempotency-key'], body: req.body });
  return [
    {
      method: 'POST',
      path: '/api/feedback',
      category,
      description: 'Submit feedback: content (1-5000 characters), type, contact, client_version, platform, install_id; 201 with id and created_at',
      body: FeedbackInput,
      data: FeedbackReceipt,
      errors: ['STORAGE_UNAVAILABLE'],
      status: 201,
      idempotent: true,
      example: { content: 'The tunnel drops every few minutes on hotel Wi-Fi.', type: 'bug', client_version: '1.9.0', platform: 'windows' },
      handlers: [
        limitPerClient(deps, 'feedback'),
        ...jsonBody,
        async (req, res) => {
          const claim = claimOf({ method: req.method, path: req.path, authorization: req.headers.authorization, key: req.headers['idempotency-key'], body: req.body });
          try {
            const answer = await keyed.run(
              claim,
              {
                recall: (c) => feedback.recall(c).catch(unavailable('read')),
                perform: async (c) => {
                  const input = parseBody(FeedbackInput, req.body);
                  const receipt = await feedback.submit(input, { ip: clientIp(req), ...(c && { claim: c }) });
                  // A bug report from an install the service issued a credential to is also a vote in its release's guard.
                  if (input.type === 'bug' && input.install_id !== undefined && input.client_version !== undefined) deps.adoption?.vote(input.install_id, maskIp(clientIp(req)), clientVersion(input.client_version), clock.nowMicros() / 1000);
                  return receipt;
                },
                refusesHeldKeys: feedback.refusesHeldKeys,
              },
              (receipt) => ({ status: 201, members: dataMembers(JSON.stringify(receipt)) }),
            );
            for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
            sendEnvelope(req, res, clock, answer.members, answer.status);
          } catch (error) {
            if (error instanceof BlankFeedbackError) throw new ApiError('VALIDATION_FAILED', undefined, [{ path: 'content', message: error.message }]);
            if (error instanceof StorageUnavailableError) throw new ApiError('STORAGE_UNAVAILABLE', `Feedback cannot be stored: ${error.message}.`);
            throw error;
          }
        },
      ],
    },
    {
      method: 'GET',
      path: '/api/feedback',
      category,
      description: 'Feedback, newest first: page, per_page (1-500); filters type, platform, client_version, status, from, to (UTC days), q (text)',
      scope: 'feedback:read',
      query: FeedbackQuery,
      data: FeedbackRecordList,
      errors: ['STORAGE_UNAVAILABLE'],
      extra: { total: Count.meta({ description: 'records matching the filter, on every page' }) },
      handlers: [
        requireScope(auth, 'feedback:read'),
        async (req, res) => {
          const page = queryInt(req, 'page', 1, 1_000_000, 1);
          const perPage = queryInt(req, 'per_page', 1, 500, 50);
          // Only a database can be away: the flat store lists from memory.
          const result = await feedback.list({ page, perPage, ...feedbackFilter(req) }).catch(unavailable('read'));
          sendEnvelope(req, res, clock, members({ success: true, count: result.records.length, total: result.total, data: result.records.map(shown) }));
        },
      ],
    },
    {
      method: 'GET',
      path: '/api/feedback/export',
      category,
      description: "The feedback list's filtered view as CSV (UTF-8, newest first, every page), streamed; the same filters as GET /api/feedback",
      scope: 'feedback:read',
      query: FeedbackExportQuery,
      media: ['text/csv'],
      errors: ['STORAGE_UNAVAILABLE'],
      handlers: [
        requireScope(auth, 'feedback:read'),
        (req, res) => sendFeedbackCsv(feedback, clock, req, res),
      ],
    },
    {
      method: 'PATCH',
      path: '/api/feedback/:id',
      category,
      description: "Set a feedback's status (new, triaged, planned, done, spam) and note, recorded with the person's name; body { status, note?, reason? }; honours If-Match (the ETag of an earlier answer)",
      scope: 'feedback:write',
      params: { id: FeedbackId },
      body: FeedbackTriage,
      data: FeedbackRecordSchema,
      errors: ['FEEDBACK_NOT_FOUND', 'PRECONDITION_FAILED', 'STORAGE_UNAVAILABLE'],
      idempotent: true,
      example: { status: 'planned', note: 'In 1.13 with the new tray.' },
      handlers: [
        requireScope(auth, 'feedback:write'),
        limiter,
        ...jsonBody,
        async (req, res) => {
          const id = Number(pathParam(req, 'id', /^[1-9]\d{0,14}$/, 15, 'a positive integer id'));
          const { status, note, reason } = parseBody(FeedbackTriage, req.body);
          const { actor } = credentialOf(req);
          const ifMatch = req.headers['if-match'];
          const seen = ifMatch === undefined || ifMatch.trim() === '*' ? undefined : (seenOfTag(ifMatch) ?? NO_STATUS);
          const { outcome: record, replayed } = await work.setStatus(id, { status, ...(note && { note }), ...(seen && { seen }) }, { actor, ...(reason && { reason }) }, keyOf(req)).catch((error: unknown) => {
            if (error instanceof FeedbackChangedError) throw new ApiError('PRECONDITION_FAILED', `Feedback ${id} is not in the state If-Match names: ${error.current.status_by ?? 'someone'} changed its status or note since it was read. Read it again, then retry.`);
            return unavailable('changed')(error);
          });
          if (!record) throw new ApiError('FEEDBACK_NOT_FOUND', `No feedback has id ${id}.`);
          if (replayed) res.setHeader(REPLAYED, 'true');
          res.setHeader('ETag', statusTag(record));
          sendData(req, res, clock, JSON.stringify(shown(record)));
        },
      ],
    },
    {
      method: 'POST',
      path: '/api/feedback/erasure',
      category,
      description: "Erase an e-mail address on request: from every feedback's contact, text and note, every status reason, and the mail outbox; recorded as an erasure with the ids, never the address",
      scope: 'feedback:erase',
      body: FeedbackErasureInput,
      data: FeedbackErasure,
      errors: ['STORAGE_UNAVAILABLE'],
      idempotent: true,
      example: { contact: 'ann@example.org', reason: 'Erasure request of 2026-11-26' },
      handlers: [
        requireScope(auth, 'feedback:erase'),
        limiter,
        ...jsonBody,
        async (req, res) => {
          const { contact, reason } = parseBody(FeedbackErasureInput, req.body);
          const { actor } = credentialOf(req);
          const { outcome, replayed } = await work.erase(contact, { actor, ...(reason && { reason }) }, keyOf(req));
          if (replayed) res.setHeader(REPLAYED, 'true');
          sendData(req, res, clock, JSON.stringify(outcome));
        },
      ],
    },
    {
      method: 'GET',
      path: '/api/feedback/stats',
      category,
      description: 'Feedback totals: total, by_type, by_day over the last 30 days',
      data: FeedbackStats,
      handlers: [async (req, res) => sendData(req, res, clock, JSON.stringify(await feedback.stats(clock.nowMicros())))],
    },
  ];
}
