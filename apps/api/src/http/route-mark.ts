import type { IncomingMessage } from 'node:http';

const ROUTE = Symbol('route');

interface Marked {
  [ROUTE]?: { path: string; fast: boolean };
}

/** Says which route answered a request (its path template), and whether the fast path did; read by the metrics. */
export function markRoute(req: IncomingMessage, path: string, fast: boolean): void {
  (req as Marked)[ROUTE] = { path, fast };
}

/** The route `markRoute` named, else Express's matched route, else null (no route matched). */
export function routeOf(req: IncomingMessage): { path: string; fast: boolean } | null {
  const marked = (req as Marked)[ROUTE];
  if (marked) return marked;
  const matched = (req as { route?: { path?: unknown } }).route?.path;
  return typeof matched === 'string' ? { path: matched, fast: false } : null;
}
