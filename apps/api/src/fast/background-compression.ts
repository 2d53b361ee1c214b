/**
 * Compression at the best settings, done off the request path: one job at a time on libuv's
 * thread pool (the event loop only starts and finishes it), at most MAX_PENDING waiting. A job
 * that finds the queue full is dropped; its answer keeps its fast compression and asks again on
 * a later request. Only answers asked for more than once are queued (see ReadyAnswer), so a
 * flood of never-repeated URLs queues nothing.
 */
const MAX_PENDING = 32;

const pending: (() => Promise<void>)[] = [];
let running = false;

/** Queues `job`; false when the queue is full. */
export function compressInBackground(job: () => Promise<void>): boolean {
  if (pending.length >= MAX_PENDING) return false;
  pending.push(job);
  if (!running) void drain();
  return true;
}

async function drain(): Promise<void> {
  running = true;
  for (let job = pending.shift(); job; job = pending.shift()) {
    // A failed recompression leaves the fast one in place; nothing depends on it.
    await job().catch(() => undefined);
  }
  running = false;
}

/** Resolves once every queued job has run (tests, benchmarks). */
export async function backgroundCompressionIdle(): Promise<void> {
  while (running || pending.length > 0) await new Promise((done) => setTimeout(done, 5));
}
