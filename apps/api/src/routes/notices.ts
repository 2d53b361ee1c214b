import { isNoticeActive, noticeJson, type ContentSnapshot } from '@companion/content';
import { Notice, NoticeIdParam, NoticeList, NOTICE_TYPES, NoticeTypeCounts } from '@companion/schema';
import type { z } from 'zod';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { memoPerSnapshot, memoPerSnapshotKey } from '../http/memo';
import { sendData } from '../http/respond';
import { pathParam } from '../http/validate';
import type { RouteDef } from './table';

/**
 * Whether a notice is active depends on the time only at its starts_at/expires_at instants, so
 * between two such instants ("a phase") every answer is fixed and is serialised once.
 */
const boundaries = memoPerSnapshot((snapshot: ContentSnapshot) =>
  [...new Set(snapshot.notices.flatMap((n) => [n.starts_at, n.expires_at]).filter((t): t is string => !!t).map(Date.parse))].sort((a, b) => a - b),
);

function phaseAt(snapshot: ContentSnapshot, nowMs: number): { key: string; at: number } {
  const instants = boundaries(snapshot);
  let i = 0;
  while (i < instants.length && instants[i]! <= nowMs) i++;
  // Any instant inside the phase judges every notice the same way; use the phase's start.
  return { key: String(i), at: i === 0 ? Number.NEGATIVE_INFINITY : instants[i - 1]! };
}


const phaseViews = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const at = Number(key.split(':')[1]);
  const all = snapshot.notices.map((n) => noticeJson(n, isNoticeActive(n, at)));
  const active = all.filter((n) => n.active);
  // The newest active notice: latest date, then highest id.
  const newest = active.reduce<(typeof active)[number] | undefined>((best, n) => (!best || n.date > best.date || (n.date === best.date && n.id > best.id) ? n : best), undefined);
  const types = Object.fromEntries(NOTICE_TYPES.map((t) => [t, { total: 0, active: 0 }]));
  for (const n of all) {
    types[n.type]!.total++;
    if (n.active) types[n.type]!.active++;
  }
  return {
    all: JSON.stringify(all),
    allCount: all.length,
    active: JSON.stringify(active),
    activeCount: active.length,
    latest: newest ? JSON.stringify(newest) : null,
    types: JSON.stringify({ types, total: all.length, active: active.length }),
    byId: new Map(all.map((n) => [n.id, JSON.stringify(n)])),
  };
});

export function noticeRoutes({ content, clock }: AppDeps): RouteDef[] {
  const current = () => {
    const snapshot = content.current();
    const phase = phaseAt(snapshot, clock.nowMicros() / 1000);
    return phaseViews(snapshot, `${phase.key}:${phase.at}`);
  };
  const route = (path: string, description: string, handler: (req: Request, res: Response) => void, data: z.ZodType): RouteDef => ({
    method: 'GET',
    path,
    category: 'notices',
    description,
    handlers: [handler],
    data,
    ...((path.endsWith('/latest') || path.endsWith('/:id')) && { errors: ['NOTICE_NOT_FOUND'] }),
    ...(path.endsWith('/:id') && { params: { id: NoticeIdParam } }),
  });
  return [
    route('/api/notice', 'Active notices, highest priority first', (req, res) => {
      const view = current();
      sendData(req, res, clock, view.active, view.activeCount);
    }, NoticeList),
    route('/api/notice/all', 'Every notice, active or not', (req, res) => {
      const view = current();
      sendData(req, res, clock, view.all, view.allCount);
    }, NoticeList),
    route('/api/notice/latest', 'The newest active notice', (req, res) => {
      const json = current().latest;
      if (json === null) throw new ApiError('NOTICE_NOT_FOUND', 'No notice is active.');
      sendData(req, res, clock, json);
    }, Notice),
    route('/api/notice/types', 'Total and active notices per type', (req, res) => {
      sendData(req, res, clock, current().types);
    }, NoticeTypeCounts),
    route('/api/notice/:id', 'One notice by id, active or not', (req, res) => {
      const id = Number(pathParam(req, 'id', /^[1-9]\d{0,9}$/, 10, 'a positive integer id'));
      const json = current().byId.get(id);
      if (json === undefined) throw new ApiError('NOTICE_NOT_FOUND', `No notice has id ${id}.`);
      sendData(req, res, clock, json);
    }, Notice),
  ];
}
