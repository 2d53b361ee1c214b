import { BlankFeedbackError, FeedbackChangedError, StorageUnavailableError, type FeedbackStore } from '@companion/feedback-store';
import { Count, FeedbackErasure, FeedbackErasureInput, FeedbackExportQuery, FeedbackInput, FeedbackQuery, FeedbackReceipt, FeedbackRecord as FeedbackRecordSchema, FeedbackRecordList, FeedbackStats, FeedbackTriage, clientVersion } from '@companion/schema';
import type { Request } from 'express';
import { z } from 'zod';
import { credentialOf, requireScope } from '@companion/auth';
import type { AppDeps } from '../deps';
import { ApiError, claimOf, clientIp, dataMembers, IdempotentWrites, jsonBody, maskIp, members, parseBody, pathParam, queryInt, REPLAYED, sendData, sendEnvelope } from '@companion/http-kit';
import { limitPerClient, limitPerCredential } from '../http/rate-limit';
import { feedbackFilter, feedbackWork, NO_STATUS, seenOfTag, sendFeedbackCsv, shown, statusTag, unavailable } from '@companion/feedback-work';
import type { RouteDef } from '@companion/route-table';

const FeedbackId = z.number().int().min(1).meta({ description: 'a feedback id', examples: [1] });

export function feedbackRoutes(deps: AppDeps, feedback: FeedbackStore): RouteDef[] {
  const { auth, clock } = deps;
  const category = 'user feedback' as const;
  // Statuses and erasures are authenticated writes: limited per person at the catalogue's rate, counted apart.
  const limiter = limitPerCredential(deps, 'catalog', 'feedback-work');
  const keyed = new IdempotentWrites(deps.restore ?? null);
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
      description: "Set a feedback's status (new, triaged, planned, done, spam), recorded with the person's name, and add a note to its notes under that name; body { status, note?, reason? }; honours If-Match (the ETag of an earlier answer: its status, never its notes)",
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
            if (error instanceof FeedbackChangedError) throw new ApiError('PRECONDITION_FAILED', `Feedback ${id} is not in the state If-Match names: ${error.current.status_by ?? 'someone'} changed its status since it was read. Read it again, then retry.`);
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
