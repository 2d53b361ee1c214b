import { isNoticeActive, noticeJson, type ContentSnapshot } from '@companion/content';
import { Notice, NoticeIdParam, NoticeList, NOTICE_TYPES, NoticeTypeCounts } from '@companion/schema';
import type { z } from 'zod';
import { dataAnswer, type SnapshotRead } from '../fast/read';
import { ApiError } from '../http/errors';
import { memoPerSnapshot, memoPerSnapshotKey } from '../http/memo';
import { pathParam } from '../http/validate';
import type { RouteDef } from './table';

/**
 * Whether a notice is active depends on the time only at its starts_at/expires_at instants, so
 * between two such instants ("a phase") every answer is fixed and is serialised once. Everything
 * here depends on the notices slice of the snapshot alone.
 */
type Notices = ContentSnapshot['notices'];
const boundaries = memoPerSnapshot((notices: Notices) =>
  [...new Set(notices.flatMap((n) => [n.starts_at, n.expires_at]).filter((t): t is string => !!t).map(Date.parse))].sort((a, b) => a - b),
);

/** The phase `nowMs` falls in: a key, an instant inside it, and the instant it ends (the next boundary). */
function phaseAt(notices: Notices, nowMs: number): { key: string; at: number; until: number } {
  const instants = boundaries(notices);
  let i = 0;
  while (i < instants.length && instants[i]! <= nowMs) i++;
  // Any instant inside the phase judges every notice the same way; use the phase's start.
  return { key: String(i), at: i === 0 ? Number.NEGATIVE_INFINITY : instants[i - 1]!, until: instants[i] ?? Number.POSITIVE_INFINITY };
}

/**
 * Each notice's JSON, per notice record and active flag. A patched snapshot keeps the record of
 * every notice that did not change, so a save serialises the one notice it changed and the lists
 * are joined from cached strings.
 */
const noticeStrings = new WeakMap<Notices[number], [inactive?: string, active?: string]>();
function noticeString(notice: Notices[number], active: boolean): string {
  let strings = noticeStrings.get(notice);
  if (!strings) noticeStrings.set(notice, (strings = []));
  return (strings[active ? 1 : 0] ??= JSON.stringify(noticeJson(notice, active)));
}
/** One notice is looked up by id without joining any list: a save answers GET /api/notice/:id sooner. */
const byId = memoPerSnapshot((notices: Notices) => new Map(notices.map((n) => [n.id, n])));
// JSON.stringify of an array without indentation is its items' JSON joined by commas.
const jsonArray = (items: string[]) => `[${items.join(',')}]`;

const phaseViews = memoPerSnapshotKey((notices: Notices, key: string) => {
  const at = Number(key.split(':')[1]);
  const types = Object.fromEntries(NOTICE_TYPES.map((t) => [t, { total: 0, active: 0 }]));
  const all: string[] = [];
  const active: string[] = [];
  // The newest active notice: latest date, then highest id.
  let newest: { notice: Notices[number]; json: string } | undefined;
  for (const n of notices) {
    const isActive = isNoticeActive(n, at);
    const json = noticeString(n, isActive);
    all.push(json);
    types[n.type]!.total++;
    if (!isActive) continue;
    active.push(json);
    types[n.type]!.active++;
    if (!newest || n.date > newest.notice.date || (n.date === newest.notice.date && n.id > newest.notice.id)) newest = { notice: n, json };
  }
  return {
    all: jsonArray(all),
    allCount: all.length,
    active: jsonArray(active),
    activeCount: active.length,
    latest: newest?.json ?? null,
    types: JSON.stringify({ types, total: all.length, active: active.length }),
  };
});

export function noticeRoutes(): RouteDef[] {
  const current = (snapshot: ContentSnapshot, nowMs: number) => {
    const phase = phaseAt(snapshot.notices, nowMs);
    return { view: phaseViews(snapshot.notices, `${phase.key}:${phase.at}`), until: phase.until };
  };
  const route = (path: string, description: string, answer: SnapshotRead['answer'], data: z.ZodType): RouteDef => ({
    method: 'GET',
    path,
    category: 'notices',
    description,
    handlers: [],
    read: { slices: (snapshot) => [snapshot.notices], answer },
    data,
    ...((path.endsWith('/latest') || path.endsWith('/:id')) && { errors: ['NOTICE_NOT_FOUND'] }),
    ...(path.endsWith('/:id') && { params: { id: NoticeIdParam } }),
  });
  return [
    route('/api/notice', 'Active notices, highest priority first', (snapshot, { nowMs }) => {
      const { view, until } = current(snapshot, nowMs);
      return dataAnswer(view.active, view.activeCount, until);
    }, NoticeList),
    route('/api/notice/all', 'Every notice, active or not', (snapshot, { nowMs }) => {
      const { view, until } = current(snapshot, nowMs);
      return dataAnswer(view.all, view.allCount, until);
    }, NoticeList),
    route('/api/notice/latest', 'The newest active notice', (snapshot, { nowMs }) => {
      const { view, until } = current(snapshot, nowMs);
      if (view.latest === null) throw new ApiError('NOTICE_NOT_FOUND', 'No notice is active.');
      return dataAnswer(view.latest, undefined, until);
    }, Notice),
    route('/api/notice/types', 'Total and active notices per type', (snapshot, { nowMs }) => {
      const { view, until } = current(snapshot, nowMs);
      return dataAnswer(view.types, undefined, until);
    }, NoticeTypeCounts),
    route('/api/notice/:id', 'One notice by id, active or not', (snapshot, request) => {
      const id = Number(pathParam(request, 'id', /^[1-9]\d{0,9}$/, 10, 'a positive integer id'));
      const notice = byId(snapshot.notices).get(id);
      if (notice === undefined) throw new ApiError('NOTICE_NOT_FOUND', `No notice has id ${id}.`);
      const phase = phaseAt(snapshot.notices, request.nowMs);
      return dataAnswer(noticeString(notice, isNoticeActive(notice, phase.at)), undefined, phase.until);
    }, Notice),
  ];
}
