import { renderMarkdown, type ContentIssue, type ContentSnapshot, type Release } from '@companion/content';
import { escapeHtml, memoByObject } from './html';
import { brokenFileCard, staleNote } from './issues';

// The changes as one Markdown list, so inline code and links render as the client shows them.
const renderedChanges = memoByObject((r: Release) => renderMarkdown(r.changes.map((change) => `- ${change.replace(/\n/g, ' ')}`).join('\n')));

function releaseCard(r: Release, channel: 'stable' | 'preview', codename: string | undefined, issues: readonly ContentIssue[]): string {
  return `<article class="card release${issues.length > 0 ? ' has-issues' : ''}" id="release-${escapeHtml(r.version)}" data-file="${escapeHtml(r.file)}">
<header><h3>${escapeHtml(r.version)} <small>${escapeHtml(r.description)}</small></h3>
<div class="meta"><span class="badge channel-${channel}">${channel}</span>${codename ? `<span>codename ${escapeHtml(codename)}</span>` : ''}<span>${escapeHtml(r.date)}</span><code>${escapeHtml(r.file)}</code></div></header>
${staleNote(issues)}
<div class="rendered">${renderedChanges(r)}</div>
</article>`;
}

/** Preview and stable releases, newest first, plus the changelog files that do not load yet. */
export function releasesSection(snapshot: ContentSnapshot, byFile: ReadonlyMap<string, ContentIssue[]>): string {
  const served = new Set([...snapshot.stable, ...snapshot.preview].map((r) => r.file));
  const broken = [...byFile].filter(([file]) => file.startsWith('changelog/') && !served.has(file));
  const list = (channel: 'stable' | 'preview', releases: readonly Release[]) =>
    releases.map((r) => releaseCard(r, channel, snapshot.codenameOf.get(r.version), byFile.get(r.file) ?? [])).join('\n');
  return `<section id="releases"><h2>Releases <small>${snapshot.preview.length} preview, ${snapshot.stable.length} stable, newest first</small></h2>
${broken.map(([file, issues]) => brokenFileCard('release', file, issues)).join('\n')}
${list('preview', snapshot.preview)}
${list('stable', snapshot.stable)}
</section>`;
}
