import type { Element } from '@companion/schema';
import type { ElementView } from './element-views';
import { releaseHref } from './hrefs';
import { categoryLabel, CODENAMES_JSON, elementHref, layout } from './layout';
import { escapeHtml } from '@companion/html';


function releasesSection({ element, releases }: ElementView): string {
  if (releases.length === 0) return `<p class="none">No release has been named ${escapeHtml(element.name)} yet.</p>`;
  const rows = releases
    .map((r) => `<tr><td><a href="${releaseHref(r.channel, r.version)}">${escapeHtml(r.version)}</a></td><td><span class="channel ${r.channel}">${r.channel}</span></td><td>${escapeHtml(r.date)}</td><td>${escapeHtml(r.description)}</td></tr>`)
    .join('\n');
  return `<table class="releases"><thead><tr><th>Version</th><th>Channel</th><th>Date</th><th>Release</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

function neighbour(element: Element | undefined, rel: 'prev' | 'next'): string {
  if (!element) return '<span></span>';
  const { name, number } = element;
  const text = rel === 'prev' ? `← ${number} ${name}` : `${number} ${name} →`;
  return `<a rel="${rel}" href="${elementHref(name)}">${escapeHtml(text)}</a>`;
}

/** One element's page: its tile, its facts, its description and the releases named after it. */
export function elementPage(view: ElementView): string {
  const { element, releases, previous, next } = view;
  const facts: [string, string | number][] = [
    ['Atomic number', element.number],
    ['Symbol', element.symbol],
    ['Name', element.name],
    ['Category', categoryLabel(element.category)],
    ['Period', element.period],
    ['Group', element.group ?? `none (${element.period === 6 ? 'lanthanide' : 'actinide'} series)`],
    ['Atomic mass', element.atomic_mass],
  ];
  const status = releases.length === 0 ? 'Not used as a codename yet' : `Codename of ${releases.length} release${releases.length === 1 ? '' : 's'}`;
  return layout(
    element.name,
    `<nav class="crumbs"><a href="/elements">Periodic table</a> › ${escapeHtml(element.name)}</nav>
<article class="element-page">
<div class="tile cat-${element.category}${releases.length > 0 ? ' in-use' : ''}"><span class="number">${element.number}</span><span class="symbol">${escapeHtml(element.symbol)}</span><span class="name">${escapeHtml(element.name)}</span><span class="mass">${element.atomic_mass}</span></div>
<div class="about">
<h1>${escapeHtml(element.name)}</h1>
<p class="lead">${escapeHtml(status)}</p>
<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<p class="description">${escapeHtml(element.description)}</p>
</div>
</article>
<section class="element-releases"><h2>Releases named ${escapeHtml(element.name)}</h2>
${releasesSection(view)}
</section>
<nav class="neighbours">${neighbour(previous, 'prev')}${neighbour(next, 'next')}</nav>`,
    'codenames',
    CODENAMES_JSON,
  );
}

