import type { Element, ErrorEntry, SearchConcept } from '@companion/schema';
import semver from 'semver';
import type { CodenameView } from './codenames';
import type { ChannelPolicy, NoticeRecord, Release } from './collections';
import type { ErrorTranslation, NoticeTranslation, ReleaseTranslationRecord } from './translation-values';
import type { ContentIssue } from './issues';

export type { CodenameView } from './codenames';

export interface ContentCounts {
  stable: number;
  preview: number;
  notices: number;
  codenames: number;
  elements: number;
  errors: number;
}

/**
 * Everything the service serves, validated and ordered; never changed once built. A snapshot
 * made by patching the previous one keeps the identity of every slice (and every entry object)
 * that did not change, so derived caches can key a WeakMap on the slice they depend on.
 */
export interface ContentSnapshot {
  /** Increases with every snapshot of a store. */
  readonly generation: number;
  readonly loadedAt: number;
  /** Newest first, in semver order. */
  readonly stable: readonly Release[];
  readonly preview: readonly Release[];
  /** Priority desc, then date desc, then id desc. */
  readonly notices: readonly NoticeRecord[];
  /** Ordered by atomic number. */
  readonly elements: readonly Element[];
  readonly codenames: readonly CodenameView[];
  /** Codename of each release version that has one. */
  readonly codenameOf: ReadonlyMap<string, string>;
  /** Translations of notices: id -> language -> translation (only those that match their original). */
  readonly noticeTranslations: ReadonlyMap<number, ReadonlyMap<string, NoticeTranslation>>;
  /** Translations of releases: `<channel> <version>` -> language -> translation. */
  readonly releaseTranslations: ReadonlyMap<string, ReadonlyMap<string, ReleaseTranslationRecord>>;
  /**
   * Translations of catalogue entries: Flag -> language -> translation (only those that match their
   * original file). Iterates in Flag order.
   */
  readonly errorTranslations: ReadonlyMap<string, ReadonlyMap<string, ErrorTranslation>>;
  /** `changelog/channels.yaml`: the oldest supported version per channel. */
  readonly channels: ChannelPolicy;
  /**
   * Iterates in Flag order. get/has/size cost O(1); the Flag order is built on the first
   * iteration of each snapshot's map (patched from the previous map's order when that was built).
   */
  readonly errors: ReadonlyMap<string, ErrorEntry>;
  /** The catalogue as the files hold it, before the API's changes are merged in (see ErrorOverlay). */
  readonly errorFiles: ReadonlyMap<string, ErrorEntry>;
  /** `catalog-exports.yaml`: per catalogue log id, the last seq whose changes these files hold. */
  readonly catalogExports: ReadonlyMap<string, number>;
  /** `search/concepts.yaml`: what customers say and the catalogue's words for it; empty without the file. Keeps its identity while the file is unchanged. */
  readonly searchConcepts: readonly SearchConcept[];
  /** Flags whose entry differs from the snapshot of generation `since`; null: unknown, rebuild. */
  readonly errorChanges: { readonly since: number; readonly flags: readonly string[] } | null;
  readonly counts: ContentCounts;
  readonly issues: readonly ContentIssue[];
}

export const byReleaseOrder = (a: Release, b: Release) => semver.rcompare(a.version, b.version);
/** Dates are YYYY-MM-DD, so plain string order is date order (and far cheaper than localeCompare). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const byNoticeOrder = (a: NoticeRecord, b: NoticeRecord) => b.priority - a.priority || compareText(b.date, a.date) || b.id - a.id;

/** `list` sorted by `order`, with `removed` taken out and `added` put in: a copy, not a re-sort. */
export function patchSorted<T>(list: readonly T[], removed: readonly T[], added: readonly T[], order: (a: T, b: T) => number): readonly T[] {
  if (removed.length + added.length > 64) {
    const gone = new Set(removed);
    return Object.freeze(list.filter((item) => !gone.has(item)).concat(added).sort(order));
  }
  const next = list.slice();
  for (const item of removed) {
    const at = next.indexOf(item);
    if (at !== -1) next.splice(at, 1);
  }
  for (const item of added) {
    let [lo, hi] = [0, next.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (order(next[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    next.splice(lo, 0, item);
  }
  return Object.freeze(next);
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
