/**
 * A rollout's share set by a person in the console: the percentage of installs offered the
 * release, in place of its file's `rollout`, while the file still says what it said when it was
 * set (`file_rollout`). A content deploy that changes the file's `rollout` supersedes it: the
 * file wins, and the setting stays as history.
 */
export interface ShareSetting {
  id: number;
  version: string;
  channel: 'stable' | 'preview';
  /** The share set, 0-100. */
  rollout: number;
  /** The release file's `rollout` when it was set; null: the file set none (every install). */
  file_rollout: number | null;
  /** The version's setting it followed (its latest then), null for the first: a setting made on a stale view is refused. */
  replaces: number | null;
  /** When, ISO 8601 UTC. */
  set_at: string;
  /** `console: <person>`. */
  set_by: string;
  reason: string;
  /** When a content deploy was seen changing the file's `rollout` from `file_rollout`; null while it was not. */
  superseded_at: string | null;
  /** The file's `rollout` then (null: the file no longer sets one). */
  superseded_by_rollout: number | null;
}

export type NewShare = Omit<ShareSetting, 'id' | 'superseded_at' | 'superseded_by_rollout'>;

/** The share settings part of a rollout store: every setting is kept, newest first. */
export interface ShareStore {
  /** Every setting of every version, newest first. */
  shares(): Promise<ShareSetting[]>;
  /**
   * Records a setting when `replaces` is the version's latest setting (null: it has none yet);
   * the new record, or null when another was recorded meanwhile (two people, two replicas: one wins).
   */
  setShare(share: NewShare): Promise<ShareSetting | null>;
  /** Marks a setting superseded by the file's `rollout` unless it already is; whether this call marked it. */
  supersedeShare(id: number, fileRollout: number | null, at: string): Promise<boolean>;
}

/** Each version's latest setting (in force or not). */
export const latestShares = (shares: readonly ShareSetting[]): Map<string, ShareSetting> => {
  const latest = new Map<string, ShareSetting>();
  for (const share of shares) if (!latest.has(share.version) || latest.get(share.version)!.id < share.id) latest.set(share.version, share);
  return latest;
};

/** Whether `share` decides the release's share while its file's `rollout` is `fileRollout`: the file still says what it said when it was set. */
export const shareApplies = (share: ShareSetting, fileRollout: number | undefined): boolean => share.superseded_at === null && share.file_rollout === (fileRollout ?? null);
