import { renderMarkdown } from '@companion/content';
import { ALTERNATE_LINKS } from '../feeds/feed-list';

const STYLE =
  'body{font:16px/1.55 system-ui,sans-serif;margin:0;color:#1d2330}main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 4rem}table{border-collapse:collapse;margin:1rem 0;display:block;max-width:100%;overflow-x:auto}td,th{min-width:6rem}td:last-child{min-width:18rem}p,li{overflow-wrap:anywhere}td,th{border:1px solid #d5d9e2;padding:.3rem .6rem;text-align:left;vertical-align:top}code{background:#f1f3f7;padding:0 .25rem;border-radius:3px}pre{background:#f1f3f7;padding:.8rem;overflow:auto}nav.toc{background:#f6f7fa;border:1px solid #d5d9e2;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}nav.toc ol{margin:.3rem 0;padding-left:1.4rem}h2,h3{scroll-margin-top:1rem}a.anchor{margin-left:.4rem;color:#8a93a6;text-decoration:none;font-weight:normal}';

const slugOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z#0-9]+;/gi, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * docs/API.md as a page: every section heading gets an id and a link to itself, and a table of
 * contents of the sections (and their subsections) follows the title.
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
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>API - Tunnel Companion Service</title>${ALTERNATE_LINKS}<style>${STYLE}</style></head><body><main>${withNav}</main></body></html>`;
}
