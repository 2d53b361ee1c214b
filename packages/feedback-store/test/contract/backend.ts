import type { Clock } from '@companion/schema';
import type { FeedbackStore } from '../../src';

/** One way of storing feedback, as the contract suite drives it. */
export interface FeedbackBackend {
  name: string;
  /** Why this backend cannot run here (printed, then skipped), or null. */
  unavailable: string | null;
  /** Once per suite (start a cluster). */
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** Before each test: empty storage. */
  fresh(): Promise<void>;
  /** After each test: closes what `open` opened and removes the storage. */
  cleanUp(): Promise<void>;
  /** Opens a store on this test's storage; opening it again finds what the last one stored. */
  open(clock: Clock): Promise<FeedbackStore>;
  /** Makes the storage refuse writes (a full disk, a stopped database), and takes it back. */
  refuse(): Promise<void>;
  allow(): Promise<void>;
  /** Why refusals cannot be made here, or null. */
  refusalUnavailable: string | null;
  /** Everything the backend has stored, as text (files, a database dump), to look for what must be gone. */
  storedText?(): Promise<string>;
  /** list() keeps answering while writes are refused (memory) or refuses too (a database away). */
  listsWhileRefusing: boolean;
}

export async function until(probe: () => boolean, what: string, ms = 120_000): Promise<void> {
  for (const deadline = Date.now() + ms; !probe(); ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
