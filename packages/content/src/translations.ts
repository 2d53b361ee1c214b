import { ErrorTranslationFile, LANGUAGE_TAG, languageName, NOTICE_REPEATED_FIELDS, NoticeTranslationFrontMatter, ORIGINAL_LANGUAGE, ReleaseTranslation, type ErrorEntry, type NoticeFrontMatter, type NoticeRepeatedField } from '@companion/schema';
import { byPosition, failed, isErrorTranslationStem, isNoticeTranslationStem, isReleaseTranslationStem, nameMismatch, noticeFileNameIssue, TRANSLATED_STEM, withWarnings, yamlCollection, type Collection, type ParseResult } from './collections';
import { readFrontMatter } from './front-matter';
import type { ContentIssue } from './issues';
import { MAX_BYTES, MAX_NOTICE_BODY_CHARS } from './limits';
import type { ErrorTranslation, FieldPositions, NoticeTranslation, ReleaseTranslationRecord, TranslationValue } from './translation-values';
import { schemaIssues, type YamlSource } from './yaml-source';

/** The original a translation belongs to, as the claims name it: `notice 10`, `version 1.11.2`. */
export const originalKey = (value: TranslationValue): string =>
  value.of === 'notice' ? `notice ${value.notice.id}` : value.of === 'error' ? `Flag ${value.error.Flag}` : `version ${value.release.version}`;

/**
 * The language a file name carries, canonical (`pt-BR`), or the problem with it: a tag that is
 * malformed, names no known language, or names the originals' own language.
 */
function languageOf(file: string, tag: string): { lang: string } | { issue: ContentIssue } {
  const at = { file, line: 1, column: 1, code: 'UNKNOWN_LANGUAGE' as const };
  if (!LANGUAGE_TAG.test(tag) || languageName(tag) === null) {
    return { issue: { ...at, message: `expected the file name to end in a known language tag such as .de or .pt-BR (language in lower case); found .${tag}` } };
  }
  const lang = Intl.getCanonicalLocales(tag)[0]!;
  if (lang === ORIGINAL_LANGUAGE) {
    return { issue: { ...at, message: `expected a language other than ${ORIGINAL_LANGUAGE}, the originals' own; found .${tag} (edit the original instead)` } };
  }
  return { lang };
}

const positions = (source: YamlSource, data: object, names: (keyof FieldPositions)[]): FieldPositions =>
  Object.fromEntries(names.filter((name) => name in data).map((name) => [name, source.locate([name])]));

const noticeTranslations: Collection = {
  name: 'notices (translations)',
  maxBytes: MAX_BYTES.notice,
  match: (file) => {
    const stem = /^notices\/([^/]+)\.md$/.exec(file)?.[1] ?? null;
    return stem !== null && isNoticeTranslationStem(stem) ? stem : null;
  },
  parse(file, text, stem): ParseResult {
    const [, base, tag] = TRANSLATED_STEM.exec(stem)!;
    const language = languageOf(file, tag!);
    const read = readFrontMatter(file, text, 'id, date, summary and any other field of the original');
    if (!read.ok) return failed('issue' in language ? [language.issue, ...read.issues] : read.issues);
    const { source, data, body, bodyLine, problems, warnings } = read;
    if ('issue' in language) problems.unshift(language.issue);
    const result = NoticeTranslationFrontMatter.safeParse(data);
    if (body.length > MAX_NOTICE_BODY_CHARS) {
      problems.push({ file, line: bodyLine, column: 1, code: 'FILE_TOO_LARGE', message: `expected a notice body of at most ${MAX_NOTICE_BODY_CHARS} characters; found ${body.length}` });
    }
    if (body.length === 0) problems.push({ file, line: bodyLine, column: 1, code: 'SCHEMA_INVALID', message: 'content: expected the translated Markdown body after the front matter; found none' });
    if (!result.success) problems.push(...schemaIssues(file, source, result.error));
    if (!result.success || problems.length > 0 || 'issue' in language) return failed([...problems, ...warnings].sort(byPosition));
    const at = source.locate(['id']);
    const misnamed = noticeFileNameIssue(file, base!, result.data.id, at, `.${tag}.md`);
    if (misnamed) return failed([misnamed]);
    const d = result.data;
    const repeated = Object.fromEntries(NOTICE_REPEATED_FIELDS.filter((name) => d[name] !== undefined).map((name) => [name, d[name]]));
    const notice: NoticeTranslation = { id: d.id, lang: language.lang, summary: d.summary, content: body, repeated, file };
    return withWarnings({ value: { kind: 'translation', of: 'notice', lang: language.lang, notice, at, fields: positions(source, d, [...NOTICE_REPEATED_FIELDS]) }, issues: [] }, warnings);
  },
};

function releaseTranslations(channel: 'stable' | 'preview'): Collection {
  return yamlCollection(
    `changelog/${channel} (translations)`,
    new RegExp(`^changelog/${channel}/([^/]+)\\.ya?ml$`),
    MAX_BYTES.release,
    ReleaseTranslation,
    (data, source, file, stem) => {
      // The checks below passed: the tag is a known language and the version the file's.
      const language = languageOf(file, TRANSLATED_STEM.exec(stem)![2]!) as { lang: string };
      const release: ReleaseTranslationRecord = { version: data.version, lang: language.lang, date: data.date, description: data.description, changes: data.changes, file };
      return { kind: 'translation', of: channel, lang: language.lang, release, at: source.locate(['version']), fields: positions(source, data, ['date', 'changes']) };
    },
    {
      // A bad tag and a wrong version are reported even when other fields are wrong too: one run shows every mistake.
      check: (value, source, file, stem) => {
        const [, version, tag] = TRANSLATED_STEM.exec(stem)!;
        const language = languageOf(file, tag!);
        const issues = 'issue' in language ? [language.issue] : [];
        const found = (value as { version?: unknown } | null)?.version;
        if (typeof found === 'string' && found !== version) issues.push(nameMismatch(file, source.locate(['version']), 'version', found, version!));
        return issues;
      },
      owns: isReleaseTranslationStem,
    },
  );
}

/** `errors/<Flag>.<lang>.yaml`: an entry's readable fields in another language. */
const errorTranslations = yamlCollection(
  'errors (translations)',
  /^errors\/([^/]+)\.ya?ml$/,
  MAX_BYTES.error,
  ErrorTranslationFile,
  (data, source, file, stem) => {
    const language = languageOf(file, TRANSLATED_STEM.exec(stem)![2]!) as { lang: string };
    const error: ErrorTranslation = { Flag: data.Flag, lang: language.lang, Info: data.Info, Solution: data.Solution, messages: data.messages ?? [], notes: data.notes ?? null, file };
    return { kind: 'translation', of: 'error', lang: language.lang, error, at: source.locate(['Flag']), fields: positions(source, data, ['Solution']) };
  },
  {
    check: (value, source, file, stem) => {
      const [, flag, tag] = TRANSLATED_STEM.exec(stem)!;
      const language = languageOf(file, tag!);
      const issues = 'issue' in language ? [language.issue] : [];
      const found = (value as { Flag?: unknown } | null)?.Flag;
      if (typeof found === 'string' && found !== flag) issues.push(nameMismatch(file, source.locate(['Flag']), 'Flag', found, flag!));
      return issues;
    },
    owns: isErrorTranslationStem,
  },
);

export const TRANSLATION_COLLECTIONS: readonly Collection[] = [noticeTranslations, releaseTranslations('stable'), releaseTranslations('preview'), errorTranslations];

/** What an original offers to be judged against: a notice's or a release's record. */
export type Original =
  | { kind: 'notice'; notice: Pick<NoticeFrontMatter, 'id' | NoticeRepeatedField> }
  | { kind: 'release'; channel: 'stable' | 'preview'; release: { version: string; date: string; changes: readonly string[] } }
  | { kind: 'error'; entry: Pick<ErrorEntry, 'Flag' | 'Solution'> };

/** What a repeated field's value is compared by: instants as instants (01:00:00Z is 02:00:00+01:00), an audience whatever its key order. */
function comparable(field: NoticeRepeatedField, value: unknown): string {
  if (value === undefined) return '';
  if (field.endsWith('_at')) return String(Date.parse(value as string));
  if (typeof value === 'object' && value !== null) return JSON.stringify(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1)));
  return String(value);
}

/** A value as the file wrote it, for a message. */
const written = (value: unknown): string => (value === undefined ? 'none' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * The problems of a translation against its original (null: none served): missing, in another
 * channel, or disagreeing on a field it repeats (a notice's) or the number of changes (a
 * release's). Each points at the field.
 */
export function judgeTranslation(file: string, value: TranslationValue, original: Original | null): ContentIssue[] {
  if (value.of === 'error') return judgeErrorTranslation(file, value, original);
  const what = value.of === 'notice' ? `notice ${value.notice.id}` : `${value.of} release ${value.release.version}`;
  const sameChannel = original && (value.of === 'notice' ? original.kind === 'notice' : original.kind === 'release' && original.channel === value.of);
  if (!original || !sameChannel) {
    const where = value.of === 'notice' ? 'notices/' : `changelog/${value.of}/`;
    return [{ file, ...value.at, code: 'TRANSLATION_WITHOUT_ORIGINAL', message: `expected ${what} in ${where} to translate; found no such original (add it, or fix the ${value.of === 'notice' ? 'id' : 'version'})` }];
  }
  const issues: ContentIssue[] = [];
  const disagree = (field: keyof FieldPositions, expected: string, found: string) =>
    issues.push({ file, ...(value.fields[field] ?? value.at), code: 'TRANSLATION_MISMATCH', message: `${field}: expected ${expected} as in the original of ${what}; found ${found}` });
  if (value.of === 'notice' && original.kind === 'notice') {
    const { repeated } = value.notice;
    for (const field of NOTICE_REPEATED_FIELDS) {
      if (repeated[field] === undefined) continue;
      const [mine, theirs] = [repeated[field], original.notice[field]];
      if (comparable(field, mine) !== comparable(field, theirs)) disagree(field, written(theirs), written(mine));
    }
  } else if (value.of !== 'notice' && original.kind === 'release') {
    const t = value.release;
    const o = original.release;
    if (t.date !== o.date) disagree('date', o.date, t.date);
    if (t.changes.length !== o.changes.length) disagree('changes', `${o.changes.length} change${o.changes.length === 1 ? '' : 's'}`, `${t.changes.length}`);
  }
  return issues;
}

/**
 * An entry's translation against its original file: the Flag must have one, and the Solution the
 * same number of steps (a reader follows step 3 in either language).
 */
function judgeErrorTranslation(file: string, value: Extract<TranslationValue, { of: 'error' }>, original: Original | null): ContentIssue[] {
  const { Flag, Solution } = value.error;
  if (original?.kind !== 'error') {
    return [{ file, ...value.at, code: 'TRANSLATION_WITHOUT_ORIGINAL', message: `expected errors/${Flag}.yaml to translate; found no such entry (add it, or fix the Flag)` }];
  }
  const steps = original.entry.Solution.length;
  if (Solution.length === steps) return [];
  const count = (n: number) => `${n} step${n === 1 ? '' : 's'}`;
  return [{ file, ...(value.fields.Solution ?? value.at), code: 'TRANSLATION_MISMATCH', message: `Solution: expected ${count(steps)} as in the original of ${Flag}, one for one; found ${count(Solution.length)}` }];
}
