// Generated from the service's /openapi.json by `pnpm --filter @companion/client generate`. Do not edit:
// a test fails when this file and the live document disagree.

/** Every operation of the API: its method, path template, the media type its answer is read as, the one its body is sent as, and whether it takes an Idempotency-Key. */
export const OPERATIONS = {
  /** This service index */
  getRoot: { method: "GET", path: "/", accept: "application/json", parse: "json", body: null, keyed: false },
  /** This service index */
  getApi: { method: "GET", path: "/api", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Active notices, highest priority first; for a client version, platform and channel, those meant for it; in the client's language */
  getNotice: { method: "GET", path: "/api/notice", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Every notice, active or not, in the client's language */
  getNoticeAll: { method: "GET", path: "/api/notice/all", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The newest active notice (meant for the client, in its language) */
  getNoticeLatest: { method: "GET", path: "/api/notice/latest", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Total and active notices per type */
  getNoticeTypes: { method: "GET", path: "/api/notice/types", accept: "application/json", parse: "json", body: null, keyed: false },
  /** One notice by id, active or not, in the client's language */
  getNoticeById: { method: "GET", path: "/api/notice/{id}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The event a notice announces (a maintenance window) as an iCalendar file to add to a calendar; 404 when the notice has no event window */
  getNoticeByIdEventIcs: { method: "GET", path: "/api/notice/{id}/event.ics", accept: "text/calendar", parse: "text", body: null, keyed: false },
  /** All stable releases keyed by version, newest first */
  getChangelog: { method: "GET", path: "/api/changelog", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The newest stable release offered to every install (one in a staged rollout is not, until it reaches 100%) */
  getChangelogLatest: { method: "GET", path: "/api/changelog/latest", accept: "application/json", parse: "json", body: null, keyed: false },
  /** All preview releases keyed by version, newest first */
  getChangelogPreview: { method: "GET", path: "/api/changelog/preview", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The newest preview release offered to every install (one in a staged rollout is not, until it reaches 100%) */
  getChangelogPreviewLatest: { method: "GET", path: "/api/changelog/preview/latest", accept: "application/json", parse: "json", body: null, keyed: false },
  /** One preview release */
  getChangelogPreviewByVersion: { method: "GET", path: "/api/changelog/preview/{version}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** One stable release */
  getChangelogByVersion: { method: "GET", path: "/api/changelog/{version}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Stable releases newer than a version offered to this install, newest first, whether it is up to date and whether the update is critical; for a platform, only what it can install and the build to download */
  getChangelogSinceByVersion: { method: "GET", path: "/api/changelog/since/{version}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Preview and stable releases newer than a version offered to this install, newest first, whether it is up to date and whether the update is critical; for a platform, only what it can install and the build to download */
  getChangelogPreviewSinceByVersion: { method: "GET", path: "/api/changelog/preview/since/{version}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** A credential for a new install (no body): keep it and send it as install_id on update checks and bug reports; limited per network (RATE_LIMIT_INSTALLS, default 20 an hour per /24 or /48) */
  postInstalls: { method: "POST", path: "/api/installs", accept: "application/json", parse: "json", body: null, keyed: false },
  /** electron-updater's generic provider channel files (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and those of the rc, beta, alpha and preview channels): the release offered to the install (install_id, else electron-updater's x-user-staging-id) with builds for its architecture and packages */
  getUpdatesElectronByFile: { method: "GET", path: "/api/updates/electron/{file}", accept: "application/yaml", parse: "text", body: null, keyed: false },
  /** electron-updater's generic provider channel files (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and those of the rc, beta, alpha and preview channels): the release offered to the install (install_id, else electron-updater's x-user-staging-id) with builds for its architecture and packages; the version the app runs ends the feed URL */
  getUpdatesElectronByVersionByFile: { method: "GET", path: "/api/updates/electron/{version}/{file}", accept: "application/yaml", parse: "text", body: null, keyed: false },
  /** A build (or its .blockmap) named in a channel file whose feed URL carried an install id or version: 302 to the build's own URL, without the query electron-updater copied onto it */
  getUpdatesElectronDownloadByVersionByFile: { method: "GET", path: "/api/updates/electron/download/{version}/{file}", accept: "*/*", parse: "text", body: null, keyed: false },
  /** A Sparkle appcast per channel and platform: the releases offered to the install with enclosures signed by sparkle:edSignature, build numbers, deltas, channels, critical updates, minimum system versions; the parameters of SUEnableSystemProfiling are ignored */
  getUpdatesSparkleByChannelByPlatform: { method: "GET", path: "/api/updates/sparkle/{channel}/{platform}", accept: "application/rss+xml", parse: "text", body: null, keyed: false },
  /** Tauri's updater JSON for a channel and platform: the newest release offered with its signed builds ({target}-{arch} and {target}-{arch}-{bundle}), or 204 when there is none */
  getUpdatesTauriByChannelByTargetByArch: { method: "GET", path: "/api/updates/tauri/{channel}/{target}/{arch}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Tauri's updater JSON for a channel and platform: the newest release offered with its signed builds ({target}-{arch} and {target}-{arch}-{bundle}), or 204 when there is none */
  getUpdatesTauriByChannelByTargetByArchByVersion: { method: "GET", path: "/api/updates/tauri/{channel}/{target}/{arch}/{version}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Squirrel.Windows' RELEASES for an install (Electron's autoUpdater on Windows): the full package of the newest release offered to it and the delta packages that reach it from the install's version */
  getUpdatesSquirrelByChannelByPlatformByVersionRELEASES: { method: "GET", path: "/api/updates/squirrel/{channel}/{platform}/{version}/RELEASES", accept: "text/plain", parse: "text", body: null, keyed: false },
  /** A package RELEASES names, beside it: 302 to the package on its host */
  getUpdatesSquirrelByChannelByPlatformByVersionByFile: { method: "GET", path: "/api/updates/squirrel/{channel}/{platform}/{version}/{file}", accept: "*/*", parse: "text", body: null, keyed: false },
  /** Squirrel.Mac's update JSON for an install (Electron's autoUpdater on macOS): the zip of the newest release offered to it, or 204 when it is up to date */
  getUpdatesSquirrelByChannelByPlatformByVersion: { method: "GET", path: "/api/updates/squirrel/{channel}/{platform}/{version}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Stable releases as RSS 2.0 */
  getFeedsChangelogRss: { method: "GET", path: "/feeds/changelog.rss", accept: "application/rss+xml", parse: "text", body: null, keyed: false },
  /** Stable releases as Atom 1.0 */
  getFeedsChangelogAtom: { method: "GET", path: "/feeds/changelog.atom", accept: "application/atom+xml", parse: "text", body: null, keyed: false },
  /** Stable releases as JSON Feed 1.1 */
  getFeedsChangelogJson: { method: "GET", path: "/feeds/changelog.json", accept: "application/feed+json", parse: "json", body: null, keyed: false },
  /** Preview releases as RSS 2.0 */
  getFeedsChangelogPreviewRss: { method: "GET", path: "/feeds/changelog-preview.rss", accept: "application/rss+xml", parse: "text", body: null, keyed: false },
  /** Preview releases as Atom 1.0 */
  getFeedsChangelogPreviewAtom: { method: "GET", path: "/feeds/changelog-preview.atom", accept: "application/atom+xml", parse: "text", body: null, keyed: false },
  /** Preview releases as JSON Feed 1.1 */
  getFeedsChangelogPreviewJson: { method: "GET", path: "/feeds/changelog-preview.json", accept: "application/feed+json", parse: "json", body: null, keyed: false },
  /** Active notices as RSS 2.0 */
  getFeedsNoticesRss: { method: "GET", path: "/feeds/notices.rss", accept: "application/rss+xml", parse: "text", body: null, keyed: false },
  /** Active notices as Atom 1.0 */
  getFeedsNoticesAtom: { method: "GET", path: "/feeds/notices.atom", accept: "application/atom+xml", parse: "text", body: null, keyed: false },
  /** Active notices as JSON Feed 1.1 */
  getFeedsNoticesJson: { method: "GET", path: "/feeds/notices.json", accept: "application/feed+json", parse: "json", body: null, keyed: false },
  /** Error reference, latest changes as RSS 2.0 */
  getFeedsErrorsRss: { method: "GET", path: "/feeds/errors.rss", accept: "application/rss+xml", parse: "text", body: null, keyed: false },
  /** Error reference, latest changes as Atom 1.0 */
  getFeedsErrorsAtom: { method: "GET", path: "/feeds/errors.atom", accept: "application/atom+xml", parse: "text", body: null, keyed: false },
  /** Error reference, latest changes as JSON Feed 1.1 */
  getFeedsErrorsJson: { method: "GET", path: "/feeds/errors.json", accept: "application/feed+json", parse: "json", body: null, keyed: false },
  /** Every release codename with its element and versions */
  getCodenames: { method: "GET", path: "/api/codenames", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The periodic table as a page, codenames in use marked (JSON when Accept prefers it) */
  getElementsPage: { method: "GET", path: "/elements", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Alias of /elements */
  getCodenamePage: { method: "GET", path: "/codename", accept: "application/json", parse: "json", body: null, keyed: false },
  /** An element's page: facts, description and the releases named after it (case-insensitive; JSON when Accept prefers it) */
  getCodenameByCodenamePage: { method: "GET", path: "/codename/{codename}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The stylesheet of the periodic-table pages */
  getAssetsPagesCss: { method: "GET", path: "/assets/pages.css", accept: "text/css", parse: "text", body: null, keyed: false },
  /** The active notices as a page, highest priority first (JSON when Accept prefers it) */
  getNoticesPage: { method: "GET", path: "/notices", accept: "application/json", parse: "json", body: null, keyed: false },
  /** One notice as a page, active or not (JSON when Accept prefers it) */
  getNoticesByIdPage: { method: "GET", path: "/notices/{id}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Alias of /changelog/stable */
  getChangelogPage: { method: "GET", path: "/changelog", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Every stable release with its changes, as a page (JSON when Accept prefers it) */
  getChangelogStablePage: { method: "GET", path: "/changelog/stable", accept: "application/json", parse: "json", body: null, keyed: false },
  /** One stable release as a page (JSON when Accept prefers it) */
  getChangelogStableByVersionPage: { method: "GET", path: "/changelog/stable/{version}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Every preview release with its changes, as a page (JSON when Accept prefers it) */
  getChangelogPreviewPage: { method: "GET", path: "/changelog/preview", accept: "application/json", parse: "json", body: null, keyed: false },
  /** One preview release as a page (JSON when Accept prefers it) */
  getChangelogPreviewByVersionPage: { method: "GET", path: "/changelog/preview/{version}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Feedback, newest first: page, per_page (1-500); filters type, platform, client_version, status, from, to (UTC days), q (text) */
  getFeedback: { method: "GET", path: "/api/feedback", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Submit feedback: content (1-5000 characters), type, contact, client_version, platform, install_id; 201 with id and created_at */
  postFeedback: { method: "POST", path: "/api/feedback", accept: "application/json", parse: "json", body: "application/json", keyed: true },
  /** The feedback list's filtered view as CSV (UTF-8, newest first, every page), streamed; the same filters as GET /api/feedback */
  getFeedbackExport: { method: "GET", path: "/api/feedback/export", accept: "text/csv", parse: "text", body: null, keyed: false },
  /** Set a feedback's status (new, triaged, planned, done, spam), recorded with the person's name, and add a note to its notes under that name; body { status, note?, reason? }; honours If-Match (the ETag of an earlier answer: its status, never its notes) */
  patchFeedbackById: { method: "PATCH", path: "/api/feedback/{id}", accept: "application/json", parse: "json", body: "application/json", keyed: true },
  /** Erase an e-mail address on request: from every feedback's contact, text and note, every status reason, and the mail outbox; recorded as an erasure with the ids, never the address */
  postFeedbackErasure: { method: "POST", path: "/api/feedback/erasure", accept: "application/json", parse: "json", body: "application/json", keyed: true },
  /** Feedback totals: total, by_type, by_day over the last 30 days */
  getFeedbackStats: { method: "GET", path: "/api/feedback/stats", accept: "application/json", parse: "json", body: null, keyed: false },
  /** A release's health: installs active on it and their share per day and platform, the installs offered it and those that took it, and feedback per 1,000 active installs by type, against the previous release on the same days; query days (default 14) */
  getReleasesByVersionHealth: { method: "GET", path: "/api/releases/{version}/health", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Entry total, operation counters, recent operations (user_ip masked without errors:read-log) and the log total */
  getTunnelErrorsStats: { method: "GET", path: "/api/tunnel/errors/stats", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The operation log, newest first: flag, operation, limit (1-500), offset */
  getTunnelErrorsLogs: { method: "GET", path: "/api/tunnel/errors/logs", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Every version of an entry, oldest first: the shipped file before the first API change, then each change with its author, time, reason and the whole entry as it was */
  getTunnelErrorsByFlagHistory: { method: "GET", path: "/api/tunnel/errors/{flag}/history", accept: "application/json", parse: "json", body: null, keyed: false },
  /** API changes of the catalogue not yet in the content files, per Flag with its state and its changes (for pnpm catalog:export) */
  getTunnelErrorsPending: { method: "GET", path: "/api/tunnel/errors/pending", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Add an entry; answers { data: { Flag, Info, Solution }, logs_count, success } */
  postTunnelErrorsAddNew: { method: "POST", path: "/api/tunnel/errors/addNew", accept: "application/json", parse: "json", body: "application/json", keyed: true },
  /** Every catalogue entry (Flag, Info, Solution), in the client's language where translated */
  getTunnelErrors: { method: "GET", path: "/api/tunnel/errors", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Add an entry with its metadata; answers the whole entry with its ETag */
  postTunnelErrors: { method: "POST", path: "/api/tunnel/errors", accept: "application/json", parse: "json", body: "application/json", keyed: true },
  /** One entry by Flag, with its metadata, in the client's language where translated */
  getTunnelErrorsByFlag: { method: "GET", path: "/api/tunnel/errors/{flag}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Replace the whole entry (the Flag cannot change); a field the entry has must be sent, null to remove it, or the PUT is refused naming it (use PATCH to change some fields) */
  putTunnelErrorsByFlag: { method: "PUT", path: "/api/tunnel/errors/{flag}", accept: "application/json", parse: "json", body: "application/json", keyed: false },
  /** Change some fields of an entry: a JSON Merge Patch (application/merge-patch+json); null removes an optional field */
  patchTunnelErrorsByFlag: { method: "PATCH", path: "/api/tunnel/errors/{flag}", accept: "application/json", parse: "json", body: "application/merge-patch+json", keyed: false },
  /** Delete an entry; answers the removed entry; reason: why, recorded with the change */
  deleteTunnelErrorsByFlag: { method: "DELETE", path: "/api/tunnel/errors/{flag}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Make a version of the entry's history current again (a deleted entry comes back with its created_at); answers the entry with its ETag */
  postTunnelErrorsByFlagRestore: { method: "POST", path: "/api/tunnel/errors/{flag}/restore", accept: "application/json", parse: "json", body: "application/json", keyed: true },
  /** Search entries in English or any language they are translated into: q (a code, words or a pasted log line), category, severity, limit (1-100); each hit says which words and which language matched, and is shown in the client's language */
  getTunnelErrorsSearch: { method: "GET", path: "/api/tunnel/errors/search", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The error reference as a page: a search box that works without JavaScript and understands English, German, French and Spanish, results with the matched words marked, or every entry by category, in the client's language where translated (JSON when Accept prefers it: the search) */
  getErrorsPage: { method: "GET", path: "/errors", accept: "application/json", parse: "json", body: null, keyed: false },
  /** An entry's page: what the error means, what the client prints, and the steps, in the client's language where translated (JSON when Accept prefers it) */
  getErrorsByFlagPage: { method: "GET", path: "/errors/{flag}", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Send an e-mail (to, subject, text and/or markdown); 202 with message_id, accepted, rejected */
  postSendEmail: { method: "POST", path: "/api/send_email", accept: "application/json", parse: "json", body: "application/json", keyed: true },
  /** Service status: content load, content issues and storage */
  getHealth: { method: "GET", path: "/health", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Liveness: 200 while the process answers at all (restart it when this fails) */
  getHealthLive: { method: "GET", path: "/health/live", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Readiness: 200 once content is loaded and reads are served, 503 before (send it no traffic then) */
  getHealthReady: { method: "GET", path: "/health/ready", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Writability: 200 when every store takes writes, 503 with the reason when a write would be refused (send writes elsewhere) */
  getHealthWritable: { method: "GET", path: "/health/writable", accept: "application/json", parse: "json", body: null, keyed: false },
  /** Prometheus metrics (text exposition format): requests, latency, fast path, writes, replication, pool, content, event loop */
  getMetrics: { method: "GET", path: "/metrics", accept: "text/plain", parse: "text", body: null, keyed: false },
  /** The OpenAPI 3.1 description of this API */
  getOpenapiJson: { method: "GET", path: "/openapi.json", accept: "application/json", parse: "json", body: null, keyed: false },
  /** The API documentation as a page */
  getDocsPage: { method: "GET", path: "/docs", accept: "application/json", parse: "json", body: null, keyed: false },
} as const;
