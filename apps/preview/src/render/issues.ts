import { formatIssue, WARNING_CODES, type ContentIssue } from '@companion/content';
import { fileAnchor } from './anchors';
import { escapeHtml } from './html';

/** Issues grouped by file, so each item can show the problems of its own file. */
export function issuesByFile(issues: readonly ContentIssue[]): Map<string, ContentIssue[]> {
  const byFile = new Map<string, ContentIssue[]>();
  for (const issue of issues) byFile.set(issue.file, [...(byFile.get(issue.file) ?? []), issue]);
  return byFile;
}

/**
 * `file:line:col  CODE  message` per issue, the same line `pnpm content:check` prints. With
 * `anchors`, each place links to the card of its file.
 */
export function issueList(issues: readonly ContentIssue[], anchors?: ReadonlyMap<string, string>): string {
  if (issues.length === 0) return '';
  const items = issues.map((issue) => {
    const at = escapeHtml(`${issue.file}:${issue.line}:${issue.column}`);
    const anchor = anchors?.get(issue.file);
    const place = anchor ? `<a class="at" href="#${escapeHtml(anchor)}"><code>${at}</code></a>` : `<code class="at">${at}</code>`;
    return `<li title="${escapeHtml(formatIssue(issue))}">${place} <span class="code">${issue.code}</span> ${escapeHtml(issue.message)}</li>`;
  });
  return `<ul class="issues">${items.join('')}</ul>`;
}

/** The global list at the top of the page; each problem links to its card. */
export function issuesSection(issues: readonly ContentIssue[], anchors: ReadonlyMap<string, string>): string {
  if (issues.length === 0) {
    return '<section class="status ok"><strong>All content is valid.</strong> What you see is what the API serves.</section>';
  }
  return `<section class="status bad" id="problems"><strong>${issues.length} problem${issues.length === 1 ? '' : 's'}</strong>
 — a broken file keeps serving its last good version (shown below with its problems); a new broken file is not served at all.
${issueList(issues, anchors)}</section>`;
}

/** The problems of a file whose last good version is shown (or its warnings), next to that version. */
export function staleNote(issues: readonly ContentIssue[]): string {
  if (issues.length === 0) return '';
  const onlyWarnings = issues.every((issue) => WARNING_CODES.has(issue.code));
  const note = onlyWarnings ? 'This file has a warning; it is served as shown.' : 'This file has problems; the last good version is shown.';
  return `<p class="stale">${note}</p>${issueList(issues)}`;
}

/**
 * A file that does not load and has no earlier good version: its problems, and for a notice
 * its body rendered anyway (`rendered`), so the writer sees what they are writing.
 */
export const brokenFileCard = (kind: 'notice' | 'release', file: string, issues: readonly ContentIssue[], rendered?: string): string =>
  `<article class="card ${kind} broken" id="${fileAnchor(file)}" data-file="${escapeHtml(file)}"><header><h3><code>${escapeHtml(file)}</code></h3>
<div class="meta"><span class="state off">not served</span><span>the API leaves this file out until its problems are fixed</span></div></header>${issueList(issues)}${
    rendered === undefined ? '' : `<div class="draft"><div class="label">Draft body, rendered as the client would show it</div><div class="rendered">${rendered}</div></div>`
  }</article>`;
