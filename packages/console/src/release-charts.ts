import { FEEDBACK_TYPES } from '@companion/schema';
import type { ReleaseHealthData } from '@companion/release-guard';
import { escapeHtml } from '@companion/html';

/** Colours with at least 4.5:1 against white, told apart by dash pattern as well as hue. */
const PALETTE = [
  { stroke: '#1d4ed8', dash: '' },
  { stroke: '#b45309', dash: '6 3' },
  { stroke: '#047857', dash: '2 3' },
  { stroke: '#7e22ce', dash: '8 3 2 3' },
  { stroke: '#be123c', dash: '4 4' },
];
const [W, H, LEFT, RIGHT, TOP, BOTTOM] = [640, 260, 48, 16, 16, 40];
const TEXT = 'fill="#1f2937" font-size="12" font-family="system-ui, sans-serif"';
const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;

function numbers(caption: string, head: string[], rows: (string | number)[][]): string {
  return `<details><summary>The numbers</summary><div class="table-scroll" tabindex="0" role="region" aria-label="${escapeHtml(caption)}: the numbers"><table><caption>${escapeHtml(caption)}</caption><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`)
    .join('')}</tbody></table></div></details>`;
}

function legend(labels: string[], x: number, y: number): string {
  return labels
    .map((label, i) => {
      const { stroke, dash } = PALETTE[i % PALETTE.length]!;
      const at = x + i * 120;
      return `<line x1="${at}" y1="${y}" x2="${at + 24}" y2="${y}" stroke="${stroke}" stroke-width="3"${dash ? ` stroke-dasharray="${dash}"` : ''}/><text x="${at + 30}" y="${y + 4}" ${TEXT}>${escapeHtml(label)}</text>`;
    })
    .join('');
}

/** Share of active installs per day, one line per series (0-100%), drawn on the server as SVG. */
function shareChart(id: string, title: string, days: string[], series: { label: string; values: number[] }[]): string {
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM - 20;
  const x = (i: number) => LEFT + (days.length === 1 ? plotW / 2 : (i * plotW) / (days.length - 1));
  const y = (v: number) => TOP + plotH - v * plotH;
  const grid = [0, 0.25, 0.5, 0.75, 1].map((v) => `<line x1="${LEFT}" y1="${y(v)}" x2="${W - RIGHT}" y2="${y(v)}" stroke="#d1d5db"/><text x="${LEFT - 6}" y="${y(v) + 4}" text-anchor="end" ${TEXT}>${v * 100}%</text>`).join('');
  const every = Math.max(1, Math.ceil(days.length / 8));
  const ticks = days.map((d, i) => (i % every === 0 || i === days.length - 1 ? `<text x="${x(i)}" y="${TOP + plotH + 16}" text-anchor="middle" ${TEXT}>${d.slice(5)}</text>` : '')).join('');
  const lines = series
    .map((s, n) => {
      const { stroke, dash } = PALETTE[n % PALETTE.length]!;
      const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
      return `<polyline points="${points}" fill="none" stroke="${stroke}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
    })
    .join('');
  const svg = `<svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-labelledby="${id}-title ${id}-desc"><desc id="${id}-desc">${escapeHtml(series.map((s) => `${s.label}: ${percent(s.values.at(-1) ?? 0)} on ${days.at(-1)}`).join('; '))}</desc>${grid}${ticks}${lines}${legend(series.map((s) => s.label), LEFT, H - 10)}</svg>`;
  return `<figure class="chart"><figcaption id="${id}-title">${escapeHtml(title)}</figcaption>${svg}${numbers(title, ['Day', ...series.map((s) => s.label)], days.map((d, i) => [d, ...series.map((s) => percent(s.values[i] ?? 0))]))}</figure>`;
}

/** Feedback per 1,000 installs a day by type: the release and the previous one side by side, as SVG bars. */
function rateChart(id: string, title: string, groups: string[], series: { label: string; values: (number | null)[] }[]): string {
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM - 20;
  const top = Math.max(1, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const slot = plotW / groups.length;
  const bar = (slot * 0.7) / series.length;
  const grid = [0, 0.5, 1].map((f) => `<line x1="${LEFT}" y1="${y(f * top)}" x2="${W - RIGHT}" y2="${y(f * top)}" stroke="#d1d5db"/><text x="${LEFT - 6}" y="${y(f * top) + 4}" text-anchor="end" ${TEXT}>${Math.round(f * top * 10) / 10}</text>`).join('');
  const bars = groups
    .map((g, gi) =>
      series
        .map((s, si) => {
          const v = s.values[gi] ?? 0;
          const { stroke } = PALETTE[si % PALETTE.length]!;
          const x0 = LEFT + gi * slot + slot * 0.15 + si * bar;
          return `<rect x="${x0.toFixed(1)}" y="${y(v).toFixed(1)}" width="${(bar - 2).toFixed(1)}" height="${(TOP + plotH - y(v)).toFixed(1)}" fill="${stroke}"${si % 2 === 1 ? ' fill-opacity="0.55" stroke="#1f2937"' : ''}/>`;
        })
        .join('') + `<text x="${LEFT + gi * slot + slot / 2}" y="${TOP + plotH + 16}" text-anchor="middle" ${TEXT}>${escapeHtml(g)}</text>`,
    )
    .join('');
  const svg = `<svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-labelledby="${id}-title ${id}-desc"><desc id="${id}-desc">${escapeHtml(series.map((s) => `${s.label}: ${groups.map((g, i) => `${g} ${s.values[i] ?? 'none'}`).join(', ')}`).join('; '))}</desc>${grid}${bars}${legend(series.map((s) => s.label), LEFT, H - 10)}</svg>`;
  return `<figure class="chart"><figcaption id="${id}-title">${escapeHtml(title)}</figcaption>${svg}${numbers(title, ['Type', ...series.map((s) => s.label)], groups.map((g, i) => [g, ...series.map((s) => s.values[i] ?? 'no installs')]))}</figure>`;
}

/** How many installs were offered the release over the days and how many of them took it. */
function uptakeSentence({ version, uptake }: ReleaseHealthData): string {
  if (uptake.offered === 0 && uptake.took === 0) return `No install was offered ${escapeHtml(version)} by an update check over these days.`;
  const part = uptake.offered === 0 || uptake.took > uptake.offered ? '' : ` (${percent(uptake.took / uptake.offered)})`;
  return `Offered to <strong>${uptake.offered}</strong> installs by an update check over these days; <strong>${uptake.took}</strong> took it${part}: they checked in from ${escapeHtml(version)} afterwards.`;
}

/** A release's health as two charts a product manager reads at a glance, each with its numbers as a table. */
export function releaseHealthCharts(health: ReleaseHealthData): string {
  const days = health.days.map((d) => d.date);
  const platforms = [...new Set(health.days.flatMap((d) => Object.keys(d.platforms)))].sort();
  const adoption = [
    { label: 'all platforms', values: health.days.map((d) => d.share) },
    ...platforms.map((p) => ({ label: p, values: health.days.map((d) => d.platforms[p]?.share ?? 0) })),
  ];
  const rates = [
    { label: health.version, values: FEEDBACK_TYPES.map((t) => health.feedback.by_type[t].per_1000) },
    ...(health.previous_feedback && health.previous ? [{ label: `${health.previous} (previous)`, values: FEEDBACK_TYPES.map((t) => health.previous_feedback!.by_type[t].per_1000) }] : []),
  ];
  return `<h2 id="health-heading">Health of ${escapeHtml(health.version)}, ${health.from} to ${health.to}</h2>
<p class="uptake">${uptakeSentence(health)}</p>
<section class="charts" aria-labelledby="health-heading">
${shareChart('chart-adoption', `Share of active installs on ${health.version}, per day and platform`, days, adoption)}
${rateChart('chart-feedback', `Feedback per 1,000 installs a day, ${health.version} against the previous release`, [...FEEDBACK_TYPES], rates)}
</section>`;
}
