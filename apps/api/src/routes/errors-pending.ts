import type { CatalogStore } from '@companion/catalog-store';
import { UnexportedChanges } from '@companion/schema';
import { requireScope } from '@companion/auth';
import type { AppDeps } from '../deps';
import { members, sendEnvelope } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';

/** The API changes the content files do not hold yet: what `pnpm catalog:export` writes into a checkout. */
export function errorPendingRoutes({ auth, clock, content }: AppDeps, catalog: CatalogStore): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/tunnel/errors/pending',
      category: 'error information management',
      description: 'API changes of the catalogue not yet in the content files, per Flag with its state and its changes (for pnpm catalog:export)',
      scope: 'errors:read-log',
      data: UnexportedChanges,
      handlers: [
        requireScope(auth, 'errors:read-log'),
        (req, res) => {
          const { log_id, log_ancestors, applied_seq } = catalog.health();
          const exported = catalog.exportedSeq(content.current().catalogExports);
          const changes = catalog.unexported(exported).map(({ flag, seq, state, records }) => ({
            flag,
            seq,
            state,
            records: records.map((r) => ({ seq: r.seq, timestamp: r.timestamp, operation: r.operation, actor: r.actor })),
          }));
          sendEnvelope(req, res, clock, members({ success: true, data: { log_id, log_ancestors, applied_seq, exported_seq: exported, changes } }));
        },
      ],
    },
  ];
}
