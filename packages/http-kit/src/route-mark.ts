import type { IncomingMessage } from 'node:http';

const ROUTE = Symbol('route');

/** Which route answered a request (its path template), and whether the fast path did. */
export interface RouteMark {
  readonly path: string;
  readonly fast: boolean;
}

interface Marked {
  [ROUTE]?: RouteMark;
}

/** A route's mark, made once per route rather than per request. */
export const routeMark = (path: string, fast: boolean): RouteMark => Object.freeze({ path, fast });

/** Says which route answered a request; read by the metrics. */
export function markRoute(req: IncomingMessage, mark: RouteMark): void {
  (req as Marked)[ROUTE] = mark;
}

/** The route `markRoute` named, else Express's matched route, else null (no route matched). */
export function routeOf(req: IncomingMessage): RouteMark | null {
  const marked = (req as Marked)[ROUTE];
  if (marked) return marked;
  const matched = (req as { route?: { path?: unknown } }).route?.path;
  return typeof matched === 'string' ? { path: matched, fast: false } : null;
}
