import { formatIssue, type ContentIssue } from '@companion/content';
import { escapeHtml } from './html';

/** Issues grouped by file, so each item can show the problems of its own file. */
export function issuesByFile(issues: readonly ContentIssue[]): Map<string, ContentIssue[]> {
  const byFile = new Map<string, ContentIssue[]>();
  for (const issue of issues) byFile.set(issue.file, [...(byFile.get(issue.file) ?? []), issue]);
  return byFile;
}

/** `file:line:col  CODE  message` per issue, the same line `pnpm content:check` prints. */
export function issueList(issues: readonly ContentIssue[]): string {
  if (issues.length === 0) return '';
  const items = issues.map((issue) => {
    const at = `${issue.file}:${issue.line}:${issue.column}`;
    return `<li title="${escapeHtml(formatIssue(issue))}"><code class="at">${escapeHtml(at)}</code> <span class="code">${issue.code}</span> ${escapeHtml(issue.message)}</li>`;
  });
  return `<ul class="issues">${items.join('')}</ul>`;
}

/** The global list at the top of the page. */
export function issuesSection(issues: readonly ContentIssue[]): string {
  if (issues.length === 0) {
    return '<section class="status ok"><strong>All content is valid.</strong> What you see is what the API serves.</section>';
  }
  return `<section class="status bad" id="problems"><strong>${issues.length} problem${issues.length === 1 ? '' : 's'}</strong>
 — a broken file keeps serving its last good version (shown below with its problems); a new broken file is not served at all.
${issueList(issues)}</section>`;
}

/** The problems of a file whose last good version is shown, next to that version. */
export const staleNote = (issues: readonly ContentIssue[]): string =>
  issues.length === 0 ? '' : `<p class="stale">This file has problems; the last good version is shown.</p>${issueList(issues)}`;

/** A file that does not load and has no earlier good version: only its problems. */
export const brokenFileCard = (kind: 'notice' | 'release', file: string, issues: readonly ContentIssue[]): string =>
  `<article class="card ${kind} broken" data-file="${escapeHtml(file)}"><header><h3><code>${escapeHtml(file)}</code></h3>
<div class="meta"><span class="state off">not served</span></div></header>${issueList(issues)}</article>`;
