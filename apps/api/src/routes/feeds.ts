import { isNoticeActive, type ContentSnapshot } from '@companion/content';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { buildFeed, noticeEntry, releaseEntry, type FeedEntry } from '../feeds/build-feed';
import { FEED_FORMATS, FEED_SUBJECTS, feedPath, type FeedFormat, type FeedSubject } from '../feeds/feed-list';
import { memoPerSnapshotKey } from '../http/memo';
import { publicBase } from '../http/public-base';
import { sendTagged } from '../http/respond';
import type { RouteDef } from './table';

/**
 * Per snapshot, feed, base URL and (for notices) the set of active ids: the feed text, built once.
 * The base is PUBLIC_URL or one of this machine's addresses, never a client's choice, so the keys
 * are few.
 */
const feedText = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [subject, format, base, active] = JSON.parse(key) as [FeedSubject, FeedFormat, string, number[]];
  let entries: FeedEntry[];
  if (subject === 'changelog') entries = snapshot.stable.map((r) => releaseEntry(r, 'stable'));
  else if (subject === 'changelog-preview') entries = snapshot.preview.map((r) => releaseEntry(r, 'preview'));
  else entries = snapshot.notices.filter((n) => active.includes(n.id)).map(noticeEntry);
  return buildFeed(subject, format, entries, base);
});

export function feedRoutes({ content, clock, publicUrl }: AppDeps): RouteDef[] {
  const base = publicBase(publicUrl);
  const handler = (subject: FeedSubject, format: FeedFormat) => (req: Request, res: Response) => {
    const snapshot = content.current();
    const nowMs = clock.nowMicros() / 1000;
    const active = subject === 'notices' ? snapshot.notices.filter((n) => isNoticeActive(n, nowMs)).map((n) => n.id) : [];
    sendTagged(req, res, `${FEED_FORMATS[format].type}; charset=utf-8`, feedText(snapshot, JSON.stringify([subject, format, base.url(req), active])));
  };
  return (Object.keys(FEED_SUBJECTS) as FeedSubject[]).flatMap((subject) =>
    (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({
      method: 'GET' as const,
      path: feedPath(subject, format),
      category: subject === 'notices' ? ('notices' as const) : ('changelog' as const),
      description: `${FEED_SUBJECTS[subject]} as ${FEED_FORMATS[format].label}`,
      handlers: [handler(subject, format)],
      media: [FEED_FORMATS[format].type],
    })),
  );
}
