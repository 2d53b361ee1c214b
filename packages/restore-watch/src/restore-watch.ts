import { randomUUID } from 'node:crypto';
import type { LineageMark, LineageStore, RestoreEvent } from './lineage-store';
import { keyTime } from './key-time';
import type { WitnessedHalt, Witness, WitnessFile } from './witness-file';

interface Log {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface RestoreWatchOptions {
  store: LineageStore;
  witness: WitnessFile;
  /** Who this replica is, in the restore events it records (host name and process id). */
  replica: string;
  now?: () => number;
  logger?: Log;
  /** How often the store is compared with the witness (default 1 s); 0: only at `check`. */
  pollMs?: number;
  /** How often the tick advances with no guarded write (default 60 s); 0: only at `touch`. */
  tickMs?: number;
  /** How long Idempotency-Keys are kept: a key older than this before the restore was not lost by it. */
  keyRetentionMs: number;
}

/** What a keyed write unknown to the store may be after a restore. */
export type KeyVerdict = { kind: 'fresh' } | { kind: 'unverified'; restoredAt: string } | { kind: 'lost'; restoredAt: string };

/** Re-applies what a restore undid: called once per restore on each replica, with the halts its witness knew. */
export type RestoreConsequences = (event: RestoreEvent, halted: readonly WitnessedHalt[]) => Promise<void>;

/**
 * Notices that the data went back in time. The store (DATA_DIR or the database) holds a lineage
 * and a tick the service advances as it writes; the witness (a file a restore of the data cannot
 * reach) holds the highest tick this replica saw. The same lineage with a lower tick is a
 * restore: it is recorded in the store (every replica then reads it), logged, and its
 * consequences run (halts re-applied). Until a person confirms it, `unconfirmed` holds.
 */
export class RestoreWatch {
  private latest: RestoreEvent | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pendingTouch: Promise<void> | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly listeners = new Set<() => void>();
  private consequences: RestoreConsequences = async () => undefined;
  private readonly now: () => number;

  private constructor(private readonly options: RestoreWatchOptions) {
    this.now = options.now ?? Date.now;
  }

  static open(options: RestoreWatchOptions): RestoreWatch {
    return new RestoreWatch(options);
  }

  /**
   * Compares the store with the witness once before it returns (a restore noticed then runs
   * `consequences`, as every later one will), then every `pollMs`; advances the tick every `tickMs`.
   */
  async start(consequences: RestoreConsequences): Promise<void> {
    this.consequences = consequences;
    await this.check();
    const { logger } = this.options;
    // A database away fails every round: said once when it starts failing, once when it works again.
    const every = (ms: number | undefined, fallback: number, run: () => Promise<unknown>, what: string) => {
      const period = ms ?? fallback;
      let failing = false;
      const round = () =>
        run().then(
          () => {
            if (failing) logger?.info({}, `restore watch: ${what} works again`);
            failing = false;
          },
          (error: unknown) => {
            if (!failing) logger?.warn({ err: error }, `restore watch: ${what} failed; tried again every ${period} ms`);
            failing = true;
          },
        );
      if (period > 0) this.timers.push(setInterval(() => void round(), period).unref());
    };
    every(this.options.pollMs, 1000, () => this.check(), 'comparing the data with the witness');
    every(this.options.tickMs, 60_000, () => this.touch(), 'advancing the tick');
  }

  /** Told whenever the latest restore or its confirmation changes. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** The latest restore recorded in the store, or null. */
  restore(): RestoreEvent | null {
    return this.latest && { ...this.latest };
  }

  /** A restore was noticed and no person has confirmed it yet: rollouts are held. */
  unconfirmed(): boolean {
    return this.latest !== null && this.latest.confirmed_at === null;
  }

  /** Sessions issued before this instant (ms) are refused: the last restore's detection; null when none. */
  sessionsValidFrom(): number | null {
    return this.latest && Date.parse(this.latest.detected_at);
  }

  /** Why the witness cannot be kept in its file, or null. */
  witnessProblem(): string | null {
    return this.options.witness.problem;
  }

  get witnessPath(): string {
    return this.options.witness.path;
  }

  /**
   * What a keyed write whose key the store does not hold may be: within the keys' retention after
   * a restore, a UUIDv7 key made before it may have had its first answer lost (`lost`); a key
   * that carries no time cannot be told (`unverified`); anything else is new (`fresh`).
   */
  keyVerdict(key: string): KeyVerdict {
    if (this.latest === null) return { kind: 'fresh' };
    const detected = Date.parse(this.latest.detected_at);
    const retention = this.options.keyRetentionMs;
    if (this.now() - detected > retention) return { kind: 'fresh' };
    const made = keyTime(key);
    if (made === null) return { kind: 'unverified', restoredAt: this.latest.detected_at };
    return made < detected && made > detected - retention ? { kind: 'lost', restoredAt: this.latest.detected_at } : { kind: 'fresh' };
  }

  /** After a guarded write (a halt, a sign-out, a keyed write): advances the tick, several calls at once as one. */
  touch(): Promise<void> {
    this.pendingTouch ??= this.serial(async () => {
      this.pendingTouch = null;
      await this.checkNow();
      const mark = await this.options.store.advance(this.iso());
      await this.see(mark);
    });
    return this.pendingTouch;
  }

  /** Notes the halts in force (read when the store is known not to stand behind the witness), re-applied after a restore. */
  rememberHalted(halted: () => readonly WitnessedHalt[]): Promise<void> {
    return this.serial(async () => {
      await this.checkNow();
      const witness = this.options.witness.read();
      if (witness === null || this.unappliedRestore()) return;
      const sorted = [...halted()].sort((a, b) => a.version.localeCompare(b.version));
      if (JSON.stringify(sorted) === JSON.stringify(witness.halted)) return;
      await this.options.witness.write({ ...witness, halted: sorted });
    });
  }

  /** A person confirms the restore (and any earlier one not confirmed); the confirmed event, or null when none waited. */
  confirm(by: string, reason: string): Promise<RestoreEvent | null> {
    return this.serial(async () => {
      const confirmed = (await confirmRestores(this.options.store, by, reason, this.iso()))[0] ?? null;
      await this.readEvents();
      if (confirmed) this.options.logger?.info({ restore: confirmed.id, by, reason }, `restore watch: the restore noticed on ${confirmed.detected_at} was confirmed by ${by}; held rollouts go on`);
      return confirmed;
    });
  }

  /** Compares the store with the witness (at start-up, every `pollMs`). */
  check(): Promise<void> {
    return this.serial(() => this.checkNow());
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.queue.catch(() => undefined);
    await this.options.witness.settled();
    await this.options.store.close();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  private async checkNow(): Promise<void> {
    const { store, witness: file, logger } = this.options;
    const mark = (await store.mark()) ?? (await store.begin(randomUUID(), this.iso()));
    const witness = file.read();
    if (witness !== null && witness.lineage !== mark.lineage) {
      logger?.warn({ lineage: mark.lineage, previous_lineage: witness.lineage }, `restore watch: the data store has another lineage (${mark.lineage}) than this replica last saw (${witness.lineage}): another database or data folder, not a restore of this one; its history is adopted from here`);
      await file.write({ lineage: mark.lineage, tick: mark.tick, halted: [], applied: (await store.events()).map((e) => e.id).slice(0, 20) });
    } else if (witness !== null && mark.tick < witness.tick) {
      const latest = (await store.events())[0];
      if (latest !== undefined && !witness.applied.includes(latest.id)) {
        // Another replica recorded this restore first (it had seen less, so the tick it left is still below ours): one restore, one event.
        await file.write({ ...witness, tick: mark.tick });
      } else {
        const event = await store.recordRestore(mark, witness.tick, { detected_at: this.iso(), detected_by: this.options.replica });
        // null: another replica recorded it (or wrote) meanwhile; its event is read below.
        if (event) logger?.error({ restore: event }, restoredLine(event));
        await this.see((await store.mark())!);
      }
    } else {
      await this.see(mark);
    }
    await this.readEvents();
    await this.applyConsequences();
  }

  /** Raises the witness to `mark` (never lowers it). */
  private async see(mark: LineageMark): Promise<void> {
    const witness = this.options.witness.read();
    // A new witness has nothing to re-apply for the restores recorded before it: they count as applied.
    if (witness === null) return this.options.witness.write({ lineage: mark.lineage, tick: mark.tick, halted: [], applied: (await this.options.store.events()).map((e) => e.id).slice(0, 20) });
    if (witness.lineage === mark.lineage && mark.tick > witness.tick) await this.options.witness.write({ ...witness, tick: mark.tick });
  }

  private async readEvents(): Promise<void> {
    const latest = (await this.options.store.events())[0] ?? null;
    const changed = JSON.stringify(latest) !== JSON.stringify(this.latest);
    this.latest = latest;
    if (changed) for (const listener of this.listeners) listener();
  }

  private unappliedRestore(): boolean {
    const witness = this.options.witness.read();
    return this.latest !== null && witness !== null && !witness.applied.includes(this.latest.id);
  }

  private async applyConsequences(): Promise<void> {
    const witness: Witness | null = this.options.witness.read();
    const event = this.latest;
    if (witness === null || event === null || witness.applied.includes(event.id)) return;
    if (event.confirmed_at === null) await this.consequences(event, witness.halted);
    // Only the latest few are kept: an id is never seen again once a newer restore was recorded.
    await this.options.witness.write({ ...this.options.witness.read()!, applied: [event.id, ...witness.applied].slice(0, 20) });
  }
}

/** Confirms every restore recorded and not confirmed yet (a replica's console, or the operator's command); those it confirmed, newest first. */
export async function confirmRestores(store: LineageStore, by: string, reason: string, at: string): Promise<RestoreEvent[]> {
  const confirmed: RestoreEvent[] = [];
  for (const event of await store.events()) {
    const done = event.confirmed_at === null ? await store.confirm(event.id, by, reason, at) : null;
    if (done) confirmed.push(done);
  }
  return confirmed;
}

/** The one line a replica logs when it notices a restore: what it changed and what to do. */
export function restoredLine(event: RestoreEvent): string {
  return `restore watch: the data was restored from a backup: it stands where it stood on ${event.restored_to} (tick ${event.restored_to_tick}; this replica had seen tick ${event.seen_tick}), noticed on ${event.detected_at} by ${event.detected_by}. Halts recorded since are re-applied, guarded staged rollouts are held, console sessions signed in before now must sign in again, and keyed writes whose first answer may have been lost are refused with IDEMPOTENCY_KEY_LOST. Repeat the changes made since the backup that the restore undid (erasures, resumes), then confirm the restore on the console's Releases page or with pnpm restore:confirm (docs/OPERATIONS.md, "What a restore changes")`;
}
