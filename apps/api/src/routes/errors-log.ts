import { UnknownFlagError, type CatalogStore, type OpRecord } from '@companion/catalog-store';
import { CatalogStats, Count, EntryVersionList, FlagParam, LogQuery, OperationRecordList, OPERATIONS } from '@companion/schema';
import { optionalCredential, requireScope } from '@companion/auth';
import type { AppDeps } from '../deps';
import { ApiError, maskIp, members, queryEnum, queryInt, queryString, sendData, sendEnvelope } from '@companion/http-kit';
import { entryJson, flagParam } from './errors-read';
import type { RouteDef } from '@companion/route-table';

const publicRecord = (r: OpRecord, unmasked: boolean) => ({
  seq: r.seq,
  timestamp: r.timestamp,
  flag: r.flag,
  operation: r.operation,
  user_ip: unmasked ? r.user_ip : maskIp(r.user_ip),
});

/** The catalogue's public statistics and its operation log. */
export function errorLogRoutes({ auth, clock, content }: AppDeps, catalog: CatalogStore): RouteDef[] {
  const category = 'error information management' as const;
  return [
    {
      method: 'GET',
      path: '/api/tunnel/errors/stats',
      category,
      data: CatalogStats,
      optionalScope: 'errors:read-log',
      description: 'Entry total, operation counters, recent operations (user_ip masked without errors:read-log) and the log total',
      handlers: [
        (req, res) => {
          const stats = catalog.stats();
          const unmasked = optionalCredential(auth, req)?.scopes.has('errors:read-log') ?? false;
          const data = {
            total_errors: content.current().errors.size,
            operations: stats.operations,
            recent_operations: stats.recent.map((r) => publicRecord(r, unmasked)),
            logs_total: stats.logsTotal,
          };
          sendData(req, res, clock, JSON.stringify(data));
        },
      ],
    },
    {
      method: 'GET',
      path: '/api/tunnel/errors/logs',
      category,
      description: 'The operation log, newest first: flag, operation, limit (1-500), offset',
      scope: 'errors:read-log',
      query: LogQuery,
      data: OperationRecordList,
      extra: { total: Count.meta({ description: 'records matching the filters' }) },
      handlers: [
        requireScope(auth, 'errors:read-log'),
        (req, res) => {
          const flag = queryString(req, 'flag', 32);
          const operation = queryEnum(req, 'operation', OPERATIONS);
          const limit = queryInt(req, 'limit', 1, 500, 50);
          const offset = queryInt(req, 'offset', 0, 1_000_000_000, 0);
          const page = catalog.logs({ ...(flag && { flag }), ...(operation && { operation }), limit, offset });
          sendEnvelope(req, res, clock, members({ success: true, count: page.records.length, total: page.total, data: page.records.map((r) => ({ ...r, entry: entryJson(r.entry) })) }));
        },
      ],
    },
    {
      method: 'GET',
      path: '/api/tunnel/errors/:flag/history',
      category,
      description: "Every version of an entry, oldest first: the shipped file before the first API change, then each change with its author, time, reason and the whole entry as it was",
      scope: 'errors:read-log',
      params: { flag: FlagParam },
      data: EntryVersionList,
      errors: ['ERROR_ENTRY_NOT_FOUND'],
      handlers: [
        requireScope(auth, 'errors:read-log'),
        (req, res) => {
          const flag = flagParam(req);
          let versions;
          try {
            versions = catalog.history(flag);
          } catch (error) {
            if (error instanceof UnknownFlagError) throw new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${flag}, now or before.`);
            throw error;
          }
          sendEnvelope(req, res, clock, members({ success: true, count: versions.length, data: versions.map((v) => ({ ...v, entry: entryJson(v.entry) })) }));
        },
      ],
    },
  ];
}
