import { ALTERNATE_LINKS } from '../feeds/feed-list';

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole page around `main` (already escaped HTML); the stylesheet is the only asset. */
export function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Tunnel Companion codenames</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/pages.css">
${ALTERNATE_LINKS}
</head>
<body>
<header class="site"><a href="/elements">Release codenames</a><span>Every release line is named after a chemical element.</span></header>
<main>
${main}
</main>
<footer class="site"><span>These pages answer JSON to requests that prefer <code>application/json</code>.</span><a href="/api/codenames">All codenames as JSON</a></footer>
</body>
</html>
`;
}

/** `alkali-metal` as a reader sees it: `Alkali metal`. */
export const categoryLabel = (category: string): string => {
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Where an element's page lives; names are matched without regard to case. */
export const elementHref = (name: string): string => `/codename/${encodeURIComponent(name.toLowerCase())}`;

/** The HTML answer for a failed request under the page paths (/elements, /codename..., /docs). */
export function errorPage(status: number, message: string): string {
  const titles: Record<number, string> = { 400: 'Bad request', 404: 'Not found', 405: 'Method not allowed' };
  const title = titles[status] ?? (status >= 500 ? 'Something went wrong' : 'Request refused');
  return layout(title, `<h1>${title}</h1>\n<p class="lead">${escapeHtml(message)}</p>\n<p><a href="/elements">Back to the periodic table</a></p>`);
}
