import { TOKENS } from './service';

/** One request of the contract table and what the service answers to it. */
export interface ContractRequest {
  method: 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  status: number;
  /** A JSON body, or raw text sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The document forbids this request, so a validating proxy refuses it before the service sees it. */
  refused?: true;
  /** Sent again (up to this many times) until the service answers `status`: for rate limits. */
  repeatUntil?: number;
  /** Sent once for its ETag, then again with If-None-Match: `status` is the second answer's. */
  conditional?: true;
  /** Why this row is not sent through the validating proxy (a limit of the proxy, not of the document). */
  notProxied?: string;
}

// Prism 5.16 parses the empty body of a HEAD answer as JSON and fails, and never answers a body
// that is not JSON sent as application/json; those rows are checked against the service only.
const PRISM_HEAD = 'Prism parses the empty body of a HEAD answer as JSON';
const PRISM_BAD_JSON = 'Prism never answers a request whose JSON body does not parse';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const json = { Accept: 'application/json' };
const html = { Accept: 'text/html' };
const all = bearer(TOKENS.all);
const entry = { Flag: 'CONTRACT1', Info: 'Raised by the contract table.', Solution: ['Nothing to do.'], category: 'general', severity: 'low', creator: 'contract', notes: 'none' };

/**
 * Every route, its success and its documented failures, in an order the service's state follows
 * (a write before the read that sees it, successes before the rate limits run out).
 */
export const CONTRACT_REQUESTS: readonly ContractRequest[] = [
  // System monitoring
  { method: 'GET', path: '/', status: 200 },
  { method: 'GET', path: '/api', status: 200 },
  { method: 'GET', path: '/api', status: 304, conditional: true },
  { method: 'GET', path: '/api?verbose=1', status: 400 },
  { method: 'HEAD', path: '/api', status: 200, notProxied: PRISM_HEAD },
  { method: 'OPTIONS', path: '/api', status: 204 },
  { method: 'GET', path: '/health', status: 200 },
  { method: 'GET', path: '/health', status: 200, headers: all },
  { method: 'GET', path: '/health/live', status: 200 },
  { method: 'GET', path: '/health/ready', status: 200 },
  { method: 'GET', path: '/health/writable', status: 200 },
  { method: 'GET', path: '/metrics', status: 200, headers: all },
  { method: 'GET', path: '/metrics', status: 401, headers: bearer(TOKENS.unknown) },
  { method: 'GET', path: '/metrics', status: 403, headers: bearer(TOKENS.feedbackOnly) },
  { method: 'GET', path: '/openapi.json', status: 200 },
  { method: 'GET', path: '/docs', status: 200, headers: html },
  { method: 'GET', path: '/docs', status: 200, headers: json },
  { method: 'PATCH', path: '/api', status: 405, refused: true },
  { method: 'GET', path: '/api/nothing/here', status: 404, refused: true },

  // Notices
  { method: 'GET', path: '/api/notice', status: 200 },
  { method: 'GET', path: '/api/notice', status: 304, conditional: true },
  { method: 'GET', path: '/api/notice/all', status: 200 },
  { method: 'GET', path: '/api/notice/latest', status: 200 },
  { method: 'GET', path: '/api/notice/types', status: 200 },
  { method: 'GET', path: '/api/notice/8', status: 200 },
  { method: 'GET', path: '/api/notice/1', status: 200 },
  { method: 'HEAD', path: '/api/notice/1', status: 200, notProxied: PRISM_HEAD },
  { method: 'OPTIONS', path: '/api/notice/1', status: 204 },
  { method: 'GET', path: '/api/notice/99999', status: 404 },
  { method: 'HEAD', path: '/api/notice/99999', status: 404, notProxied: PRISM_HEAD },
  { method: 'GET', path: '/api/notice/abc', status: 400, refused: true },
  { method: 'GET', path: '/api/notice/0', status: 400, refused: true },
  { method: 'GET', path: '/api/notice?page=2', status: 400 },
  { method: 'GET', path: '/api/notice/8/event.ics', status: 200 },
  { method: 'GET', path: '/api/notice/8/event.ics', status: 304, conditional: true },
  { method: 'GET', path: '/api/notice/3/event.ics', status: 404 },
  { method: 'GET', path: '/api/notice/99999/event.ics', status: 404 },
  { method: 'GET', path: '/api/notice/abc/event.ics', status: 400, refused: true },
  { method: 'GET', path: '/feeds/notices.rss', status: 200 },
  { method: 'GET', path: '/feeds/notices.atom', status: 200 },
  { method: 'GET', path: '/feeds/notices.json', status: 200 },
  { method: 'GET', path: '/feeds/notices.json', status: 304, conditional: true },
  { method: 'GET', path: '/notices', status: 200, headers: html },
  { method: 'GET', path: '/notices', status: 200, headers: json },
  { method: 'GET', path: '/notices', status: 304, headers: html, conditional: true },
  { method: 'GET', path: '/notices/3', status: 200, headers: html },
  { method: 'GET', path: '/notices/3', status: 200, headers: json },
  { method: 'GET', path: '/notices/99999', status: 404, headers: html },
  { method: 'GET', path: '/notices/99999', status: 404, headers: json },
  { method: 'GET', path: '/notices/abc', status: 400, refused: true },

  // Changelog
  { method: 'GET', path: '/api/changelog', status: 200 },
  { method: 'GET', path: '/api/changelog/latest', status: 200 },
  { method: 'GET', path: '/api/changelog/1.9.0', status: 200 },
  { method: 'GET', path: '/api/changelog/9.9.9', status: 404 },
  { method: 'GET', path: '/api/changelog/1.9', status: 400, refused: true },
  { method: 'GET', path: '/api/changelog/1.12.0-beta.1', status: 400, refused: true },
  { method: 'GET', path: '/api/changelog/preview', status: 200 },
  { method: 'GET', path: '/api/changelog/preview/latest', status: 200 },
  { method: 'GET', path: '/api/changelog/preview/1.12.0-beta.1', status: 200 },
  { method: 'GET', path: '/api/changelog/preview/9.0.0-beta.9', status: 404 },
  { method: 'GET', path: '/api/changelog/preview/not.a.version', status: 400, refused: true },
  { method: 'GET', path: '/api/changelog/since/1.9.0', status: 200 },
  { method: 'GET', path: '/api/changelog/since/1.11.2', status: 200 },
  { method: 'GET', path: '/api/changelog/since/1.9.7', status: 200 },
  { method: 'GET', path: '/api/changelog/since/1.9', status: 400, refused: true },
  { method: 'GET', path: '/api/changelog/since/1.10.0?platform=macos&arch=arm64&install_id=contract-1', status: 200 },
  { method: 'GET', path: '/api/changelog/since/1.11.2?platform=linux&arch=arm64', status: 200 },
  { method: 'GET', path: '/api/changelog/since/1.10.0?platform=beos', status: 400, refused: true },
  { method: 'GET', path: '/api/changelog/preview/since/1.12.0-beta.1?platform=windows', status: 200 },
  { method: 'GET', path: '/api/updates/electron/latest-mac.yml', status: 200 },
  { method: 'GET', path: '/api/updates/electron/preview.yml', status: 200 },
  { method: 'GET', path: '/api/updates/electron/latest-linux-arm64.yml', status: 404 },
  { method: 'GET', path: '/api/updates/electron/beta.yml', status: 400, refused: true },
  { method: 'GET', path: '/api/updates/sparkle/stable/macos-arm64', status: 200 },
  { method: 'GET', path: '/api/updates/sparkle/preview/windows-x64?install_id=contract-1', status: 200 },
  { method: 'GET', path: '/api/updates/sparkle/stable/macos-ppc', status: 400, refused: true },
  { method: 'GET', path: '/api/updates/tauri/stable/darwin/aarch64', status: 200 },
  { method: 'GET', path: '/api/updates/tauri/stable/linux/aarch64', status: 404 },
  { method: 'GET', path: '/api/updates/tauri/stable/haiku/x86_64', status: 400, refused: true },
  { method: 'GET', path: '/api/changelog/preview/since/1.12.0-beta.1', status: 200 },
  { method: 'GET', path: '/api/changelog/preview/since/1.11.0', status: 200 },
  { method: 'GET', path: '/api/changelog/preview/since/v1', status: 400, refused: true },
  { method: 'GET', path: '/feeds/changelog.rss', status: 200 },
  { method: 'GET', path: '/feeds/changelog.atom', status: 200 },
  { method: 'GET', path: '/feeds/changelog.json', status: 200 },
  { method: 'GET', path: '/feeds/changelog-preview.rss', status: 200 },
  { method: 'GET', path: '/feeds/changelog-preview.atom', status: 200 },
  { method: 'GET', path: '/feeds/changelog-preview.json', status: 200 },
  { method: 'GET', path: '/feeds/changelog.rss', status: 304, conditional: true },
  { method: 'GET', path: '/changelog', status: 200, headers: html },
  { method: 'GET', path: '/changelog', status: 200, headers: json },
  { method: 'GET', path: '/changelog/stable', status: 200, headers: html },
  { method: 'GET', path: '/changelog/stable', status: 200, headers: json },
  { method: 'GET', path: '/changelog/stable/1.9.0', status: 200, headers: html },
  { method: 'GET', path: '/changelog/stable/1.9.0', status: 200, headers: json },
  { method: 'GET', path: '/changelog/stable/9.9.9', status: 404, headers: html },
  { method: 'GET', path: '/changelog/stable/1.12.0-beta.1', status: 400, refused: true },
  { method: 'GET', path: '/changelog/preview', status: 200, headers: html },
  { method: 'GET', path: '/changelog/preview/1.12.0-beta.1', status: 200, headers: html },
  { method: 'GET', path: '/changelog/preview/1.12.0-beta.1', status: 200, headers: json },
  { method: 'GET', path: '/changelog/preview/9.0.0-beta.9', status: 404, headers: json },

  // Software codenames
  { method: 'GET', path: '/api/codenames', status: 200 },
  { method: 'GET', path: '/elements', status: 200, headers: html },
  { method: 'GET', path: '/elements', status: 200, headers: json },
  { method: 'GET', path: '/codename', status: 200, headers: html },
  { method: 'GET', path: '/codename', status: 200, headers: json },
  { method: 'GET', path: '/codename/neon', status: 200, headers: html },
  { method: 'GET', path: '/codename/Neon', status: 200, headers: json },
  { method: 'GET', path: '/codename/unobtainium', status: 404, headers: html },
  { method: 'GET', path: '/codename/unobtainium', status: 404, headers: json },
  { method: 'GET', path: '/codename/ne0n', status: 400, refused: true },
  { method: 'GET', path: '/assets/pages.css', status: 200 },

  // User feedback
  { method: 'POST', path: '/api/feedback', status: 201, body: { content: 'Works well.', type: 'suggestion', contact: 'me@example.com', client_version: '1.9.0', platform: 'linux' } },
  { method: 'POST', path: '/api/feedback', status: 201, body: { content: 'Minimal.' } },
  { method: 'POST', path: '/api/feedback', status: 422, body: { content: '   ' }, refused: true },
  { method: 'POST', path: '/api/feedback', status: 422, body: { content: 'x', mood: 'happy' }, refused: true },
  { method: 'POST', path: '/api/feedback', status: 422, body: { content: 'x'.repeat(5001) }, refused: true },
  { method: 'POST', path: '/api/feedback', status: 422, body: { content: 'x', platform: 'android' }, refused: true },
  { method: 'POST', path: '/api/feedback', status: 413, body: { content: 'x'.repeat(70_000) }, refused: true },
  { method: 'POST', path: '/api/feedback', status: 415, body: 'content=x', headers: { 'Content-Type': 'text/plain' }, refused: true },
  { method: 'POST', path: '/api/feedback', status: 400, body: '{"content":', notProxied: PRISM_BAD_JSON },
  { method: 'POST', path: '/api/feedback', status: 429, body: { content: 'Again.' }, repeatUntil: 10 },
  { method: 'GET', path: '/api/feedback', status: 200, headers: bearer(TOKENS.feedbackOnly) },
  { method: 'GET', path: '/api/feedback?page=1&per_page=1&type=suggestion', status: 200, headers: bearer(TOKENS.feedbackOnly) },
  { method: 'GET', path: '/api/feedback?per_page=501', status: 400, headers: bearer(TOKENS.feedbackOnly), refused: true },
  { method: 'GET', path: '/api/feedback?type=praise', status: 400, headers: bearer(TOKENS.feedbackOnly), refused: true },
  { method: 'GET', path: '/api/feedback', status: 401, refused: true },
  { method: 'GET', path: '/api/feedback', status: 401, headers: bearer(TOKENS.unknown) },
  { method: 'GET', path: '/api/feedback?platform=linux&client_version=1.9.0&status=new&from=2020-01-01&to=2099-12-31&q=works', status: 200, headers: bearer(TOKENS.feedbackOnly) },
  { method: 'GET', path: '/api/feedback?platform=android', status: 400, headers: bearer(TOKENS.feedbackOnly), refused: true },
  { method: 'GET', path: '/api/feedback/export?type=suggestion&q=works', status: 200, headers: bearer(TOKENS.feedbackOnly) },
  { method: 'GET', path: '/api/feedback/export?status=open', status: 400, headers: bearer(TOKENS.feedbackOnly), refused: true },
  { method: 'GET', path: '/api/feedback/export', status: 401, refused: true },
  { method: 'GET', path: '/api/feedback/export', status: 304, headers: bearer(TOKENS.feedbackOnly), conditional: true },
  { method: 'PATCH', path: '/api/feedback/1', status: 200, headers: all, body: { status: 'triaged', note: 'Seen.' } },
  { method: 'PATCH', path: '/api/feedback/1', status: 422, headers: all, body: { status: 'closed' }, refused: true },
  { method: 'PATCH', path: '/api/feedback/999999', status: 404, headers: all, body: { status: 'done' } },
  { method: 'PATCH', path: '/api/feedback/1', status: 403, headers: bearer(TOKENS.feedbackOnly), body: { status: 'done' } },
  { method: 'POST', path: '/api/feedback/erasure', status: 200, headers: all, body: { contact: 'me@example.com', reason: 'Asked by the submitter.' } },
  { method: 'POST', path: '/api/feedback/erasure', status: 422, headers: all, body: { contact: 'nobody' }, refused: true },
  { method: 'POST', path: '/api/feedback/erasure', status: 403, headers: bearer(TOKENS.feedbackOnly), body: { contact: 'me@example.com' } },
  { method: 'GET', path: '/api/feedback/stats', status: 200 },

  // Error information management
  { method: 'GET', path: '/api/tunnel/errors', status: 200 },
  { method: 'GET', path: '/api/tunnel/errors/PORT1001', status: 200 },
  { method: 'GET', path: '/api/tunnel/errors/PORT9999', status: 404 },
  { method: 'GET', path: '/api/tunnel/errors/port1001', status: 400, refused: true },
  { method: 'GET', path: '/api/tunnel/errors/search?q=port&category=network&severity=high&limit=5', status: 200 },
  { method: 'GET', path: '/api/tunnel/errors/search?q=timeout', status: 200 },
  { method: 'GET', path: '/api/tunnel/errors/search?limit=0', status: 400, refused: true },
  { method: 'GET', path: '/api/tunnel/errors/search?severity=urgent', status: 400, refused: true },
  { method: 'GET', path: '/api/tunnel/errors/search?sort=asc', status: 400 },
  { method: 'GET', path: `/api/tunnel/errors/search?q=${encodeURIComponent('2026-11-27T10:00:01Z ERROR listen tcp 127.0.0.1:8080: bind: address already in use')}`, status: 200 },
  { method: 'GET', path: '/errors', status: 200, headers: html },
  { method: 'GET', path: '/errors', status: 200, headers: json },
  { method: 'GET', path: '/errors?q=tls', status: 200, headers: html },
  { method: 'GET', path: '/errors?q=tls', status: 200, headers: json },
  { method: 'GET', path: '/errors?q=tls', status: 304, headers: html, conditional: true },
  { method: 'GET', path: '/errors?limit=0', status: 400, headers: html, refused: true },
  { method: 'GET', path: '/errors/PORT1001', status: 200, headers: html },
  { method: 'GET', path: '/errors/PORT1001', status: 200, headers: json },
  { method: 'GET', path: '/errors/PORT9999', status: 404, headers: html },
  { method: 'GET', path: '/errors/PORT9999', status: 404, headers: json },
  { method: 'GET', path: '/errors/port1001', status: 400, refused: true },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 201, headers: all, body: entry },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 409, headers: all, body: entry },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 401, body: entry, refused: true },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 401, headers: { Authorization: '' }, body: entry, refused: true },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 401, headers: bearer(TOKENS.unknown), body: entry },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 403, headers: bearer(TOKENS.feedbackOnly), body: entry },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 422, headers: all, body: { ...entry, Flag: 'CONTRACT2', severity: 'urgent' }, refused: true },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 422, headers: all, body: { ...entry, Flag: 'CONTRACT2', Info: ' \t ' }, refused: true },
  { method: 'POST', path: '/api/tunnel/errors', status: 201, headers: all, body: { Flag: 'CONTRACT3', Info: 'Detailed add.', Solution: ['One.', 'Two.'] } },
  { method: 'PUT', path: '/api/tunnel/errors/CONTRACT3', status: 200, headers: all, body: { Info: 'Changed.', Solution: ['Three.'], severity: 'critical' } },
  // Read-only in the document; the service accepts and ignores it, so a read can be sent back.
  { method: 'PUT', path: '/api/tunnel/errors/CONTRACT3', status: 200, headers: all, body: { Info: 'Changed.', Solution: ['Three.'], severity: 'critical', created_at: null }, refused: true },
  // PUT replaces the whole entry: leaving out the severity it has is refused, naming it.
  { method: 'PUT', path: '/api/tunnel/errors/CONTRACT3', status: 422, headers: all, body: { Info: 'Changed.', Solution: ['Three.'] } },
  { method: 'PATCH', path: '/api/tunnel/errors/CONTRACT3', status: 200, headers: { ...all, 'Content-Type': 'application/merge-patch+json' }, body: { notes: 'Patched.', creator: null } },
  { method: 'PATCH', path: '/api/tunnel/errors/CONTRACT3', status: 422, headers: { ...all, 'Content-Type': 'application/merge-patch+json' }, body: { Info: null } },
  { method: 'PATCH', path: '/api/tunnel/errors/CONTRACT3', status: 412, headers: { ...all, 'Content-Type': 'application/merge-patch+json', 'If-Match': '"not-the-current-tag"' }, body: { notes: 'Late.' } },
  { method: 'PATCH', path: '/api/tunnel/errors/CONTRACT3', status: 415, headers: { ...all, 'Content-Type': 'application/json-patch+json' }, body: [{ op: 'remove', path: '/notes' }], refused: true },
  { method: 'DELETE', path: '/api/tunnel/errors/CONTRACT3', status: 412, headers: { ...all, 'If-Match': '"not-the-current-tag"' } },
  { method: 'PUT', path: '/api/tunnel/errors/CONTRACT3', status: 422, headers: all, body: { Flag: 'CONTRACT4', Info: 'Renamed.', Solution: ['x'] } },
  { method: 'PUT', path: '/api/tunnel/errors/CONTRACT404', status: 404, headers: all, body: { Info: 'x', Solution: ['y'] } },
  { method: 'GET', path: '/api/tunnel/errors/CONTRACT3', status: 200 },
  { method: 'DELETE', path: '/api/tunnel/errors/CONTRACT3?reason=Contract%20check.', status: 200, headers: all },
  { method: 'DELETE', path: '/api/tunnel/errors/CONTRACT3', status: 404, headers: all },
  { method: 'GET', path: '/api/tunnel/errors/CONTRACT3/history', status: 200, headers: all },
  { method: 'GET', path: '/api/tunnel/errors/PORT1001/history', status: 200, headers: all },
  { method: 'GET', path: '/api/tunnel/errors/CONTRACT404/history', status: 404, headers: all },
  { method: 'GET', path: '/api/tunnel/errors/CONTRACT3/history', status: 403, headers: bearer(TOKENS.feedbackOnly) },
  { method: 'POST', path: '/api/tunnel/errors/CONTRACT3/restore', status: 200, headers: all, body: { version: 2, reason: 'Deleted by mistake.' } },
  { method: 'POST', path: '/api/tunnel/errors/CONTRACT3/restore', status: 404, headers: all, body: { version: 99 } },
  { method: 'POST', path: '/api/tunnel/errors/CONTRACT3/restore', status: 422, headers: all, body: { version: 0 }, refused: true },
  { method: 'POST', path: '/api/tunnel/errors/CONTRACT3/restore', status: 403, headers: bearer(TOKENS.feedbackOnly), body: { version: 1 } },
  { method: 'GET', path: '/api/tunnel/errors/stats', status: 200 },
  { method: 'GET', path: '/api/tunnel/errors/stats', status: 200, headers: all },
  { method: 'GET', path: '/api/tunnel/errors/stats', status: 200, headers: bearer(TOKENS.feedbackOnly) },
  { method: 'GET', path: '/api/tunnel/errors/stats', status: 401, headers: bearer(TOKENS.unknown) },
  { method: 'GET', path: '/api/tunnel/errors/pending', status: 200, headers: all },
  { method: 'GET', path: '/api/tunnel/errors/logs', status: 200, headers: all },
  { method: 'GET', path: '/api/tunnel/errors/logs?flag=CONTRACT3&operation=UPDATE&limit=10&offset=0', status: 200, headers: all },
  { method: 'GET', path: '/api/tunnel/errors/logs?limit=0', status: 400, headers: all, refused: true },
  { method: 'GET', path: '/api/tunnel/errors/logs', status: 403, headers: bearer(TOKENS.feedbackOnly) },
  { method: 'GET', path: '/api/tunnel/errors/logs', status: 401, refused: true },
  { method: 'POST', path: '/api/tunnel/errors/addNew', status: 429, headers: all, body: { ...entry, Flag: 'CONTRACT5' }, repeatUntil: 30 },

  // Mail service
  { method: 'POST', path: '/api/send_email', status: 202, headers: all, body: { to: 'user@example.com', subject: 'Markdown', markdown: 'Hello **there**.' } },
  { method: 'POST', path: '/api/send_email', status: 202, headers: all, body: { to: ['a@example.com', 'b@example.com'], subject: 'Text', text: 'Hello.' } },
  { method: 'POST', path: '/api/send_email', status: 422, headers: all, body: { to: 'user@example.com', subject: 'Nothing to say' }, refused: true },
  { method: 'POST', path: '/api/send_email', status: 422, headers: all, body: { to: 'user@example.com', subject: '  ', text: 'x' }, refused: true },
  { method: 'POST', path: '/api/send_email', status: 422, headers: all, body: { to: 'not-an-address', subject: 'x', text: 'x' }, refused: true },
  { method: 'POST', path: '/api/send_email', status: 401, body: { to: 'user@example.com', subject: 'x', text: 'x' }, refused: true },
  { method: 'POST', path: '/api/send_email', status: 403, headers: bearer(TOKENS.feedbackOnly), body: { to: 'user@example.com', subject: 'x', text: 'x' } },
  { method: 'POST', path: '/api/send_email', status: 429, headers: all, body: { to: 'user@example.com', subject: 'Again', text: 'x' }, repeatUntil: 10 },
];
