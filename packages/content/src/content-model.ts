import type { Element } from '@companion/schema';
import { resolveCodenames } from './codenames';
import { isPartialRollout, REQUIRED_FILES, type FileValue, type ParseResult } from './collections';
import type { ContentIssue } from './issues';
import { claimIssue, ClaimRegistry, keyOf } from './claims';
import { deepFreeze, type ContentSnapshot } from './snapshot';
import { EMPTY, emptySnapshot, patchSnapshot, type ErrorOverlay } from './snapshot-patch';
import { TombstoneMap } from './tombstone-map';
import type { TranslationValue } from './translation-values';
import { judgeTranslation, originalKey, type Original } from './translations';

/** What one file holds now: the hash of its bytes (or a problem's text) and what they parsed to. */
export interface FileInput {
  hash: number | string;
  parsed: ParseResult;
  /** Modification time, size and inode as read (see stampOf); absent when not read from disk. */
  stamp?: number;
}

// A class, so the 20,000 states of a large folder share one hidden class (object literals built
// by spreading ended up with one each, a third of the heap).
class FileState {
  constructor(
    readonly hash: number | string,
    readonly stamp: number,
    /** What the current bytes parsed to, null when they failed. */
    readonly value: FileValue | null,
    /** What the file contributes to the snapshot: its current value, or its last accepted one. */
    public served: FileValue | null,
    /** What the parser reported on the current bytes (warnings, when it gave a value too). */
    readonly parseIssues: readonly ContentIssue[],
    /** Problems of the current bytes, found in the file itself or against other files. */
    public issues: readonly ContentIssue[] = parseIssues,
    /** What the well-formed parts of failed bytes say, judged but never served (ParseResult.partial). */
    readonly partial: FileValue | null = null,
  ) {}
}

/** A change of nothing but the overlay's Flags. */
const NOTHING = { served: EMPTY, releases: () => [], translations: () => [], elements: () => EMPTY, codenames: null, issues: null } as const;

/** Folders every content folder has; a missing one is reported, never read as "no content". */
export const REQUIRED_FOLDERS = ['changelog/stable', 'changelog/preview', 'notices', 'errors'] as const;

/** The Flag an errors/ file is named after: `errors/TLS4002.yaml` and `errors/TLS4002.de.yaml` both give TLS4002. */
const flagOfFile = (file: string) => file.slice('errors/'.length).replace(/\..*$/, '');

const isBulk = (file: string) => file.startsWith('notices/') || file.startsWith('errors/');

/**
 * The live state behind a store's snapshots. `apply` takes the files that changed and patches the
 * previous snapshot: the changed entries, the lists and maps that hold them, the issues; every
 * other slice keeps its identity. A file with a problem, in itself or against other files, keeps
 * serving its last accepted value; of two files claiming one id, Flag or version, the one already
 * served wins and the newcomer carries the problem (files arriving together both carry it).
 */
export class ContentModel {
  private readonly files = new TombstoneMap<string, FileState>();
  /** Files outside notices/ and errors/: few, so whole-list work over them is cheap. */
  private readonly smallFiles = new Set<string>();
  private readonly problemFiles = new Set<string>();
  /** Files holding a notice's or a release's translation (few), judged again whenever a notice or a release changes. */
  private readonly translationFiles = new Set<string>();
  /** Per Flag, the files translating its entry: judged again when that entry's file changes. */
  private readonly errorTranslationFiles = new Map<string, Set<string>>();
  private readonly claims = new ClaimRegistry();
  private folderIssues: readonly ContentIssue[] = EMPTY;
  private snapshot: ContentSnapshot;
  private overlay: ErrorOverlay | null = null;

  constructor(loadedAt: number) {
    this.snapshot = emptySnapshot(loadedAt);
  }

  current(): ContentSnapshot {
    return this.snapshot;
  }

  /**
   * Serves the catalogue as `overlay` resolves each Flag from its file (see ErrorOverlay), from
   * now on; `flags` are resolved again at once (those the overlay knows). Null: the files alone.
   */
  setOverlay(overlay: ErrorOverlay | null, flags: Iterable<string>, loadedAt: number): ContentSnapshot | null {
    this.overlay = overlay;
    return this.resolveAgain(flags, loadedAt);
  }

  /** Resolves `flags` again through the overlay (its state of them changed); null when nothing served changed. */
  resolveAgain(flags: Iterable<string>, loadedAt: number): ContentSnapshot | null {
    const next = patchSnapshot(this.snapshot, { ...NOTHING, overlay: this.overlay, resolve: [...flags] }, loadedAt);
    if (next) this.snapshot = next;
    return next;
  }

  hashOf(file: string): number | string | undefined {
    return this.files.get(file)?.hash;
  }

  stampOf(file: string): number | undefined {
    return this.files.get(file)?.stamp;
  }

  /** Known files under `folder` (relative, with `/`; '' for every file). */
  filesUnder(folder: string): string[] {
    return [...this.files.keys()].filter((file) => folder === '' || file.startsWith(`${folder}/`));
  }

  /**
   * Applies changed files (null: gone) and, when given, the folders that exist now. Returns the
   * new snapshot, or null when nothing served or reported changed.
   */
  apply(changes: ReadonlyMap<string, FileInput | null>, folders: ReadonlySet<string> | null, loadedAt: number): ContentSnapshot | null {
    const before = new Map<string, FileValue | null>();
    const issuesChanged = new Set<string>();
    const touch = (file: string) => {
      if (!before.has(file)) before.set(file, this.files.get(file)?.served ?? null);
      issuesChanged.add(file);
    };
    for (const [file, input] of changes) {
      touch(file);
      const state = this.files.get(file);
      this.claims.move(file, keyOf(state?.value ?? null), keyOf(input?.parsed.value ?? null));
      if (!input) {
        this.files.delete(file);
        this.claims.release(file, keyOf(state?.served ?? null));
        continue;
      }
      const parseIssues = input.parsed.issues.length > 0 ? input.parsed.issues : EMPTY;
      const next = new FileState(input.hash, input.stamp ?? 0, input.parsed.value, state?.served ?? null, parseIssues, parseIssues, input.parsed.partial ?? null);
      this.files.set(file, next);
      if (!isBulk(file)) this.smallFiles.add(file);
      const value = input.parsed.value;
      if (value?.kind === 'translation' && value.of !== 'error') this.translationFiles.add(file);
      else this.translationFiles.delete(file);
      if (file.startsWith('errors/')) this.trackErrorTranslation(file, value?.kind === 'translation');
      // Files that claim no key are served as they parse (a failed one keeps its last good value).
      if (value?.kind === 'elements' || value?.kind === 'channels' || value?.kind === 'catalog-exports' || value?.kind === 'search-concepts') next.served = deepFreeze(value);
    }
    this.claims.settle((file, key, outcome) => {
      const state = this.files.get(file)!;
      touch(file);
      if (outcome.accepted) {
        const released = keyOf(state.served);
        state.served = deepFreeze(state.value);
        state.issues = state.parseIssues;
        return released !== key ? released : null;
      }
      state.issues = [...state.parseIssues, claimIssue(file, state.value!, outcome.others)];
      return null;
    });
    for (const file of changes.keys()) {
      if (this.files.has(file)) continue;
      this.smallFiles.delete(file);
      this.translationFiles.delete(file);
      if (file.startsWith('errors/')) this.trackErrorTranslation(file, false);
    }

    // Releases, elements and codenames.yaml are judged together whenever one of them changes.
    const codenames = this.settleCodenames([...before.keys()].some((file) => !isBulk(file)), touch);
    if ([...before.keys()].some((file) => file.startsWith('notices/') || file.startsWith('changelog/'))) this.settleTranslations(this.translationFiles, touch);
    const flags = new Set([...before.keys()].flatMap((file) => (file.startsWith('errors/') ? [flagOfFile(file)] : [])));
    if (flags.size > 0) this.settleTranslations([...flags].flatMap((flag) => [...(this.errorTranslationFiles.get(flag) ?? [])]), touch);
    if ([...before.keys()].some((file) => file.startsWith('changelog/'))) this.settleChannels(touch);
    if (folders) this.setFolderIssues(folders);

    let issuesDirty = folders !== null;
    for (const file of issuesChanged) {
      const has = (this.files.get(file)?.issues.length ?? 0) > 0;
      if (has || this.problemFiles.has(file)) issuesDirty = true;
      if (has) this.problemFiles.add(file);
      else this.problemFiles.delete(file);
    }
    const next = patchSnapshot(this.snapshot, {
      served: [...before].map(([file, old]) => [old, this.files.get(file)?.served ?? null] as const),
      releases: () => [...this.smallFiles].map((file) => this.files.get(file)!.served).flatMap((v) => (v?.kind === 'release' ? [v] : [])),
      translations: () => [...this.translationFiles].map((file) => this.files.get(file)!.served).flatMap((v) => (v?.kind === 'translation' ? [v] : [])),
      elements: () => this.elementsValue(),
      codenames,
      issues: issuesDirty ? () => this.issues() : null,
      overlay: this.overlay,
      resolve: EMPTY,
    }, loadedAt);
    if (next) this.snapshot = next;
    return next;
  }

  /**
   * Judges every translation against the original it names, as served now. One that has no
   * original or disagrees with it is not served (readers get the original) and carries the problem.
   */
  private settleTranslations(files: Iterable<string>, touch: (file: string) => void): void {
    for (const file of files) {
      const state = this.files.get(file)!;
      const value = state.value as TranslationValue | null;
      // A refused claim (a second translation into one language) already carries its problem.
      if (value === null || this.claims.ownerOf(`${originalKey(value)} in ${value.lang}`) !== file) continue;
      const owner = this.claims.ownerOf(originalKey(value));
      const served = owner === undefined ? null : this.files.get(owner)?.served ?? null;
      const original: Original | null =
        served?.kind === 'notice'
          ? { kind: 'notice', notice: served.notice }
          : served?.kind === 'release'
            ? { kind: 'release', channel: served.channel, release: served.release }
            : served?.kind === 'error'
              ? { kind: 'error', entry: served.entry }
              : null;
      const problems = judgeTranslation(file, value, original);
      const next = problems.length === 0 ? deepFreeze(value) : null;
      if (next === state.served && problems.length === 0 && state.issues === state.parseIssues) continue;
      touch(file);
      state.served = next;
      state.issues = problems.length === 0 ? state.parseIssues : [...state.parseIssues, ...problems];
    }
  }

  /** Keeps errorTranslationFiles: `file` (under errors/) translates its Flag's entry, or no longer does. */
  private trackErrorTranslation(file: string, translates: boolean): void {
    const flag = flagOfFile(file);
    const files = this.errorTranslationFiles.get(flag);
    if (translates) {
      if (files) files.add(file);
      else this.errorTranslationFiles.set(flag, new Set([file]));
    } else if (files?.delete(file) && files.size === 0) {
      this.errorTranslationFiles.delete(flag);
    }
  }

  /**
   * Judges channels.yaml's minimum_supported against the releases served: each must name a
   * release of its channel (a preview channel reaches stable releases too) that every client is
   * offered, or clients below it would be told to update with nothing to update to. The policy
   * is still served (the update check never calls an update critical that no client can install).
   */
  private settleChannels(touch: (file: string) => void): void {
    const file = [...this.smallFiles].find((name) => /^changelog\/channels\.ya?ml$/.test(name));
    const state = file === undefined ? undefined : this.files.get(file);
    if (!file || !state || state.value?.kind !== 'channels') return;
    const releases = [...this.smallFiles].map((name) => this.files.get(name)!.served).flatMap((v) => (v?.kind === 'release' ? [v] : []));
    const problems: ContentIssue[] = [];
    for (const channel of ['stable', 'preview'] as const) {
      const minimum = state.value.channels[channel];
      if (minimum === null) continue;
      const release = releases.find((r) => r.release.version === minimum && (channel === 'preview' || r.channel === 'stable'))?.release;
      const where = state.value.at[channel] ?? { line: 1, column: 1 };
      const found = !release
        ? `no ${channel === 'stable' ? 'stable ' : ''}release has that version`
        : isPartialRollout(release)
          ? `it is rolled out to ${release.rollout}% of installs (rollout: ${release.rollout} in ${release.file})`
          : null;
      if (found === null) continue;
      problems.push({ file, ...where, code: 'MINIMUM_NOT_OFFERED', message: `${channel}.minimum_supported ${minimum}: expected a release every client is offered; found that ${found} (name a released version, or finish the rollout, or mark it critical: true)` });
    }
    const issues = problems.length === 0 ? state.parseIssues : [...state.parseIssues, ...problems];
    if (JSON.stringify(issues) === JSON.stringify(state.issues)) return;
    touch(file);
    state.issues = issues;
  }

  private setFolderIssues(folders: ReadonlySet<string>): void {
    const missing = REQUIRED_FOLDERS.filter((folder) => !folders.has(folder));
    this.folderIssues = missing.map((folder) => ({
      file: `${folder}/`,
      line: 1,
      column: 1,
      code: 'FOLDER_MISSING' as const,
      message: `expected the folder ${folder}/ in the content folder; found none (${
        this.filesUnder(folder).length > 0 ? 'what it held when last read is still served until it is back' : 'it has no content to serve'
      })`,
    }));
  }

  /** Judges codenames.yaml against the served elements and releases; null when nothing to redo. */
  private settleCodenames(needed: boolean, touch: (file: string) => void): Pick<ContentSnapshot, 'codenames' | 'codenameOf'> | null {
    if (!needed) return null;
    const elements = this.elementsValue();
    const versions = new Set<string>();
    const failedVersions = new Set<string>();
    let file: string | undefined;
    for (const name of this.smallFiles) {
      const state = this.files.get(name)!;
      if (name.startsWith('codenames.')) file ??= name;
      if (!name.startsWith('changelog/')) continue;
      if (state.served?.kind === 'release') versions.add(state.served.release.version);
      else failedVersions.add(name.replace(/^.*\/|\.ya?ml$/g, ''));
    }
    const state = file === undefined ? undefined : this.files.get(file)!;
    // Nothing is judged against elements that never loaded: their own file carries the problem.
    if (!state || !file || elements.length === 0) return { codenames: EMPTY, codenameOf: new Map() };
    const candidate = state.value?.kind === 'codenames' ? state.value : null;
    const judge = (value: FileValue | null) =>
      resolveCodenames(file, value?.kind === 'codenames' ? value.codenames : [], elements, versions, failedVersions);
    let resolved = judge(candidate);
    if (candidate) {
      touch(file);
      if (resolved.issues.length === 0) {
        state.served = deepFreeze(candidate);
        state.issues = state.parseIssues;
      } else {
        state.issues = [...state.parseIssues, ...resolved.issues];
        // The last accepted version stays, less what no longer resolves.
        resolved = judge(state.served);
      }
    } else {
      resolved = judge(state.served);
      // A file failing its own checks is judged on its well-formed items too, so one run reports
      // every problem; what it serves stays its last accepted version.
      if (state.partial) {
        touch(file);
        state.issues = [...state.parseIssues, ...judge(state.partial).issues].sort((a, b) => a.line - b.line || a.column - b.column);
      }
    }
    return { codenames: resolved.codenames, codenameOf: resolved.codenameOf };
  }

  private elementsValue(): readonly Element[] {
    const served = this.files.get(REQUIRED_FILES[0])?.served ?? this.files.get('elements.yml')?.served;
    return served?.kind === 'elements' ? served.elements : EMPTY;
  }

  private issues(): readonly ContentIssue[] {
    const issues: ContentIssue[] = [];
    for (const file of [...this.problemFiles].sort()) issues.push(...this.files.get(file)!.issues);
    for (const required of REQUIRED_FILES) {
      if (!this.files.has(required) && !this.files.has(required.replace(/\.yaml$/, '.yml'))) {
        issues.push({ file: required, line: 1, column: 1, code: 'REQUIRED_FILE_MISSING', message: `expected ${required} in the content folder; found no such file` });
      }
    }
    issues.push(...this.folderIssues);
    return Object.freeze(issues);
  }
}

