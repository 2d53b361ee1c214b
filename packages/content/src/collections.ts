import {
  ChannelsFile,
  CodenameAssignment,
  CodenamesFile,
  ElementsFile,
  CatalogExportsFile,
  SearchConceptsFile,
  CONCEPT_LANGUAGES,
  type SearchConcept,
  ErrorEntryFile,
  NoticeFrontMatter,
  PREVIEW_VERSION,
  PreviewRelease,
  StableRelease,
  toErrorEntry,
  type Element,
  type ErrorEntry,
  type Artifact,
  type RolloutGuard,
} from '@companion/schema';
import { sayingIsStopWord } from '@companion/error-search';
import type { z } from 'zod';
import { readFrontMatter } from './front-matter';
import type { ContentIssue } from './issues';
import { MAX_BYTES, MAX_NOTICE_BODY_CHARS } from './limits';
import type { TranslationValue } from './translation-values';
import { parseYaml, schemaIssues, type YamlSource } from './yaml-source';

export type Position = { line: number; column: number };

export interface Release {
  version: string;
  date: string;
  description: string;
  changes: string[];
  /** Offered to every client whatever the rollout; absent when the file does not say. */
  critical?: boolean;
  /** Percent of installs offered the release; absent: every install. */
  rollout?: number;
  /** The builds to download: for each platform and architecture, a few packages and deltas. */
  artifacts?: Artifact[];
  /** The app's bundle version (CFBundleVersion) beside `version`, for Sparkle. */
  build?: string;
  /** A page with the full release notes. */
  notes_url?: string;
  /** When the rollout halts itself (see RolloutGuard). */
  guard?: RolloutGuard;
  /**
   * Set by the service, never by the file: the rollout was halted (its guard tripped) and no
   * person has resumed it. No install is offered it; installs already on it keep it.
   */
  halted?: true;
  file: string;
}

/**
 * A release offered to only part of the installs: a rollout below 100% and not critical (critical
 * ignores it), or a halted one (offered to none: a halt overrides both).
 */
export const isPartialRollout = (release: Release): boolean => release.halted === true || (release.rollout !== undefined && release.rollout < 100 && release.critical !== true);

/** `changelog/channels.yaml`: the oldest supported version per channel, null where none is declared. */
export interface ChannelPolicy {
  stable: string | null;
  preview: string | null;
}

export interface NoticeRecord extends NoticeFrontMatter {
  content: string;
  file: string;
}

export interface CodenameEntry extends CodenameAssignment {
  at: Position;
  versionsAt: Position[];
}

/** What one valid file contributes to the snapshot; `at` points at its identifying field. */
export type FileValue =
  | { kind: 'release'; channel: 'stable' | 'preview'; release: Release; at: Position }
  | { kind: 'notice'; notice: NoticeRecord; at: Position }
  | { kind: 'codenames'; codenames: CodenameEntry[] }
  | { kind: 'elements'; elements: Element[] }
  | { kind: 'error'; entry: ErrorEntry; file: string; at: Position }
  | { kind: 'channels'; channels: ChannelPolicy; at: Record<'stable' | 'preview', Position | null> }
  | { kind: 'catalog-exports'; exported: ReadonlyMap<string, number> }
  | { kind: 'search-concepts'; concepts: readonly SearchConcept[] }
  | TranslationValue;

export interface ParseResult {
  value: FileValue | null;
  issues: ContentIssue[];
  /**
   * For a file that failed: what its well-formed parts say, judged against other files all the
   * same (never served), so one run reports every problem that does not depend on another.
   */
  partial?: FileValue;
}

/** A content type: which files it owns and how one of them becomes a value. */
export interface Collection {
  name: string;
  /** Files above this size are refused before they are decoded: an issue, never served. */
  maxBytes: number;
  /** Matches a path relative to the content folder; returns the file's stem or null. */
  match(file: string): string | null;
  parse(file: string, text: string, stem: string): ParseResult;
}

export const failed = (issues: ContentIssue[]): ParseResult => ({ value: null, issues });

/** A result that may carry warnings: the value is served and the warnings reported beside it. */
export const withWarnings = (result: ParseResult, warnings: ContentIssue[]): ParseResult =>
  warnings.length === 0 ? result : { value: result.value, issues: [...result.issues, ...warnings] };

/** Checks of a collection's own, run whether or not the schema passed, so one mistake hides no other. */
interface OwnChecks {
  /** `found`: the problems found so far, so a check says nothing more about a field already reported. */
  check?: (value: unknown, source: YamlSource, file: string, stem: string, found: readonly ContentIssue[]) => ContentIssue[];
  /** What the well-formed parts of a failed file say (see ParseResult.partial). */
  partial?: (value: unknown, source: YamlSource) => FileValue | undefined;
  /** Stems this collection owns among those the pattern matches. */
  owns?: (stem: string) => boolean;
}

/** Parses YAML and validates it; calls `build` only when both succeed. */
export function yamlCollection<S extends z.ZodType>(
  name: string,
  pattern: RegExp,
  maxBytes: number,
  schema: S,
  build: (data: z.infer<S>, source: YamlSource, file: string, stem: string) => FileValue,
  own: OwnChecks = {},
): Collection {
  return {
    name,
    maxBytes,
    match: (file) => {
      const stem = pattern.exec(file)?.[1] ?? null;
      return stem !== null && (own.owns?.(stem) ?? true) ? stem : null;
    },
    parse(file, text, stem) {
      const parsed = parseYaml(file, text);
      if (!parsed.ok) return failed(parsed.issues);
      const { value } = parsed.source;
      const result = schema.safeParse(value);
      const problems = [...parsed.problems, ...(result.success ? [] : schemaIssues(file, parsed.source, result.error)), ...(own.check?.(value, parsed.source, file, stem, parsed.problems) ?? [])];
      if (!result.success || problems.length > 0) {
        const partial = own.partial?.(value, parsed.source);
        return { ...failed([...problems, ...parsed.warnings].sort(byPosition)), ...(partial && { partial }) };
      }
      return withWarnings({ value: build(result.data, parsed.source, file, stem), issues: [] }, parsed.warnings);
    },
  };
}

/** Whether `field` is reported as given twice: which of its values counts is not known. */
const givenTwice = (problems: readonly ContentIssue[], field: string) => problems.some((p) => p.code === 'DUPLICATE_KEY' && p.message.startsWith(`${field}:`));

/** The field naming a file's identity (`version`, `Flag`) against its file name, read whatever else is wrong. */
function nameCheck(field: 'version' | 'Flag') {
  return (value: unknown, source: YamlSource, file: string, stem: string, problems: readonly ContentIssue[]): ContentIssue[] => {
    const found = (value as Record<string, unknown> | null)?.[field];
    if (typeof found !== 'string' || found === stem || givenTwice(problems, field)) return [];
    return [nameMismatch(file, source.locate([field]), field, found, stem)];
  };
}

export const byPosition = (a: ContentIssue, b: ContentIssue) => a.line - b.line || a.column - b.column;

export function nameMismatch(file: string, at: Position, what: string, found: string, expected: string): ContentIssue {
  return { file, ...at, code: 'FILE_NAME_MISMATCH', message: `${what}: expected "${expected}" as the file name says; found "${found}" (rename the file or fix the field)` };
}

function releaseCollection(channel: 'stable' | 'preview'): Collection {
  const schema = channel === 'stable' ? StableRelease : PreviewRelease;
  return yamlCollection(
    `changelog/${channel}`,
    new RegExp(`^changelog/${channel}/([^/]+)\\.ya?ml$`),
    MAX_BYTES.release,
    schema,
    (data, source, file) => ({ kind: 'release', channel, release: { ...data, file }, at: source.locate(['version']) }),
    { check: nameCheck('version'), owns: (stem) => !isReleaseTranslationStem(stem) },
  );
}

const channels = yamlCollection('channels', /^changelog\/(channels)\.ya?ml$/, MAX_BYTES.release, ChannelsFile, (data, source) => ({
  kind: 'channels',
  channels: { stable: data.stable?.minimum_supported ?? null, preview: data.preview?.minimum_supported ?? null },
  at: {
    stable: data.stable?.minimum_supported ? source.locate(['stable', 'minimum_supported']) : null,
    preview: data.preview?.minimum_supported ? source.locate(['preview', 'minimum_supported']) : null,
  },
}));

/** A notice file stem or release file stem that ends in a language tag: `10-holiday.de`, `1.11.2.de`. */
export const TRANSLATED_STEM = /^(.+)\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2})$/;
/** Whether a notice stem is a translation's (`<id>-<slug>.<lang>`) rather than an original's. */
export const isNoticeTranslationStem = (stem: string): boolean => TRANSLATED_STEM.test(stem);
/** Whether an errors/ stem is a translation's: a Flag followed by a language tag (a Flag holds no dot). */
export const isErrorTranslationStem = (stem: string): boolean => TRANSLATED_STEM.test(stem);
/** Whether a release stem is a translation's: a version followed by a language tag. */
export const isReleaseTranslationStem = (stem: string): boolean => {
  const found = TRANSLATED_STEM.exec(stem);
  return found !== null && PREVIEW_VERSION.test(found[1]!);
};

/** The id leads a notice file's name, so a changed id is caught in the file that changed it. */
export function noticeFileNameIssue(file: string, stem: string, id: number, at: Position, ext = '.md'): ContentIssue | null {
  if (stem.startsWith(`${id}-`)) return null;
  const named = /^(\d+)-/.exec(stem)?.[1];
  const message = named
    ? `id: expected ${named} as the file name says; found ${id} (notice files are named <id>-<slug>${ext}: rename the file or fix the id)`
    : `id ${id}: expected the file name to start with it, as in ${id}-${stem}${ext}; found ${stem}${ext}`;
  return { file, ...at, code: 'FILE_NAME_MISMATCH', message };
}

const notices: Collection = {
  name: 'notices',
  maxBytes: MAX_BYTES.notice,
  match: (file) => {
    const stem = /^notices\/([^/]+)\.md$/.exec(file)?.[1] ?? null;
    return stem === null || isNoticeTranslationStem(stem) ? null : stem;
  },
  parse(file, text, stem) {
    const read = readFrontMatter(file, text, 'id, active, date, ...');
    if (!read.ok) return failed(read.issues);
    const { source, data, body, bodyLine, problems, warnings } = read;
    const result = NoticeFrontMatter.safeParse(data);
    // The id leads the file name, so a changed id is caught in the file that changed it; read
    // whatever else is wrong, so one run reports both.
    const id = data.id;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && !givenTwice(problems, 'id')) {
      const misnamed = noticeFileNameIssue(file, stem, id, source.locate(['id']));
      if (misnamed) problems.push(misnamed);
    }
    if (body.length > MAX_NOTICE_BODY_CHARS) {
      problems.push({ file, line: bodyLine, column: 1, code: 'FILE_TOO_LARGE', message: `expected a notice body of at most ${MAX_NOTICE_BODY_CHARS} characters; found ${body.length} (split it, or link to a page)` });
    }
    if (!result.success) problems.push(...schemaIssues(file, source, result.error));
    if (!result.success || problems.length > 0) return failed([...problems, ...warnings].sort(byPosition));
    const at = source.locate(['id']);
    const d = result.data;
    // Field by field: spreading zod's output gave each of 10,000 notices its own hidden class.
    const notice: NoticeRecord = { id: d.id, active: d.active, date: d.date, priority: d.priority, summary: d.summary, type: d.type, starts_at: d.starts_at, expires_at: d.expires_at, event_starts_at: d.event_starts_at, event_ends_at: d.event_ends_at, audience: d.audience, content: body, file };
    return withWarnings({ value: { kind: 'notice', notice, at }, issues: [] }, warnings);
  },
};

/**
 * Codenames or versions listed twice: problems of this one file, so its last good version stays.
 * Judged on the items that are well formed, whether or not others in the file are.
 */
function repeatedCodenames(value: unknown, source: YamlSource, file: string): ContentIssue[] {
  const wellFormed = (item: unknown): item is CodenameAssignment =>
    typeof (item as CodenameAssignment | null)?.codename === 'string' && Array.isArray((item as CodenameAssignment).versions);
  const data = Array.isArray(value) ? value.map((item) => (wellFormed(item) ? item : null)) : [];
  const issues: ContentIssue[] = [];
  const names = new Set<string>();
  const versions = new Map<string, string>();
  data.forEach((item, i) => {
    if (!item) return;
    if (names.has(item.codename)) {
      issues.push({ file, ...source.locate([i, 'codename']), code: 'DUPLICATE_CODENAME', message: `codename "${item.codename}": expected each codename once; found it listed again` });
    }
    names.add(item.codename);
    item.versions.forEach((version, j) => {
      if (typeof version !== 'string') return;
      const other = versions.get(version);
      if (other !== undefined) {
        issues.push({ file, ...source.locate([i, 'versions', j]), code: 'DUPLICATE_CODENAME', message: `version ${version}: expected one codename per version; found it already under ${other}` });
      }
      versions.set(version, item.codename);
    });
  });
  return issues;
}

/** A concept named twice, a saying listed twice in one language (under one concept or two), or a saying of one stop word. */
function conceptIssues(value: unknown, source: YamlSource, file: string): ContentIssue[] {
  const concepts = (value as { concepts?: unknown } | null)?.concepts;
  if (!Array.isArray(concepts)) return [];
  const issues: ContentIssue[] = [];
  const names = new Set<string>();
  const sayings = new Map<string, string>();
  concepts.forEach((item: Record<string, unknown> | null, i) => {
    if (typeof item?.concept !== 'string') return;
    if (names.has(item.concept)) issues.push({ file, ...source.locate(['concepts', i, 'concept']), code: 'DUPLICATE_CONCEPT', message: `concept "${item.concept}": expected each concept once; found it listed again` });
    names.add(item.concept);
    for (const lang of CONCEPT_LANGUAGES) {
      const said = item[lang];
      if (!Array.isArray(said)) continue;
      said.forEach((saying: unknown, j) => {
        if (typeof saying !== 'string') return;
        const key = `${lang} ${saying.trim().toLowerCase()}`;
        const other = sayings.get(key);
        if (other !== undefined) issues.push({ file, ...source.locate(['concepts', i, lang, j]), code: 'DUPLICATE_CONCEPT', message: `${lang} saying "${saying}": expected each saying once per language; found it already under ${other}` });
        else sayings.set(key, item.concept as string);
        if (sayingIsStopWord(lang, saying)) {
          issues.push({ file, ...source.locate(['concepts', i, lang, j]), code: 'SAYING_IS_STOP_WORD', message: `${lang} saying "${saying}": expected a word search reads; found one it leaves out of every ${lang} query (a stop word, from @orama/stopwords and packages/error-search/src/languages.ts, or a single letter), so the saying would never be matched: write it within a phrase ("${saying} ...")` });
        }
      });
    }
  });
  return issues;
}

/** Codename entries with where each codename and version is written; `items` index into the file's list. */
const codenameEntries = (items: readonly [CodenameAssignment, number][], source: YamlSource): FileValue => ({
  kind: 'codenames',
  codenames: items.map(([item, i]) => ({
    ...item,
    at: source.locate([i, 'codename']),
    versionsAt: item.versions.map((_, j) => source.locate([i, 'versions', j])),
  })),
});

const codenames = yamlCollection(
  'codenames',
  /^(codenames)\.ya?ml$/,
  MAX_BYTES.codenames,
  CodenamesFile,
  (data, source) => codenameEntries(data.map((item, i) => [item, i] as const), source),
  {
    check: repeatedCodenames,
    // Well-formed items are still judged against the releases (CODENAME_UNKNOWN_VERSION).
    partial: (value, source) => {
      if (!Array.isArray(value)) return undefined;
      const items = value.flatMap((item, i) => {
        const read = CodenameAssignment.safeParse(item);
        return read.success ? [[read.data, i] as [CodenameAssignment, number]] : [];
      });
      return codenameEntries(items, source);
    },
  },
);

const elements = yamlCollection('elements', /^(elements)\.ya?ml$/, MAX_BYTES.elements, ElementsFile, (data) => ({ kind: 'elements', elements: data }));

const errors = yamlCollection(
  'errors',
  /^errors\/([^/]+)\.ya?ml$/,
  MAX_BYTES.error,
  ErrorEntryFile,
  (data, source, file) => ({ kind: 'error', entry: toErrorEntry(data), file, at: source.locate(['Flag']) }),
  { check: nameCheck('Flag'), owns: (stem) => !isErrorTranslationStem(stem) },
);

/** How far each catalogue log's API changes are already in these files (see CatalogExportsFile). */
const catalogExports = yamlCollection('catalog-exports', /^(catalog-exports)\.ya?ml$/, MAX_BYTES.catalogExports, CatalogExportsFile, (data) => ({
  kind: 'catalog-exports',
  exported: new Map(Object.entries(data.exported)),
}));

/** `search/concepts.yaml`: everyday words and situations and the catalogue's words for them (see SearchConcept). */
const searchConcepts = yamlCollection('search concepts', /^search\/(concepts)\.ya?ml$/, MAX_BYTES.searchConcepts, SearchConceptsFile, (data) => ({ kind: 'search-concepts', concepts: data.concepts }), {
  check: conceptIssues,
});

/** The collections of originals; translations.ts adds those of translations. */
export const ORIGINAL_COLLECTIONS: readonly Collection[] = [
  channels,
  releaseCollection('stable'),
  releaseCollection('preview'),
  notices,
  codenames,
  elements,
  errors,
  catalogExports,
  searchConcepts,
];

/** Files every content folder must have (either extension). */
export const REQUIRED_FILES = ['elements.yaml'] as const;
