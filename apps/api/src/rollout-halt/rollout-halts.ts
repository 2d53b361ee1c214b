import type { ContentSnapshot } from '@companion/content';
import type { FeedbackStore } from '@companion/feedback-store';
import type { Mailer } from '@companion/mailer';
import { guardRecipients, type Clock } from '@companion/schema';
import type { Logger } from 'pino';
import type { AdoptionRecorder } from '@companion/adoption-store';
import { dayOf } from '@companion/adoption-store';
import { activeHalts, type HaltStore, type NewHalt, type RolloutHalt } from '@companion/rollout-store';
import { judgeGuard, type GuardVerdict } from './guard-judgement';

export interface RolloutHaltOptions {
  store: HaltStore;
  content: { current(): ContentSnapshot };
  adoption: Pick<AdoptionRecorder, 'counts'>;
  feedback: Pick<FeedbackStore, 'scan'>;
  mailer: Pick<Mailer, 'send'>;
  clock: Clock;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** How often the guards are judged (ROLLOUT_GUARD_INTERVAL_S, default 60 s); 0: only when `evaluate` is called. */
  intervalMs?: number;
}

/**
 * Staged rollouts that halt themselves. Every `intervalMs` each release whose file declares a
 * `guard` is judged from the adoption counts and the feedback store: bug feedback per 1,000
 * installs active on it against the previous release's on the same days. When it trips, the halt
 * is recorded in the store (DATA_DIR or PostgreSQL, so every replica, restart and content deploy
 * sees it), mailed to the guard's `notify`, and from then on `halted` holds the version: the
 * update answers offer it to no install not already on it. Only a person lifts it (`resume`, or
 * `resume:` in the release file naming the halt's day or a later one).
 */
export class RolloutHalts {
  /** Halts in force by version, as the store last said. */
  halted: ReadonlyMap<string, RolloutHalt> = new Map();
  /** Every halt, newest first (resumed ones too), as the store last said. */
  history: readonly RolloutHalt[] = [];
  /** The last judgement of each guarded release not halted: watching, or why it would not judge. */
  verdicts: ReadonlyMap<string, GuardVerdict> = new Map();
  /** Grows whenever `halted` changes, so a holder of a derived snapshot knows to rebuild it. */
  generation = 0;
  private readonly timer: NodeJS.Timeout | null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: RolloutHaltOptions) {
    const intervalMs = options.intervalMs ?? 60_000;
    this.timer = intervalMs > 0 ? setInterval(() => void this.evaluate().catch((error) => this.options.logger?.warn({ err: error }, 'rollout guards could not be judged; judged again next round')), intervalMs).unref() : null;
    options.store.onChange(() => void this.refresh().catch((error) => this.options.logger?.warn({ err: error }, 'rollout halts could not be read again')));
  }

  /** Reads the halts from the store (another replica may have recorded or lifted one). */
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
    const run = this.running.then(() => this.evaluateNow());
    this.running = run.catch(() => undefined);
    return run;
  }

  /** A person lifts a halt (the console); the lifted record, or null when the version has none. */
  async resume(version: string, by: string): Promise<RolloutHalt | null> {
    const lifted = await this.options.store.resume(version, by, this.nowIso());
    await this.refresh();
    if (lifted) this.options.logger?.info({ version, by }, `rollout of ${version} resumed by ${by}`);
    return lifted;
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
    const history = await this.options.store.list();
    const halted = activeHalts(history);
    const same = halted.size === this.halted.size && [...halted].every(([version, h]) => this.halted.get(version)?.id === h.id);
    this.history = history;
    this.halted = halted;
    // Only a halt recorded or lifted changes what is offered: a mail sent does not.
    if (!same) this.generation++;
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
        if (guard.resume !== undefined && guard.resume >= halt.day) await this.options.store.resume(release.version, `content: ${release.file}`, this.nowIso());
        continue;
      }
      const verdict = await judgeGuard(this.options, { snapshot, release, channel, today, history: this.history });
      verdicts.set(release.version, verdict);
      if (verdict.kind !== 'halt') continue;
      const figures = verdict.figures;
      const recorded = await this.options.store.halt({ version: release.version, channel, day: today, halted_at: this.nowIso(), figures, notify: guardRecipients(guard) } satisfies NewHalt);
      if (recorded) this.options.logger?.warn({ version: release.version, figures }, `rollout of ${release.version} halted: bug feedback ${figures.bug_per_1000} per 1,000 installs against ${figures.previous.bug_per_1000} for ${figures.previous.version}`);
    }
    this.verdicts = verdicts;
    await this.refreshNow();
    const unsent = [...this.halted.values()].filter((halt) => halt.notified_at === null);
    for (const halt of unsent) await this.notify(halt);
    if (unsent.length > 0) await this.refreshNow(); // shows them mailed
  }

  /** Mails a halt to its `notify` once across replicas: the one that claims it sends; a failed send gives the claim back. */
  private async notify(halt: RolloutHalt): Promise<void> {
    if (!(await this.options.store.claimNotice(halt.id, this.nowIso()))) return;
    const f = halt.figures;
    const text = [
      `The staged rollout of ${halt.version} (${halt.channel}) was halted on ${halt.day} by the guard in its release file.`,
      '',
      `Bug feedback from ${f.from} to ${f.to}: ${f.bug_per_1000} per 1,000 active installs (${f.bug_reports} reports over ${f.install_days} install-days),`,
      `against ${f.previous.bug_per_1000} for ${f.previous.version} (${f.previous.bug_reports} reports over ${f.previous.install_days} install-days) on the same days;`,
      `the guard halts above ${f.factor} times that. Most installs active on ${halt.version} on one day: ${f.active_installs} (the guard judges from ${f.min_active_installs}).`,
      '',
      `No install that is not on ${halt.version} is offered it any more; installs already on it keep it.`,
      `To resume the rollout: the Releases page of the console, or "resume: ${halt.day}" under guard: in the release file.`,
    ].join('\n');
    try {
      await this.options.mailer.send({ to: halt.notify, subject: `Rollout of ${halt.version} halted: bug feedback ${f.bug_per_1000} per 1,000 installs against ${f.previous.bug_per_1000} for ${f.previous.version}`, text });
    } catch (error) {
      await this.options.store.releaseNotice(halt.id);
      this.options.logger?.warn({ err: error, version: halt.version }, `the mail saying the rollout of ${halt.version} halted could not be sent; sent again next round`);
    }
  }
}
