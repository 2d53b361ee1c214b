import type { Element, ErrorEntry } from '@companion/schema';
import type { FileValue } from './collections';
import type { ContentIssue } from './issues';
import { PersistentMap } from './persistent-map';
import type { ErrorTranslation, NoticeTranslation, ReleaseTranslationRecord, TranslationValue } from './translation-values';
import { byNoticeOrder, byReleaseOrder, deepFreeze, patchSorted, type ContentSnapshot } from './snapshot';

export const EMPTY: readonly never[] = Object.freeze([]);

type ReleaseValue = Extract<FileValue, { kind: 'release' }>;

/** What one change did, for building the next snapshot from the previous one. */
export interface SnapshotChanges {
  /** Each touched file's served value before and after. */
  served: readonly (readonly [FileValue | null, FileValue | null])[];
  /** Every served release; asked for only when one changed. */
  releases(): ReleaseValue[];
  /** Every served translation; asked for only when one changed. */
  translations(): TranslationValue[];
  elements(): readonly Element[];
  /** The codename views when they were judged again, else null. */
  codenames: Pick<ContentSnapshot, 'codenames' | 'codenameOf'> | null;
  /** Every issue, when any may have changed, else null. */
  issues: (() => readonly ContentIssue[]) | null;
  /** How each Flag is served from its file; null: as the file has it. */
  overlay: ErrorOverlay | null;
  /** Flags to resolve again through the overlay, their files unchanged. */
  resolve: readonly string[];
}

/**
 * The catalogue served as something other than its files alone (the API's changes merged in):
 * `resolve` gives a Flag's served entry from its file's (undefined: none) and the files' record
 * of exported changes; `flags` are every Flag it may serve otherwise than its file.
 */
export interface ErrorOverlay {
  resolve(flag: string, file: ErrorEntry | undefined, exported: ReadonlyMap<string, number>): ErrorEntry | undefined;
  flags(): Iterable<string>;
}

export function emptySnapshot(loadedAt: number): ContentSnapshot {
  return Object.freeze({
    generation: 0,
    loadedAt,
    stable: EMPTY,
    preview: EMPTY,
    notices: EMPTY,
    elements: EMPTY,
    codenames: EMPTY,
    codenameOf: new Map(),
    noticeTranslations: new Map(),
    releaseTranslations: new Map(),
    errorTranslations: PersistentMap.empty,
    channels: Object.freeze({ stable: null, preview: null }),
    errors: PersistentMap.empty,
    errorFiles: PersistentMap.empty,
    catalogExports: new Map(),
    searchConcepts: EMPTY,
    errorChanges: null,
    counts: Object.freeze({ stable: 0, preview: 0, notices: 0, codenames: 0, elements: 0, errors: 0 }),
    issues: EMPTY,
  });
}

/** The items of one kind that went away and those that came. */
function replaced<T>(served: SnapshotChanges['served'], pick: (value: FileValue) => T | null): [T[], T[]] {
  const [removed, added] = [[] as T[], [] as T[]];
  for (const [old, now] of served) {
    if (now === old) continue;
    const [a, b] = [old && pick(old), now && pick(now)];
    if (a) removed.push(a);
    if (b) added.push(b);
  }
  return [removed, added];
}

/**
 * The next snapshot: only the slices a change touched are rebuilt (the notice list patched, the
 * catalogue map copied in a few nodes); every other slice is the previous one. Null when nothing
 * served or reported changed.
 */
export function patchSnapshot(prev: ContentSnapshot, changes: SnapshotChanges, loadedAt: number): ContentSnapshot | null {
  // An entry's translation is a kind of its own: it changes the catalogue's translations, not the notices' or releases'.
  const kindOf = (value: FileValue | null) => (value?.kind === 'translation' && value.of === 'error' ? 'error translation' : value?.kind);
  const kinds = new Set(changes.served.flatMap(([old, now]) => (old === now ? [] : [kindOf(old), kindOf(now)])));
  const next = { ...prev };
  if (kinds.has('notice')) {
    const [removed, added] = replaced(changes.served, (v) => (v.kind === 'notice' ? v.notice : null));
    next.notices = prev.generation === 0 ? Object.freeze(added.sort(byNoticeOrder)) : patchSorted(prev.notices, removed, added, byNoticeOrder);
  }
  next.errorChanges = Object.freeze({ since: prev.generation, flags: EMPTY });
  const resolve = new Set(changes.resolve);
  if (kinds.has('catalog-exports')) {
    const served = changes.served.map(([, now]) => now).find((v) => v?.kind === 'catalog-exports');
    next.catalogExports = served?.kind === 'catalog-exports' ? served.exported : new Map();
    if (changes.overlay) for (const flag of changes.overlay.flags()) resolve.add(flag);
  }
  if (kinds.has('search-concepts')) {
    const served = changes.served.map(([, now]) => now).find((v) => v?.kind === 'search-concepts');
    next.searchConcepts = served?.kind === 'search-concepts' ? served.concepts : EMPTY;
  }
  if (kinds.has('error')) {
    const flags = new Map<string, ErrorEntry | undefined>();
    const [removed, added] = replaced(changes.served, (v) => (v.kind === 'error' ? v.entry : null));
    for (const entry of removed) flags.set(entry.Flag, undefined);
    for (const entry of added) flags.set(entry.Flag, entry);
    next.errorFiles = (prev.errorFiles as PersistentMap<ErrorEntry>).with(flags);
    if (changes.overlay) for (const flag of flags.keys()) resolve.add(flag);
    else next.errors = (prev.errors as PersistentMap<ErrorEntry>).with(flags);
  }
  if (changes.overlay && resolve.size > 0) {
    const served = new Map<string, ErrorEntry | undefined>();
    for (const flag of resolve) {
      const entry = changes.overlay.resolve(flag, next.errorFiles.get(flag), next.catalogExports);
      if (entry !== prev.errors.get(flag)) served.set(flag, entry && deepFreeze(entry));
    }
    if (served.size > 0) next.errors = (prev.errors as PersistentMap<ErrorEntry>).with(served);
    resolve.clear();
    for (const flag of served.keys()) resolve.add(flag);
  } else if (!changes.overlay) {
    resolve.clear();
    for (const [old, now] of changes.served) for (const value of [old, now]) if (value?.kind === 'error' && old !== now) resolve.add(value.entry.Flag);
  }
  if (next.errors !== prev.errors) {
    next.errorChanges = prev.generation === 0 ? null : Object.freeze({ since: prev.generation, flags: Object.freeze([...resolve]) });
  }
  if (kinds.has('release')) {
    const releases = changes.releases();
    next.stable = Object.freeze(releases.filter((r) => r.channel === 'stable').map((r) => r.release).sort(byReleaseOrder));
    next.preview = Object.freeze(releases.filter((r) => r.channel === 'preview').map((r) => r.release).sort(byReleaseOrder));
  }
  if (kinds.has('translation')) Object.assign(next, translationMaps(changes.translations()));
  if (kinds.has('error translation')) next.errorTranslations = patchErrorTranslations(prev.errorTranslations as PersistentMap<ReadonlyMap<string, ErrorTranslation>>, changes.served);
  if (kinds.has('channels')) {
    const served = changes.served.map(([, now]) => now).find((v) => v?.kind === 'channels');
    next.channels = served?.kind === 'channels' ? Object.freeze(served.channels) : emptySnapshot(0).channels;
  }
  if (kinds.has('elements')) next.elements = Object.freeze(changes.elements().slice().sort((a, b) => a.number - b.number));
  const { codenames } = changes;
  if (codenames && JSON.stringify([codenames.codenames, [...codenames.codenameOf]]) !== JSON.stringify([prev.codenames, [...prev.codenameOf]])) {
    next.codenames = deepFreeze(codenames.codenames);
    next.codenameOf = codenames.codenameOf;
  }
  if (changes.issues) next.issues = changes.issues();
  const counts = { stable: next.stable.length, preview: next.preview.length, notices: next.notices.length, codenames: next.codenames.length, elements: next.elements.length, errors: next.errors.size };
  next.counts = Object.entries(counts).every(([k, v]) => prev.counts[k as keyof typeof counts] === v) ? prev.counts : Object.freeze(counts);
  const changed = (Object.keys(next) as (keyof ContentSnapshot)[]).some((k) => k !== 'errorChanges' && next[k] !== prev[k]);
  if (!changed && prev.generation > 0) return null;
  return Object.freeze({ ...next, generation: prev.generation + 1, loadedAt });
}

/** Translations by the original they translate, then by language. */
function translationMaps(values: readonly TranslationValue[]): Pick<ContentSnapshot, 'noticeTranslations' | 'releaseTranslations'> {
  const notices = new Map<number, Map<string, NoticeTranslation>>();
  const releases = new Map<string, Map<string, ReleaseTranslationRecord>>();
  const put = <K, T>(map: Map<K, Map<string, T>>, key: K, lang: string, item: T) => {
    let byLang = map.get(key);
    if (!byLang) map.set(key, (byLang = new Map()));
    byLang.set(lang, item);
  };
  for (const value of values) {
    if (value.of === 'notice') put(notices, value.notice.id, value.lang, value.notice);
    else if (value.of !== 'error') put(releases, `${value.of} ${value.release.version}`, value.lang, value.release);
  }
  return { noticeTranslations: notices, releaseTranslations: releases };
}

/** The entries' translations with those that went away taken out and those that came put in, per Flag. */
function patchErrorTranslations(prev: PersistentMap<ReadonlyMap<string, ErrorTranslation>>, served: SnapshotChanges['served']): PersistentMap<ReadonlyMap<string, ErrorTranslation>> {
  const [removed, added] = replaced(served, (v) => (v.kind === 'translation' && v.of === 'error' ? v.error : null));
  const byFlag = new Map<string, Map<string, ErrorTranslation>>();
  const languagesOf = (flag: string) => {
    let languages = byFlag.get(flag);
    if (!languages) byFlag.set(flag, (languages = new Map(prev.get(flag) ?? [])));
    return languages;
  };
  for (const t of removed) if (languagesOf(t.Flag).get(t.lang) === t) languagesOf(t.Flag).delete(t.lang);
  for (const t of added) languagesOf(t.Flag).set(t.lang, t);
  return prev.with([...byFlag].map(([flag, languages]) => [flag, languages.size === 0 ? undefined : languages] as const));
}
