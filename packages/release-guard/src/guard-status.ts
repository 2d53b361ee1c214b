import type { ContentSnapshot } from '@companion/content';
import type { GuardStatus } from '@companion/schema';
import semver from 'semver';
import type { RolloutHalts } from './rollout-halts';

/** Why a guard has no verdict: the service started (or the release got its guard) since the last judgement. */
export const NOT_JUDGED_YET = 'not judged yet: the guards are judged every ROLLOUT_GUARD_INTERVAL_S seconds';

/** Each release of `snapshot` whose file declares a guard, newest first, with its guard's last judgement. */
export function guardStatuses(snapshot: ContentSnapshot, halts: Pick<RolloutHalts, 'halted' | 'verdicts'> | null | undefined): GuardStatus[] {
  const guarded = [...snapshot.stable.map((r) => ['stable', r] as const), ...snapshot.preview.map((r) => ['preview', r] as const)].filter(([, r]) => r.guard !== undefined);
  return guarded
    .sort(([, a], [, b]) => semver.rcompare(a.version, b.version))
    .map(([channel, { version }]): GuardStatus => {
      if (halts?.halted.has(version)) return { version, channel, status: 'halted' };
      const verdict = halts?.verdicts.get(version);
      if (verdict === undefined) return { version, channel, status: 'watching', reason: NOT_JUDGED_YET };
      // A verdict to halt whose halt a person lifted since: watching again.
      return verdict.kind === 'unjudged' ? { version, channel, status: 'unjudged', reason: verdict.reason } : { version, channel, status: 'watching' };
    });
}
