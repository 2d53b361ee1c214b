export { renderMarkdown } from './markdown';
export { load, listContentFiles, parseFiles, hashBytes, type LoadResult, type ParsedFile } from './load';
export { ContentStore, type ContentStatus } from './content-store';
export { parseContentFile, isIgnoredFile } from './parse-file';
export { buildSnapshot, type ContentSnapshot, type CodenameView, type ContentCounts } from './snapshot';
export type { Release, NoticeRecord, ParseResult } from './collections';
export { ISSUE_CODES, formatIssue, type ContentIssue, type IssueCode } from './issues';
export { isNoticeActive } from './notice-window';
