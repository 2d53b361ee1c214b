import { FaultState, PROBE_INTERVAL_MS, Retrier, StorageUnavailableError, type FaultReport, type StorageEvents } from '@companion/journal';
import type { Database } from './database';

/**
 * Whether one store's writes reach the database, as /health shows it (`writable`, `reason`,
 * `last_fault`), told to `events` once when refusals start and once when they end. Every write is
 * still tried (a refusal costs at most the database timeout); a probe every 0.5 s clears the fault
 * when the database is back even if nobody writes. The probe is `SELECT 1`, or `probe`: a
 * statement that meets what the store's writes meet (a lock they take), so a store whose writes
 * wait on a held lock stays "not writable" until they would pass.
 */
export class WriteFaults {
  private readonly fault: FaultState;
  private readonly probe: Retrier;

  constructor(
    private readonly db: Database,
    private readonly part: string,
    now: () => string,
    events?: StorageEvents,
    /** What a refusal means for callers, appended to the reason (`requests pass without a rate limit`). */
    private readonly consequence?: string,
    probe = 'SELECT 1',
  ) {
    this.fault = new FaultState(part, now, events);
    this.probe = new Retrier(async () => {
      await this.db.query(probe);
      this.fault.clear();
      return true;
    }, PROBE_INTERVAL_MS);
  }

  /** Runs one write; a refusal (StorageUnavailableError) starts the fault, a success ends it. */
  async run<T>(write: () => Promise<T>): Promise<T> {
    try {
      const result = await write();
      this.fault.clear();
      return result;
    } catch (error) {
      if (error instanceof StorageUnavailableError) {
        const reason = this.consequence ? `${error.message}; ${this.consequence}` : error.message;
        this.fault.fail(reason, { path: `${this.part} (${this.db.health().url})`, error });
        this.probe.start();
      }
      throw error;
    }
  }

  report(): FaultReport {
    return this.fault.report();
  }

  stop(): void {
    this.probe.stop();
  }
}
