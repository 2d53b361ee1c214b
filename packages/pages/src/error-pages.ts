import type { SearchHit, SearchQuery } from '@companion/error-search';
import type { ErrorEntry } from '@companion/schema';
import { categoryIn, errorChrome, type ErrorChrome } from './error-chrome';
import { escapeHtml } from '@companion/html';
import { langAttribute, layout, type JsonLink } from './layout';
import { errorEntryHref, ERRORS_HREF } from './hrefs';
import { markdownHtml } from './rendered';

const severityBadge = (severity: ErrorEntry['severity'], chrome: ErrorChrome) => `<span class="severity severity-${severity}">${escapeHtml(chrome.severity[severity])}</span>`;

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

/** The first sentence of an entry's Info, for lists and titles. */
export const firstSentence = (info: string) => /^[\s\S]*?[.!?](?=\s|$)/.exec(info)?.[0] ?? info;

// The page's language goes with the form (a hidden `lang`), so a search asked on a page given by `lang=` stays in it.
const searchForm = (q: string, chrome: ErrorChrome, lang: string | null) => `<form class="search" action="${ERRORS_HREF}" method="get" role="search">
<label for="q">${escapeHtml(chrome.searchLabel)}</label>
<div class="search-row"><input id="q" name="q" type="search" value="${escapeHtml(q)}" maxlength="1000" autocomplete="off" placeholder="${escapeHtml(chrome.searchPlaceholder)}"><button type="submit">${escapeHtml(chrome.searchButton)}</button></div>${lang === null ? '' : `<input type="hidden" name="lang" value="${escapeHtml(lang)}">`}
</form>`;

/**
 * `/errors`: a search box that works without JavaScript (a GET form), then either what the search
 * found, best first, with the words that matched marked, or (no query) every entry by category.
 */
/** An entry as a page shows it: in the reader's language where translated (`lang` then says which). */
type ShownEntry = ErrorEntry & { lang?: string };

export function errorSearchPage(query: SearchQuery, hits: readonly (SearchHit & { entry: ShownEntry })[] | null, all: ReadonlyMap<string, ShownEntry>, lang: string | null = null): string {
  const chrome = errorChrome(lang);
  const langQuery = lang === null ? '' : `&lang=${encodeURIComponent(lang)}`;
  const json: JsonLink = { href: `/api/tunnel/errors${lang === null ? '' : `?lang=${encodeURIComponent(lang)}`}`, label: chrome.everyEntryJson };
  const intro = `<h1>${escapeHtml(chrome.reference)}</h1>
<p class="lead">${escapeHtml(chrome.lead)}</p>
${searchForm(query.q, chrome, lang)}`;
  if (hits === null) {
    const byCategory = new Map<string, ShownEntry[]>();
    for (const entry of all.values()) byCategory.set(entry.category, [...(byCategory.get(entry.category) ?? []), entry]);
    const sections = [...byCategory]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([category, entries]) => `<section class="category" id="category-${escapeHtml(category)}">
<h2>${escapeHtml(categoryIn(chrome, category))}</h2>
<ul class="entries">${entries.map((e) => `<li><a href="${errorEntryHref(e.Flag)}"><code>${e.Flag}</code></a> <span${langAttribute(e.lang ?? 'en', chrome.lang)}>${inline(firstSentence(e.Info))}</span></li>`).join('')}</ul>
</section>`);
    return layout(chrome.reference, `${intro}\n${sections.join('\n')}`, 'errors', json, chrome.lang);
  }
  const said = query.q ? chrome.forQuery(escapeHtml(query.q.length > 80 ? `${query.q.slice(0, 77)}...` : query.q)) : '';
  const body =
    hits.length === 0
      ? `<p class="none">${chrome.noMatch(said)}</p>`
      : `<p class="result-count">${hits.length === query.limit ? chrome.bestMatches(hits.length, said) : hits.length === 1 ? chrome.oneMatch(said) : chrome.someMatch(hits.length, said)}</p>
<ol class="results">${hits.map(({ entry, matched, language }) => resultItem(entry, new Set(matched), language, chrome, query.q)).join('\n')}</ol>`;
  return layout(query.q ? `${query.q.slice(0, 60)} · ${chrome.errors}` : chrome.reference, `${intro}\n${body}`, 'errors', { href: `/api/tunnel/errors/search?q=${encodeURIComponent(query.q)}${langQuery}`, label: chrome.resultsJson }, chrome.lang);
}

/** A hit; its link names the query it was found for (`from`), so the service counts which entry a search led to. */
function resultItem(entry: ShownEntry, matched: ReadonlySet<string>, language: string | null, chrome: ErrorChrome, q: string): string {
  const messages = entry.messages.filter((message) => message.split(/[^\p{L}\p{N}]+/u).some((word) => matched.has(word.toLowerCase())));
  return `<li class="result"${langAttribute(entry.lang ?? 'en', chrome.lang)}>
<p class="result-head"${langAttribute(chrome.lang, entry.lang ?? 'en')}><a href="${errorEntryHref(entry.Flag)}${q === '' ? '' : `?from=${escapeHtml(encodeURIComponent(q))}`}"><code>${markWords(entry.Flag, matched)}</code></a>${severityBadge(entry.severity, chrome)}<span class="category-name">${escapeHtml(categoryIn(chrome, entry.category))}</span></p>
<p class="result-info">${markWords(inline(entry.Info), matched)}</p>
${messages.length > 0 ? `<p class="result-messages">${messages.map((m) => `<code>${markWords(escapeHtml(m), matched)}</code>`).join(' ')}</p>\n` : ''}${matched.size > 0 ? `<p class="matched" lang="${escapeHtml(chrome.lang)}">${escapeHtml(chrome.matched(language))}: ${[...matched].map((w) => `<mark>${escapeHtml(w)}</mark>`).join(' ')}</p>` : ''}
</li>`;
}

/**
 * An entry's text as its page and the errors feed show it: Info, what the client prints, the
 * steps and the note, under headings in `chrome`'s language.
 */
export function errorEntryBody(entry: ShownEntry, chrome: ErrorChrome = errorChrome('en')): string {
  const heading = (text: string) => `<h2${langAttribute(chrome.lang, entry.lang ?? 'en')}>${escapeHtml(text)}</h2>`;
  const messages = entry.messages.length === 0 ? '' : `${heading(chrome.whatItPrints)}
<ul class="messages">${entry.messages.map((m) => `<li><code>${escapeHtml(m)}</code></li>`).join('')}</ul>\n`;
  const steps = markdownHtml(entry.Solution.map((step, i) => `${i + 1}. ${step.replace(/\n/g, ' ')}`).join('\n'));
  return `<div class="prose">${markdownHtml(entry.Info)}</div>
${messages}${heading(chrome.whatToDo)}
<div class="prose steps">${steps}</div>
${entry.notes ? `${heading(chrome.note)}\n<div class="prose">${markdownHtml(entry.notes)}</div>\n` : ''}`;
}

/** An entry's article as its page shows it (also the console's preview), its chrome in `chrome`'s language. */
export function errorEntryArticle(entry: ShownEntry, chrome: ErrorChrome = errorChrome('en')): string {
  const updated = entry.updated_at ?? entry.created_at;
  return `<article class="error-entry"${langAttribute(entry.lang ?? 'en', chrome.lang)}>
<p class="meta"${langAttribute(chrome.lang, entry.lang ?? 'en')}>${severityBadge(entry.severity, chrome)}<a href="${ERRORS_HREF}#category-${escapeHtml(entry.category)}">${escapeHtml(categoryIn(chrome, entry.category))}</a>${updated ? `<span>${escapeHtml(chrome.updated)} <time datetime="${escapeHtml(updated)}">${escapeHtml(updated.slice(0, 10))}</time></span>` : ''}</p>
<h1><code>${entry.Flag}</code></h1>
${errorEntryBody(entry, chrome)}</article>`;
}

/** `/errors/<Flag>`: what the error means, what the client prints, and the steps, rendered; its chrome in `lang` (the language asked for). */
export function errorEntryPage(entry: ShownEntry, lang: string | null = null): string {
  const chrome = errorChrome(lang);
  const json: JsonLink = { href: `/api/tunnel/errors/${entry.Flag}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`, label: chrome.entryJson };
  return layout(
    `${entry.Flag}: ${firstSentence(entry.Info)}`,
    `<nav class="crumbs"><a href="${ERRORS_HREF}">${escapeHtml(chrome.errors)}</a> › <span class="here">${entry.Flag}</span></nav>
${errorEntryArticle(entry, chrome)}`,
    'errors',
    json,
    chrome.lang,
  );
}
