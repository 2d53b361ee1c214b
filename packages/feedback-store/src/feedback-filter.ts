import { clientVersion, type FeedbackStatus, type FeedbackType, type Platform } from '@companion/schema';
import type { FeedbackRecord } from './feedback-record';

/** Which feedback a list or an export holds; every field narrows, none: everything. */
export interface FeedbackFilter {
  type?: FeedbackType;
  platform?: Platform;
  /** As the client reported it. */
  clientVersion?: string;
  status?: FeedbackStatus;
  /** First and last UTC day, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
  /** Characters the content holds, any letter case. */
  text?: string;
}

/** Beyond the type, which the stores answer from their counts. */
export const narrowsBeyondType = ({ type: _type, ...rest }: FeedbackFilter): boolean => Object.values(rest).some((v) => v !== undefined);

/** The filter as a predicate, for the flat store; PostgreSQL says the same in SQL. */
export function feedbackMatcher(filter: FeedbackFilter): (record: FeedbackRecord) => boolean {
  const text = filter.text?.toLowerCase();
  // Versions are compared as the update check reads them; records kept before they were stored so are read alike.
  const version = filter.clientVersion === undefined ? undefined : clientVersion(filter.clientVersion);
  return (r) =>
    (filter.type === undefined || r.type === filter.type) &&
    (filter.platform === undefined || r.platform === filter.platform) &&
    (version === undefined || (r.client_version !== null && clientVersion(r.client_version) === version)) &&
    (filter.status === undefined || r.status === filter.status) &&
    (filter.from === undefined || r.created_at.slice(0, 10) >= filter.from) &&
    (filter.to === undefined || r.created_at.slice(0, 10) <= filter.to) &&
    (text === undefined || r.content.toLowerCase().includes(text));
}
