import type { SignedOutSessions } from '../../src';

/** One way of keeping the sessions signed out, as the contract suite drives it. */
export interface SignedOutBackend {
  name: string;
  /** Why this backend cannot run here (printed, then skipped), or null. */
  unavailable: string | null;
  /** Whether several replicas may share the record at once (a database); DATA_DIR has one owner. */
  replicas: boolean;
  /** Once per suite (start a cluster). */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** Before each test: empty storage. */
  fresh(): Promise<void>;
  /** After each test: closes what `open` opened and removes the storage. */
  cleanUp(): Promise<void>;
  /** The record on this test's storage, on the real clock; opened again, a restart's or another replica's. */
  open(): Promise<SignedOutSessions>;
}
