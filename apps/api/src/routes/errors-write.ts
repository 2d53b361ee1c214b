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
import type { Request, Response } from 'express';
import { credentialOf, requireScope } from '../auth/require-scope';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { jsonBody } from '../http/json-body';
import { limitPerCredential } from '../http/rate-limit';
import { members, sendData, sendEnvelope } from '../http/respond';
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
  const { auth, clock, rateLimits } = deps;
  const who = (req: Request) => ({ ip: clientIp(req), actor: credentialOf(req).actor });
  const writer = [requireScope(auth, 'errors:write'), limitPerCredential(rateLimits.catalog), ...jsonBody];
  const category = 'error information management' as const;
  const entryData = (req: Request, res: Response, entry: ErrorEntry, status: number) => sendData(req, res, clock, JSON.stringify(entryJson(entry)), undefined, status);

  /** The two add operations differ only in what they answer. */
  const add = (path: string, description: string, data: z.ZodType, answer: (req: Request, res: Response, result: ChangeResult) => void): RouteDef => ({
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
    handlers: [...writer, async (req, res) => answer(req, res, await run(catalog.create(parseBody(ErrorEntryInput, req.body), who(req))))],
  });

  return [
    add('/api/tunnel/errors/addNew', 'Add an entry; answers { data: { Flag, Info, Solution }, logs_count, success }', ErrorEntrySummary, (req, res, { entry, seq }) =>
      sendEnvelope(req, res, clock, members({ success: true, data: { Flag: entry.Flag, Info: entry.Info, Solution: entry.Solution }, logs_count: seq }), 201),
    ),
    add('/api/tunnel/errors', 'Add an entry with its metadata; answers the whole entry', ErrorEntryView, (req, res, { entry }) => entryData(req, res, entry, 201)),
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
      handlers: [
        ...writer,
        async (req, res) => {
          const flag = flagParam(req);
          const { entry } = await run(catalog.update(flag, parseBody(ErrorEntryUpdate, req.body), who(req)));
          entryData(req, res, entry, 200);
        },
      ],
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
      handlers: [
        requireScope(auth, 'errors:write'),
        limitPerCredential(rateLimits.catalog),
        async (req, res) => {
          const flag = flagParam(req);
          const { entry } = await run(catalog.delete(flag, who(req)));
          entryData(req, res, entry, 200);
        },
      ],
    },
  ];
}
