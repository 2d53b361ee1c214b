/**
 * The storage cannot accept writes: a write or fsync failed, the log is damaged, or it is
 * closed. Reads may still be served. The API answers 503 with `message` as the reason.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';

  constructor(readonly reason: string) {
    super(`storage cannot accept writes: ${reason}`);
  }
}

/** The short form of a system error for a health reason: its code (`ENOSPC`) or message. */
export function describeError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return code ?? message ?? String(error);
}
