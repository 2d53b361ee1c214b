/**
 * The storage cannot accept writes: a write or fsync failed, the log is damaged, or it is
 * closed. Reads may still be served. `message` is the reason alone, with relative file names
 * only, so the API can put it in a public 503 body as it is.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';

  constructor(readonly reason: string) {
    super(reason);
  }
}
