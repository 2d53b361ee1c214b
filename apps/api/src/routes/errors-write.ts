import {
  DuplicateFlagError,
  FlagMismatchError,
  InvalidFlagError,
  StorageUnavailableError,
  UnknownFlagError,
  type CatalogStore,
  type ChangeResult,
} from '@companion/catalog-store';
import { ErrorEntryInput, ErrorEntrySummary, ErrorEntryUpdate, ErrorEntryView, FlagParam, LogsCount, type ErrorEntry } from '@companion/schema';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { dataMembers } from '../fast/read';
import type { WriteAnswer, WriteCall } from '../fast/write';
import { ApiError } from '../http/errors';
import { limitPerCredential } from '../http/rate-limit';
import { members } from '../http/respond';
import { parseBody } from '../http/validate';
import { entryJson, flagParam } from './errors-read';
import type { RouteDef } from './table';

/** The store's typed refusals as API errors. */
function asApiError(error: unknown): unknown {
  if (error instanceof DuplicateFlagError) return new ApiError('DUPLICATE_FLAG', `An entry with Flag ${error.flag} already exists.`);
  if (error instanceof UnknownFlagError) return new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${error.flag}.`);
  if (error instanceof FlagMismatchError) return new ApiError('VALIDATION_FAILED', undefined, [{ path: 'Flag', message: error.message }]);
  if (error instanceof InvalidFlagError) return new ApiError('BAD_PARAMETER', error.message);
  if (error instanceof StorageUnavailableError) return new ApiError('STORAGE_UNAVAILABLE', `Storage cannot accept writes: ${error.message}. Reads still work.`);
  return error;
}

const run = async <T>(change: Promise<T>): Promise<T> => {
  try {
    return await change;
  } catch (error) {
    throw asApiError(error);
  }
};


export function errorWriteRoutes(deps: AppDeps, catalog: CatalogStore): RouteDef[] {
  const limiter = limitPerCredential(deps, 'catalog');
  const category = 'error information management' as const;
  const entryData = (entry: ErrorEntry, status: number): WriteAnswer => ({ status, members: dataMembers(JSON.stringify(entryJson(entry))) });

  /** The two add operations differ only in what they answer. */
  const add = (path: string, description: string, data: z.ZodType, answer: (result: ChangeResult) => WriteAnswer): RouteDef => ({
    method: 'POST',
    path,
    category,
    description,
    scope: 'errors:write',
    body: ErrorEntryInput,
    data,
    errors: ['DUPLICATE_FLAG', 'STORAGE_UNAVAILABLE'],
    status: 201,
    example: { Flag: path.endsWith('/addNew') ? 'PORT1099' : 'PORT1098', Info: 'The local port is reserved by the operating system.', Solution: ['Pick another local_port.'], severity: 'low' },
    ...(path.endsWith('/addNew') && { extra: { logs_count: LogsCount } }),
    handlers: [],
    write: { limiter, handle: async ({ body, who }) => answer(await run(catalog.create(parseBody(ErrorEntryInput, body), who))) },
  });

  return [
    add('/api/tunnel/errors/addNew', 'Add an entry; answers { data: { Flag, Info, Solution }, logs_count, success }', ErrorEntrySummary, ({ entry, seq }) => ({
      status: 201,
      members: members({ success: true, data: { Flag: entry.Flag, Info: entry.Info, Solution: entry.Solution }, logs_count: seq }),
    })),
    add('/api/tunnel/errors', 'Add an entry with its metadata; answers the whole entry', ErrorEntryView, ({ entry }) => entryData(entry, 201)),
    {
      method: 'PUT',
      path: '/api/tunnel/errors/:flag',
      category,
      description: 'Replace an entry\'s Info, Solution and metadata (the Flag cannot change)',
      scope: 'errors:write',
      body: ErrorEntryUpdate,
      data: ErrorEntryView,
      params: { flag: FlagParam },
      example: { Info: 'The local port is reserved by the operating system.', Solution: ['Pick another local_port.', 'Restart the tunnel.'], severity: 'medium' },
      errors: ['ERROR_ENTRY_NOT_FOUND', 'STORAGE_UNAVAILABLE'],
      handlers: [],
      write: {
        limiter,
        handle: async ({ body, params, who }: WriteCall) => {
          const flag = flagParam({ params });
          const { entry } = await run(catalog.update(flag, parseBody(ErrorEntryUpdate, body), who));
          return entryData(entry, 200);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/api/tunnel/errors/:flag',
      category,
      description: 'Delete an entry; answers the removed entry',
      data: ErrorEntryView,
      params: { flag: FlagParam },
      scope: 'errors:write',
      errors: ['ERROR_ENTRY_NOT_FOUND', 'STORAGE_UNAVAILABLE'],
      handlers: [],
      // Deletes keep a rate limit of their own, as they always had.
      write: {
        limiter: limitPerCredential(deps, 'catalog', 'catalog-delete'),
        handle: async ({ params, who }) => {
          const { entry } = await run(catalog.delete(flagParam({ params }), who));
          return entryData(entry, 200);
        },
      },
    },
  ];
}
