import type { SearchHit, SearchQuery } from '@companion/error-search';
import { languageName, type ErrorEntry } from '@companion/schema';
import { escapeHtml, categoryLabel, langAttribute, layout, type JsonLink } from './html';
import { errorEntryHref, ERRORS_HREF } from './hrefs';
import { markdownHtml } from './rendered';

const SEVERITY_LABELS: Record<ErrorEntry['severity'], string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
const severityBadge = (severity: ErrorEntry['severity']) => `<span class="severity severity-${severity}">${SEVERITY_LABELS[severity]}</span>`;

const SMALL_LETTER = /\p{Ll}/u;
const CAPITAL = /\p{Lu}/u;

/**
 * `html` with every word whose lower case is in `words` in `<mark>`: only text between tags is
 * touched (never a tag, an attribute or an entity), and a word in camel case is marked by its
 * parts (`UnknownIssuer` holds `unknown`), as search splits it.
 */
export function markWords(html: string, words: ReadonlySet<string>): string {
  if (words.size === 0) return html;
  const markPart = (part: string) => (words.has(part.toLowerCase()) ? `<mark>${part}</mark>` : part);
  const markWord = (word: string) => {
    if (words.has(word.toLowerCase())) return `<mark>${word}</mark>`;
    const parts: string[] = [];
    let from = 0;
    for (let i = 1; i < word.length; i++) {
      if (SMALL_LETTER.test(word[i - 1]!) && CAPITAL.test(word[i]!)) {
        parts.push(word.slice(from, i));
        from = i;
      }
    }
    return parts.length === 0 ? word : [...parts, word.slice(from)].map(markPart).join('');
  };
  return html.replace(/(^|>)([^<]+)/g, (_, open: string, text: string) =>
    open + text.split(/(&[#\w]+;)/).map((piece) => (piece.startsWith('&') ? piece : piece.replace(/[\p{L}\p{N}]+/gu, markWord))).join(''),
  );
}

/** A paragraph of Markdown (inline code, links) without its `<p>`. */
const inline = (markdown: string) => markdownHtml(markdown).trim().replace(/^<p>([\s\S]*)<\/p>$/, '$1');

/** The first sentence of an entry's Info, for lists. */
const firstSentence = (info: string) => /^[\s\S]*?[.!?](?=\s|$)/.exec(info)?.[0] ?? info;

const searchForm = (q: string) => `<form class="search" action="${ERRORS_HREF}" method="get" role="search">
<label for="q">Search the errors: a code, the message the client printed, or your own words</label>
<div class="search-row"><input id="q" name="q" type="search" value="${escapeHtml(q)}" maxlength="1000" autocomplete="off" placeholder="bind: address already in use"><button type="submit">Search</button></div>
</form>`;

/**
 * `/errors`: a search box that works without JavaScript (a GET form), then either what the search
 * found, best first, with the words that matched marked, or (no query) every entry by category.
 */
/** An entry as a page shows it: in the reader's language where translated (`lang` then says which). */
type ShownEntry = ErrorEntry & { lang?: string };

export function errorSearchPage(query: SearchQuery, hits: readonly (SearchHit & { entry: ShownEntry })[] | null, all: ReadonlyMap<string, ShownEntry>, lang: string | null = null): string {
  const langQuery = lang === null ? '' : `&lang=${encodeURIComponent(lang)}`;
  const json: JsonLink = { href: '/api/tunnel/errors', label: 'Every entry as JSON' };
  const intro = `<h1>Error reference</h1>
<p class="lead">What each error the Tunnel client reports means, and how to fix it.</p>
${searchForm(query.q)}`;
  if (hits === null) {
    const byCategory = new Map<string, ShownEntry[]>();
    for (const entry of all.values()) byCategory.set(entry.category, [...(byCategory.get(entry.category) ?? []), entry]);
    const sections = [...byCategory]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([category, entries]) => `<section class="category" id="category-${escapeHtml(category)}">
<h2>${escapeHtml(categoryLabel(category))}</h2>
<ul class="entries">${entries.map((e) => `<li><a href="${errorEntryHref(e.Flag)}"><code>${e.Flag}</code></a> <span${langAttribute(e.lang, 'en')}>${inline(firstSentence(e.Info))}</span></li>`).join('')}</ul>
</section>`);
    return layout('Error reference', `${intro}\n${sections.join('\n')}`, 'errors', json);
  }
  const said = query.q ? ` for “${escapeHtml(query.q.length > 80 ? `${query.q.slice(0, 77)}...` : query.q)}”` : '';
  const body =
    hits.length === 0
      ? `<p class="none">No error matches${said}. Try the code the client printed (such as PORT1001), the message itself, or fewer words.</p>`
      : `<p class="result-count">${hits.length === query.limit ? `The ${hits.length} best matches` : hits.length === 1 ? 'One error matches' : `${hits.length} errors match`}${said}, best first.</p>
<ol class="results">${hits.map(({ entry, matched, language }) => resultItem(entry, new Set(matched), language)).join('\n')}</ol>`;
  return layout(query.q ? `${query.q.slice(0, 60)} · Errors` : 'Error reference', `${intro}\n${body}`, 'errors', { href: `/api/tunnel/errors/search?q=${encodeURIComponent(query.q)}${langQuery}`, label: 'These results as JSON' });
}

function resultItem(entry: ShownEntry, matched: ReadonlySet<string>, language: string | null): string {
  const messages = entry.messages.filter((message) => message.split(/[^\p{L}\p{N}]+/u).some((word) => matched.has(word.toLowerCase())));
  const matchedIn = language !== null && language !== 'en' ? ` (in ${escapeHtml(languageName(language) ?? language)})` : '';
  return `<li class="result"${langAttribute(entry.lang, 'en')}>
<p class="result-head"><a href="${errorEntryHref(entry.Flag)}"><code>${markWords(entry.Flag, matched)}</code></a>${severityBadge(entry.severity)}<span class="category-name">${escapeHtml(categoryLabel(entry.category))}</span></p>
<p class="result-info">${markWords(inline(entry.Info), matched)}</p>
${messages.length > 0 ? `<p class="result-messages">${messages.map((m) => `<code>${markWords(escapeHtml(m), matched)}</code>`).join(' ')}</p>\n` : ''}${matched.size > 0 ? `<p class="matched" lang="en">Matched${matchedIn}: ${[...matched].map((w) => `<mark>${escapeHtml(w)}</mark>`).join(' ')}</p>` : ''}
</li>`;
}

/** An entry's article as its page shows it (also the console's preview). */
export function errorEntryArticle(entry: ShownEntry): string {
  const messages = entry.messages.length === 0 ? '' : `<h2>What the client prints</h2>
<ul class="messages">${entry.messages.map((m) => `<li><code>${escapeHtml(m)}</code></li>`).join('')}</ul>\n`;
  const steps = markdownHtml(entry.Solution.map((step, i) => `${i + 1}. ${step.replace(/\n/g, ' ')}`).join('\n'));
  const updated = entry.updated_at ?? entry.created_at;
  return `<article class="error-entry"${langAttribute(entry.lang, 'en')}>
<p class="meta">${severityBadge(entry.severity)}<a href="${ERRORS_HREF}#category-${escapeHtml(entry.category)}">${escapeHtml(categoryLabel(entry.category))}</a>${updated ? `<span>Updated <time datetime="${escapeHtml(updated)}">${escapeHtml(updated.slice(0, 10))}</time></span>` : ''}</p>
<h1><code>${entry.Flag}</code></h1>
<div class="prose">${markdownHtml(entry.Info)}</div>
${messages}<h2>What to do</h2>
<div class="prose steps">${steps}</div>
${entry.notes ? `<h2>Note</h2>\n<div class="prose">${markdownHtml(entry.notes)}</div>\n` : ''}</article>`;
}

/** `/errors/<Flag>`: what the error means, what the client prints, and the steps, rendered. */
export function errorEntryPage(entry: ShownEntry): string {
  const json: JsonLink = { href: `/api/tunnel/errors/${entry.Flag}${entry.lang ? `?lang=${encodeURIComponent(entry.lang)}` : ''}`, label: 'This entry as JSON' };
  return layout(
    `${entry.Flag}: ${firstSentence(entry.Info)}`,
    `<nav class="crumbs"><a href="${ERRORS_HREF}">Errors</a> › <span class="here">${entry.Flag}</span></nav>
${errorEntryArticle(entry)}`,
    'errors',
    json,
  );
}
