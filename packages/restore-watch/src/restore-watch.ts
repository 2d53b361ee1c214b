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
  /** How long Idempotency-Keys are kept: within this after a restore, keys it may have lost are refused. */
  keyRetentionMs: number;
  /**
   * Data already written and no witness file: a restore of unknown extent (the flat files: a box
   * rebuilt with a copy of DATA_DIR), or a replica new to the data (a database's fleet grows).
   * A witness that cannot be read is a restore either way.
   */
  missingWitness: 'restore' | 'new-replica';
}

/**
 * How far a client's clock may run ahead of the server's: a key dated within this after a
 * restore's detection may be from before it, and is refused as lost; a client makes a new key
 * once that margin has passed.
 */
export const KEY_CLOCK_SKEW_MS = 10 * 60_000;

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
  /** A witness that could not be read stays a problem until the restore it caused is confirmed. */
  private heldProblem: string | null = null;

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
    if (this.heldProblem !== null && !this.unconfirmed()) this.heldProblem = null;
    return this.options.witness.problem ?? this.heldProblem;
  }

  get witnessPath(): string {
    return this.options.witness.path;
  }

  /**
   * What a keyed write whose key the store does not hold may be: within the keys' retention after
   * a restore, a UUIDv7 key not clearly made after it (later than its detection by more than
   * KEY_CLOCK_SKEW_MS, so a client clock running fast cannot pass a lost key for a new one) may
   * have had its first answer lost (`lost`), however old; a key that carries no time cannot be
   * told (`unverified`); anything else is new (`fresh`).
   */
  keyVerdict(key: string): KeyVerdict {
    if (this.latest === null) return { kind: 'fresh' };
    const detected = Date.parse(this.latest.detected_at);
    if (this.now() - detected > this.options.keyRetentionMs) return { kind: 'fresh' };
    const made = keyTime(key);
    if (made === null) return { kind: 'unverified', restoredAt: this.latest.detected_at };
    return made > detected + KEY_CLOCK_SKEW_MS ? { kind: 'fresh' } : { kind: 'lost', restoredAt: this.latest.detected_at };
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

  /** A person confirms the restore `id` (see confirmRestore); the store is read again either way. */
  confirm(id: string, by: string, reason: string): Promise<ConfirmOutcome> {
    return this.serial(async () => {
      const outcome = await confirmRestore(this.options.store, id, by, reason, this.iso());
      await this.readEvents();
      if (outcome.kind === 'confirmed') this.options.logger?.info({ restore: id, by, reason }, `restore watch: the restore noticed on ${outcome.event.detected_at} was confirmed by ${by}; held rollouts go on`);
      return outcome;
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
    const witness = file.read();
    const found = await store.mark();
    const mark = found ?? (await store.begin(randomUUID(), this.iso()));
    if (witness === null && mark.tick > 0 && (file.unreadable !== null || this.options.missingWitness === 'restore')) {
      await this.unknownRestore(mark, null, `this replica has no witness to compare the data with (${this.options.witness.unreadable ?? `${file.path} does not exist`}) and the data has been written (tick ${mark.tick}): it may be a restored copy`);
    } else if (witness !== null && found === null) {
      await this.unknownRestore(mark, witness, `the data store held no lineage while this replica had seen lineage ${witness.lineage} at tick ${witness.tick}: a backup from before the lineage was kept`);
    } else if (witness !== null && witness.lineage !== mark.lineage) {
      await this.unknownRestore(mark, witness, `the data store has another lineage (${mark.lineage}) than this replica last saw (${witness.lineage}): another database or data folder, or a restore of one`);
    } else if (witness !== null && mark.tick < witness.tick) {
      const latest = (await store.events())[0];
      if (latest !== undefined && !witness.applied.includes(latest.id)) {
        // Another replica recorded this restore first (it had seen less, so the tick it left is still below ours): one restore, one event.
        await file.write({ ...witness, tick: mark.tick });
      } else {
        const event = await store.recordRestore(mark, witness.tick, { detected_at: this.iso(), detected_by: this.options.replica, restored_to: mark.ticked_at });
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

  /**
   * Data this replica cannot place in the history it saw (no lineage, another one, or no witness)
   * is held as a restore of unknown extent until a person confirms it, with the consequences a
   * restore has; the witness then follows the store's lineage and keeps the halts it knew.
   */
  private async unknownRestore(mark: LineageMark, witness: Witness | null, why: string): Promise<void> {
    const { store, witness: file, logger } = this.options;
    const latest = (await store.events())[0];
    // An unconfirmed restore this replica has not applied: another replica recorded it first.
    const recorded = latest !== undefined && latest.confirmed_at === null && !(witness?.applied ?? []).includes(latest.id);
    if (!recorded) {
      const event = await store.recordRestore(mark, Math.max(witness?.tick ?? 0, mark.tick), { detected_at: this.iso(), detected_by: this.options.replica, restored_to: null });
      // null: the mark moved meanwhile (another replica recorded it, or wrote); the next look tries again.
      if (event === null) return;
      logger?.error({ restore: event, why }, `${restoredLine(event)}. Why: ${why}`);
      this.heldProblem = file.unreadable;
    }
    const now = (await store.mark())!;
    await file.write({ lineage: now.lineage, tick: now.tick, halted: witness?.halted ?? [], applied: witness?.applied ?? [] });
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

/** What confirming one restore did: `newer`: a later restore waits and is confirmed first (the person saw the older one). */
export type ConfirmOutcome = { kind: 'confirmed'; event: RestoreEvent } | { kind: 'done'; event: RestoreEvent } | { kind: 'newer'; newer: RestoreEvent } | { kind: 'unknown' };

/**
 * Confirms the restore `id` alone (a replica's console, or the operator's command): the one a
 * person looked at. Refused while a newer one waits, whose consequences that person has not seen.
 */
export async function confirmRestore(store: LineageStore, id: string, by: string, reason: string, at: string): Promise<ConfirmOutcome> {
  const events = await store.events();
  const index = events.findIndex((e) => e.id === id);
  if (index < 0) return { kind: 'unknown' };
  const newer = events.slice(0, index).find((e) => e.confirmed_at === null);
  if (newer) return { kind: 'newer', newer };
  const confirmed = await store.confirm(id, by, reason, at);
  if (confirmed) return { kind: 'confirmed', event: confirmed };
  return { kind: 'done', event: (await store.events()).find((e) => e.id === id)! };
}

/** The restores recorded and not confirmed yet, newest first. */
export async function unconfirmedRestores(store: LineageStore): Promise<RestoreEvent[]> {
  return (await store.events()).filter((e) => e.confirmed_at === null);
}

/** The one line a replica logs when it notices a restore: what it changed and what to do. */
export function restoredLine(event: RestoreEvent): string {
  const where = event.restored_to === null ? 'it stands at a point of its history this replica cannot tell' : `it stands where it stood on ${event.restored_to}`;
  return `restore watch: the data was restored from a backup: ${where} (tick ${event.restored_to_tick}; this replica had seen tick ${event.seen_tick}), noticed on ${event.detected_at} by ${event.detected_by}. Halts recorded since are re-applied, guarded staged rollouts are held, console sessions signed in before now must sign in again, and keyed writes whose first answer may have been lost are refused with IDEMPOTENCY_KEY_LOST. Repeat the changes made since the backup that the restore undid (erasures, resumes), then confirm the restore (${event.id}) on the console's Releases page or with pnpm restore:confirm --event ${event.id} --by <your name> --reason <what was checked> (with PostgreSQL; docs/OPERATIONS.md, "What a restore changes")`;
}
