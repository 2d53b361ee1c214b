import type { ContentSnapshot } from '@companion/content';
import { formatTimestamp } from '@companion/schema';
import { escapeHtml } from './html';
import { issuesByFile, issuesSection } from './issues';
import { noticesSection } from './notices';
import { releasesSection } from './releases';

/** The part of the page that follows the content: swapped whole by the live-update script. */
export function previewBody(snapshot: ContentSnapshot, nowMs: number): string {
  const byFile = issuesByFile(snapshot.issues);
  return `${issuesSection(snapshot.issues)}
<p class="loaded">Loaded ${escapeHtml(formatTimestamp(snapshot.loadedAt))} UTC · <a href="#notices">Notices</a> · <a href="#releases">Releases</a></p>
${noticesSection(snapshot.notices, byFile, nowMs)}
${releasesSection(snapshot, byFile)}`;
}

/** The whole page; its script keeps `#preview` current (no inline script: the CSP forbids it). */
export function previewPage(snapshot: ContentSnapshot, nowMs: number, contentDir: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Content preview</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/preview.css">
<script src="/assets/preview.js" defer></script>
</head>
<body data-loaded-at="${snapshot.loadedAt}">
<header class="bar"><strong>Content preview</strong><code>${escapeHtml(contentDir)}</code><span id="live" class="live">connecting…</span></header>
<main id="preview">
${previewBody(snapshot, nowMs)}
</main>
</body>
</html>
`;
}
