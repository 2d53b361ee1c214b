import type { RolloutStore } from '../../src';

/** One way of keeping halts and share settings, as the contract suite drives it. */
export interface RolloutBackend {
  name: string;
  /** Why this backend cannot run here (printed, then skipped), or null. */
  unavailable: string | null;
  /** Whether several stores may share the storage at once (replicas on one database); flat files have one owner (the data lock). */
  replicas: boolean;
  /** Once per suite (start a cluster). */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** Before each test: empty storage. */
  fresh(): Promise<void>;
  /** After each test: closes what `open` opened and removes the storage. */
  cleanUp(): Promise<void>;
  /** Opens a store on this test's storage; opening it again (a restart, another replica) finds what the last one stored. */
  open(): Promise<RolloutStore>;
}
