import type { ContentSnapshot } from '@companion/content';
import type { FeedbackStore } from '@companion/feedback-store';
import type { Mailer } from '@companion/mailer';
import { guardRecipients, type Clock, type HaltFigures } from '@companion/schema';
import type { Logger } from 'pino';
import type { AdoptionRecorder } from '@companion/adoption-store';
import { dayOf } from '@companion/adoption-store';
import { activeHalts, GUARD, type NewHalt, type NewShare, type RolloutHalt, type RolloutStore, type ShareSetting } from '@companion/rollout-store';
import { FileRollouts } from './file-rollouts';
import { judgeGuard, type GuardVerdict } from './guard-judgement';

/** A halt its guard recorded, with the figures it saw. */
type GuardHalt = RolloutHalt & { figures: HaltFigures };

export interface RolloutHaltOptions {
  store: RolloutStore;
  content: { current(): ContentSnapshot };
  adoption: Pick<AdoptionRecorder, 'counts' | 'guardDays'>;
  feedback: Pick<FeedbackStore, 'scan'>;
  mailer: Pick<Mailer, 'send'>;
  clock: Clock;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** How often the guards are judged (ROLLOUT_GUARD_INTERVAL_S, default 60 s); 0: only when `evaluate` is called. */
  intervalMs?: number;
}

/** How the rounds of judgement go: a round that fails is retried at the next, and shows. */
export interface GuardJudgement {
  /** When a round last went through, ISO 8601; null before the first. */
  last_judged_at: string | null;
  /** Since when rounds fail; null while they succeed. */
  failing_since: string | null;
  last_error: string | null;
  /** Rounds that failed since start. */
  failures: number;
}

/**
 * Staged rollouts as people and guards steer them. Every `intervalMs` each release whose file
 * declares a `guard` is judged from the adoption counts and the feedback store: bug votes per
 * 1,000 install-days on it against the previous release's on the same days. When it trips, the
 * halt is recorded in the store (DATA_DIR or PostgreSQL, so every replica, restart and content
 * deploy sees it), mailed to the guard's `notify`, and from then on `halted` holds the version:
 * the update answers offer it to no install not already on it. A person may halt one too
 * (`halt`). Only a person lifts a halt (`resume`, or for a guard's halt `resume:` in the release
 * file naming the halt's day or a later one). A person may also set a rollout's share (`setShare`),
 * which holds while the release file's `rollout` stays what it was then (see FileRollouts).
 */
export class RolloutHalts {
  /** Halts in force by version, as the store last said. */
  halted: ReadonlyMap<string, RolloutHalt> = new Map();
  /** Every halt, newest first (resumed ones too), as the store last said. */
  history: readonly RolloutHalt[] = [];
  /** Every share setting, newest first (superseded ones too), as the store last said. */
  shares: readonly ShareSetting[] = [];
  private readonly judging: GuardJudgement = { last_judged_at: null, failing_since: null, last_error: null, failures: 0 };
  /** The last judgement of each guarded release not halted: watching, or why it would not judge. */
  verdicts: ReadonlyMap<string, GuardVerdict> = new Map();
  /** Grows whenever `halted`, `shares` or `heldForRestore` changes, so a holder of a derived snapshot knows to rebuild it. */
  generation = 0;
  /**
   * The service's data was restored from an older backup and no person has confirmed it yet:
   * every guarded staged rollout is served as halted (offered to no install not already on it).
   */
  heldForRestore = false;
  private readonly listeners = new Set<() => void>();
  private readonly fileRollouts = new FileRollouts();
  private readonly timer: NodeJS.Timeout | null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: RolloutHaltOptions) {
    const intervalMs = options.intervalMs ?? 60_000;
    this.timer = intervalMs > 0 ? setInterval(() => void this.evaluate().catch((error) => this.options.logger?.warn({ err: error }, 'rollout guards could not be judged; judged again next round')), intervalMs).unref() : null;
    options.store.onChange(() => void this.refresh().catch((error) => this.options.logger?.warn({ err: error }, 'rollout halts could not be read again')));
  }

  /** The content as its files say, before halts and share settings are applied. */
  fileContent(): ContentSnapshot {
    return this.options.content.current();
  }

  /** Reads the halts and share settings from the store (another replica may have changed one). */
  refresh(): Promise<void> {
    const run = this.running.then(() => this.refreshNow());
    this.running = run.catch(() => undefined);
    return run;
  }

  /**
   * Judges every guard once: lifts halts a release file resumes, records the halts of guards that
   * trip, and sends the mail of any halt not mailed yet (one that failed before).
   */
  evaluate(): Promise<void> {
    const run = this.running.then(() => this.evaluateNow()).then(
      () => {
        Object.assign(this.judging, { failing_since: null, last_error: null, last_judged_at: this.nowIso() });
      },
      (error: unknown) => {
        this.judging.failures++;
        this.judging.failing_since ??= this.nowIso();
        this.judging.last_error = error instanceof Error ? error.message : String(error);
        throw error;
      },
    );
    this.running = run.catch(() => undefined);
    return run;
  }

  /** How the rounds of judgement go, for /health and /metrics. */
  judgement(): Readonly<GuardJudgement> {
    return { ...this.judging };
  }

  /** Holds (or lets go) every guarded staged rollout while a restore waits for a person's confirmation. */
  holdForRestore(held: boolean): void {
    if (held === this.heldForRestore) return;
    this.heldForRestore = held;
    this.generation++;
  }

  /** Told whenever the halts or share settings in force change (read from the store). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** A person lifts a halt (the console); the lifted record, or null when the version has none. */
  async resume(version: string, by: string, reason: string | null = null): Promise<RolloutHalt | null> {
    const lifted = await this.options.store.resume(version, by, this.nowIso(), reason);
    await this.refresh();
    if (lifted) this.options.logger?.info({ version, by, reason }, `rollout of ${version} resumed by ${by}`);
    return lifted;
  }

  /** A person halts a rollout (the console), as its guard would; the new record, or null when it was halted already. */
  async halt(version: string, channel: 'stable' | 'preview', by: string, reason: string): Promise<RolloutHalt | null> {
    const at = this.nowIso();
    const halt: NewHalt = { version, channel, day: at.slice(0, 10), halted_at: at, halted_by: by, reason, figures: null, notify: [] };
    const recorded = await this.options.store.halt(halt);
    await this.refresh();
    if (recorded) this.options.logger?.warn({ version, by, reason }, `rollout of ${version} halted by ${by}`);
    return recorded;
  }

  /**
   * A person sets a rollout's share (the console), recording the file's `rollout` it replaces and
   * the setting it follows; the new record, or null when another was set meanwhile.
   */
  async setShare(share: Omit<NewShare, 'set_at'>): Promise<ShareSetting | null> {
    const recorded = await this.options.store.setShare({ ...share, set_at: this.nowIso() });
    await this.refresh();
    if (recorded) this.options.logger?.info({ version: share.version, rollout: share.rollout, by: share.set_by, reason: share.reason }, `rollout of ${share.version} set to ${share.rollout}% by ${share.set_by}`);
    return recorded;
  }

  /**
   * Notes the content's release files (each new snapshot: a deploy may have changed a `rollout`);
   * a console setting a deploy superseded is marked so in the store, in the background.
   */
  observe(snapshot: ContentSnapshot): void {
    if (this.fileRollouts.observe(snapshot, this.nowIso()) && this.fileRollouts.superseded(this.shares).length > 0) {
      void this.refresh().catch((error) => this.options.logger?.warn({ err: error }, 'a superseded rollout share could not be marked; marked at the next judgement'));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.options.store.close();
  }

  private nowIso(): string {
    return new Date(this.options.clock.nowMicros() / 1000).toISOString();
  }

  private async refreshNow(): Promise<void> {
    if (this.closed) return;
    await this.readStore();
    this.fileRollouts.observe(this.options.content.current(), this.nowIso());
    const superseded = this.fileRollouts.superseded(this.shares);
    if (superseded.length === 0) return;
    for (const { share, fileRollout } of superseded) {
      if (await this.options.store.supersedeShare(share.id, fileRollout, this.nowIso())) this.options.logger?.info({ version: share.version, rollout: share.rollout, file_rollout: fileRollout }, `the console's share of ${share.version} (${share.rollout}%) is superseded: its release file now says ${fileRollout ?? 'no rollout'}`);
    }
    await this.readStore();
  }

  private async readStore(): Promise<void> {
    const [history, shares] = await Promise.all([this.options.store.list(), this.options.store.shares()]);
    const halted = activeHalts(history);
    // Only a halt recorded or lifted, or a share set or superseded, changes what is offered: a mail sent does not.
    const same =
      halted.size === this.halted.size &&
      [...halted].every(([version, h]) => this.halted.get(version)?.id === h.id) &&
      shares.length === this.shares.length &&
      shares.every((s, i) => s.id === this.shares[i]!.id && s.superseded_at === this.shares[i]!.superseded_at);
    this.history = history;
    this.halted = halted;
    this.shares = shares;
    if (same) return;
    this.generation++;
    for (const listener of this.listeners) listener();
  }

  private async evaluateNow(): Promise<void> {
    if (this.closed) return;
    await this.refreshNow();
    const snapshot = this.options.content.current();
    const today = dayOf(this.options.clock.nowMicros() / 1000);
    const verdicts = new Map<string, GuardVerdict>();
    const guarded = [...snapshot.stable.map((r) => ['stable', r] as const), ...snapshot.preview.map((r) => ['preview', r] as const)].filter(([, r]) => r.guard !== undefined);
    for (const [channel, release] of guarded) {
      const guard = release.guard!;
      const halt = this.halted.get(release.version);
      if (halt !== undefined) {
        // A release file's resume: lifts the guard's halts; a person's halt waits for a person.
        if (halt.halted_by === GUARD && guard.resume !== undefined && guard.resume >= halt.day) await this.options.store.resume(release.version, `content: ${release.file}`, this.nowIso());
        continue;
      }
      const verdict = await judgeGuard(this.options, { snapshot, release, channel, today, history: this.history });
      verdicts.set(release.version, verdict);
      if (verdict.kind !== 'halt') continue;
      const figures = verdict.figures;
      const recorded = await this.options.store.halt({ version: release.version, channel, day: today, halted_at: this.nowIso(), figures, notify: guardRecipients(guard) } satisfies NewHalt);
      if (recorded) this.options.logger?.warn({ version: release.version, figures }, `rollout of ${release.version} halted: bug votes ${figures.bug_per_1000} per 1,000 install-days against ${figures.previous.bug_per_1000} for ${figures.previous.version}`);
    }
    this.verdicts = verdicts;
    await this.refreshNow();
    // A person's halt mails no one: the person is the one who would be told.
    const unsent = [...this.halted.values()].filter((halt): halt is GuardHalt => halt.notified_at === null && halt.figures !== null && halt.notify.length > 0);
    for (const halt of unsent) await this.notify(halt);
    if (unsent.length > 0) await this.refreshNow(); // shows them mailed
  }

  /** Mails a halt to its `notify` once across replicas: the one that claims it sends; a failed send gives the claim back. */
  private async notify(halt: GuardHalt): Promise<void> {
    if (!(await this.options.store.claimNotice(halt.id, this.nowIso()))) return;
    const f = halt.figures;
    const text = [
      `The staged rollout of ${halt.version} (${halt.channel}) was halted on ${halt.day} by the guard in its release file.`,
      '',
      `Bug votes from ${f.from} to ${f.to} (one per install and per network a day, from installs the service issued credentials to): ${f.bug_per_1000} per 1,000 install-days (${f.bug_reports} votes over ${f.install_days} install-days),`,
      `against ${f.previous.bug_per_1000} for ${f.previous.version} (${f.previous.bug_reports} votes over ${f.previous.install_days} install-days) on the same days;`,
      `the guard halts above ${f.factor} times that. Most installs active on ${halt.version} on one day: ${f.active_installs} (the guard judges from ${f.min_active_installs}).`,
      '',
      `No install that is not on ${halt.version} is offered it any more; installs already on it keep it.`,
      `To resume the rollout: the Releases page of the console, or "resume: ${halt.day}" under guard: in the release file.`,
    ].join('\n');
    try {
      await this.options.mailer.send({ to: halt.notify, subject: `Rollout of ${halt.version} halted: bug votes ${f.bug_per_1000} per 1,000 install-days against ${f.previous.bug_per_1000} for ${f.previous.version}`, text });
    } catch (error) {
      await this.options.store.releaseNotice(halt.id);
      this.options.logger?.warn({ err: error, version: halt.version }, `the mail saying the rollout of ${halt.version} halted could not be sent; sent again next round`);
    }
  }
}
