import type { NoticeRecord, Release } from '@companion/content';
import { ARTIFACT_TARGETS, type Artifact, type ErrorEntry } from '@companion/schema';
import { Feed, type Item } from 'feed';
import { errorChrome } from './error-chrome';
import { errorEntryBody, firstSentence } from './error-pages';
import { errorEntryHref, noticeHref, releaseHref, CHANGELOG_HREF, ERRORS_HREF, NOTICES_HREF } from './hrefs';
import { changesHtml, markdownHtml } from './rendered';
import { escapeHtml } from '@companion/html';
import { eventWindow } from './notice-pages';
import { noticeEventHref } from './notice-event';
import { FEED_SUBJECTS, feedPath, type FeedFormat, type FeedSubject } from './feed-list';

/** One feed entry, independent of the format. */
export interface FeedEntry {
  /** The entry's id: its JSON address, as before the pages existed, so readers do not see old items as new. */
  id: string;
  /** The page people read. */
  path: string;
  title: string;
  date: Date;
  /** Sanitized HTML. */
  html: string;
  summary: string;
  /** Where the event the entry announces can be added to a calendar from. */
  calendar?: string;
  /** A release's builds, in the order of ARTIFACT_TARGETS. */
  downloads?: readonly Artifact[];
}

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);

// Items link to the pages people read; the JSON stays one Accept header away at the same address.
export const releaseEntry = (release: Release, channel: 'stable' | 'preview'): FeedEntry => ({
  id: channel === 'stable' ? `/api/changelog/${release.version}` : `/api/changelog/preview/${release.version}`,
  path: releaseHref(channel, release.version),
  title: `${release.version}: ${release.description}`,
  date: dayStart(release.date),
  html: changesHtml(release.changes),
  summary: release.description,
  ...(release.artifacts && { downloads: ARTIFACT_TARGETS.flatMap((t) => release.artifacts!.filter((a) => a.platform === t)) }),
});

/** The library guesses an enclosure's type from the file's extension (`image/zip`): a build is a download. */
const asDownloads = (xml: string) => xml.replace(/(<enclosure [^>]*type="|<link rel="enclosure" [^>]*type=")image\/[^"]*"/g, '$1application/octet-stream"');

/** A notice's entry; one announcing an event (a maintenance window) shows it first, linked to its calendar file on `base`. */
export const noticeEntry = (notice: NoticeRecord, base: string): FeedEntry => ({
  id: `/api/notice/${notice.id}`,
  path: noticeHref(notice.id),
  title: notice.summary,
  date: notice.starts_at ? new Date(notice.starts_at) : dayStart(notice.date),
  html: eventWindow(notice, base) + markdownHtml(notice.content),
  summary: notice.summary,
  ...(notice.event_starts_at && { calendar: noticeEventHref(notice.id) }),
});

/**
 * A catalogue entry's item, as the reader of `lang` reads it (the entry already in its language
 * where translated): its text under the reference's headings in `lang`, linked to its page in
 * `lang` when the feed was asked for one; dated by its last change.
 */
export const errorFeedEntry = (entry: ErrorEntry & { lang?: string }, lang: string | null): FeedEntry => ({
  id: `/api/tunnel/errors/${entry.Flag}`,
  path: errorEntryHref(entry.Flag) + (lang === null ? '' : `?lang=${encodeURIComponent(lang)}`),
  title: `${entry.Flag}: ${firstSentence(entry.Info)}`,
  date: new Date((entry.updated_at ?? entry.created_at)!),
  html: errorEntryBody(entry, errorChrome(lang)),
  summary: firstSentence(entry.Info),
});

const HOME: Record<FeedSubject, string> = { changelog: CHANGELOG_HREF.stable, 'changelog-preview': CHANGELOG_HREF.preview, notices: NOTICES_HREF, errors: ERRORS_HREF };

/**
 * The feed as text, its language `language`. Links are absolute over `base`; `updated` is the
 * newest entry's date (not the time of the request), so an unchanged feed keeps its ETag.
 */
export function buildFeed(subject: FeedSubject, format: FeedFormat, entries: readonly FeedEntry[], base: string, language = 'en', title = FEED_SUBJECTS[subject].toLowerCase()): string {
  const feed = new Feed({
    id: base + feedPath(subject, 'atom'),
    title: `Tunnel Companion: ${title}`,
    link: base + HOME[subject],
    language,
    updated: entries.reduce((newest, e) => (e.date > newest ? e.date : newest), new Date(0)),
    generator: 'Tunnel Companion Service',
    feedLinks: { rss: base + feedPath(subject, 'rss'), atom: base + feedPath(subject, 'atom'), json: base + feedPath(subject, 'json') },
  });
  // Atom's title and summary are typed html and readers take RSS's title and description as HTML
  // too, so text goes into them escaped; JSON Feed's title and summary are plain text.
  const asHtml = format !== 'json';
  for (const entry of entries) {
    const title = asHtml ? escapeHtml(entry.title) : entry.title;
    const description = asHtml ? escapeHtml(entry.summary) : entry.summary;
    // RSS carries one enclosure per item: the first build (windows-x64 where there is one); JSON Feed lists them all.
    const first = entry.downloads?.[0];
    const item: Item = { id: base + entry.id, link: base + entry.path, title, date: entry.date, description, content: entry.html, ...(first && { enclosure: { url: first.url, length: first.size, title: first.platform } }) };
    feed.addItem(item);
  }
  if (format === 'rss') return asDownloads(feed.rss2());
  if (format === 'atom') return asDownloads(feed.atom1());
  // The library writes JSON Feed 1; without the author object (not used here) the same feed is 1.1.
  // An event's calendar file is an attachment there (the library's enclosures guess the type from
  // the file extension: image/ics); the other formats link it from the entry's content.
  const json = JSON.parse(feed.json1()) as { items?: { id: string; attachments?: unknown[] }[] };
  const byId = new Map(entries.map((e) => [base + e.id, e]));
  for (const item of json.items ?? []) {
    const entry = byId.get(item.id);
    if (entry?.calendar) item.attachments = [{ url: base + entry.calendar, mime_type: 'text/calendar', title: 'Add to calendar' }];
    else if (entry?.downloads) item.attachments = entry.downloads.map((a) => ({ url: a.url, mime_type: 'application/octet-stream', title: a.platform, size_in_bytes: a.size }));
    else delete item.attachments;
  }
  return JSON.stringify({ ...json, version: 'https://jsonfeed.org/version/1.1', language });
}
