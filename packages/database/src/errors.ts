import { StorageUnavailableError } from '@companion/journal';

/** SQLSTATE classes and codes that mean "the database cannot take this now", not "this is wrong". */
const UNAVAILABLE_SQLSTATE = [/^08/, /^53/, /^57P0[1-4]$/, /^57014$/, /^58/, /^40001$/, /^40P01$/, /^25006$/];
/** Socket errors and pg's own words for a connection that went away or never came. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOENT', 'ECONNABORTED']);
const UNAVAILABLE_WORDS = /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Client was closed|connection timeout|the database system is (starting up|shutting down)/i;

/** True when the error says the database is unreachable, overloaded or timed out. */
export function isUnavailable(error: unknown): boolean {
  // Duck-typed: errors from Node's sockets may come from another realm (vm contexts, workers).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.some((re) => re.test(code)) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (Array.isArray(errors) && errors.some(isUnavailable)) return true; // AggregateError of each address tried
  return typeof message === 'string' && UNAVAILABLE_WORDS.test(message);
}

/** The cause in a few words, fit for a public 503 body: no host names, users or passwords. */
export function unavailableCause(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '57014') return 'the database did not answer within the timeout (statement timeout)';
  if (code === '53300') return 'the database has no free connections';
  if (code === '57P01' || code === '57P02' || code === '57P03' || code === '25006') return 'the database is shutting down, starting up or read-only';
  if (code === '40001' || code === '40P01') return 'the database could not serialize the write; retry it';
  if (typeof code === 'string' && code.startsWith('08')) return 'the connection to the database failed';
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (code === 'ECONNREFUSED' || code === 'ENOENT' || (Array.isArray(errors) && errors.some((e: { code?: unknown }) => e?.code === 'ECONNREFUSED'))) return 'the database refuses connections (is it running?)';
  if (/timeout/i.test(String((error as { message?: unknown } | null)?.message))) return 'the database did not answer within the timeout';
  return 'the database is unreachable';
}

/** A database failure as the stores report it: a StorageUnavailableError (503) when it is one. */
export function asStorageError(error: unknown): unknown {
  return isUnavailable(error) ? new StorageUnavailableError(unavailableCause(error)) : error;
}

/**
 * The connection dropped after COMMIT was sent and before its answer came: the transaction may
 * or may not have landed. Whoever wrote it must look (by a key it chose) before answering.
 */
export class CommitOutcomeUnknownError extends Error {
  override readonly name = 'CommitOutcomeUnknownError';
  constructor(override readonly cause: unknown) {
    super(`the connection to the database was lost while committing: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/**
 * A write whose answer was lost, and the database could not be asked in time whether it landed:
 * a 503 that says so (it may have been saved). Unlike every other refusal, not a "not saved".
 */
export class WriteOutcomeUnknownError extends StorageUnavailableError {

}
