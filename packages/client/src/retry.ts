/** When and how often a call is tried again. */
export interface RetryOptions {
  /** Tries after the first (default 2; 0 turns retrying off). */
  retries?: number;
  /** The first wait in milliseconds, doubled each time, with jitter (default 500). */
  baseDelayMs?: number;
  /** No wait is longer, Retry-After included (default 30,000). */
  maxDelayMs?: number;
}

/**
 * The wait before try `attempt` (1 = the first retry): the service's Retry-After when it gave one
 * (seconds or an HTTP date), else exponential backoff with full jitter; at most `maxDelayMs`.
 */
export function retryDelay(attempt: number, retryAfter: string | null, options: Required<RetryOptions>, now = Date.now()): number {
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
    if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), options.maxDelayMs);
  }
  const ceiling = Math.min(options.baseDelayMs * 2 ** (attempt - 1), options.maxDelayMs);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** Waits `ms`, or less when the signal aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((done) => {
    if (signal?.aborted) return done();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true });
  });
