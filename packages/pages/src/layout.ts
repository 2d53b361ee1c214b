import { escapeHtml } from '@companion/html';
import { ALTERNATE_LINKS } from './feed-list';

/** The pages people read, as the header links them. */
const SECTIONS = [
  ['notices', '/notices', 'Notices'],
  ['changelog', '/changelog', 'Changelog'],
  ['codenames', '/elements', 'Codenames'],
  ['errors', '/errors', 'Errors'],
  ['docs', '/docs', 'Docs'],
] as const;
export type Section = (typeof SECTIONS)[number][0];

/**
 * The column a section's pages are set in (see assets/pages.css): the periodic table needs the
 * width, the docs their tables, the notices and releases a line length people read comfortably.
 * Header and footer line up with the column, so a page reads as one centred block.
 */
const COLUMN: Record<Section, 'wide' | 'docs' | 'reading'> = { notices: 'reading', changelog: 'reading', codenames: 'wide', errors: 'reading', docs: 'docs' };

/** The same answer as JSON, named in the footer (every page answers JSON to requests that prefer it). */
export interface JsonLink {
  href: string;
  label: string;
}

export const CODENAMES_JSON: JsonLink = { href: '/api/codenames', label: 'All codenames as JSON' };

/**
 * A whole page around `main` (already escaped HTML) in the language `lang`; the stylesheet is the
 * only asset. The site's header and footer are English: on a page in another language they say so.
 */
export function layout(title: string, main: string, section: Section | undefined, json: JsonLink, lang = 'en'): string {
  const english = langAttribute('en', lang);
  const nav = SECTIONS.map(([name, href, label]) => `<a href="${href}"${name === section ? ' aria-current="page"' : ''}>${label}</a>`).join('');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Tunnel Companion</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/pages.css">
${ALTERNATE_LINKS}
</head>
<body class="column-${section ? COLUMN[section] : 'reading'}">
<header class="site"${english}><span class="brand">Tunnel Companion</span><nav aria-label="Pages">${nav}</nav></header>
<main>
${main}
</main>
<footer class="site"><span${english}>These pages answer JSON to requests that prefer <code>application/json</code>.</span><a href="${escapeHtml(json.href)}">${escapeHtml(json.label)}</a></footer>
</body>
</html>
`;
}

/** ` lang="de"` on an item in another language than its page, so readers and screen readers switch. */
export const langAttribute = (itemLang: string | undefined, pageLang: string): string => (itemLang === undefined || itemLang === pageLang ? '' : ` lang="${escapeHtml(itemLang)}"`);

/** `alkali-metal` as a reader sees it: `Alkali metal`. */
export const categoryLabel = (category: string): string => {
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Where an element's page lives; names are matched without regard to case. */
export const elementHref = (name: string): string => `/codename/${encodeURIComponent(name.toLowerCase())}`;

/** The HTML answer for a failed request under the page paths (/notices..., /changelog..., /elements, /codename..., /errors..., /docs). */
export function errorPage(status: number, message: string): string {
  const titles: Record<number, string> = { 400: 'Bad request', 404: 'Not found', 405: 'Method not allowed' };
  const title = titles[status] ?? (status >= 500 ? 'Something went wrong' : 'Request refused');
  const links = SECTIONS.map(([, href, label]) => `<li><a href="${href}">${label}</a></li>`).join('');
  return layout(title, `<h1>${title}</h1>\n<p class="lead">${escapeHtml(message)}</p>\n<ul class="way-back">${links}</ul>`, undefined, { href: '/docs', label: 'API documentation' });
}
