/** The feeds the service publishes: a subject in three formats, each at `/feeds/<name>.<ext>`. */
export const FEED_SUBJECTS = {
  changelog: 'Stable releases',
  'changelog-preview': 'Preview releases',
  notices: 'Active notices',
  errors: 'Error reference, latest changes',
} as const;
export type FeedSubject = keyof typeof FEED_SUBJECTS;

export const FEED_FORMATS = {
  rss: { type: 'application/rss+xml', label: 'RSS 2.0' },
  atom: { type: 'application/atom+xml', label: 'Atom 1.0' },
  json: { type: 'application/feed+json', label: 'JSON Feed 1.1' },
} as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

export const feedPath = (subject: FeedSubject, format: FeedFormat): string => `/feeds/${subject}.${format}`;

/** `<link rel="alternate">` for every feed, for the head of the HTML pages. */
export const ALTERNATE_LINKS = (Object.keys(FEED_SUBJECTS) as FeedSubject[])
  .flatMap((subject) =>
    (Object.keys(FEED_FORMATS) as FeedFormat[]).map(
      (format) => `<link rel="alternate" type="${FEED_FORMATS[format].type}" title="${FEED_SUBJECTS[subject]} (${FEED_FORMATS[format].label})" href="${feedPath(subject, format)}">`,
    ),
  )
  .join('\n');
