import type { ContentSnapshot, Release } from '@companion/content';
import type { ContentSource } from '../deps';
import type { RolloutHalts } from './rollout-halts';

/** `list` with the halted releases marked (a copy), or `list` itself when none of them is. */
function marked(list: readonly Release[], halted: ReadonlyMap<string, unknown>): readonly Release[] {
  if (!list.some((r) => halted.has(r.version))) return list;
  return Object.freeze(list.map((r) => (halted.has(r.version) ? Object.freeze({ ...r, halted: true as const }) : r)));
}

/**
 * The content as the service serves it: each snapshot with the releases whose rollout is halted
 * marked `halted` (isPartialRollout then holds, offeredToInstall never does). A new snapshot
 * object, with new release lists, is made only when the content or the halts change, so the fast
 * path's answers built from the release lists are rebuilt exactly then; with no halt, the
 * content's own snapshot is served unchanged.
 */
export function withHalts(source: ContentSource, halts: Pick<RolloutHalts, 'halted' | 'generation'> | null | undefined): ContentSource {
  if (!halts) return source;
  let seen: ContentSnapshot | null = null;
  let seenGeneration = -1;
  let served: ContentSnapshot | null = null;
  return {
    status: () => source.status(),
    current() {
      const snapshot = source.current();
      if (snapshot === seen && halts.generation === seenGeneration) return served!;
      const stable = marked(snapshot.stable, halts.halted);
      const preview = marked(snapshot.preview, halts.halted);
      served = stable === snapshot.stable && preview === snapshot.preview ? snapshot : Object.freeze({ ...snapshot, stable, preview });
      [seen, seenGeneration] = [snapshot, halts.generation];
      return served;
    },
  };
}
