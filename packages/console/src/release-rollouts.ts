import type { ContentSnapshot, Release } from '@companion/content';
import { latestShares, shareApplies, type RolloutHalt, type ShareSetting } from '@companion/rollout-store';
import type { GuardStatus } from '@companion/schema';
import semver from 'semver';
import { guardStatuses, type RolloutHalts } from '@companion/release-guard';

/** A release's rollout as the console shows it: what its file says, what a person set, what is served. */
export interface RolloutView {
  release: Release;
  channel: 'stable' | 'preview';
  /** The file's `rollout`; null: it sets none (every install). */
  fileRollout: number | null;
  /** The version's latest console setting (in force or not). */
  share: ShareSetting | undefined;
  /** Whether `share` decides the share now (the file still says what it said then). */
  shareInForce: boolean;
  /** The share of installs offered it, halts aside: the setting's when in force, else the file's. */
  served: number;
  halt: RolloutHalt | undefined;
  guard: GuardStatus | undefined;
}

/** What the share form was made on: the version's latest setting and the file's value; a form made on another is stale. */
export const shareTag = (view: Pick<RolloutView, 'share' | 'fileRollout'>): string => `${view.share?.id ?? 0}/${view.fileRollout ?? 'none'}`;

type Channel = 'stable' | 'preview';
const releasesOf = (snapshot: ContentSnapshot) => [...snapshot.stable.map((r) => ['stable', r] as const), ...snapshot.preview.map((r) => ['preview', r] as const)];

/** A release's rollout, from its file, the latest setting of its version and its halt. */
function viewOf(halts: RolloutHalts, channel: Channel, release: Release, share: ShareSetting | undefined, guard: GuardStatus | undefined): RolloutView {
  const shareInForce = share !== undefined && shareApplies(share, release.rollout);
  return { release, channel, fileRollout: release.rollout ?? null, share, shareInForce, served: shareInForce ? share.rollout : (release.rollout ?? 100), halt: halts.halted.get(release.version), guard };
}

/** The rollout of every release the Releases page lists: staged in its file, guarded, halted, or steered in the console once; newest first. */
export function rolloutViews(halts: RolloutHalts): RolloutView[] {
  const snapshot = halts.fileContent();
  const shares = latestShares(halts.shares);
  const guards = new Map(guardStatuses(snapshot, halts).map((g) => [g.version, g]));
  const steered = new Set([...halts.history.map((h) => h.version), ...shares.keys()]);
  return releasesOf(snapshot)
    .filter(([, r]) => r.rollout !== undefined || r.guard !== undefined || steered.has(r.version))
    .sort(([, a], [, b]) => semver.rcompare(a.version, b.version))
    .map(([channel, release]) => viewOf(halts, channel, release, shares.get(release.version), guards.get(release.version)));
}

/** The rollout of one release of the content (any of them), or undefined when no file has that version. */
export function findRollout(halts: RolloutHalts, version: string): RolloutView | undefined {
  const snapshot = halts.fileContent();
  const found = releasesOf(snapshot).find(([, r]) => r.version === version);
  if (!found) return undefined;
  return viewOf(halts, found[0], found[1], latestShares(halts.shares).get(version), guardStatuses(snapshot, halts).find((g) => g.version === version));
}

/** Why a release may not be held back from anyone: changelog/channels.yaml names it the oldest supported version. */
export function minimumOf(halts: RolloutHalts, version: string): Channel | null {
  const { channels } = halts.fileContent();
  return channels.stable === version ? 'stable' : channels.preview === version ? 'preview' : null;
}

/** One thing that happened to a rollout: who did what, when and why. */
export interface RolloutEvent {
  at: string;
  what: string;
  by: string;
  why: string;
}

/** Who, as a person reads it: `console: Pia` is Pia; `content: <file>` the release file. */
export const whoOf = (by: string): string => (by === 'guard' ? 'the guard' : by.startsWith('console: ') ? by.slice('console: '.length) : by.startsWith('content: ') ? `the release file (${by.slice('content: '.length)})` : by);

const percent = (rollout: number | null) => (rollout === null ? 'no rollout (every install)' : `${rollout}%`);

/** Every halt, resume and share change of `version`, newest first. */
export function rolloutHistory(version: string, halts: readonly RolloutHalt[], shares: readonly ShareSetting[]): RolloutEvent[] {
  const events: RolloutEvent[] = [];
  // Oldest first, so that at one instant the later record comes first below.
  for (const h of halts.filter((h) => h.version === version).sort((a, b) => a.id - b.id)) {
    const f = h.figures;
    events.push({
      at: h.halted_at,
      what: 'Halted',
      by: whoOf(h.halted_by),
      why: h.reason ?? (f ? `bug votes ${f.bug_per_1000} per 1,000 install-days against ${f.previous.bug_per_1000} for ${f.previous.version}, from ${f.from} to ${f.to}` : ''),
    });
    if (h.resumed_at !== null) events.push({ at: h.resumed_at, what: 'Resumed', by: whoOf(h.resumed_by ?? ''), why: h.resume_reason ?? (h.resumed_by?.startsWith('content: ') ? `resume: ${h.day} under guard:` : '') });
  }
  for (const s of shares.filter((s) => s.version === version).sort((a, b) => a.id - b.id)) {
    const superseded = s.superseded_at === null ? '' : ` (superseded: the release file's rollout became ${percent(s.superseded_by_rollout)})`;
    events.push({ at: s.set_at, what: `Share set to ${s.rollout}%, the release file saying ${percent(s.file_rollout)}${superseded}`, by: whoOf(s.set_by), why: s.reason });
    if (s.superseded_at !== null) {
      events.push({ at: s.superseded_at, what: `Share ${s.rollout}% superseded: the release file's rollout went from ${percent(s.file_rollout)} to ${percent(s.superseded_by_rollout)}`, by: 'a content deploy', why: 'the file wins once it changes' });
    }
  }
  // Newest first; at the same instant, the later record (a resume after its halt) first.
  return events.map((e, i) => [e, i] as const).sort(([a, i], [b, j]) => (a.at === b.at ? j - i : a.at < b.at ? 1 : -1)).map(([e]) => e);
}
