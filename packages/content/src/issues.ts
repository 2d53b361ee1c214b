/** Every problem the content checker can report, with what it means. */
export const ISSUE_CODES = {
  FILE_NOT_UTF8: 'the file is not valid UTF-8 text',
  FILE_EMPTY: 'the file is empty',
  FILE_TOO_LARGE: 'the file (or a notice body) is larger than its collection allows',
  PARSE_FAILED: 'the file made the parser fail in an unexpected way',
  YAML_SYNTAX: 'the YAML cannot be parsed',
  YAML_TOO_MANY_ALIASES: 'aliases (*name) expand beyond the limit, as an alias bomb does',
  DUPLICATE_KEY: 'a field is given twice in the same mapping',
  FOLDED_LIST_ITEM: 'a warning: a list item indented too far was joined to the item above (the file is still served)',
  FRONT_MATTER_MISSING: 'a notice must start with a --- front matter block',
  NOT_A_MAPPING: 'the document (or front matter) is not of the expected kind',
  SCHEMA_INVALID: 'a field is missing, unknown or has the wrong value',
  UNKNOWN_FILE: 'the file is in no known content folder or has the wrong extension',
  REQUIRED_FILE_MISSING: 'a file the service needs is missing',
  FILE_NAME_MISMATCH: 'the file name disagrees with the version, notice id or Flag inside it',
  DUPLICATE_VERSION: 'two release files carry the same version',
  DUPLICATE_NOTICE_ID: 'two notices carry the same id',
  DUPLICATE_FLAG: 'two catalogue files carry the same Flag',
  DUPLICATE_TRANSLATION: 'two files translate the same notice, release or catalogue entry into the same language',
  UNKNOWN_LANGUAGE: 'a translation file name ends in a tag that names no known language (or the originals\' own, en)',
  TRANSLATION_WITHOUT_ORIGINAL: 'a translation names a notice id, release version or Flag that has no original',
  TRANSLATION_MISMATCH: 'a translation disagrees with its original on a field it repeats (a date, the type, the event window...) or on the number of changes or Solution steps',
  DUPLICATE_CODENAME: 'a codename is listed twice, or a version has two codenames',
  DUPLICATE_CONCEPT: 'search/concepts.yaml names a concept twice, or lists a saying twice in one language',
  SAYING_IS_STOP_WORD: "search/concepts.yaml lists a saying that is one of its language's stop words (trabajo in Spanish), which search leaves out of every query",
  CODENAME_UNKNOWN_ELEMENT: 'a codename is not the name of a chemical element',
  CODENAME_UNKNOWN_VERSION: 'a codename names a version that has no changelog file',
  MINIMUM_NOT_OFFERED: 'minimum_supported names a version that has no changelog file, or one not offered to every client (a partial rollout): clients below it would be told to update with nothing to update to',
  FOLDER_MISSING: 'a collection folder (changelog/stable, changelog/preview, notices, errors) is missing',
  SYMLINK_NOT_FOLLOWED: 'a symbolic link in the content folder is reported and never followed',
  NOT_A_REGULAR_FILE: 'a path holds a device, pipe or socket rather than a file',
  FILE_UNREADABLE: 'the file cannot be read (permissions or an I/O error)',
  CONTENT_FORMAT_TOO_NEW: 'the content folder declares (in .format) a content format newer than this service reads: it keeps serving the content it had until restarted on a release that reads it',
  CONTENT_FORMAT_INVALID: "the content folder's .format file does not name a format: the content served stays as it was",
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;

/** Codes that warn: the file is still served as written (content:check still reports them). */
export const WARNING_CODES: ReadonlySet<IssueCode> = new Set(['FOLDED_LIST_ITEM']);

/** One problem in one content file; `file` is relative to the content folder, with `/`. */
export interface ContentIssue {
  file: string;
  line: number;
  column: number;
  code: IssueCode;
  message: string;
}

/** `changelog/stable/1.2.0.yaml:3:7  SCHEMA_INVALID  date: expected ...` */
export function formatIssue(issue: ContentIssue): string {
  return `${issue.file}:${issue.line}:${issue.column}  ${issue.code}  ${issue.message}`;
}
