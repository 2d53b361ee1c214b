import type { ContentSnapshot } from '@companion/content';
import { ErrorEntrySummaryList, ErrorEntryView, ErrorEntryViewList, FLAG_MAX_LENGTH, FLAG_PATTERN, FlagParam, formatInstant, SearchQuery, SEVERITIES, type ErrorEntry } from '@companion/schema';
import type { z } from 'zod';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { memoPerSnapshot, memoPerSnapshotKey } from '../http/memo';
import { sendData } from '../http/respond';
import { pathParam, queryEnum, queryInt, queryString } from '../http/validate';
import type { RouteDef } from './table';

/** An entry as the API shows it: timestamps in the envelope's format. */
export const entryJson = (e: ErrorEntry) => ({
  ...e,
  created_at: e.created_at && formatInstant(e.created_at),
  updated_at: e.updated_at && formatInstant(e.updated_at),
});

const listJson = memoPerSnapshot((snapshot: ContentSnapshot) =>
  JSON.stringify([...snapshot.errors.values()].map((e) => ({ Flag: e.Flag, Info: e.Info, Solution: e.Solution }))),
);

/** Lower-cased text per entry, built once per snapshot so a search only scans strings. */
const searchIndex = memoPerSnapshot((snapshot: ContentSnapshot) =>
  [...snapshot.errors.values()].map((entry) => ({
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

const search = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const { q, category, severity, limit } = JSON.parse(key) as { q: string; category?: string; severity?: string; limit: number };
  const hits = searchIndex(snapshot)
    .filter((item) => (!category || item.entry.category === category) && (!severity || item.entry.severity === severity))
    .map((item) => ({ item, rank: rank(item, q) }))
    .filter((hit) => hit.rank >= 0)
    .sort((a, b) => a.rank - b.rank || (a.item.entry.Flag < b.item.entry.Flag ? -1 : 1))
    .slice(0, limit)
    .map((hit) => entryJson(hit.item.entry));
  return { json: JSON.stringify(hits), count: hits.length };
});

/** One entry's JSON, built once per snapshot and Flag asked for (null: no such entry). */
const entryById = memoPerSnapshotKey((snapshot: ContentSnapshot, flag: string) => {
  const entry = snapshot.errors.get(flag);
  return entry ? JSON.stringify(entryJson(entry)) : null;
});

export const flagParam = (req: Request) =>
  pathParam(req, 'flag', FLAG_PATTERN, FLAG_MAX_LENGTH, 'a Flag of capital letters followed by digits, such as PORT1001');

export function errorReadRoutes({ content, clock }: AppDeps): RouteDef[] {
  const route = (path: string, description: string, handler: (req: Request, res: Response) => void, data: z.ZodType, query?: Record<string, z.ZodType>): RouteDef => ({
    method: 'GET',
    path,
    category: 'error information management',
    description,
    handlers: [handler],
    data,
    ...(query && { query }),
    ...(path.endsWith('/:flag') && { errors: ['ERROR_ENTRY_NOT_FOUND'] }),
    ...(path.endsWith('/:flag') && { params: { flag: FlagParam } }),
  });
  return [
    route('/api/tunnel/errors', 'Every catalogue entry (Flag, Info, Solution)', (req, res) => {
      const snapshot = content.current();
      sendData(req, res, clock, listJson(snapshot), snapshot.errors.size);
    }, ErrorEntrySummaryList),
    route('/api/tunnel/errors/search', 'Search entries: q (Flag, Info, Solution), category, severity, limit (1-100)', (req, res) => {
      const q = (queryString(req, 'q', 200) ?? '').trim().toLowerCase();
      const category = queryString(req, 'category', 40);
      const severity = queryEnum(req, 'severity', SEVERITIES);
      const limit = queryInt(req, 'limit', 1, 100, 20);
      const result = search(content.current(), JSON.stringify({ q, category, severity, limit }));
      sendData(req, res, clock, result.json, result.count);
    }, ErrorEntryViewList, SearchQuery),
    route('/api/tunnel/errors/:flag', 'One entry by Flag, with its metadata', (req, res) => {
      const flag = flagParam(req);
      const json = entryById(content.current(), flag);
      if (json === null) throw new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${flag}.`);
      sendData(req, res, clock, json);
    }, ErrorEntryView),
  ];
}
