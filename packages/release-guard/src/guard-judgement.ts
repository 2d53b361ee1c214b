import type { ContentSnapshot, Release } from '@companion/content';
import { addDays, dayOf, type AdoptionRecorder, type GuardDay } from '@companion/adoption-store';
import type { RolloutHalt } from '@companion/rollout-store';
import type { HaltFigures } from '@companion/schema';
import semver from 'semver';
import { channelReleases } from './channel-releases';

/**
 * What one judgement of a guard found: it trips (`halt`), the release stays within it, or the
 * guard will not judge from what it has (`unjudged`, with the reason people are shown: too few
 * installs the service vouches for, or a population that jumped with installs nobody offered it).
 */
export type GuardVerdict = { kind: 'halt'; figures: HaltFigures } | { kind: 'within' } | { kind: 'unjudged'; reason: string };

export interface GuardSources {
  adoption: Pick<AdoptionRecorder, 'guardDays'>;
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
/** Past this part of a release's install-days from installs the service never offered it, the guard will not judge. */
export const MAX_UNOFFERED_SHARE = 0.5;

/** Sums of a release's guard days. */
function totals(days: readonly GuardDay[], version: string) {
  const mine = days.filter((d) => d.version === version);
  return {
    most: Math.max(0, ...mine.map((d) => d.installs)),
    installDays: mine.reduce((sum, d) => sum + d.installs, 0),
    unofferedDays: mine.reduce((sum, d) => sum + d.unoffered, 0),
    votes: mine.reduce((sum, d) => sum + d.votes, 0),
  };
}

/**
 * Judges the guard of `release` today from what the service can vouch for: installs it issued
 * credentials to, active on the release and on the one before it, and bug votes (one per install
 * and network a day, from installs seen on the release before they reported). A release whose
 * installs come mostly from outside the rollout (never offered it) is not judged: its figures
 * could be anyone's, and a person is told rather than the rollout halted or passed.
 */
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
  const days = await sources.adoption.guardDays([release.version, previous.version], from, today);
  const ours = totals(days, release.version);
  if (ours.most < guard.min_active_installs) return within;
  if (ours.unofferedDays > ours.installDays * MAX_UNOFFERED_SHARE) {
    return { kind: 'unjudged', reason: `${ours.unofferedDays} of its ${ours.installDays} install-days from ${from} to ${today} are of installs the service never offered ${release.version} (more than half): its figures are not the rollout's` };
  }
  const theirs = totals(days, previous.version);
  if (theirs.installDays === 0) return within; // no install ran the previous release on those days: no rate to compare with
  const rate = per1000(ours.votes, ours.installDays);
  const previousRate = per1000(theirs.votes, theirs.installDays);
  if (ours.votes < (guard.min_bug_reports ?? 1) || !(rate > previousRate * guard.bug_feedback_factor)) return within;
  return {
    kind: 'halt',
    figures: {
      from,
      to: today,
      active_installs: ours.most,
      install_days: ours.installDays,
      bug_reports: ours.votes,
      bug_per_1000: rounded(rate),
      previous: { version: previous.version, install_days: theirs.installDays, bug_reports: theirs.votes, bug_per_1000: rounded(previousRate) },
      factor: guard.bug_feedback_factor,
      min_active_installs: guard.min_active_installs,
    },
  };
}
