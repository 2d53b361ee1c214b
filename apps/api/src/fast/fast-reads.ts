import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '@companion/schema';
import type { ContentSource } from '../deps';
import type { AccessLog } from '../http/access-log';
import { BoundedMap } from '../http/bounded-map';
import { allowedOrigin, corsHeaderList, type CorsPolicy } from '../http/cors';
import { arrivedOverHttps, MAX_AGE_S, publicCacheControl, STALE_WHILE_REVALIDATE_S, type TrustProxy } from '../http/headers';
import { ifNoneMatch } from '../http/respond';
import type { RouteDef } from '../routes/table';
import { preferredCoding } from './accept-encoding';
import { CACHE_CONTROL_AT, ReadyAnswer, type HeaderPolicy } from './compile';
import type { ReadRequest, SnapshotRead } from './read';
import { routeMatcher } from './route-match';
import { stampOf } from './stamp';

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
}

/** What the cache holds per URL: a ready answer with the identities it was built from, or "not ours". */
type Entry =
  | { kind: 'ready'; ready: ReadyAnswer; read: SnapshotRead; sliceIds: number[] }
  | { kind: 'negotiates' }
  | { kind: 'selects'; read: SnapshotRead; params: Record<string, string>; allowed: readonly string[] }
  | { kind: 'pass' };

const PASS: Entry = { kind: 'pass' };
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};
const NEGOTIATES: Entry = { kind: 'negotiates' };
const STATIC_CACHE_CONTROL_MS = (MAX_AGE_S + STALE_WHILE_REVALIDATE_S) * 1000;

/**
 * The fast read path: answers GET and HEAD of every route with a `read` from answers compiled
 * once per snapshot slice and URL, on the raw node:http request, before Express. Returns false
 * for everything else (another route, a query the route does not take, an answer that is an
 * error), which Express then handles unchanged.
 */
export type FastReads = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
  /** Answers (and route lookups) the cache holds now: one per URL, or per selection of a selecting route. */
  cacheEntries(): number;
};

export function createFastReads(options: FastReadsOptions): FastReads {
  const { content, clock, trust, cors, headers, log } = options;
  const match = routeMatcher(options.table);
  const cache = new BoundedMap<string, Entry>(options.budgetBytes);
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
  const sameSlices = (read: SnapshotRead, sliceIds: readonly number[]) => {
    const slices = read.slices(content.current());
    for (let i = 0; i < slices.length; i++) if (ids.get(slices[i]!) !== sliceIds[i]) return false;
    return true;
  };

  /** Resolves a URL the cache does not know: "not ours", "negotiates", or a compiled answer (null when the answer is an error). */
  function resolve(url: string, key: string, prefers: 'html' | 'json', nowMs: number): Entry | null {
    const q = url.indexOf('?');
    const found = match(q === -1 ? url : url.slice(0, q));
    const read = found?.route.read;
    if (!found || !read) return PASS;
    if (read.negotiates && key === url) return NEGOTIATES;
    const allowed = Object.keys(found.route.query ?? {});
    // Cached by path: each request's own query and headers pick its answer (see selected).
    if (read.select) return { kind: 'selects', read, params: found.params, allowed };
    const query = q === -1 ? {} : options.parseQuery(url.slice(q + 1));
    if (found.route.unknownQuery !== 'ignore' && Object.keys(query).some((name) => !allowed.includes(name))) return PASS;
    return compiled(read, { params: found.params, query, nowMs, prefers });
  }

  function compiled(read: SnapshotRead, request: ReadRequest): Entry | null {
    const snapshot = content.current();
    try {
      const answer = read.answer(snapshot, request);
      return { kind: 'ready', ready: new ReadyAnswer(answer, headers, read.negotiates === true, read.languages === true), read, sliceIds: read.slices(snapshot).map(idOf) };
    } catch {
      return null; // Express answers it, error page or JSON error alike
    }
  }

  const valid = (entry: Entry | undefined, nowMs: number): entry is Entry =>
    entry !== undefined && (entry.kind !== 'ready' || (nowMs < entry.ready.validUntil && sameSlices(entry.read, entry.sliceIds)));

  function remember(key: string, entry: Entry | null): Entry | null {
    if (entry === null) cache.delete(key);
    else cache.set(key, entry, 64 + key.length * 2 + (entry.kind === 'ready' ? entry.ready.bytes : 0));
    return entry;
  }

  function lookup(url: string, key: string, prefers: 'html' | 'json', nowMs: number): Entry | null {
    const entry = cache.get(key);
    if (valid(entry, nowMs)) return entry;
    const fresh = resolve(url, key, prefers, nowMs);
    // A selecting route is remembered under its path, whatever query this URL carried.
    return remember(fresh?.kind === 'selects' && key === url ? pathOf(url) : key, fresh);
  }

  /**
   * The answer of a selecting route for this request: its query checked as Express would, then
   * the route's key for it (which notices match, which language) names the cached answer.
   */
  function selected(entry: Extract<Entry, { kind: 'selects' }>, url: string, path: string, acceptLanguage: string | undefined, nowMs: number): [string, Entry | null] {
    const q = url.indexOf('?');
    const query = q === -1 ? {} : options.parseQuery(url.slice(q + 1));
    for (const name in query) if (!entry.allowed.includes(name)) return [path, null];
    const request: ReadRequest = { params: entry.params, query, nowMs, prefers: 'json', acceptLanguage };
    let selection: string;
    try {
      selection = entry.read.select!(content.current(), request);
    } catch {
      return [path, null]; // a malformed parameter: Express answers the 400
    }
    const key = `${path}\u0000${selection}`;
    const cached = cache.get(key);
    return [key, valid(cached, nowMs) ? cached : remember(key, compiled(entry.read, request))];
  }

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const micros = clock.nowMicros();
    const nowMs = micros / 1000;
    let key = url;
    const path = pathOf(url);
    // A URL with a query may belong to a selecting route, remembered under its path alone.
    const byPath = path === url ? undefined : cache.get(path);
    let entry = byPath?.kind === 'selects' ? byPath : lookup(url, key, 'json', nowMs);
    if (entry?.kind === 'negotiates') {
      const prefers = options.prefers(req.headers.accept);
      key = `${prefers} ${url}`;
      entry = lookup(url, key, prefers, nowMs);
    } else if (entry?.kind === 'selects') {
      [key, entry] = selected(entry, url, path, req.headers['accept-language'], nowMs);
    }
    if (entry === null || entry.kind !== 'ready') return false;

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
    if (nearBoundary || listedCors) {
      list = list.slice();
      if (nearBoundary) list[CACHE_CONTROL_AT] = publicCacheControl(ready.validUntil, nowMs);
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
      res.end(variant.tail(stampOf(micros)));
      res.uncork();
    }
    log?.write(req, status, nowMs);
    return true;
  };
  return Object.assign(handle, { cacheEntries: () => cache.size });
}
