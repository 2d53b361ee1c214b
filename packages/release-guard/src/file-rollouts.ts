import type { ContentSnapshot } from '@companion/content';
import { latestShares, type ShareSetting } from '@companion/rollout-store';

/** A setting a content deploy superseded, with the file's `rollout` that did it. */
export interface Superseded {
  share: ShareSetting;
  fileRollout: number | null;
}

/**
 * When this replica first saw each release file's `rollout` (null: the file sets none). A console
 * setting records the file's value when it was set; a file seen here with another value since
 * then is a deploy that changed it, so the file wins. A file seen with another value from before
 * the setting is this replica not deployed yet (the setting was made on a replica that was): the
 * file is served meanwhile, and the setting is left as it is.
 */
export class FileRollouts {
  private readonly seen = new Map<string, { rollout: number | null; since: string }>();
  private last: ContentSnapshot | null = null;

  /** Notes the snapshot's values (once per snapshot object); true when one changed. */
  observe(snapshot: ContentSnapshot, now: string): boolean {
    if (snapshot === this.last) return false;
    this.last = snapshot;
    let changed = false;
    for (const release of [...snapshot.stable, ...snapshot.preview]) {
      const rollout = release.rollout ?? null;
      if (this.seen.get(release.version)?.rollout === rollout) continue;
      this.seen.set(release.version, { rollout, since: now });
      changed = true;
    }
    return changed;
  }

  /** Each version's latest setting, not marked yet, that a file seen here since it was set no longer matches. */
  superseded(shares: readonly ShareSetting[]): Superseded[] {
    const found: Superseded[] = [];
    for (const share of latestShares(shares).values()) {
      const file = this.seen.get(share.version);
      if (share.superseded_at !== null || file === undefined || file.rollout === share.file_rollout) continue;
      // Ties go to the file: a deploy and a setting in the same instant, the file wins.
      if (file.since >= share.set_at) found.push({ share, fileRollout: file.rollout });
    }
    return found;
  }
}
