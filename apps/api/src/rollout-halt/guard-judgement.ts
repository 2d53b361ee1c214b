import type { ContentSnapshot, Release } from '@companion/content';
import { addDays, dayOf, type AdoptionRecorder } from '@companion/adoption-store';
import type { FeedbackStore } from '@companion/feedback-store';
import type { RolloutHalt } from '@companion/rollout-store';
import type { HaltFigures } from '@companion/schema';
import semver from 'semver';
import { feedbackTypes, healthDays } from '../adoption/release-health';
import { channelReleases } from '../routes/changelog-since';

/**
 * What one judgement of a guard found: it trips (`halt`), the release stays within it, or the
 * guard will not judge from what it has (`unjudged`, with the reason people are shown: too few
 * installs the service vouches for, or a population that jumped with installs nobody offered it).
 */
export type GuardVerdict = { kind: 'halt'; figures: HaltFigures } | { kind: 'within' } | { kind: 'unjudged'; reason: string };

export interface GuardSources {
  adoption: Pick<AdoptionRecorder, 'counts'>;
  feedback: Pick<FeedbackStore, 'scan'>;
}

export interface GuardCase {
  snapshot: ContentSnapshot;
  release: Release;
  channel: 'stable' | 'preview';
  today: string;
  /** Every halt, resumed ones too: the days a person looked at are not judged again. */
  history: readonly RolloutHalt[];
}

/** The release before `release` on its channel, as release health compares them. */
const previousOf = (snapshot: ContentSnapshot, release: Release, channel: 'stable' | 'preview'): Release | null => channelReleases(snapshot, channel).find((r) => semver.lt(r.version, release.version)) ?? null;

const per1000 = (count: number, installDays: number) => (installDays === 0 ? 0 : (count * 1000) / installDays);
const rounded = (n: number) => Math.round(n * 1000) / 1000;

/** Judges the guard of `release` today: the figures when it trips. */
export async function judgeGuard(sources: GuardSources, { snapshot, release, channel, today, history }: GuardCase): Promise<GuardVerdict> {
  const within = { kind: 'within' } as const;
  const guard = release.guard!;
  const previous = previousOf(snapshot, release, channel);
  if (previous === null) return within; // nothing to compare with
  // Days a person already looked at (a resume) are not judged again.
  const resumedDays = [guard.resume, ...history.filter((h) => h.version === release.version && h.resumed_at !== null).map((h) => dayOf(Date.parse(h.resumed_at!)))].filter((d): d is string => d !== undefined);
  const window = addDays(today, 1 - (guard.days ?? 7));
  const from = resumedDays.reduce((latest, d) => (addDays(d, 1) > latest ? addDays(d, 1) : latest), window);
  if (from > today) return within;
  const days = healthDays(await sources.adoption.counts(from, today), release.version, previous.version, from, today);
  const activeInstalls = Math.max(0, ...days.map((d) => d.active_installs));
  if (activeInstalls < guard.min_active_installs) return within;
  const installDays = days.reduce((sum, d) => sum + d.active_installs, 0);
  const previousDays = days.reduce((sum, d) => sum + (d.previous?.active_installs ?? 0), 0);
  if (previousDays === 0) return within; // no install ran the previous release on those days: no rate to compare with
  const [ours, theirs] = await Promise.all([feedbackTypes(sources.feedback, release.version, from, today), feedbackTypes(sources.feedback, previous.version, from, today)]);
  const bugs = ours.filter((t) => t === 'bug').length;
  const previousBugs = theirs.filter((t) => t === 'bug').length;
  const rate = per1000(bugs, installDays);
  const previousRate = per1000(previousBugs, previousDays);
  if (bugs < (guard.min_bug_reports ?? 1) || !(rate > previousRate * guard.bug_feedback_factor)) return within;
  return {
    kind: 'halt',
    figures: {
      from,
      to: today,
      active_installs: activeInstalls,
      install_days: installDays,
      bug_reports: bugs,
      bug_per_1000: rounded(rate),
      previous: { version: previous.version, install_days: previousDays, bug_reports: previousBugs, bug_per_1000: rounded(previousRate) },
      factor: guard.bug_feedback_factor,
      min_active_installs: guard.min_active_installs,
    },
  };
}
