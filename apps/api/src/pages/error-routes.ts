import type { ContentSnapshot } from '@companion/content';
import type { ErrorSearch } from '@companion/error-search';
import { ErrorEntryView, ErrorSearchHitList, FlagParam, SearchParams } from '@companion/schema';
import type { AppDeps } from '../deps';
import { dataAnswer, type SnapshotRead } from '../fast/read';
import { ApiError } from '../http/errors';
import { memoPerSnapshotKey } from '../http/memo';
import { negotiated } from '../http/negotiate';
import { entryById, flagParam, searchAnswer, searchQuery } from '../routes/errors-read';
import type { RouteDef } from '../routes/table';
import { errorEntryPage, errorSearchPage } from './error-pages';
import { ERRORS_HREF } from './hrefs';
import { pageLinks } from './page-links';

const HTML_TYPE = 'text/html; charset=utf-8';
type Errors = ContentSnapshot['errors'];

/**
 * The error catalogue as pages for customers, as ngrok's error reference is: `/errors` (search, or
 * every entry by category) and `/errors/<Flag>`, each answering its API twin's JSON to a request
 * that prefers it (`/api/tunnel/errors/search` with the same query, `/api/tunnel/errors/<Flag>`).
 */
export function errorPageRoutes(index: ErrorSearch, { publicUrl }: Pick<AppDeps, 'publicUrl'>): RouteDef[] {
  const links = pageLinks(publicUrl);
  const entryPages = memoPerSnapshotKey((errors: Errors, flag: string) => {
    const entry = errors.get(flag);
    return entry ? links(errorEntryPage(entry)) : null;
  });
  const search: SnapshotRead['answer'] = (snapshot, request) => {
    const query = searchQuery(request);
    if (request.prefers === 'json') {
      const result = searchAnswer(index, snapshot, query);
      return dataAnswer(result.json, result.count);
    }
    // Built per request, like the search itself: nothing is kept per query.
    const searched = query.q !== '' || query.category !== undefined || query.severity !== undefined;
    return { kind: 'document', type: HTML_TYPE, body: links(errorSearchPage(query, searched ? index.search(snapshot, query) : null, snapshot.errors)) };
  };
  const entry = negotiated(({ errors }, request) => {
    const flag = flagParam(request);
    const json = entryById(errors, flag);
    if (json === null) throw new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${flag}.`);
    return { json: () => ({ data: json }), html: () => entryPages(errors, flag)! };
  });
  const route = (path: string, description: string, answer: SnapshotRead['answer']): RouteDef => ({
    method: 'GET',
    path,
    category: 'error information management',
    description,
    handlers: [],
    // An entry changes whenever someone writes it through the API: its page is revalidated like its JSON.
    read: { slices: (snapshot) => [snapshot.errors], answer, negotiates: true, ...(path.endsWith('/:flag') && { revalidate: true }) },
    unknownQuery: 'ignore',
    media: ['text/html', 'application/json'],
    ...(path.endsWith('/:flag') ? { params: { flag: FlagParam }, errors: ['ERROR_ENTRY_NOT_FOUND'], data: ErrorEntryView } : { query: SearchParams, data: ErrorSearchHitList }),
  });
  return [
    route(ERRORS_HREF, 'The error reference as a page: a search box that works without JavaScript, results with the matched words marked, or every entry by category (JSON when Accept prefers it: the search)', search),
    route(`${ERRORS_HREF}/:flag`, "An entry's page: what the error means, what the client prints, and the steps (JSON when Accept prefers it)", entry),
  ];
}
