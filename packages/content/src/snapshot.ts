import type { Element, ErrorEntry } from '@companion/schema';
import semver from 'semver';
import type { CodenameEntry, FileValue, NoticeRecord, ParseResult, Release } from './collections';
import { REQUIRED_FILES } from './collections';
import type { ContentIssue } from './issues';

export interface CodenameView {
  codename: string;
  element: { number: number; symbol: string; name: string };
  versions: string[];
}

export interface ContentCounts {
  stable: number;
  preview: number;
  notices: number;
  codenames: number;
  elements: number;
  errors: number;
}

/** Everything the service serves, validated and ordered; never changed once built. */
export interface ContentSnapshot {
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
  /** Ordered by Flag. */
  readonly errors: ReadonlyMap<string, ErrorEntry>;
  /** The file, relative to the content folder, that holds each Flag. */
  readonly errorFiles: ReadonlyMap<string, string>;
  readonly counts: ContentCounts;
  readonly issues: readonly ContentIssue[];
  /** Increases with every snapshot built. */
  readonly generation: number;
  /** The Flags whose entry differs from the snapshot of generation `since`; null: unknown. */
  readonly errorChanges: { readonly since: number; readonly flags: readonly string[] } | null;
}

type Values<K extends FileValue['kind']> = Extract<FileValue, { kind: K }>;

const bySemverDesc = (a: Release, b: Release) => semver.rcompare(a.version, b.version);
/** Dates are YYYY-MM-DD, so plain string order is date order (and far cheaper than localeCompare). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNoticeOrder = (a: NoticeRecord, b: NoticeRecord) =>
  b.priority - a.priority || compareText(b.date, a.date) || b.id - a.id;

/** Keeps the first value per key (files in path order) and reports the later ones. */
function unique<T extends { at: { line: number; column: number } }>(
  items: T[],
  key: (item: T) => string | number,
  file: (item: T) => string,
  report: (item: T, first: T) => Omit<ContentIssue, 'file' | 'line' | 'column'>,
  issues: ContentIssue[],
): T[] {
  const seen = new Map<string | number, T>();
  for (const item of items) {
    const first = seen.get(key(item));
    if (first) issues.push({ file: file(item), ...item.at, ...report(item, first) });
    else seen.set(key(item), item);
  }
  return [...seen.values()];
}

let lastGeneration = 0;

/** Builds the snapshot from every file's parse result (keys: relative paths) plus cross-file checks. */
export function buildSnapshot(results: ReadonlyMap<string, ParseResult>, loadedAt: number): ContentSnapshot {
  const issues: ContentIssue[] = [];
  const values: FileValue[] = [];
  for (const file of [...results.keys()].sort()) {
    const result = results.get(file)!;
    issues.push(...result.issues);
    if (result.value) values.push(result.value);
  }
  const of = <K extends FileValue['kind']>(kind: K) => values.filter((v): v is Values<K> => v.kind === kind);

  for (const required of REQUIRED_FILES) {
    if (!results.has(required) && !results.has(required.replace(/\.yaml$/, '.yml'))) {
      issues.push({ file: required, line: 1, column: 1, code: 'REQUIRED_FILE_MISSING', message: `expected ${required} in the content folder; found no such file` });
    }
  }

  const releases = unique(of('release'), (r) => r.release.version, (r) => r.release.file, (r, first) => ({
    code: 'DUPLICATE_VERSION',
    message: `version ${r.release.version}: expected each version once; found it already in ${first.release.file}`,
  }), issues);
  const stable = releases.filter((r) => r.channel === 'stable').map((r) => r.release).sort(bySemverDesc);
  const preview = releases.filter((r) => r.channel === 'preview').map((r) => r.release).sort(bySemverDesc);

  const notices = unique(of('notice'), (n) => n.notice.id, (n) => n.notice.file, (n, first) => ({
    code: 'DUPLICATE_NOTICE_ID',
    message: `id ${n.notice.id}: expected a unique notice id; found it already in ${first.notice.file}`,
  }), issues).map((n) => n.notice).sort(byNoticeOrder);

  const errorValues = unique(of('error'), (e) => e.entry.Flag, (e) => e.file, (e, first) => ({
    code: 'DUPLICATE_FLAG',
    message: `Flag ${e.entry.Flag}: expected each Flag once; found it already in ${first.file}`,
  }), issues).sort((a, b) => (a.entry.Flag < b.entry.Flag ? -1 : 1));
  const errors = new Map(errorValues.map((e) => [e.entry.Flag, e.entry] as const));
  const errorFiles = new Map(errorValues.map((e) => [e.entry.Flag, e.file] as const));

  const elements = (of('elements')[0]?.elements ?? []).slice().sort((a, b) => a.number - b.number);
  const { codenames, codenameOf } = resolveCodenames(of('codenames')[0]?.codenames ?? [], elements, new Set([...releases.map((r) => r.release.version), ...failedVersions(results)]), issues);

  const snapshot: ContentSnapshot = {
    loadedAt,
    stable,
    preview,
    notices,
    elements,
    codenames,
    codenameOf,
    errors,
    errorFiles,
    counts: { stable: stable.length, preview: preview.length, notices: notices.length, codenames: codenames.length, elements: elements.length, errors: errors.size },
    issues,
    generation: ++lastGeneration,
    errorChanges: null,
  };
  return deepFreeze(snapshot);
}

function resolveCodenames(
  entries: CodenameEntry[],
  elements: readonly Element[],
  versions: ReadonlySet<string>,
  issues: ContentIssue[],
): { codenames: CodenameView[]; codenameOf: Map<string, string> } {
  const file = 'codenames.yaml';
  const elementByName = new Map(elements.map((e) => [e.name.toLowerCase(), e]));
  const codenames: CodenameView[] = [];
  const codenameOf = new Map<string, string>();
  for (const entry of entries) {
    const element = elementByName.get(entry.codename.toLowerCase());
    if (!element) {
      // Codenames are element names by schema; none found means elements.yaml failed, and that
      // file carries the problem.
      if (elements.length > 0) issues.push({ file, ...entry.at, code: 'CODENAME_UNKNOWN_ELEMENT', message: `codename "${entry.codename}": expected the English name of a chemical element (Hydrogen ... Oganesson); found none by that name` });
      continue;
    }
    const kept = entry.versions.filter((version, i) => {
      if (versions.has(version)) return true;
      issues.push({ file, ...(entry.versionsAt[i] ?? entry.at), code: 'CODENAME_UNKNOWN_VERSION', message: `version ${version}: expected a version with a changelog file; found none` });
      return false;
    });
    for (const version of kept) codenameOf.set(version, element.name);
    codenames.push({ codename: element.name, element: { number: element.number, symbol: element.symbol, name: element.name }, versions: kept.sort(semver.rcompare) });
  }
  codenames.sort((a, b) => a.element.number - b.element.number);
  return { codenames, codenameOf };
}

/** Versions named by changelog files that failed: their problem is on their own file, not on codenames.yaml. */
const failedVersions = (results: ReadonlyMap<string, ParseResult>): string[] =>
  [...results].filter(([file, r]) => r.value === null && file.startsWith('changelog/')).map(([file]) => file.slice(file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, ''));

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    if (value instanceof Map) for (const v of value.values()) deepFreeze(v);
    else for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
