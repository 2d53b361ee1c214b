import type { ContentSnapshot } from '@companion/content';
import { ErrorEntrySummaryList, ErrorEntryView, ErrorEntryViewList, FLAG_MAX_LENGTH, FLAG_PATTERN, formatInstant, SEVERITIES, type ErrorEntry } from '@companion/schema';
import type { z } from 'zod';
import type { Request } from 'express';
import { dataAnswer, type SnapshotRead } from '../fast/read';
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

/** Lower-cased text per entry, built once per snapshot so a search only scans strings. */
const searchIndex = memoPerSnapshot((errors: Errors) =>
  [...errors.values()].map((entry) => ({
    entry,
    flag: entry.Flag.toLowerCase(),
    info: entry.Info.toLowerCase(),
    solution: entry.Solution.join('\n').toLowerCase(),
  })),
);

/** Rank of a match: exact Flag 0, Flag prefix 1, Flag substring 2, Info 3, Solution 4; -1 none. */
function rank(item: ReturnType<typeof searchIndex>[number], q: string): number {
  if (q === '') return 0;
  if (item.flag === q) return 0;
  if (item.flag.startsWith(q)) return 1;
  if (item.flag.includes(q)) return 2;
  if (item.info.includes(q)) return 3;
  if (item.solution.includes(q)) return 4;
  return -1;
}

const search = memoPerSnapshotKey((errors: Errors, key: string) => {
  const { q, category, severity, limit } = JSON.parse(key) as { q: string; category?: string; severity?: string; limit: number };
  const hits = searchIndex(errors)
    .filter((item) => (!category || item.entry.category === category) && (!severity || item.entry.severity === severity))
    .map((item) => ({ item, rank: rank(item, q) }))
    .filter((hit) => hit.rank >= 0)
    .sort((a, b) => a.rank - b.rank || (a.item.entry.Flag < b.item.entry.Flag ? -1 : 1))
    .slice(0, limit)
    .map((hit) => entryJson(hit.item.entry));
  return { json: JSON.stringify(hits), count: hits.length };
});

/** One entry's JSON, built once per snapshot and Flag asked for (null: no such entry). */
const entryById = memoPerSnapshotKey((errors: Errors, flag: string) => {
  const entry = errors.get(flag);
  return entry ? JSON.stringify(entryJson(entry)) : null;
});

export const flagParam = (req: Pick<Request, 'params'>) =>
  pathParam(req, 'flag', FLAG_PATTERN, FLAG_MAX_LENGTH, 'a Flag of capital letters followed by digits, such as PORT1001');

export function errorReadRoutes(): RouteDef[] {
  const route = (path: string, description: string, answer: SnapshotRead['answer'], data: z.ZodType, query?: Record<string, string>): RouteDef => ({
    method: 'GET',
    path,
    category: 'error information management',
    description,
    handlers: [],
    read: { slices: (snapshot) => [snapshot.errors], answer },
    data,
    ...(query && { query }),
    ...(path.endsWith('/:flag') && { errors: ['ERROR_ENTRY_NOT_FOUND'] }),
  });
  return [
    route('/api/tunnel/errors', 'Every catalogue entry (Flag, Info, Solution)', ({ errors }) => dataAnswer(listJson(errors), errors.size), ErrorEntrySummaryList),
    route('/api/tunnel/errors/search', 'Search entries: q (Flag, Info, Solution), category, severity, limit (1-100)', ({ errors }, req) => {
      const q = (queryString(req, 'q', 200) ?? '').trim().toLowerCase();
      const category = queryString(req, 'category', 40);
      const severity = queryEnum(req, 'severity', SEVERITIES);
      const limit = queryInt(req, 'limit', 1, 100, 20);
      const result = search(errors, JSON.stringify({ q, category, severity, limit }));
      return dataAnswer(result.json, result.count);
    }, ErrorEntryViewList, { q: 'text to find in Flag, Info and Solution (case-insensitive)', category: 'only this category', severity: 'low, medium, high or critical', limit: '1-100, default 20' }),
    route('/api/tunnel/errors/:flag', 'One entry by Flag, with its metadata', ({ errors }, req) => {
      const flag = flagParam(req);
      const json = entryById(errors, flag);
      if (json === null) throw new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${flag}.`);
      return dataAnswer(json);
    }, ErrorEntryView),
  ];
}
