import type { RouteDef } from '@companion/route-table';

/** A GET route of the table as the fast path matches it: Express's order and parameter decoding. */
export interface MatchedRoute {
  route: RouteDef;
  params: Record<string, string>;
}

interface Matcher {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
}

/**
 * Finds the route Express would run for a GET path: the first in table order whose path matches
 * (case-sensitive, an optional trailing slash), its `:name` segments %-decoded. null when no route
 * matches or a segment does not decode (Express answers both).
 */
export function routeMatcher(table: readonly RouteDef[]): (path: string) => MatchedRoute | null {
  let matchers: Matcher[] | undefined;
  const compile = () =>
    table
      .filter((route) => route.method === 'GET')
      .map((route) => {
        const names: string[] = [];
        const source = route.path
          .split('/')
          .map((segment) => {
            if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(segment.slice(1));
            return '([^/]+)';
          })
          .join('/');
        return { route, names, pattern: new RegExp(`^${source}${source.endsWith("/") ? "" : "/?"}$`) };
      });
  return (path) => {
    matchers ??= compile(); // the table is complete only once createApp has filled it
    for (const { route, names, pattern } of matchers) {
      const found = pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      try {
        names.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1]!)));
      } catch {
        return null;
      }
      return { route, params };
    }
    return null;
  };
}
