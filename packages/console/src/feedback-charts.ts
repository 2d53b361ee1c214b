import { FEEDBACK_TYPES } from '@companion/schema';
import semver from 'semver';
import { escapeHtml } from '@companion/html';

/** What the inbox's charts show, counted over the filtered view. */
export interface InboxCounts {
  total: number;
  byDayType: Map<string, Map<string, number>>;
  byVersion: Map<string, number>;
  byPlatform: Map<string, number>;
  /** More feedback matched than the charts count. */
  capped: boolean;
}

/** JSON inside a script element: `<` escaped, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function table(caption: string, head: string[], rows: (string | number)[][]): string {
  // Focusable, so a keyboard can scroll a table wider than the screen.
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeHtml(caption)}: the numbers"><table><caption>${escapeHtml(caption)}</caption><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}

/**
 * Three charts (per day by type, by client version, by platform) drawn by Chart.js from the data
 * in the page; each has its numbers as a table beside it, for screen readers and without scripts.
 */
export function inboxCharts(counts: InboxCounts): string {
  if (counts.total === 0) return '';
  const days = [...counts.byDayType.keys()].sort();
  const perDay = { labels: days, series: FEEDBACK_TYPES.map((type) => ({ label: type, data: days.map((d) => counts.byDayType.get(d)!.get(type) ?? 0) })) };
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 20);
  // The most reported versions, newest first in version order (1.12.0 above 1.12.0-beta.1 above 1.9.1); unknown last.
  const version = (v: string) => semver.valid(semver.clean(v) ?? v);
  const versions = sorted(counts.byVersion).sort(([a], [b]) => {
    const [x, y] = [version(a), version(b)];
    return x && y ? semver.rcompare(x, y) : x ? -1 : y ? 1 : a.localeCompare(b);
  });
  const platforms = sorted(counts.byPlatform);
  const data = { perDay, versions: { labels: versions.map((v) => v[0]), data: versions.map((v) => v[1]) }, platforms: { labels: platforms.map((p) => p[0]), data: platforms.map((p) => p[1]) } };
  const figure = (id: string, title: string, numbers: string) =>
    `<figure class="chart"><figcaption id="${id}-title">${escapeHtml(title)}</figcaption><div class="canvas-box"><canvas id="${id}" role="img" aria-labelledby="${id}-title"></canvas></div><details><summary>The numbers</summary>${numbers}</details></figure>`;
  return `<section class="charts" aria-label="Charts">
${counts.capped ? '<p>The charts count the newest 100,000 matching feedback.</p>' : ''}
${figure('chart-days', 'Feedback per day, by type', table('Feedback per day, by type', ['Day', ...FEEDBACK_TYPES], days.map((d) => [d, ...FEEDBACK_TYPES.map((t) => counts.byDayType.get(d)!.get(t) ?? 0)])))}
${figure('chart-versions', 'By client version', table('By client version', ['Version', 'Feedback'], versions))}
${figure('chart-platforms', 'By platform', table('By platform', ['Platform', 'Feedback'], platforms))}
<script type="application/json" id="chart-data">${scriptJson(data)}</script>
</section>`;
}
