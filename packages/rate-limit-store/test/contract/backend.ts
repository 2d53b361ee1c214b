import type { RateLimitCounters } from '../../src';

/** One way of counting rate-limited requests, as the contract suite drives it. */
export interface RateLimitBackend {
  name: string;
  /** Why this backend cannot run here (printed, then skipped), or null. */
  unavailable: string | null;
  /** Whether counters opened on one storage count together (replicas on one database); memory counts per limiter. */
  shared: boolean;
  /** Once per suite (start a cluster). */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** Before each test: empty storage. */
  fresh(): Promise<void>;
  /** After each test: closes what `open` opened. */
  cleanUp(): Promise<void>;
  /** Counters on this test's storage; opened again, another replica's. */
  open(): Promise<RateLimitCounters>;
}
