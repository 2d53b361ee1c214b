import type { ContentSnapshot } from '@companion/content';
import type { ErrorSearch } from '@companion/error-search';
import { ErrorEntryView, ErrorSearchHitList, FlagParam, LanguageParam, SEARCH_QUERY_MAX_LENGTH, SearchFromParam, SearchParams } from '@companion/schema';
import type { AppDeps } from '../deps';
import { ApiError, dataAnswer, memoPerSnapshotKey, queryString, type SnapshotRead } from '@companion/http-kit';
import { errorLanguage, localisedEntry, translationOf } from '../routes/error-language';
import { entryById, flagParam, languageSelection, searchAnswer, searchObserver, searchQuery, searchSelection } from '../routes/errors-read';
import type { RouteDef } from '@companion/route-table';
import { errorEntryPage, ERRORS_HREF, errorSearchPage, pageLinks } from '@companion/pages';

const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * The error catalogue as pages for customers, as ngrok's error reference is: `/errors` (search, or
 * every entry by category) and `/errors/<Flag>`, each answering its API twin's JSON to a request
 * that prefers it (`/api/tunnel/errors/search` with the same query, `/api/tunnel/errors/<Flag>`).
 * Entries are shown in the client's language where translated (`lang=`, else Accept-Language).
 */
export function errorPageRoutes(index: ErrorSearch, { publicUrl, searchFeedback }: Pick<AppDeps, 'publicUrl' | 'searchFeedback'>): RouteDef[] {
  const links = pageLinks(publicUrl);
  const entryPages = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
    const [flag, lang] = key.split(' ') as [string, string];
    const entry = snapshot.errors.get(flag);
    return entry ? links(errorEntryPage(localisedEntry(entry, translationOf(snapshot.errorTranslations, entry, lang || null)), lang || null)) : null;
  });
  const search: SnapshotRead['answer'] = (snapshot, request) => {
    const query = searchQuery(request);
    const lang = errorLanguage(snapshot, request);
    if (request.prefers === 'json') {
      const result = searchAnswer(index, snapshot, query, lang);
      return dataAnswer(result.json, result.count, undefined, result.language);
    }
    const shown = <T extends { entry: Parameters<typeof localisedEntry>[0] }>(item: T) => ({ ...item, entry: localisedEntry(item.entry, translationOf(snapshot.errorTranslations, item.entry, lang)) });
    // Built per request, like the search itself: nothing is kept per query.
    const searched = query.q !== '' || query.category !== undefined || query.severity !== undefined;
    const all = new Map([...snapshot.errors].map(([flag, entry]) => [flag, shown({ entry }).entry]));
    const body = links(errorSearchPage(query, searched ? index.search(snapshot, query).map(shown) : null, all, lang));
    return { kind: 'document', type: HTML_TYPE, body, language: lang ?? 'en' };
  };
  const entry: SnapshotRead['answer'] = (snapshot, request) => {
    const flag = flagParam(request);
    const lang = errorLanguage(snapshot, request) ?? '';
    const found = entryById(snapshot, `${flag} ${lang}`);
    if (found === null) throw new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${flag}.`);
    if (request.prefers === 'json') return dataAnswer(found.json, undefined, undefined, found.language);
    return { kind: 'document', type: HTML_TYPE, body: entryPages(snapshot, `${flag} ${lang}`)!, language: found.language };
  };
  const counter = searchFeedback?.recorder;
  // `from` is only counted (see observeOpened), but held to its documented bound like any parameter.
  const entrySelection: NonNullable<SnapshotRead['select']> = (snapshot, request) => {
    queryString(request, 'from', SEARCH_QUERY_MAX_LENGTH);
    return languageSelection(snapshot, request);
  };
  // An entry opened from a page of results (its link says `from=<query>`) is counted for that query.
  const observeOpened: SnapshotRead['observe'] = counter
    ? (request, snapshot) => {
        const from = request.query.from;
        const flag = request.params.flag;
        if (typeof from === 'string' && from !== '' && flag !== undefined && snapshot.errors.has(flag)) counter.opened(from.slice(0, 1000), errorLanguage(snapshot, request) ?? 'en', flag);
      }
    : undefined;
  const route = (path: string, description: string, answer: SnapshotRead['answer'], select: NonNullable<SnapshotRead['select']>, observe: SnapshotRead['observe']): RouteDef => ({
    method: 'GET',
    path,
    category: 'error information management',
    description,
    handlers: [],
    // An entry changes whenever someone writes it through the API: its page is revalidated like its JSON.
    // The search page's answer depends on the concept map too: a new map is a new answer.
    read: { slices: (snapshot) => (path === ERRORS_HREF ? [snapshot.errors, snapshot.errorTranslations, snapshot.searchConcepts] : [snapshot.errors, snapshot.errorTranslations]), answer, negotiates: true, languages: true, select: (snapshot, request) => `${request.prefers} ${select(snapshot, request)}`, ...(path.endsWith('/:flag') && { revalidate: true }), ...(observe && { observe }) },
    unknownQuery: 'ignore',
    media: ['text/html', 'application/json'],
    ...(path.endsWith('/:flag')
      ? { params: { flag: FlagParam }, query: { lang: LanguageParam, from: SearchFromParam }, errors: ['ERROR_ENTRY_NOT_FOUND'], data: ErrorEntryView }
      : { query: { ...SearchParams, lang: LanguageParam }, data: ErrorSearchHitList }),
  });
  return [
    route(ERRORS_HREF, "The error reference as a page: a search box that works without JavaScript and understands English, German, French and Spanish, results with the matched words marked, or every entry by category, in the client's language where translated (JSON when Accept prefers it: the search)", search, searchSelection, searchObserver(index, counter)),
    route(`${ERRORS_HREF}/:flag`, "An entry's page: what the error means, what the client prints, and the steps, in the client's language where translated (JSON when Accept prefers it)", entry, entrySelection, observeOpened),
  ];
}
