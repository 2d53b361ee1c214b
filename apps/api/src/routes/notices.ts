import { isNoticeActive, noticeJson, type ContentSnapshot } from '@companion/content';
import { ClientQuery, LanguageParam, Notice, NoticeIdParam, NoticeList, NOTICE_TYPES, NoticeTypeCounts, ORIGINAL_LANGUAGE } from '@companion/schema';
import type { z } from 'zod';
import { ApiError, contentLanguage, dataAnswer, memoPerSnapshot, memoPerSnapshotKey, pathParam, type SnapshotRead } from '@companion/http-kit';
import { isPlain, localisedNotice, selectionOf, type Selection } from './notice-selection';
import type { RouteDef } from '@companion/route-table';

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
export function phaseAt(notices: Notices, nowMs: number): { key: string; at: number; until: number } {
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

/** A notice's JSON in `lang` where translated, and the language it is in. */
function localisedJson(snapshot: ContentSnapshot, notice: Notices[number], active: boolean, lang: string): { json: string; lang: string } {
  const item = localisedNotice(snapshot, notice, lang);
  return { json: JSON.stringify({ ...noticeJson(notice, active), summary: item.summary, content: item.content, lang: item.lang }), lang: item.lang };
}

/**
 * The lists for one phase, audience and language: the active notices the audience concerns (and
 * the newest of them), and every notice, each in the chosen language. Serialised once per snapshot
 * and key; the key holds the matching set, never the client's raw version.
 */
const selectedViews = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [phaseAt, excludedIds, chosen] = key.split('|') as [string, string, string];
  const at = Number(phaseAt);
  const excluded = new Set(excludedIds === '' ? [] : excludedIds.split(',').map(Number));
  const lang = chosen === '' ? null : chosen;
  const all: string[] = [];
  const active: string[] = [];
  const [allLanguages, activeLanguages] = [new Set<string>(), new Set<string>()];
  let newest: { notice: Notices[number]; json: string; lang: string } | undefined;
  for (const n of snapshot.notices) {
    const isActive = isNoticeActive(n, at);
    const item = lang === null ? { json: noticeString(n, isActive), lang: ORIGINAL_LANGUAGE } : localisedJson(snapshot, n, isActive, lang);
    all.push(item.json);
    allLanguages.add(item.lang);
    if (!isActive || excluded.has(n.id)) continue;
    active.push(item.json);
    activeLanguages.add(item.lang);
    if (!newest || n.date > newest.notice.date || (n.date === newest.notice.date && n.id > newest.notice.id)) newest = { notice: n, ...item };
  }
  const chosenLanguage = lang ?? ORIGINAL_LANGUAGE;
  return {
    all: jsonArray(all),
    allCount: all.length,
    allLanguage: contentLanguage(chosenLanguage, allLanguages),
    active: jsonArray(active),
    activeCount: active.length,
    activeLanguage: contentLanguage(chosenLanguage, activeLanguages),
    latest: newest ?? null,
  };
});

export function noticeRoutes(): RouteDef[] {
  const current = (snapshot: ContentSnapshot, nowMs: number) => {
    const phase = phaseAt(snapshot.notices, nowMs);
    return { view: phaseViews(snapshot.notices, `${phase.key}:${phase.at}`), until: phase.until };
  };
  const selected = (snapshot: ContentSnapshot, nowMs: number, selection: Selection) => {
    const phase = phaseAt(snapshot.notices, nowMs);
    return { view: selectedViews(snapshot, `${phase.at}|${selection.excluded}|${selection.lang ?? ''}`), until: phase.until };
  };
  /** A read in the client's language; with `audience`, also for the client's version, platform and channel. */
  const route = (path: string, description: string, answer: SnapshotRead['answer'], data: z.ZodType, take: { audience: boolean; language: boolean }): RouteDef => ({
    method: 'GET',
    path,
    category: 'notices',
    description,
    handlers: [],
    read: {
      // Translations change the answers in a language; the plain answers depend on the notices alone.
      slices: (snapshot) => [snapshot.notices, snapshot.noticeTranslations],
      answer,
      ...(take.language && {
        languages: true,
        select: (snapshot, request) => {
          const selection = selectionOf(snapshot, request, take.audience);
          return `${selection.excluded}|${selection.lang ?? ''}`;
        },
      }),
    },
    data,
    ...(take.language && { query: { ...(take.audience && ClientQuery), lang: LanguageParam } }),
    ...((path.endsWith('/latest') || path.endsWith('/:id')) && { errors: ['NOTICE_NOT_FOUND'] }),
    ...(path.endsWith('/:id') && { params: { id: NoticeIdParam } }),
  });
  const list = (which: 'active' | 'all', audience: boolean): SnapshotRead['answer'] => (snapshot, request) => {
    const selection = selectionOf(snapshot, request, audience);
    if (isPlain(selection)) {
      const { view, until } = current(snapshot, request.nowMs);
      return which === 'active' ? dataAnswer(view.active, view.activeCount, until, ORIGINAL_LANGUAGE) : dataAnswer(view.all, view.allCount, until, ORIGINAL_LANGUAGE);
    }
    const { view, until } = selected(snapshot, request.nowMs, selection);
    return which === 'active' ? dataAnswer(view.active, view.activeCount, until, view.activeLanguage) : dataAnswer(view.all, view.allCount, until, view.allLanguage);
  };
  return [
    route('/api/notice', 'Active notices, highest priority first; for a client version, platform and channel, those meant for it; in the client\'s language', list('active', true), NoticeList, { audience: true, language: true }),
    route('/api/notice/all', 'Every notice, active or not, in the client\'s language', list('all', false), NoticeList, { audience: false, language: true }),
    route('/api/notice/latest', 'The newest active notice (meant for the client, in its language)', (snapshot, request) => {
      const selection = selectionOf(snapshot, request, true);
      if (isPlain(selection)) {
        const { view, until } = current(snapshot, request.nowMs);
        if (view.latest === null) throw new ApiError('NOTICE_NOT_FOUND', 'No notice is active.');
        return dataAnswer(view.latest, undefined, until, ORIGINAL_LANGUAGE);
      }
      const { view, until } = selected(snapshot, request.nowMs, selection);
      if (view.latest === null) throw new ApiError('NOTICE_NOT_FOUND', selection.excluded === '' ? 'No notice is active.' : 'No active notice is meant for this client.');
      return dataAnswer(view.latest.json, undefined, until, view.latest.lang);
    }, Notice, { audience: true, language: true }),
    route('/api/notice/types', 'Total and active notices per type', (snapshot, { nowMs }) => {
      const { view, until } = current(snapshot, nowMs);
      return dataAnswer(view.types, undefined, until);
    }, NoticeTypeCounts, { audience: false, language: false }),
    route('/api/notice/:id', 'One notice by id, active or not, in the client\'s language', (snapshot, request) => {
      const id = Number(pathParam(request, 'id', /^[1-9]\d{0,9}$/, 10, 'a positive integer id'));
      const selection = selectionOf(snapshot, request, false);
      const notice = byId(snapshot.notices).get(id);
      if (notice === undefined) throw new ApiError('NOTICE_NOT_FOUND', `No notice has id ${id}.`);
      const phase = phaseAt(snapshot.notices, request.nowMs);
      const active = isNoticeActive(notice, phase.at);
      if (selection.lang === null) return dataAnswer(noticeString(notice, active), undefined, phase.until, ORIGINAL_LANGUAGE);
      const item = localisedJson(snapshot, notice, active, selection.lang);
      return dataAnswer(item.json, undefined, phase.until, item.lang);
    }, Notice, { audience: false, language: true }),
  ];
}
