import { ServiceIndex } from '@companion/schema';
import type { AppDeps } from '../deps';
import { members, type SnapshotRead } from '@companion/http-kit';
import { CATEGORIES, displayPath, type RouteDef } from '@companion/route-table';

/** `GET /` and `GET /api`: every route of the table, grouped by category. */
export function serviceIndexRoutes({ version }: Pick<AppDeps, 'version'>, table: () => readonly RouteDef[]): RouteDef[] {
  let endpoints: string | undefined;
  const head = members({ message: 'Tunnel Companion Service', version });
  const read: SnapshotRead = {
    slices: () => [],
    answer: () => {
      // { message, version, timestamp, endpoints }: the order the index is documented in.
      endpoints ??= members({
        endpoints: Object.fromEntries(
          CATEGORIES.map((category) => [
            category,
            Object.fromEntries(table().filter((r) => r.category === category).map((r) => [`${r.method} ${displayPath(r.path)}`, r.description])),
          ]),
        ),
      });
      return { kind: 'envelope', members: head, after: endpoints };
    },
  };
  return [
    { method: 'GET', path: '/', category: 'system monitoring', description: 'This service index', handlers: [], read, answer: ServiceIndex(CATEGORIES) },
    { method: 'GET', path: '/api', category: 'system monitoring', description: 'This service index', handlers: [], read, answer: ServiceIndex(CATEGORIES) },
  ];
}
