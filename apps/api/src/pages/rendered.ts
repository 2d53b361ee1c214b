import { renderMarkdown, type NoticeRecord, type Release } from '@companion/content';
import { memoPerSnapshot } from '../http/memo';

/**
 * Sanitized HTML of what writers wrote in Markdown, rendered once per record: a reload keeps the
 * record of every file it did not change, so pages and feeds re-render only what was edited.
 */
export const noticeHtml = memoPerSnapshot((notice: NoticeRecord) => renderMarkdown(notice.content));

// Each change is a Markdown line, so inline code and links render as the client shows them.
export const changesHtml = memoPerSnapshot((release: Release) => renderMarkdown(release.changes.map((change) => `- ${change.replace(/\n/g, ' ')}`).join('\n')));

/** Headings moved `by` levels down (at most to h6), so a notice's own `# Title` sits under the page's. */
export const shiftHeadings = (html: string, by: number): string =>
  html.replace(/<(\/?)h([1-6])>/g, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + by)}>`);
