import { z } from 'zod';
import { CalendarDate } from './calendar-date';

const address = z.email({ error: 'expected an e-mail address' }).max(254);

/**
 * `guard:` in a release file: when the release's bug feedback per active install exceeds the
 * previous release's on the same days by `bug_feedback_factor`, once it has `min_active_installs`
 * on a day, the service halts its rollout (no install not yet on it is offered it) and mails
 * `notify`. Only a person lifts a halt: the console's form, or `resume:` naming the halt's day.
 */
export const RolloutGuard = z.strictObject({
  /** Halt when bug feedback per 1,000 active installs is more than this many times the previous release's. */
  bug_feedback_factor: z.number().min(1, 'expected a factor of at least 1 (1: halt on any rate above the previous release\'s)').max(1000),
  /** Judge only once the release had at least this many installs active on one day of the window. */
  min_active_installs: z.number().int().min(1).max(100_000_000),
  /** Who is mailed when the rollout halts: one address or up to 10. */
  notify: z.union([address, z.array(address).min(1, 'expected at least one address').max(10, 'expected at most 10 addresses')], { error: 'expected an e-mail address or a list of 1 to 10 of them' }),
  /** Days compared, ending today (default 7). */
  days: z.number().int().min(1).max(90).optional(),
  /** Bug reports the release must have before it can halt (default 1). */
  min_bug_reports: z.number().int().min(1).max(1_000_000).optional(),
  /**
   * A person's decision to go on after looking at a halt: lifts a halt recorded on this day or
   * before, and the guard judges only the days after it.
   */
  resume: CalendarDate.optional(),
});
export type RolloutGuard = z.infer<typeof RolloutGuard>;

/** `notify` as a list. */
export const guardRecipients = (guard: RolloutGuard): string[] => (typeof guard.notify === 'string' ? [guard.notify] : guard.notify);

const count = z.number().int().nonnegative();
const rate = z.number().nonnegative();

/** What a guard saw when it halted a rollout: the release against the previous one on the same days. */
export const HaltFigures = z.strictObject({
  from: z.string().meta({ description: 'first UTC day compared, YYYY-MM-DD' }),
  to: z.string().meta({ description: 'last UTC day compared (the day it halted)' }),
  active_installs: count.meta({ description: 'the most installs active on the release on one of those days' }),
  install_days: count.meta({ description: 'installs active on the release per day, summed: what its rate is per' }),
  bug_reports: count,
  bug_per_1000: rate.meta({ description: '1000 × bug_reports ÷ install_days' }),
  previous: z.strictObject({ version: z.string(), install_days: count, bug_reports: count, bug_per_1000: rate }).meta({ description: 'the release before it on its channel, on the same days' }),
  factor: z.number().meta({ description: "the guard's bug_feedback_factor: the rate crossed previous.bug_per_1000 × factor" }),
  min_active_installs: count.meta({ description: "the guard's min_active_installs" }),
});
export type HaltFigures = z.infer<typeof HaltFigures>;

/** A release whose rollout is halted, as /health shows it. */
export const HaltedRelease = z
  .strictObject({
    version: z.string(),
    channel: z.enum(['stable', 'preview']),
    day: z.string().meta({ description: 'the UTC day it was halted' }),
    halted_at: z.string().meta({ description: 'when, ISO 8601 UTC' }),
    halted_by: z.string().meta({ description: '`guard` (its guard tripped), or `console: <person>` (a person halted it in the console)' }),
    reason: z.string().nullable().meta({ description: "why the person halted it; null for the guard (its figures say why)" }),
    figures: HaltFigures.nullable().meta({ description: 'what the guard saw; null for a halt by a person' }),
  })
  .meta({ id: 'HaltedRelease', description: 'a staged rollout halted by its guard or by a person: no install not yet on the release is offered it until a person resumes it' });
export type HaltedRelease = z.infer<typeof HaltedRelease>;

/** What a release's guard last made of it, as /health shows it. */
export const GuardStatus = z
  .strictObject({
    version: z.string(),
    channel: z.enum(['stable', 'preview']),
    status: z.enum(['watching', 'unjudged', 'halted']).meta({ description: 'watching: judged, within its guard (or not judged yet); unjudged: the guard will not judge from what it has (see reason); halted: the rollout is halted' }),
    reason: z.string().optional().meta({ description: 'why the guard will not judge (unjudged), or that it has not judged yet (watching)' }),
  })
  .meta({ id: 'GuardStatus', description: "a guarded release and its guard's last judgement" });
export type GuardStatus = z.infer<typeof GuardStatus>;
