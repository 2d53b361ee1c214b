import type { FeedbackStore } from '@companion/feedback-store';
import { FEEDBACK_TYPES, type Clock, type FeedbackType } from '@companion/schema';
import type { ContentSnapshot } from '@companion/content';
import semver from 'semver';
import { channelReleases } from './channel-releases';
import { addDays, dayOf, type AdoptionRecorder } from '@companion/adoption-store';
import type { InstallCount, UptakeDay } from '@companion/adoption-store';

/** An install that named no platform is counted under this name. */
export const NO_PLATFORM = 'unknown';

export interface Adoption {
  active_installs: number;
  /** Of the installs active that day (on that platform): how many ran the version, 0-1. */
  share: number;
}

export interface HealthDay extends Adoption {
  date: string;
  /** Installs offered the release for the first time that day, by a check from another version. */
  offered: number;
  /** Installs that checked in from the release for the first time that day, having been offered it before. */
  took: number;
  platforms: Record<string, Adoption>;
  /** The previous release on the same day; null when there is none. */
  previous: Adoption | null;
}

export interface FeedbackRates {
  /** Installs active per day on the version, summed over the days: what the rates are per. */
  install_days: number;
  by_type: Record<FeedbackType, { count: number; per_1000: number | null }>;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

/** Per day from `from` to `to`: the version's installs and share, per platform, and the previous release's. */
export function healthDays(counts: readonly InstallCount[], version: string, previous: string | null, from: string, to: string, uptake: readonly UptakeDay[] = []): HealthDay[] {
  const uptakeOn = new Map(uptake.map((u) => [u.day, u]));
  const index = new Map(counts.map((c) => [`${c.day}\t${c.version ?? ''}\t${c.platform ?? '\u0000'}`, c.installs]));
  const get = (day: string, v: string | null, platform: string | null) => index.get(`${day}\t${v ?? ''}\t${platform ?? '\u0000'}`) ?? 0;
  const days: HealthDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const all = get(day, null, null);
    const installs = get(day, version, null);
    const platforms: Record<string, Adoption> = {};
    for (const c of counts) {
      if (c.day !== day || c.version !== version || c.platform === null) continue;
      platforms[c.platform || NO_PLATFORM] = { active_installs: c.installs, share: share(c.installs, get(day, null, c.platform)) };
    }
    const before = previous === null ? null : get(day, previous, null);
    const { offered = 0, took = 0 } = uptakeOn.get(day) ?? {};
    days.push({ date: day, active_installs: installs, share: share(installs, all), offered, took, platforms, previous: before === null ? null : { active_installs: before, share: share(before, all) } });
  }
  return days;
}

/** Feedback per 1,000 installs active a day: 1000 × feedback of a type ÷ install-days (null before any install was seen). */
export function feedbackRates(installDays: number, feedbackTypes: readonly FeedbackType[]): FeedbackRates {
  const by_type = Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, { count: 0, per_1000: null as number | null }])) as FeedbackRates['by_type'];
  for (const type of feedbackTypes) by_type[type].count++;
  for (const type of FEEDBACK_TYPES) by_type[type].per_1000 = installDays === 0 ? null : Math.round((by_type[type].count * 1_000_000) / installDays) / 1000;
  return { install_days: installDays, by_type };
}

/** Feedback types reported from `version` on the days from `from` to `to`. */
export async function feedbackTypes(feedback: Pick<FeedbackStore, 'scan'>, version: string, from: string, to: string): Promise<FeedbackType[]> {
  const types: FeedbackType[] = [];
  for await (const record of feedback.scan({ clientVersion: version, from, to })) types.push(record.type);
  return types;
}

export interface ReleaseHealthData {
  version: string;
  channel: 'stable' | 'preview';
  previous: string | null;
  from: string;
  to: string;
  days: HealthDay[];
  /** Over the days: installs offered the release, and how many of them took it. */
  uptake: { offered: number; took: number };
  feedback: FeedbackRates;
  previous_feedback: FeedbackRates | null;
}

/** A release's health over the `days` days ending today (UTC), against the release before it; null for a version no release has. */
export async function releaseHealth(
  { adoption, feedback, clock }: { adoption: Pick<AdoptionRecorder, 'counts' | 'uptake'>; feedback: Pick<FeedbackStore, 'scan'>; clock: Clock },
  snapshot: ContentSnapshot,
  version: string,
  days: number,
): Promise<ReleaseHealthData | null> {
  const channel = snapshot.stable.some((r) => r.version === version) ? 'stable' : snapshot.preview.some((r) => r.version === version) ? 'preview' : null;
  if (channel === null) return null;
  const previous = channelReleases(snapshot, channel).find((r) => semver.lt(r.version, version))?.version ?? null;
  const to = dayOf(clock.nowMicros() / 1000);
  const from = addDays(to, 1 - days);
  const [counts, uptake, ours, theirs] = await Promise.all([adoption.counts(from, to), adoption.uptake(version, from, to), feedbackTypes(feedback, version, from, to), previous === null ? null : feedbackTypes(feedback, previous, from, to)]);
  const series = healthDays(counts, version, previous, from, to, uptake);
  return {
    version,
    channel,
    previous,
    from,
    to,
    days: series,
    uptake: { offered: series.reduce((sum, d) => sum + d.offered, 0), took: series.reduce((sum, d) => sum + d.took, 0) },
    feedback: feedbackRates(series.reduce((sum, d) => sum + d.active_installs, 0), ours),
    previous_feedback: theirs === null ? null : feedbackRates(series.reduce((sum, d) => sum + (d.previous?.active_installs ?? 0), 0), theirs),
  };
}
