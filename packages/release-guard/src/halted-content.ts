import type { ContentSnapshot, ContentStore, Release } from '@companion/content';
import { latestShares, shareApplies, type ShareSetting } from '@companion/rollout-store';
import type { RolloutHalts } from './rollout-halts';

/** What the service reads content from: the live store, or any holder of a snapshot. */
type ContentSource = Pick<ContentStore, 'current' | 'status'>;

/** The release as served: its share as a person set it in the console (while it applies), marked when halted or held. */
function servedRelease(release: Release, halted: ReadonlyMap<string, unknown>, shares: ReadonlyMap<string, ShareSetting>, held: boolean): Release {
  const share = shares.get(release.version);
  const rollout = share && shareApplies(share, release.rollout) && share.rollout !== (release.rollout ?? 100) ? share.rollout : release.rollout;
  // Held after a restore: a guarded rollout still staged goes no further until a person confirms.
  const halt = halted.has(release.version) || (held && release.guard !== undefined && release.critical !== true && (rollout ?? 100) < 100);
  if (rollout === release.rollout && !halt) return release;
  return Object.freeze({ ...release, ...(rollout !== undefined && { rollout }), ...(halt && { halted: true as const }) });
}

/** `list` with each release served (a copy), or `list` itself when none of them changes. */
function served(list: readonly Release[], halted: ReadonlyMap<string, unknown>, shares: ReadonlyMap<string, ShareSetting>, held: boolean): readonly Release[] {
  const releases = list.map((r) => servedRelease(r, halted, shares, held));
  return releases.every((r, i) => r === list[i]) ? list : Object.freeze(releases);
}

/**
 * The content as the service serves it: each snapshot with the rollouts people and guards
 * decided, so every format, the changelog and the fast path follow them. A release whose rollout
 * is halted, or guarded and staged while a restore waits for confirmation (`heldForRestore`), is
 * marked `halted` (isPartialRollout then holds, offeredToInstall never does); one
 * whose share a person set in the console, while its file's `rollout` is still the one the
 * setting was made on, is served with that share as its `rollout`. A new snapshot object, with
 * new release lists, is made only when the content, the halts or the share settings change, so
 * the fast path's answers built from the release lists are rebuilt exactly then; with neither,
 * the content's own snapshot is served unchanged.
 */
export function withHalts(source: ContentSource, halts: Pick<RolloutHalts, 'halted' | 'shares' | 'generation' | 'observe' | 'heldForRestore'> | null | undefined): ContentSource {
  if (!halts) return source;
  let seen: ContentSnapshot | null = null;
  let seenGeneration = -1;
  let servedSnapshot: ContentSnapshot | null = null;
  return {
    status: () => source.status(),
    current() {
      const snapshot = source.current();
      if (snapshot === seen && halts.generation === seenGeneration) return servedSnapshot!;
      // A new snapshot may be a deploy that changed a release file's rollout.
      if (snapshot !== seen) halts.observe(snapshot);
      const shares = latestShares(halts.shares);
      const stable = served(snapshot.stable, halts.halted, shares, halts.heldForRestore);
      const preview = served(snapshot.preview, halts.halted, shares, halts.heldForRestore);
      servedSnapshot = stable === snapshot.stable && preview === snapshot.preview ? snapshot : Object.freeze({ ...snapshot, stable, preview });
      [seen, seenGeneration] = [snapshot, halts.generation];
      return servedSnapshot;
    },
  };
}
