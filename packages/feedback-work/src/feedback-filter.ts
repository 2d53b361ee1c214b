import type { FeedbackFilter } from '@companion/feedback-store';
import { CalendarDate, CLIENT_VERSION, FEEDBACK_STATUSES, FEEDBACK_TYPES, PLATFORMS } from '@companion/schema';
import type { Request } from 'express';
import { badQuery, queryEnum, queryString } from '@companion/http-kit';

/** A `YYYY-MM-DD` query parameter naming a day that exists (the schema's own check). */
function queryDate(req: Pick<Request, 'query'>, name: string): string | undefined {
  const value = queryString(req, name, 10);
  if (value === undefined) return undefined;
  const parsed = CalendarDate.safeParse(value);
  if (!parsed.success) throw badQuery(name, parsed.error.issues[0]!.message.replace(/^expected /, ''));
  return value;
}

/** The filters `GET /api/feedback` and its CSV export share, from the query; 400 for a bad one. */
export function feedbackFilter(req: Pick<Request, 'query'>): FeedbackFilter {
  const clientVersion = queryString(req, 'client_version', 64);
  if (clientVersion !== undefined && !CLIENT_VERSION.test(clientVersion)) throw badQuery('client_version', 'a version as the update check takes it, <major>.<minor>.<patch> with an optional pre-release tag');
  const from = queryDate(req, 'from');
  const to = queryDate(req, 'to');
  if (from && to && from > to) throw badQuery('to', `a day on or after from (${from})`);
  const text = queryString(req, 'q', 200);
  const filter: FeedbackFilter = {
    type: queryEnum(req, 'type', FEEDBACK_TYPES),
    platform: queryEnum(req, 'platform', PLATFORMS),
    clientVersion,
    status: queryEnum(req, 'status', FEEDBACK_STATUSES),
    from,
    to,
    text: text?.trim() || undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}
