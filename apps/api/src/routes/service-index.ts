import { ServiceIndex } from '@companion/schema';
import type { AppDeps } from '../deps';
import { members, sendEnvelope } from '../http/respond';
import { CATEGORIES, displayPath, type RouteDef } from './table';

/** `GET /` and `GET /api`: every route of the table, grouped by category. */
export function serviceIndexRoutes({ clock, version }: AppDeps, table: () => readonly RouteDef[]): RouteDef[] {
  let endpoints: string | undefined;
  const head = members({ message: 'Tunnel Companion Service', version });
  const handler = (req: Parameters<RouteDef['handlers'][number]>[0], res: Parameters<RouteDef['handlers'][number]>[1]) => {
    // { message, version, timestamp, endpoints }: the order the index is documented in.
    endpoints ??= members({
      endpoints: Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          Object.fromEntries(table().filter((r) => r.category === category).map((r) => [`${r.method} ${displayPath(r.path)}`, r.description])),
        ]),
      ),
    });
    sendEnvelope(req, res, clock, head, 200, undefined, endpoints);
  };
  return [
    { method: 'GET', path: '/', category: 'system monitoring', description: 'This service index', handlers: [handler], answer: ServiceIndex(CATEGORIES) },
    { method: 'GET', path: '/api', category: 'system monitoring', description: 'This service index', handlers: [handler], answer: ServiceIndex(CATEGORIES) },
  ];
}
