import { BlankFeedbackError, StorageUnavailableError, type FeedbackRecord, type FeedbackStore } from '@companion/feedback-store';
import { Count, FEEDBACK_TYPES, FeedbackInput, FeedbackQuery, FeedbackReceipt, FeedbackRecordList, FeedbackStats } from '@companion/schema';
import { requireScope } from '../auth/require-scope';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { jsonBody } from '../http/json-body';
import { limitPerClient } from '../http/rate-limit';
import { members, sendData, sendEnvelope } from '../http/respond';
import { parseBody, queryEnum, queryInt } from '../http/validate';
import type { RouteDef } from './table';

/** What a reader with feedback:read sees; the submitter's IP stays on disk for abuse checks. */
const shown = ({ user_ip: _ip, ...record }: FeedbackRecord) => record;

export function feedbackRoutes(deps: AppDeps, feedback: FeedbackStore): RouteDef[] {
  const { auth, clock } = deps;
  const category = 'user feedback' as const;
  return [
    {
      method: 'POST',
      path: '/api/feedback',
      category,
      description: 'Submit feedback: content (1-5000 characters), type, contact, client_version, platform; 201 with id and created_at',
      body: FeedbackInput,
      data: FeedbackReceipt,
      errors: ['STORAGE_UNAVAILABLE'],
      status: 201,
      example: { content: 'The tunnel drops every few minutes on hotel Wi-Fi.', type: 'bug', client_version: '1.9.0', platform: 'windows' },
      handlers: [
        limitPerClient(deps, 'feedback'),
        ...jsonBody,
        async (req, res) => {
          const input = parseBody(FeedbackInput, req.body);
          try {
            const receipt = await feedback.submit(input, { ip: clientIp(req) });
            sendData(req, res, clock, JSON.stringify(receipt), undefined, 201);
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
      description: 'Feedback, newest first: page, per_page (1-500), type',
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
          const type = queryEnum(req, 'type', FEEDBACK_TYPES);
          const result = await feedback.list({ page, perPage, ...(type && { type }) }).catch((error: unknown) => {
            // Only a database can be away: the flat store lists from memory.
            if (error instanceof StorageUnavailableError) throw new ApiError('STORAGE_UNAVAILABLE', `Feedback cannot be read: ${error.message}.`);
            throw error;
          });
          sendEnvelope(req, res, clock, members({ success: true, count: result.records.length, total: result.total, data: result.records.map(shown) }));
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
