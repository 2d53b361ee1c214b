import type { ContentSnapshot } from '@companion/content';
import { ErrorSearch, type SearchQuery } from '@companion/error-search';
import { ErrorEntrySummaryList, ErrorEntryView, ErrorSearchHitList, FLAG_MAX_LENGTH, FLAG_PATTERN, FlagParam, formatInstant, SEARCH_QUERY_MAX_LENGTH, SearchParams, SEVERITIES, type ErrorEntry } from '@companion/schema';
import type { z } from 'zod';
import type { Request } from 'express';
import { dataAnswer, type SnapshotRead } from '../fast/read';
import { errorEntryHref } from '../pages/hrefs';
import { ApiError } from '../http/errors';
import { memoPerSnapshot, memoPerSnapshotKey } from '../http/memo';
import { pathParam, queryEnum, queryInt, queryString } from '../http/validate';
import type { RouteDef } from './table';

/** An entry as the API shows it: timestamps in the envelope's format. */
export const entryJson = (e: ErrorEntry) => ({
  ...e,
  created_at: e.created_at && formatInstant(e.created_at),
  updated_at: e.updated_at && formatInstant(e.updated_at),
});

type Errors = ContentSnapshot['errors'];

const listJson = memoPerSnapshot((errors: Errors) =>
  JSON.stringify([...errors.values()].map((e) => ({ Flag: e.Flag, Info: e.Info, Solution: e.Solution }))),
);

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
export function searchAnswer(index: ErrorSearch, snapshot: ContentSnapshot, query: SearchQuery): { json: string; count: number } {
  const parts: string[] = [];
  let bytes = 2;
  for (const { entry, matched } of index.search(snapshot, query)) {
    const part = JSON.stringify({ ...entryJson(entry), matched, page: errorEntryHref(entry.Flag) });
    bytes += Buffer.byteLength(part) + 1;
    if (parts.length > 0 && bytes > SEARCH_ANSWER_MAX_BYTES) break;
    parts.push(part);
  }
  return { json: `[${parts.join(',')}]`, count: parts.length };
}

/** One entry's JSON, built once per snapshot and Flag asked for (null: no such entry). */
export const entryById = memoPerSnapshotKey((errors: Errors, flag: string) => {
  const entry = errors.get(flag);
  return entry ? JSON.stringify(entryJson(entry)) : null;
});

export const flagParam = (req: Pick<Request, 'params'>) =>
  pathParam(req, 'flag', FLAG_PATTERN, FLAG_MAX_LENGTH, 'a Flag of capital letters followed by digits, such as PORT1001');

export function errorReadRoutes(index: ErrorSearch): RouteDef[] {
  const route = (path: string, description: string, answer: SnapshotRead['answer'], data: z.ZodType, query?: Record<string, z.ZodType>): RouteDef => ({
    method: 'GET',
    path,
    category: 'error information management',
    description,
    handlers: [],
    // An entry a writer reads back for its ETag is never answered by a shared cache without asking.
    read: { slices: (snapshot) => [snapshot.errors], answer, ...(path.endsWith('/:flag') && { revalidate: true }) },
    data,
    ...(query && { query }),
    ...(path.endsWith('/:flag') && { errors: ['ERROR_ENTRY_NOT_FOUND'] }),
    ...(path.endsWith('/:flag') && { params: { flag: FlagParam } }),
  });
  return [
    route('/api/tunnel/errors', 'Every catalogue entry (Flag, Info, Solution)', ({ errors }) => dataAnswer(listJson(errors), errors.size), ErrorEntrySummaryList),
    route('/api/tunnel/errors/search', 'Search entries: q (a code, words or a pasted log line), category, severity, limit (1-100); each hit says which words matched', (snapshot, req) => {
      const result = searchAnswer(index, snapshot, searchQuery(req));
      return dataAnswer(result.json, result.count);
    }, ErrorSearchHitList, SearchParams),
    route('/api/tunnel/errors/:flag', 'One entry by Flag, with its metadata', ({ errors }, req) => {
      const flag = flagParam(req);
      const json = entryById(errors, flag);
      if (json === null) throw new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${flag}.`);
      return dataAnswer(json);
    }, ErrorEntryView),
  ];
}
