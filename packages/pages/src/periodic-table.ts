import type { ContentSnapshot } from '@companion/content';
import { ELEMENT_CATEGORIES } from '@companion/schema';
import { memoPerSnapshot } from '@companion/http-kit';
import { elementViews, type ElementView } from './element-views';
import { categoryLabel, CODENAMES_JSON, elementHref, layout } from './layout';
import { escapeHtml } from '@companion/html';

/**
 * Where a cell sits, as stylesheet classes (no inline styles): its group's column and its
 * period's row; the lanthanides and actinides (group null) fill their own two rows below,
 * La/Ac under group 3 through Lu/Lr under group 17.
 */
function place({ number, period, group }: ElementView['element']): string {
  if (group !== null) return `col-${group} row-${period}`;
  const series = period === 6 ? 'lanthanides' : 'actinides';
  const first = period === 6 ? 57 : 89;
  return `col-${3 + number - first} row-${series}`;
}

/** Long names and versions get a smaller size (see assets/pages.css), so no cell cuts its text. */
const fit = (text: string, long: number) => (text.length >= long ? ' long' : '');

function cell({ element, releases }: ElementView): string {
  const newest = releases[0]?.version;
  const used = newest ? `, codename of ${releases.map((r) => r.version).join(', ')}` : '';
  return `<a class="element cat-${element.category} ${place(element)}${newest ? ' in-use' : ''}" href="${elementHref(element.name)}" title="${escapeHtml(`${element.name}${used}`)}">`
    + `<span class="number">${element.number}</span><span class="symbol">${escapeHtml(element.symbol)}</span><span class="name${fit(element.name, 11)}">${escapeHtml(element.name)}</span>`
    + (newest ? `<span class="release${fit(newest, 8)}">${escapeHtml(newest)}</span>` : '')
    + '</a>';
}

function legend(inUse: number): string {
  const swatches = ELEMENT_CATEGORIES.map((c) => `<li><span class="swatch cat-${c}"></span>${escapeHtml(categoryLabel(c))}</li>`).join('');
  return `<div class="legend"><ul>${swatches}</ul><p><span class="swatch in-use-sample"></span>In use as a release codename (${inUse} of 118); the newest release is shown in the cell.</p></div>`;
}

/** Where the table is wider than the screen, it says so before it starts (and its edge casts a shadow). */
function scrollHint(): string {
  return '<p class="scroll-hint" id="table-hint">The table is wider than this screen: swipe it sideways to see every group. The codenames in use are listed above.</p>';
}

/** The codenames in use as a plain list, before the table: on a phone the table scrolls, the list never does. */
function inUseList(views: readonly ElementView[]): string {
  const items = views
    .filter((v) => v.releases.length > 0)
    .map(({ element, releases }) => `<li><a href="${elementHref(element.name)}">${escapeHtml(element.name)}</a> <span class="versions">${releases.map((r) => escapeHtml(r.version)).join(', ')}</span></li>`);
  return `<section class="in-use-list" aria-labelledby="in-use"><h2 id="in-use">Codenames in use</h2><ul>${items.join('')}</ul></section>`;
}

/** The periodic-table page, rendered once per snapshot. */
export const periodicTablePage = memoPerSnapshot((snapshot: ContentSnapshot): string => {
  const views = elementViews(snapshot).all;
  const groups = Array.from({ length: 18 }, (_, i) => `<span class="axis group-label col-${i + 1}">${i + 1}</span>`).join('');
  const periods = Array.from({ length: 7 }, (_, i) => `<span class="axis period-label row-${i + 1}">${i + 1}</span>`).join('');
  const series = '<span class="series-marker cat-lanthanide col-3 row-6">57–71</span><span class="series-marker cat-actinide col-3 row-7">89–103</span>'
    + '<span class="series-label row-lanthanides">Lanthanides</span><span class="series-label row-actinides">Actinides</span>';
  const inUse = views.filter((v) => v.releases.length > 0).length;
  return layout(
    'Periodic table',
    `<h1>Periodic table of release codenames</h1>
<p class="lead">Pick an element to see its facts and the releases named after it.</p>
${inUseList(views)}
<div class="periodic-area">${scrollHint()}
<div class="table-scroll" aria-describedby="table-hint"><nav class="periodic-table" aria-label="Periodic table of the elements">
${groups}${periods}${series}
${views.map(cell).join('\n')}
</nav></div></div>
${legend(inUse)}`,
    'codenames',
    CODENAMES_JSON,
  );
});
