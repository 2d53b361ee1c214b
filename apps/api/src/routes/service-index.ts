import type { AppDeps } from '../deps';
import { members, sendEnvelope } from '../http/respond';
import { CATEGORIES, displayPath, type RouteDef } from './table';

/** `GET /` and `GET /api`: every route of the table, grouped by category. */
export function serviceIndexRoutes({ clock, version }: AppDeps, table: () => readonly RouteDef[]): RouteDef[] {
  let body: string | undefined;
  const handler = (req: Parameters<RouteDef['handlers'][number]>[0], res: Parameters<RouteDef['handlers'][number]>[1]) => {
    body ??= members({
      message: 'Tunnel Companion Service',
      version,
      endpoints: Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          Object.fromEntries(table().filter((r) => r.category === category).map((r) => [`${r.method} ${displayPath(r.path)}`, r.description])),
        ]),
      ),
    });
    sendEnvelope(req, res, clock, body);
  };
  return [
    { method: 'GET', path: '/', category: 'system monitoring', description: 'This service index', handlers: [handler] },
    { method: 'GET', path: '/api', category: 'system monitoring', description: 'This service index', handlers: [handler] },
  ];
}
