import type { ContentSnapshot } from '@companion/content';
import { ErrorSearch, type SearchQuery } from '@companion/error-search';
import { ErrorEntrySummaryList, ErrorEntryView, ErrorSearchHitList, FLAG_MAX_LENGTH, FLAG_PATTERN, FlagParam, formatInstant, LanguageParam, SEARCH_QUERY_MAX_LENGTH, SearchParams, SEVERITIES, type ErrorEntry } from '@companion/schema';
import type { z } from 'zod';
import type { Request } from 'express';
import { ApiError, dataAnswer, memoPerSnapshot, memoPerSnapshotKey, pathParam, queryEnum, queryInt, queryString, type SnapshotRead } from '@companion/http-kit';
import { errorEntryHref } from '@companion/pages';
import type { RouteDef } from '@companion/route-table';
import { errorContentLanguage, errorLanguage, localisedEntry, translationOf } from './error-language';

/** An entry as the API shows it: timestamps in the envelope's format (and `lang` when it is a translation). */
export const entryJson = (e: ErrorEntry & { lang?: string }) => ({
  ...e,
  created_at: e.created_at && formatInstant(e.created_at),
  updated_at: e.updated_at && formatInstant(e.updated_at),
});

type Errors = ContentSnapshot['errors'];

const listJson = memoPerSnapshot((errors: Errors) =>
  JSON.stringify([...errors.values()].map((e) => ({ Flag: e.Flag, Info: e.Info, Solution: e.Solution }))),
);

/** The list in a language: each entry translated where it is, and the languages present. */
const localisedListJson = memoPerSnapshotKey((snapshot: ContentSnapshot, lang: string) => {
  const languages = new Set<string>();
  const data = [...snapshot.errors.values()].map((e) => {
    const t = localisedEntry(e, translationOf(snapshot.errorTranslations, e, lang));
    languages.add(t.lang ?? 'en');
    return { Flag: t.Flag, Info: t.Info, Solution: t.Solution, ...(t.lang !== undefined && { lang: t.lang }) };
  });
  return { json: JSON.stringify(data), language: errorContentLanguage(lang, languages) };
});

/** An answer's data stops growing past this many bytes, so no query can make a large answer. */
export const SEARCH_ANSWER_MAX_BYTES = 512 * 1024;

/** The search parameters (shared with the /errors page); 400 for a q too long, a bad severity or limit. */
export function searchQuery(req: Pick<Request, 'query'>): SearchQuery {
  const q = (queryString(req, 'q', SEARCH_QUERY_MAX_LENGTH) ?? '').trim();
  return {
    q,
    category: queryString(req, 'category', 40),
    severity: queryEnum(req, 'severity', SEVERITIES),
    limit: queryInt(req, 'limit', 1, 100, 20),
  };
}

/**
 * A search's data and count, a function of the snapshot and the query alone: the index follows
 * the snapshot, and the answer keeps the best hits that fit in SEARCH_ANSWER_MAX_BYTES.
 */
export function searchAnswer(index: ErrorSearch, snapshot: ContentSnapshot, query: SearchQuery, lang: string | null = null): { json: string; count: number; language: string } {
  const parts: string[] = [];
  const languages = new Set<string>();
  let bytes = 2;
  for (const { entry, matched, language } of index.search(snapshot, query)) {
    const shown = localisedEntry(entry, translationOf(snapshot.errorTranslations, entry, lang));
    const part = JSON.stringify({ ...entryJson(shown), matched, page: errorEntryHref(entry.Flag), matched_language: language });
    bytes += Buffer.byteLength(part) + 1;
    if (parts.length > 0 && bytes > SEARCH_ANSWER_MAX_BYTES) break;
    parts.push(part);
    languages.add(shown.lang ?? 'en');
  }
  return { json: `[${parts.join(',')}]`, count: parts.length, language: errorContentLanguage(lang, languages) };
}

/**
 * One entry's JSON in a language, built once per snapshot, Flag and language asked for (null: no
 * such entry). Without a translation the JSON is the English entry's, byte for byte, so its ETag
 * is the one writes take in If-Match.
 */
export const entryById = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [flag, lang] = key.split(' ') as [string, string | undefined];
  const entry = snapshot.errors.get(flag);
  if (!entry) return null;
  const translation = translationOf(snapshot.errorTranslations, entry, lang || null);
  return { json: JSON.stringify(entryJson(localisedEntry(entry, translation))), language: translation?.lang ?? 'en' };
});

/** The selection of a read in the client's language: the language chosen ('' for none asked). */
export const languageSelection = (snapshot: ContentSnapshot, request: Pick<Request, 'query'> & { acceptLanguage?: string }) => errorLanguage(snapshot, request) ?? '';

export const flagParam = (req: Pick<Request, 'params'>) =>
  pathParam(req, 'flag', FLAG_PATTERN, FLAG_MAX_LENGTH, 'a Flag of capital letters followed by digits, such as PORT1001');

/** Where searches and the entries opened from them are counted (SearchRecorder's interface). */
export interface SearchCounter {
  searched(q: string, lang: string, results: number): void;
  opened(q: string, lang: string, flag: string): void;
}

/**
 * Counts a search as its read is answered (fast path or Express, cached or not), under the
 * language the client reads (its `lang` or Accept-Language; `en` when none is served), with the
 * number of its hits, found once per snapshot and selection.
 */
export function searchObserver(index: ErrorSearch, counter: SearchCounter | null | undefined): SnapshotRead['observe'] {
  if (!counter) return undefined;
  const found = memoPerSnapshotKey((snapshot: ContentSnapshot, selection: string) => {
    const [lang, query] = JSON.parse(selection) as [string, SearchQuery];
    return { q: query.q, results: query.q === '' ? 0 : index.search(snapshot, query).length, language: lang || 'en' };
  }, 256 * 1024);
  // The selection is searchSelection's, after the page's `html `/`json ` where the read negotiates.
  return (_request, snapshot, selection) => {
    const search = found(snapshot, selection.slice(selection.indexOf('[')));
    if (search.q !== '') counter.searched(search.q, search.language, search.results);
  };
}

export function errorReadRoutes(index: ErrorSearch, counter?: SearchCounter | null): RouteDef[] {
  const observeSearch = searchObserver(index, counter);
  const route = (path: string, description: string, answer: SnapshotRead['answer'], data: z.ZodType, select: NonNullable<SnapshotRead['select']>, query: Record<string, z.ZodType> = {}, observe?: SnapshotRead['observe']): RouteDef => ({
    method: 'GET',
    path,
    category: 'error information management',
    description,
    handlers: [],
    // An entry a writer reads back for its ETag is never answered by a shared cache without asking.
    // A search's answer depends on the concept map too: a new map is a new answer.
    read: { slices: (snapshot) => (path.endsWith('/search') ? [snapshot.errors, snapshot.errorTranslations, snapshot.searchConcepts] : [snapshot.errors, snapshot.errorTranslations]), answer, languages: true, select, ...(path.endsWith('/:flag') && { revalidate: true }), ...(observe && { observe }) },
    data,
    query: { ...query, lang: LanguageParam },
    ...(path.endsWith('/:flag') && { errors: ['ERROR_ENTRY_NOT_FOUND'] }),
    ...(path.endsWith('/:flag') && { params: { flag: FlagParam } }),
  });
  return [
    route('/api/tunnel/errors', "Every catalogue entry (Flag, Info, Solution), in the client's language where translated", (snapshot, req) => {
      const lang = errorLanguage(snapshot, req);
      if (lang === null) return dataAnswer(listJson(snapshot.errors), snapshot.errors.size, undefined, 'en');
      const list = localisedListJson(snapshot, lang);
      return dataAnswer(list.json, snapshot.errors.size, undefined, list.language);
    }, ErrorEntrySummaryList, languageSelection),
    route('/api/tunnel/errors/search', "Search entries in English or any language they are translated into: q (a code, words or a pasted log line), category, severity, limit (1-100); each hit says which words and which language matched, and is shown in the client's language", (snapshot, req) => {
      const result = searchAnswer(index, snapshot, searchQuery(req), errorLanguage(snapshot, req));
      return dataAnswer(result.json, result.count, undefined, result.language);
    }, ErrorSearchHitList, searchSelection, SearchParams, observeSearch),
    route('/api/tunnel/errors/:flag', "One entry by Flag, with its metadata, in the client's language where translated", (snapshot, req) => {
      const flag = flagParam(req);
      const found = entryById(snapshot, `${flag} ${errorLanguage(snapshot, req) ?? ''}`);
      if (found === null) throw new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${flag}.`);
      return dataAnswer(found.json, undefined, undefined, found.language);
    }, ErrorEntryView, languageSelection),
  ];
}

/** A search's selection: its query (validated, 400 on junk) and the language chosen. */
export const searchSelection = (snapshot: ContentSnapshot, request: Pick<Request, 'query'> & { acceptLanguage?: string }) =>
  JSON.stringify([languageSelection(snapshot, request), searchQuery(request)]);
