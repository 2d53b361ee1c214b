/** A storage fault as `/health` shows it: relative names only, never an absolute path. */
export interface StorageFault {
  /** The system error code (`ENOSPC`, `EACCES`, `EROFS`) or a short word for what failed. */
  cause: string;
  /** What failed, for a client: `catalog-ops.jsonl: the disk is full (ENOSPC)`. */
  message: string;
  /** When it started (the store's clock, RFC 3339 in UTC: `2026-11-25T22:04:40.123456Z`). */
  at: string;
  /** When writes resumed; null while it lasts. */
  cleared_at: string | null;
}

/** Told once when a part starts refusing writes and once when it takes them again. */
export interface StorageEvents {
  /** `detail` may name full paths and carries the original error: for the server log only. */
  fault(part: string, fault: StorageFault, detail: { path: string; error: unknown }): void;
  recovered(part: string, fault: StorageFault): void;
  /** Something the operator must know that refused nothing (a log given a new id, say): a warning. */
  notice?(part: string, message: string): void;
}

export interface FaultReport {
  writable: boolean;
  /** Why writes are refused right now; null while writable. */
  reason: string | null;
  last_fault: StorageFault | null;
}

const PLAIN_CAUSES: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  EIO: 'an input/output error',
  ENOTDIR: 'a path component is not a folder',
  ENOENT: 'the folder is missing',
  EISDIR: 'a folder stands where a file should be',
};

/** The short form of a system error: its code (`ENOSPC`) or, lacking one, its message. */
export function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code ?? message ?? String(error);
}

/** `name: the disk is full (ENOSPC)`: what a client or /health may be told about a failure. */
export function faultMessage(name: string, error: unknown): string {
  const cause = describeError(error);
  const plain = PLAIN_CAUSES[cause];
  return plain ? `${name}: ${plain} (${cause})` : `${name}: ${cause}`;
}

/**
 * Whether one storage part takes writes, and the last fault it had. Entering and leaving a
 * fault is told to `events` once each, however many writes were refused in between.
 */
export class FaultState {
  private current: StorageFault | null = null;
  private last: StorageFault | null = null;

  constructor(
    private readonly part: string,
    private readonly now: () => string,
    private readonly events: StorageEvents | undefined,
  ) {}

  get active(): StorageFault | null {
    return this.current;
  }

  /** Starts a fault (told once); while one lasts, later failures change nothing. */
  fail(message: string, detail: { path: string; error: unknown }): StorageFault {
    if (this.current) return this.current;
    this.current = { cause: describeError(detail.error), message, at: this.now(), cleared_at: null };
    this.last = this.current;
    this.events?.fault(this.part, { ...this.current }, detail);
    return this.current;
  }

  /** Ends the current fault, if any (told once). */
  clear(): void {
    if (!this.current) return;
    this.current.cleared_at = this.now();
    this.current = null;
    this.events?.recovered(this.part, { ...this.last! });
  }

  report(): FaultReport {
    return { writable: this.current === null, reason: this.current?.message ?? null, last_fault: this.last && { ...this.last } };
  }
}

/** Calls `attempt` every `ms` until it returns true or `stop()` is called; never keeps the process alive. */
export class Retrier {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly attempt: () => Promise<boolean>,
    private readonly ms: number,
  ) {}

  start(): void {
    if (this.timer || this.running) return;
    this.timer = setTimeout(() => void this.tick(), this.ms);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.running = true;
    const done = await this.attempt().catch(() => false);
    this.running = false;
    if (!done) this.start();
  }
}
