import { renderMarkdown } from '@companion/content';
import { layout } from './layout';

const slugOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z#0-9]+;/gi, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * docs/API.md as a page of the site (its header and footer): every section heading gets an id and
 * a link to itself, and a table of contents of the sections (and their subsections) follows the title.
 */
export function docsPage(markdown: string): string {
  const toc: { level: number; slug: string; text: string }[] = [];
  const used = new Set<string>();
  const body = renderMarkdown(markdown).replace(/<h([23])>(.*?)<\/h\1>/g, (_, level: string, inner: string) => {
    let slug = slugOf(inner) || 'section';
    for (let n = 2; used.has(slug); n++) slug = `${slugOf(inner)}-${n}`;
    used.add(slug);
    toc.push({ level: Number(level), slug, text: inner });
    return `<h${level} id="${slug}">${inner}<a class="anchor" href="#${slug}" aria-label="Link to this section">#</a></h${level}>`;
  });
  let list = '';
  let open = false;
  for (const item of toc) {
    if (item.level === 2) {
      list += `${open ? '</ol></li>' : ''}<li><a href="#${item.slug}">${item.text}</a><ol>`;
      open = true;
    } else {
      list += `<li><a href="#${item.slug}">${item.text}</a></li>`;
    }
  }
  if (open) list += '</ol></li>';
  const nav = `<nav class="toc" aria-label="Contents"><strong>Contents</strong><ol>${list.replace(/<ol><\/ol>/g, '')}</ol></nav>`;
  const withNav = body.replace(/(<\/h1>)/, `$1\n${nav}`);
  return layout('API', `<article class="docs">${withNav}</article>`, 'docs', { href: '/openapi.json', label: 'The API as an OpenAPI 3.1 document' });
}
