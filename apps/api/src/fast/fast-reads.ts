import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '@companion/schema';
import type { ContentSource } from '../deps';
import { type AccessLog, allowedOrigin, arrivedOverHttps, BoundedMap, corsHeaderList, type CorsPolicy, ifNoneMatch, INSTALL_PARAM, loggedUrl, markRoute, MAX_AGE_S, NO_CACHE_PARAM, PRIVATE_CACHE_CONTROL, publicCacheControl, type ReadRequest, REVALIDATE_CACHE_CONTROL, routeMark, type RouteMark, type SnapshotRead, stagingIdOf, STALE_WHILE_REVALIDATE_S, takeInstallQuery, type TrustProxy } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';
import { preferredCoding } from './accept-encoding';
import { CACHE_CONTROL_AT, ReadyAnswer, type HeaderPolicy } from './compile';
import { routeMatcher, type MatchedRoute } from './route-match';

export interface FastReadsOptions {
  /** The whole route table, in Express's order. */
  table: readonly RouteDef[];
  content: ContentSource;
  clock: Clock;
  trust: TrustProxy;
  cors: CorsPolicy;
  headers: HeaderPolicy;
  /** The app's query parser, so a query means here what it means to Express. */
  parseQuery(query: string): ReadRequest['query'];
  /** What negotiating reads answer for an Accept header. */
  prefers(accept: string | undefined): 'html' | 'json';
  /** Writes the access-log line of a fast answer; null when the logger has no destination. */
  log: AccessLog | null;
  /** Bytes all cached answers may hold together. */
  budgetBytes: number;
  /** Told each time an answer is compiled (the key it is cached under and the milliseconds it took), for the debug log. */
  onCompiled?(key: string, ms: number): void;
}

/** What the cache holds per answer: a ready answer with the identities of the slices it was built from. */
interface Entry {
  ready: ReadyAnswer;
  read: SnapshotRead;
  sliceIds: number[];
  /** The last snapshot its slices were found current in: while it is current, no slice is compared. */
  snapshotId: number;
}

/**
 * What a URL stands for: a route's answer to its path parameters and the query parameters the
 * route takes (`key`), or "not ours" (another route, a query the route refuses: Express answers).
 * Parameters a route does not take and ignores (the pages' `utm_source`, `?v=<random>`) are not
 * part of the key: every such URL is served the one canonical answer, so a flood of distinct URLs
 * compiles nothing new. A selecting route (`read.select`) adds, per request, the selection its
 * query and headers make (which notices match, which language) to the key.
 */
type Target = { pass: true } | { pass: false; key: string; route: MatchedRoute; query: ReadRequest['query']; mark: RouteMark; takes: number; selected?: Selected; logged?: LoggedUrl };

/** A selecting route's last selection for a URL: the same while the snapshot, Accept-Language and what Accept prefers are. */
interface Selected {
  snapshotId: number;
  acceptLanguage: string | undefined;
  prefers: ReadRequest['prefers'];
  /** What `select` answered. */
  selection: string;
  /** The cache key of the selected answer: one string per URL and selection, so its hash is computed once. */
  key: string;
  /** The last selection an install made of it (`read.installs`) other than `selection`, and its cache key, kept alike. */
  own?: { selection: string; key: string };
}

/**
 * The URL an access line holds (loggedUrl), kept on its target. A target all installs share
 * stands for URLs that differ only in the install id's value, which the line redacts: one made
 * for any of them serves all that name it at the same place.
 */
interface LoggedUrl {
  /** -1 for a target of one URL; else where `install_id=` began, times 2, plus 1 after `&` (0 after `?`). */
  place: number;
  url: Uint8Array;
}

const PASS: Target = { pass: true };
const STATIC_CACHE_CONTROL_MS = (MAX_AGE_S + STALE_WHILE_REVALIDATE_S) * 1000;
/** URL -> target lookups: a few dozen bytes each, so an alias never holds an answer alive. */
const TARGET_BUDGET_BYTES = 4 * 1024 * 1024;

/**
 * The fast read path: answers GET and HEAD of every route with a `read` from answers compiled
 * once per snapshot slice and URL, on the raw node:http request, before Express. Returns false
 * for everything else (another route, a query the route does not take, an answer that is an
 * error), which Express then handles unchanged.
 */
export type FastReads = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
  /** Answers (and route lookups) the cache holds now: one per URL, or per selection of a selecting route. */
  cacheEntries(): number;
  /** Bytes the cached answers hold (as budgeted). */
  cacheBytes(): number;
};

export function createFastReads(options: FastReadsOptions): FastReads {
  const { content, clock, trust, cors, headers, log } = options;
  const match = routeMatcher(options.table);
  const cache = new BoundedMap<string, Entry>(options.budgetBytes);
  const targets = new BoundedMap<string, Target>(TARGET_BUDGET_BYTES);
  const listedCors = cors.mode === 'listed';

  // Slices are compared by identity through small numbers, so a cached answer never keeps an
  // old snapshot's slice alive.
  const ids = new WeakMap<object, number>();
  let lastId = 0;
  const idOf = (slice: object) => {
    let id = ids.get(slice);
    if (id === undefined) ids.set(slice, (id = ++lastId));
    return id;
  };
  // The current snapshot's id, looked up once per snapshot rather than per request.
  let snapshot = content.current();
  let snapshotId = idOf(snapshot);
  const currentSnapshotId = () => {
    const now = content.current();
    if (now !== snapshot) [snapshot, snapshotId] = [now, idOf(now)];
    return snapshotId;
  };
  /** Whether an entry was built from the current snapshot's slices: compared once per entry and snapshot. */
  const current = (entry: Entry, nowId: number) => {
    if (entry.snapshotId === nowId) return true;
    const slices = entry.read.slices(snapshot);
    for (let i = 0; i < slices.length; i++) if (ids.get(slices[i]!) !== entry.sliceIds[i]) return false;
    entry.snapshotId = nowId;
    return true;
  };

  /** What a URL stands for (see Target). */
  function targetOf(url: string): Target {
    const q = url.indexOf('?');
    const found = match(q === -1 ? url : url.slice(0, q));
    if (!found?.route.read) return PASS;
    const parsed = q === -1 ? {} : options.parseQuery(url.slice(q + 1));
    const allowed = Object.keys(found.route.query ?? {});
    const names = Object.keys(parsed).filter((name) => allowed.includes(name)).sort();
    if (found.route.unknownQuery !== 'ignore' && names.length !== Object.keys(parsed).length) return PASS;
    const query = Object.fromEntries(names.map((name) => [name, parsed[name]]));
    // A selecting route's answer depends on its query only through the selection (added per request).
    const key = JSON.stringify([found.route.method, found.route.path, found.params, found.route.read.select ? null : query]);
    const takes = (allowed.includes('install_id') ? INSTALL_PARAM : 0) | (allowed.includes('noCache') ? NO_CACHE_PARAM : 0);
    // Every member present from the start, so targets keep one shape as `selected` and `logged` are filled in.
    return { pass: false, key, route: found, query, mark: routeMark(found.route.path, true), takes, selected: undefined, logged: undefined };
  }

  /**
   * targetOf, kept per URL; not for a URL that still holds an install id (one takeInstallQuery
   * left whole), which would keep the id in memory past the adoption flush (docs/API.md).
   */
  function lookUp(url: string): Target {
    let target = targets.get(url);
    if (target === undefined) {
      target = targetOf(url);
      // The URL and key as UTF-16, the logged URL (about the URL's length) as UTF-8.
      if (!url.includes('install_id')) targets.set(url, target, 64 + url.length * 3 + (target.pass ? 0 : target.key.length * 2));
    }
    return target;
  }

  /** The cached answer under `key`, compiled when missing or stale; null when the answer is an error (Express answers it). */
  function answerFor(target: Extract<Target, { pass: false }>, key: string, request: ReadRequest, nowId: number): Entry | null {
    const entry = cache.get(key);
    if (entry !== undefined && request.nowMs < entry.ready.validUntil && current(entry, nowId)) return entry;
    const read = target.route.route.read!;
    const started = performance.now();
    let fresh: Entry;
    try {
      const answer = read.answer(snapshot, request);
      if (answer.kind === 'none') {
        cache.delete(key);
        return null; // Express answers the 204
      }
      fresh = { ready: new ReadyAnswer(answer, headers, read.negotiates === true, read.languages === true), read, sliceIds: read.slices(snapshot).map(idOf), snapshotId: nowId };
    } catch {
      cache.delete(key);
      return null; // Express answers it, error page or JSON error alike
    }
    cache.set(key, fresh, 64 + key.length * 2 + fresh.ready.bytes);
    options.onCompiled?.(key, performance.now() - started);
    return fresh;
  }

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const micros = clock.nowMicros();
    const nowMs = micros / 1000;
    // Every install's check is looked up as the URL all installs share (see takeInstallQuery),
    // when its route takes what was taken out.
    const shared = takeInstallQuery(url);
    let target = shared === null ? lookUp(url) : lookUp(shared.url);
    let install: string | undefined;
    // Where the access line's URL, kept on the target, stands (LoggedUrl's place): -1 for the
    // target's own URL; null when a noCache value was taken out, as it is logged as it was sent
    // (that URL's line is made whole).
    let place: number | null = -1;
    if (shared !== null) {
      if (!target.pass && (target.takes & shared.taken) === shared.taken) {
        install = shared.install;
        place = shared.taken === INSTALL_PARAM ? shared.installAt * 2 + (url.charCodeAt(shared.installAt - 1) === 0x26 ? 1 : 0) : null;
      } else target = lookUp(url);
    }
    if (target.pass) return false;
    const read = target.route.route.read!;
    const prefers = read.negotiates ? options.prefers(req.headers.accept) : 'json';
    const request: ReadRequest = { params: target.route.params, query: target.query, nowMs, prefers, acceptLanguage: req.headers['accept-language'], stagingId: stagingIdOf(req.headers['x-user-staging-id']), install };
    const nowId = currentSnapshotId();
    const base = prefers === 'json' ? target.key : `${prefers} ${target.key}`;
    let key = base;
    let selection = '';
    if (read.select) {
      // Selection is a function of the snapshot, the URL and Accept-Language: a URL asked again
      // (an install polling) reuses it rather than parsing and selecting anew.
      let selected = target.selected;
      if (selected === undefined || selected.snapshotId !== nowId || selected.acceptLanguage !== request.acceptLanguage || selected.prefers !== prefers) {
        try {
          selection = read.select(snapshot, request);
        } catch {
          return false; // a malformed parameter: Express answers the 400
        }
        selected = { snapshotId: nowId, acceptLanguage: request.acceptLanguage, prefers, selection, key: `${base}\u0000${selection}` };
        target.selected = selected;
      }
      [key, selection] = [selected.key, selected.selection];
    }
    // The install's own selection: the staged releases it is in.
    let own = false;
    if (read.installs) {
      let named: string | undefined;
      try {
        named = read.installs.of(request);
      } catch {
        return false; // a malformed install id: Express answers the 400
      }
      if (named !== undefined) {
        own = true;
        const mine = read.installs.select(snapshot, selection, named);
        if (mine !== selection) {
          const selected = target.selected;
          if (selected?.own?.selection === mine) key = selected.own.key;
          else {
            key = `${base}\u0000${mine}`;
            if (selected !== undefined) selected.own = { selection: mine, key };
          }
          selection = mine;
        }
      }
    }
    const entry = answerFor(target, key, request, nowId);
    if (entry === null) return false;
    read.observe?.(request, snapshot, selection);

    const { ready } = entry;
    const bytes = ready.bytes;
    const variant = ready.variant(preferredCoding(req.headers['accept-encoding']));
    // A variant built just now counts against the budget too.
    if (ready.bytes !== bytes) cache.set(key, entry, 64 + key.length * 2 + ready.bytes);
    const inm = req.headers['if-none-match'];
    const notModified = inm !== undefined && ifNoneMatch(inm, ready.tags);
    const https = arrivedOverHttps(req, trust) ? 1 : 0;
    let list = notModified ? variant.notModified[https] : variant.ok[https];
    const nearBoundary = ready.validUntil - nowMs < STATIC_CACHE_CONTROL_MS;
    // One install's answer: the variant's private lists, made once.
    if (own && !nearBoundary) list = notModified ? variant.notModifiedPrivate[https] : variant.okPrivate[https];
    if (nearBoundary || listedCors || (read.revalidate && !own)) {
      list = list.slice();
      if (own) list[CACHE_CONTROL_AT] = PRIVATE_CACHE_CONTROL;
      else if (read.revalidate) list[CACHE_CONTROL_AT] = REVALIDATE_CACHE_CONTROL;
      else if (nearBoundary) list[CACHE_CONTROL_AT] = publicCacheControl(ready.validUntil, nowMs);
      const origin = listedCors ? allowedOrigin(cors, req.headers.origin, true) : null;
      if (origin !== null) list.push(...corsHeaderList(origin));
    }
    const status = notModified ? 304 : 200;
    res.writeHead(status, list);
    if (notModified || method === 'HEAD') res.end();
    else if (variant.tail === null) res.end(variant.head);
    else {
      // Head and tail leave in one writev: corked here, rather than by Node until the next tick.
      // (Copying them into one buffer costs more for large answers: a fresh allocation each.)
      res.cork();
      res.write(variant.head);
      res.end(variant.tail(micros));
      res.uncork();
    }
    if (log !== null) {
      if (place === null) log.write(req, status, nowMs);
      else {
        if (target.logged?.place !== place) target.logged = { place, url: loggedUrl(url) };
        log.write(req, status, nowMs, target.logged.url);
      }
    }
    markRoute(req, target.mark);
    return true;
  };
  return Object.assign(handle, { cacheEntries: () => cache.size, cacheBytes: () => cache.bytes });
}
