import type { ContentSnapshot } from '@companion/content';
import { formatTimestamp } from '@companion/schema';
import { cardAnchors } from './anchors';
import { escapeHtml } from './html';
import { issuesByFile, issuesSection } from './issues';
import { noticesSection } from './notices';
import { releasesSection } from './releases';

/** A list of links to every card: the page runs to thousands of pixels. */
function jumpList(snapshot: ContentSnapshot, anchors: ReadonlyMap<string, string>): string {
  const link = (file: string, label: string, broken: boolean) =>
    `<li${broken ? ' class="bad"' : ''}><a href="#${escapeHtml(anchors.get(file) ?? '')}">${escapeHtml(label)}</a></li>`;
  const troubled = new Set(snapshot.issues.map((i) => i.file));
  const shown = new Set([...snapshot.notices.map((n) => n.file), ...snapshot.preview.map((r) => r.file), ...snapshot.stable.map((r) => r.file)]);
  const unserved = (prefix: string) => [...anchors.keys()].filter((file) => file.startsWith(prefix) && !shown.has(file)).map((file) => link(file, `${file.slice(file.lastIndexOf('/') + 1)} (not served)`, true));
  const notices = [...unserved('notices/'), ...snapshot.notices.map((n) => link(n.file, `${n.id} · ${n.summary}`, troubled.has(n.file)))];
  const releases = [...unserved('changelog/'), ...[...snapshot.preview, ...snapshot.stable].map((r) => link(r.file, r.version, troubled.has(r.file)))];
  return `<nav class="jump" aria-label="Jump to"><h2><a href="#notices">Notices</a></h2><ul>${notices.join('')}</ul>
<h2><a href="#releases">Releases</a></h2><ul class="versions">${releases.join('')}</ul></nav>`;
}

/**
 * The part of the page that follows the content: swapped whole by the live-update script.
 * `drafts`: the Markdown bodies of notice files that have never loaded.
 */
export function previewBody(snapshot: ContentSnapshot, nowMs: number, drafts: ReadonlyMap<string, string> = new Map()): string {
  const byFile = issuesByFile(snapshot.issues);
  const anchors = cardAnchors(snapshot);
  return `${jumpList(snapshot, anchors)}
<div class="content">
${issuesSection(snapshot.issues, anchors)}
<p class="loaded">Loaded ${escapeHtml(formatTimestamp(snapshot.loadedAt))} UTC</p>
${noticesSection(snapshot.notices, byFile, nowMs, drafts, snapshot.noticeTranslations)}
${releasesSection(snapshot, byFile)}
</div>`;
}

/** The whole page; its script keeps `#preview` current (no inline script: the CSP forbids it). */
export function previewPage(snapshot: ContentSnapshot, nowMs: number, contentDir: string, drafts: ReadonlyMap<string, string> = new Map()): string {
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
${previewBody(snapshot, nowMs, drafts)}
</main>
</body>
</html>
`;
}
