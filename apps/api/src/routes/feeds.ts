import { isNoticeActive, type ContentSnapshot } from '@companion/content';
import { ClientQuery, LanguageParam, ORIGINAL_LANGUAGE, type ErrorEntry } from '@companion/schema';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { buildFeed, errorChrome, errorFeedEntry, FEED_FORMATS, FEED_SUBJECTS, type FeedEntry, type FeedFormat, feedPath, type FeedSubject, noticeEntry, releaseEntry } from '@companion/pages';
import { contentLanguage, memoPerSnapshot, memoPerSnapshotKey, publicBase, publicCacheControl, sendTagged } from '@companion/http-kit';
import { errorContentLanguage, errorLanguage, localisedEntry, translationOf } from './error-language';
import { localisedNotice, selectionOf } from './notice-selection';
import { phaseAt } from './notices';
import type { RouteDef } from '@companion/route-table';

/**
 * Per snapshot, feed, base URL and (for notices) the ids listed, active and meant for the client,
 * and their language: the feed text, built once. The base is PUBLIC_URL or one of this machine's
 * addresses, never a client's choice, so the keys are few.
 */
const feedText = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [subject, format, base, listed, lang] = JSON.parse(key) as [FeedSubject, FeedFormat, string, number[], string];
  if (subject === 'errors') {
    // '' when the request asked for no language: English, and links without `lang=`.
    const asked = lang === '' ? null : lang;
    const entries = latestChanged(snapshot).map((entry) => errorFeedEntry(localisedEntry(entry, translationOf(snapshot.errorTranslations, entry, asked)), asked));
    const chrome = errorChrome(asked);
    return buildFeed(subject, format, entries, base, asked ?? ORIGINAL_LANGUAGE, chrome.lang === ORIGINAL_LANGUAGE ? undefined : chrome.reference);
  }
  let entries: FeedEntry[];
  if (subject === 'changelog') entries = snapshot.stable.map((r) => releaseEntry(r, 'stable'));
  else if (subject === 'changelog-preview') entries = snapshot.preview.map((r) => releaseEntry(r, 'preview'));
  else entries = snapshot.notices.filter((n) => listed.includes(n.id)).map((n) => noticeEntry({ ...n, ...localisedNotice(snapshot, n, lang) }, base));
  return buildFeed(subject, format, entries, base, lang);
});

/** How many catalogue entries the errors feed lists: the most recently changed. */
export const ERRORS_FEED_SIZE = 50;

/**
 * The catalogue entries the errors feed lists: the ERRORS_FEED_SIZE last changed (`updated_at`,
 * else `created_at`), newest first, ties by Flag. An entry with neither date is listed on
 * `/errors` only: when it changed is not known.
 */
const latestChanged = memoPerSnapshot((snapshot: ContentSnapshot) => {
  const changedAt = (entry: ErrorEntry) => entry.updated_at ?? entry.created_at;
  const dated = [...snapshot.errors.values()].filter((entry) => changedAt(entry) !== null && !Number.isNaN(Date.parse(changedAt(entry)!)));
  const at = new Map(dated.map((entry) => [entry, Date.parse(changedAt(entry)!)]));
  return dated.sort((a, b) => at.get(b)! - at.get(a)! || (a.Flag < b.Flag ? -1 : 1)).slice(0, ERRORS_FEED_SIZE);
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
    if (subject === 'errors') {
      // As the catalogue's API and pages: `lang=`, else Accept-Language, among the languages entries are translated into.
      const lang = errorLanguage(snapshot, { query: req.query, acceptLanguage: req.headers['accept-language'] });
      key = [subject, format, base.url(req), [], lang ?? ''];
      res.vary('Accept-Language');
      res.setHeader('Content-Language', errorContentLanguage(lang, latestChanged(snapshot).map((entry) => translationOf(snapshot.errorTranslations, entry, lang)?.lang ?? ORIGINAL_LANGUAGE)));
    }
    sendTagged(req, res, `${FEED_FORMATS[format].type}; charset=utf-8`, feedText(snapshot, JSON.stringify(key)));
  };
  return (Object.keys(FEED_SUBJECTS) as FeedSubject[]).flatMap((subject) =>
    (Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => ({
      method: 'GET' as const,
      path: feedPath(subject, format),
      category: subject === 'notices' ? ('notices' as const) : subject === 'errors' ? ('error information management' as const) : ('changelog' as const),
      description: `${FEED_SUBJECTS[subject]} as ${FEED_FORMATS[format].label}`,
      handlers: [handler(subject, format)],
      media: [FEED_FORMATS[format].type],
      ...(subject === 'notices' && { query: { ...ClientQuery, lang: LanguageParam } }),
      ...(subject === 'errors' && { query: { lang: LanguageParam } }),
    })),
  );
}
