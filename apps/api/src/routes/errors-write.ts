import type { Request } from 'express';
import {
  DuplicateFlagError,
  FlagMismatchError,
  InvalidFlagError,
  MissingFieldsError,
  PreconditionFailedError,
  StorageUnavailableError,
  UnknownFlagError,
  UnknownVersionError,
  type Actor,
  type CatalogStore,
  type ChangeResult,
} from '@companion/catalog-store';
import { KeyTakenError } from '@companion/idempotency';
import { ChangeReason, RestoreRequest, ErrorEntryInput, ErrorEntryPatch, ErrorEntrySummary, ErrorEntryUpdate, ErrorEntryView, FlagParam, LogsCount, type ErrorEntry } from '@companion/schema';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { ApiError, claimOf, dataMembers, IdempotentWrites, members, MERGE_PATCH, parseBody, queryString, type WriteAnswer, type WriteCall } from '@companion/http-kit';
import { limitPerCredential } from '../http/rate-limit';
import { entryTag, ifMatch } from './entry-tag';
import { entryJson, flagParam } from './errors-read';
import type { RouteDef } from '@companion/route-table';

/** The store's typed refusals as API errors. */
function asApiError(error: unknown): unknown {
  if (error instanceof DuplicateFlagError) return new ApiError('DUPLICATE_FLAG', `An entry with Flag ${error.flag} already exists.`);
  if (error instanceof UnknownVersionError) return new ApiError('ENTRY_VERSION_NOT_FOUND', `${error.flag} has no version ${error.version}: GET /api/tunnel/errors/${error.flag}/history lists them.`);
  if (error instanceof UnknownFlagError) return new ApiError('ERROR_ENTRY_NOT_FOUND', `No catalogue entry has Flag ${error.flag}.`);
  if (error instanceof FlagMismatchError) return new ApiError('VALIDATION_FAILED', undefined, [{ path: 'Flag', message: error.message }]);
  if (error instanceof InvalidFlagError) return new ApiError('BAD_PARAMETER', error.message);
  if (error instanceof PreconditionFailedError) return new ApiError('PRECONDITION_FAILED', `Entry ${error.flag} is not in the state If-Match names: it changed or was removed since it was read. Read it again, then retry.`);
  if (error instanceof MissingFieldsError) {
    return new ApiError(
      'VALIDATION_FAILED',
      `PUT replaces the whole entry; the body leaves out ${error.fields.map((f) => f.field).join(', ')}, which ${error.flag} has.`,
      error.fields.map(({ field, value }) => ({ path: field, message: `PUT replaces the whole entry, and ${error.flag} has ${field} ${JSON.stringify(value)}: send it (null removes it), or use PATCH to change only some fields` })),
    );
  }
  if (error instanceof StorageUnavailableError) return new ApiError('STORAGE_UNAVAILABLE', `Storage cannot accept writes: ${error.message}. Reads still work.`);
  return error;
}

/** Who asks, with the reason a body gives (not part of the entry: the store records it with the change). */
const withReason = (who: Actor, body: { reason?: string | undefined }): Actor => (body.reason === undefined ? who : { ...who, reason: body.reason });

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
  /** The entry as a GET answers it, with the same ETag, so the answer can be the next If-Match. */
  const entryData = (entry: ErrorEntry, status: number): WriteAnswer => ({ status, members: dataMembers(JSON.stringify(entryJson(entry))), headers: { ETag: entryTag(entry) } });
  // One for both add routes: a key is the credential's, whichever path it was sent to.
  const keyed = new IdempotentWrites(deps.restore ?? null);
  const flagged = { params: { flag: FlagParam }, ifMatch: true, data: ErrorEntryView } as const;
  /** PUT and PATCH: one change of the Flag in the path under the request's If-Match, answered with the entry. */
  // A change of one entry: with a key (a restore's Idempotency-Key, a console form's own), done once and answered alike.
  const changeOf = (change: (flag: string, body: unknown, who: WriteCall['who'], precondition: ReturnType<typeof ifMatch>) => ReturnType<typeof catalog.update>) => ({
    limiter,
    handle: async ({ body, params, who, ifMatch: tags, keyed: request }: WriteCall) =>
      keyed.run(
        claimOf({ ...request, body: { params, body, ifMatch: tags ?? null } }),
        {
          recall: (claim) => run(catalog.recall(claim)),
          perform: (claim) => run(change(flagParam({ params }), body, claim ? { ...who, claim } : who, ifMatch(tags, () => deps.content.current()))),
        },
        ({ entry }) => entryData(entry, 200),
      ),
  });

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
    idempotent: true,
    example: { Flag: path.endsWith('/addNew') ? 'PORT1099' : 'PORT1098', Info: 'The local port is reserved by the operating system.', Solution: ['Pick another local_port.'], severity: 'low' },
    ...(path.endsWith('/addNew') ? { extra: { logs_count: LogsCount } } : { answersTag: true }),
    handlers: [],
    write: {
      limiter,
      handle: async ({ body, who, keyed: request }) =>
        keyed.run(
          claimOf({ ...request, body }),
          {
            recall: (claim) => run(catalog.recall(claim)),
            refusesHeldKeys: catalog.refusesHeldKeys,
            perform: async (claim) => {
              const input = parseBody(ErrorEntryInput, body);
              try {
                return await catalog.create(input, { ...withReason(who, input), ...(claim && { claim }) });
              } catch (error) {
                if (error instanceof KeyTakenError) throw error;
                // Another replica added the entry under this key meanwhile: its answer is the answer.
                if (claim && error instanceof DuplicateFlagError && (await catalog.recall(claim).catch(() => null))) throw new KeyTakenError(claim);
                throw asApiError(error);
              }
            },
          },
          answer,
        ),
    },
  });

  return [
    add('/api/tunnel/errors/addNew', 'Add an entry; answers { data: { Flag, Info, Solution }, logs_count, success }', ErrorEntrySummary, ({ entry, seq }) => ({
      status: 201,
      members: members({ success: true, data: { Flag: entry.Flag, Info: entry.Info, Solution: entry.Solution }, logs_count: seq }),
    })),
    add('/api/tunnel/errors', 'Add an entry with its metadata; answers the whole entry with its ETag', ErrorEntryView, ({ entry }) => entryData(entry, 201)),
    {
      method: 'PUT',
      path: '/api/tunnel/errors/:flag',
      category,
      description: 'Replace the whole entry (the Flag cannot change); a field the entry has must be sent, null to remove it, or the PUT is refused naming it (use PATCH to change some fields)',
      scope: 'errors:write',
      body: ErrorEntryUpdate,
      ...flagged,
      answersTag: true,
      example: { Info: 'The local port is reserved by the operating system.', Solution: ['Pick another local_port.', 'Restart the tunnel.'], messages: ['bind: address already in use'], category: 'local', severity: 'medium', creator: null, notes: null },
      errors: ['ERROR_ENTRY_NOT_FOUND', 'PRECONDITION_FAILED', 'STORAGE_UNAVAILABLE'],
      handlers: [],
      write: changeOf((flag, body, who, precondition) => {
        const input = parseBody(ErrorEntryUpdate, body);
        return catalog.update(flag, input, withReason(who, input), precondition);
      }),
    },
    {
      method: 'PATCH',
      path: '/api/tunnel/errors/:flag',
      category,
      description: 'Change some fields of an entry: a JSON Merge Patch (application/merge-patch+json); null removes an optional field',
      scope: 'errors:write',
      body: ErrorEntryPatch,
      bodyMedia: MERGE_PATCH,
      ...flagged,
      answersTag: true,
      example: { notes: 'Seen mostly on Windows 11.', creator: null },
      errors: ['ERROR_ENTRY_NOT_FOUND', 'PRECONDITION_FAILED', 'STORAGE_UNAVAILABLE'],
      handlers: [],
      write: changeOf((flag, body, who, precondition) => {
        const patch = parseBody(ErrorEntryPatch, body);
        return catalog.patch(flag, patch, withReason(who, patch), precondition);
      }),
    },
    {
      method: 'POST',
      path: '/api/tunnel/errors/:flag/restore',
      category,
      description: "Make a version of the entry's history current again (a deleted entry comes back with its created_at); answers the entry with its ETag",
      scope: 'errors:write',
      body: RestoreRequest,
      ...flagged,
      answersTag: true,
      example: { version: 1, reason: 'Back to the reviewed wording.' },
      errors: ['ERROR_ENTRY_NOT_FOUND', 'ENTRY_VERSION_NOT_FOUND', 'PRECONDITION_FAILED', 'STORAGE_UNAVAILABLE'],
      idempotent: true,
      handlers: [],
      write: changeOf((flag, body, who, precondition) => {
        const { version, reason } = parseBody(RestoreRequest, body);
        return catalog.restore(flag, version, withReason(who, { reason }), precondition);
      }),
    },
    {
      method: 'DELETE',
      path: '/api/tunnel/errors/:flag',
      category,
      description: 'Delete an entry; answers the removed entry; reason: why, recorded with the change',
      ...flagged,
      query: { reason: ChangeReason },
      scope: 'errors:write',
      errors: ['ERROR_ENTRY_NOT_FOUND', 'PRECONDITION_FAILED', 'STORAGE_UNAVAILABLE'],
      handlers: [],
      // Deletes keep a rate limit of their own, as they always had.
      write: {
        limiter: limitPerCredential(deps, 'catalog', 'catalog-delete'),
        handle: async ({ params, query, who, ifMatch: tags }) => {
          const reason = queryString({ query: (query ?? {}) as Request['query'] }, 'reason', 500)?.trim() || undefined;
          const { entry } = await run(catalog.delete(flagParam({ params }), withReason(who, { reason }), ifMatch(tags, () => deps.content.current())));
          // The entry is gone: its answer carries no tag a later If-Match could name.
          return { status: 200, members: dataMembers(JSON.stringify(entryJson(entry))) };
        },
      },
    },
  ];
}
