import { isNoticeActive, type ContentSnapshot } from '@companion/content';
import { ClientQuery, LanguageParam, ORIGINAL_LANGUAGE } from '@companion/schema';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { buildFeed, noticeEntry, releaseEntry, type FeedEntry } from '../feeds/build-feed';
import { FEED_FORMATS, FEED_SUBJECTS, feedPath, type FeedFormat, type FeedSubject } from '../feeds/feed-list';
import { memoPerSnapshotKey } from '../http/memo';
import { publicCacheControl } from '../http/headers';
import { publicBase } from '../http/public-base';
import { sendTagged } from '../http/respond';
import { contentLanguage } from '../http/language';
import { localisedNotice, selectionOf } from './notice-selection';
import { phaseAt } from './notices';
import type { RouteDef } from './table';

/**
 * Per snapshot, feed, base URL and (for notices) the ids listed, active and meant for the client,
 * and their language: the feed text, built once. The base is PUBLIC_URL or one of this machine's
 * addresses, never a client's choice, so the keys are few.
 */
const feedText = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [subject, format, base, listed, lang] = JSON.parse(key) as [FeedSubject, FeedFormat, string, number[], string];
  let entries: FeedEntry[];
  if (subject === 'changelog') entries = snapshot.stable.map((r) => releaseEntry(r, 'stable'));
  else if (subject === 'changelog-preview') entries = snapshot.preview.map((r) => releaseEntry(r, 'preview'));
  else entries = snapshot.notices.filter((n) => listed.includes(n.id)).map((n) => noticeEntry({ ...n, ...localisedNotice(snapshot, n, lang) }, base));
  return buildFeed(subject, format, entries, base);
});

/** The notices feed's entries for a request: active, meant for the client, in its language. */
function noticeSelection(snapshot: ContentSnapshot, req: Request, nowMs: number): { listed: number[]; lang: string; language: string } {
  const selection = selectionOf(snapshot, { query: req.query, acceptLanguage: req.headers['accept-language'] }, true);
  const excluded = new Set(selection.excluded.split(','));
  const listed = snapshot.notices.filter((n) => isNoticeActive(n, nowMs) && !excluded.has(String(n.id)));
  const lang = selection.lang ?? ORIGINAL_LANGUAGE;
  return { listed: listed.map((n) => n.id), lang, language: contentLanguage(lang, listed.map((n) => localisedNotice(snapshot, n, lang).lang)) };
}

export function feedRoutes({ content, clock, publicUrl }: AppDeps): RouteDef[] {
  const base = publicBase(publicUrl);
  const handler = (subject: FeedSubject, format: FeedFormat) => (req: Request, res: Response) => {
    const snapshot = content.current();
    const nowMs = clock.nowMicros() / 1000;
    let key: [FeedSubject, FeedFormat, string, number[], string] = [subject, format, base.url(req), [], ORIGINAL_LANGUAGE];
    // Public like every read, so a shared cache keeps it; the notices feed only until the next
    // instant a notice's window opens or closes.
    const until = subject === 'notices' ? phaseAt(snapshot.notices, nowMs).until : Number.POSITIVE_INFINITY;
    res.setHeader('Cache-Control', publicCacheControl(Number.isFinite(until) ? until : undefined, nowMs));
    if (subject === 'notices') {
      const { listed, lang, language } = noticeSelection(snapshot, req, nowMs);
      key = [subject, format, base.url(req), listed, lang];
      res.vary('Accept-Language');
      res.setHeader('Content-Language', language);
    }
    sendTagged(req, res, `${FEED_FORMATS[format].type}; charset=utf-8`, feedText(snapshot, JSON.stringify(key)));
  };
  return (Object.keys(FEED_SUBJECTS) as FeedSubject[]).flatMap((subject) =>
    (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({
      method: 'GET' as const,
      path: feedPath(subject, format),
      category: subject === 'notices' ? ('notices' as const) : ('changelog' as const),
      description: `${FEED_SUBJECTS[subject]} as ${FEED_FORMATS[format].label}`,
      handlers: [handler(subject, format)],
      media: [FEED_FORMATS[format].type],
      ...(subject === 'notices' && { query: { ...ClientQuery, lang: LanguageParam } }),
    })),
  );
}
