import type { FaultReport } from '@companion/journal';
import { MemoryStore, type Store } from 'express-rate-limit';

/** Counters of rate limiters: a Store per limiter (express-rate-limit wants one each), and whether they can count (/health). */
export interface RateLimitCounters {
  /** `counter` names the shared counts: limiters with the same name count together. */
  store(counter: string): Store;
  health(): FaultReport;
}

const COUNTING: FaultReport = { writable: true, reason: null, last_fault: null };

/**
 * Counts in this process's memory: express-rate-limit's own MemoryStore, a new one per limiter,
 * so limiters with the same name count apart here (only shared counters join them). Memory
 * cannot fail.
 */
export const MEMORY_RATE_LIMIT_COUNTERS: RateLimitCounters = {
  store: () => new MemoryStore(),
  health: () => COUNTING,
};
