import { FEEDBACK_TYPES } from '@companion/schema';
import type { HealthDay, ReleaseHealthData } from '@companion/release-guard';
import { escapeHtml } from '@companion/html';

/** Colours with at least 4.5:1 against white, told apart by dash pattern as well as hue. */
const PALETTE = [
  { stroke: '#1d4ed8', dash: '' },
  { stroke: '#b45309', dash: '6 3' },
  { stroke: '#047857', dash: '2 3' },
  { stroke: '#7e22ce', dash: '8 3 2 3' },
  { stroke: '#be123c', dash: '4 4' },
];
/**
 * The charts are laid out in CSS pixels, not scaled from a fixed drawing: the SVG is as wide as its
 * column, labels sit at percentages of that width and keep their 12 px at any width (a phone's
 * 375 px included), and only the plot (lines, bars) stretches, inside a nested SVG whose strokes
 * do not scale. The legend is HTML, so it wraps.
 */
const HEIGHT = 220;
const [TOP, PLOT_H] = [12, 170];
const [LEFT, RIGHT] = [16, 98]; // the plot's left and right edges, % of the width
const TEXT = 'fill="#1f2937" font-size="12" font-family="system-ui, sans-serif"';
const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;
const at = (fraction: number) => `${(LEFT + fraction * (RIGHT - LEFT)).toFixed(2)}%`;

function numbers(caption: string, head: string[], rows: (string | number)[][]): string {
  return `<details><summary>The numbers</summary><div class="table-scroll" tabindex="0" role="region" aria-label="${escapeHtml(caption)}: the numbers"><table><caption>${escapeHtml(caption)}</caption><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table></div></details>`;
}

function legend(labels: string[], kind: 'line' | 'bar'): string {
  return `<ul class="legend">${labels
    .map((label, i) => {
      const { stroke, dash } = PALETTE[i % PALETTE.length]!;
      const mark = kind === 'line' ? `<line x1="0" y1="5" x2="24" y2="5" stroke="${stroke}" stroke-width="3"${dash ? ` stroke-dasharray="${dash}"` : ''}/>` : `<path d="M0 0h24v10H0z" fill="${stroke}"${i % 2 === 1 ? ' fill-opacity="0.55" stroke="#1f2937"' : ''}/>`;
      return `<li><svg width="24" height="10" aria-hidden="true" focusable="false">${mark}</svg> ${escapeHtml(label)}</li>`;
    })
    .join('')}</ul>`;
}

/** A horizontal grid line with its label at `fraction` of the plot's height (0 at the bottom). */
const gridLine = (fraction: number, label: string) => {
  const y = (TOP + PLOT_H - fraction * PLOT_H).toFixed(1);
  return `<line x1="${LEFT}%" y1="${y}" x2="${RIGHT}%" y2="${y}" stroke="#d1d5db"/><text x="${LEFT - 1}%" y="${Number(y) + 4}" text-anchor="end" ${TEXT}>${escapeHtml(label)}</text>`;
};

/** The plot area: a nested SVG stretched over it, drawn in a 1000 × 1000 box. */
const plot = (content: string) => `<svg x="${LEFT}%" y="${TOP}" width="${RIGHT - LEFT}%" height="${PLOT_H}" viewBox="0 0 1000 1000" preserveAspectRatio="none" overflow="visible">${content}</svg>`;

/**
 * A series' values with no value (null) on the days before its first day with installs: a day
 * before any data is unknown, not 0%.
 */
function fromFirstData(days: readonly HealthDay[], installsOn: (day: HealthDay) => number, value: (day: HealthDay) => number): (number | null)[] {
  const first = days.findIndex((d) => installsOn(d) > 0);
  return days.map((d, i) => (first === -1 || i < first ? null : value(d)));
}

/** Share of active installs per day, one line per series (0-100%), broken where a series has no value. */
function shareChart(id: string, title: string, days: string[], series: { label: string; values: (number | null)[] }[]): string {
  const x = (i: number) => (days.length === 1 ? 500 : (i * 1000) / (days.length - 1));
  const grid = [0, 0.5, 1].map((v) => gridLine(v, `${v * 100}%`)).join('');
  // At most four day labels, so they never overlap on a phone.
  const every = Math.max(1, Math.ceil(days.length / 4));
  const ticks = days
    .map((d, i) => (i % every === 0 ? `<text x="${at(days.length === 1 ? 0.5 : i / (days.length - 1))}" y="${TOP + PLOT_H + 18}" text-anchor="${i === 0 && days.length > 1 ? 'start' : 'middle'}" ${TEXT}>${d.slice(5)}</text>` : ''))
    .join('');
  const lines = series
    .map((s, n) => {
      const { stroke, dash } = PALETTE[n % PALETTE.length]!;
      const runs: string[][] = [[]];
      s.values.forEach((v, i) => (v === null ? runs.push([]) : runs.at(-1)!.push(`${x(i).toFixed(1)},${(1000 - v * 1000).toFixed(1)}`)));
      return runs
        .filter((r) => r.length > 0)
        .map((r) => (r.length === 1 ? `<circle cx="${r[0]!.split(',')[0]}" cy="${r[0]!.split(',')[1]}" r="3" fill="${stroke}" vector-effect="non-scaling-stroke"/>` : `<polyline points="${r.join(' ')}" fill="none" stroke="${stroke}" stroke-width="2.5" vector-effect="non-scaling-stroke"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`))
        .join('');
    })
    .join('');
  const last = (values: (number | null)[]) => values.findLast((v) => v !== null);
  const desc = series.map((s) => `${s.label}: ${last(s.values) === undefined ? 'no installs yet' : `${percent(last(s.values)!)} on ${days[s.values.findLastIndex((v) => v !== null)]}`}`).join('; ');
  const svg = `<svg class="chart-svg" width="100%" height="${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc"><desc id="${id}-desc">${escapeHtml(desc)}</desc>${grid}${ticks}${plot(lines)}</svg>`;
  return `<figure class="chart"><figcaption id="${id}-title">${escapeHtml(title)}</figcaption>${svg}${legend(series.map((s) => s.label), 'line')}${numbers(title, ['Day', ...series.map((s) => s.label)], days.map((d, i) => [d, ...series.map((s) => (s.values[i] === null ? 'no installs yet' : percent(s.values[i]!)))]))}</figure>`;
}

/** Per type, a rate for each series side by side, as bars (no bar where a series has no rate). */
function rateChart(id: string, title: string, groups: string[], series: { label: string; values: (number | null)[] }[]): string {
  const top = Math.max(1, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const grid = [0, 0.5, 1].map((f) => gridLine(f, String(Math.round(f * top * 10) / 10))).join('');
  const slot = 1000 / groups.length;
  const bar = (slot * 0.7) / series.length;
  const bars = groups
    .map((_, gi) =>
      series
        .map((s, si) => {
          const v = s.values[gi];
          if (v === null || v === undefined) return '';
          const { stroke } = PALETTE[si % PALETTE.length]!;
          const height = (v / top) * 1000;
          return `<rect x="${(gi * slot + slot * 0.15 + si * bar).toFixed(1)}" y="${(1000 - height).toFixed(1)}" width="${(bar * 0.9).toFixed(1)}" height="${height.toFixed(1)}" fill="${stroke}"${si % 2 === 1 ? ' fill-opacity="0.55" stroke="#1f2937" vector-effect="non-scaling-stroke"' : ''}/>`;
        })
        .join(''),
    )
    .join('');
  const labels = groups.map((g, gi) => `<text x="${at((gi + 0.5) / groups.length)}" y="${TOP + PLOT_H + 18}" text-anchor="middle" ${TEXT}>${escapeHtml(g)}</text>`).join('');
  const svg = `<svg class="chart-svg" width="100%" height="${HEIGHT}" role="img" aria-labelledby="${id}-title ${id}-desc"><desc id="${id}-desc">${escapeHtml(series.map((s) => `${s.label}: ${groups.map((g, i) => `${g} ${s.values[i] ?? 'none'}`).join(', ')}`).join('; '))}</desc>${grid}${labels}${plot(bars)}</svg>`;
  return `<figure class="chart"><figcaption id="${id}-title">${escapeHtml(title)}</figcaption>${svg}${legend(series.map((s) => s.label), 'bar')}${numbers(title, ['Type', ...series.map((s) => s.label)], groups.map((g, i) => [g, ...series.map((s) => s.values[i] ?? 'no installs')]))}</figure>`;
}

/** How many installs were offered the release over the days and how many of them took it. */
function uptakeSentence({ version, uptake }: ReleaseHealthData): string {
  if (uptake.offered === 0 && uptake.took === 0) return `No install was offered ${escapeHtml(version)} by an update check over these days.`;
  const part = uptake.offered === 0 || uptake.took > uptake.offered ? '' : ` (${percent(uptake.took / uptake.offered)})`;
  return `Offered to <strong>${uptake.offered}</strong> installs by an update check over these days; <strong>${uptake.took}</strong> took it${part}: they checked in from ${escapeHtml(version)} afterwards.`;
}

/**
 * What each figure on the page means, beside the charts: the two rates measure different things
 * (every report, against the guard's votes), so each is named and defined where it is shown.
 */
export const FIGURE_DEFINITIONS = `<dl class="definitions">
<dt>Share of active installs</dt><dd>Of the installs that checked for updates on a day (on a platform), the part running the release. No value on days before the release had any install.</dd>
<dt>Feedback reports per 1,000 install-days</dt><dd>Every feedback report naming the release, of a type, × 1,000 ÷ the installs active on it summed over the days shown. Anyone may send a report.</dd>
<dt>Bug votes per 1,000 install-days</dt><dd>What the guard judges: bug reports from installs the service issued credentials to, at most one per install and one per network a day, × 1,000 ÷ install-days over the guard's own days. Lower than the reports' rate when reports repeat, higher when few installs were active.</dd>
</dl>`;

/** A release's health as two charts a product manager reads at a glance, each with its numbers as a table. */
export function releaseHealthCharts(health: ReleaseHealthData): string {
  const days = health.days.map((d) => d.date);
  const platforms = [...new Set(health.days.flatMap((d) => Object.keys(d.platforms)))].sort();
  const adoption = [
    { label: 'all platforms', values: fromFirstData(health.days, (d) => d.active_installs, (d) => d.share) },
    ...platforms.map((p) => ({ label: p, values: fromFirstData(health.days, (d) => d.platforms[p]?.active_installs ?? 0, (d) => d.platforms[p]?.share ?? 0) })),
  ];
  const rates = [
    { label: health.version, values: FEEDBACK_TYPES.map((t) => health.feedback.by_type[t].per_1000) },
    ...(health.previous_feedback && health.previous ? [{ label: `${health.previous} (previous)`, values: FEEDBACK_TYPES.map((t) => health.previous_feedback!.by_type[t].per_1000) }] : []),
  ];
  return `<h2 id="health-heading">Health of ${escapeHtml(health.version)}, ${health.from} to ${health.to}</h2>
<p class="uptake">${uptakeSentence(health)}</p>
<section class="charts" aria-labelledby="health-heading">
${shareChart('chart-adoption', `Share of active installs on ${health.version}, per day and platform`, days, adoption)}
${rateChart('chart-feedback', `Feedback reports per 1,000 install-days, ${health.version} against the previous release, ${health.from} to ${health.to}`, [...FEEDBACK_TYPES], rates)}
</section>
${FIGURE_DEFINITIONS}`;
}
