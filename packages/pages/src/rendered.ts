import { renderMarkdown } from '@companion/content';
import { approxBytes, BoundedMap } from '@companion/http-kit';

/**
 * Sanitized HTML of what writers wrote in Markdown, by its text: a reload re-renders only what
 * was edited, and pages and feeds share the work. Bounded in bytes, so no text stays forever.
 */
const rendered = new BoundedMap<string, string>(4 * 1024 * 1024);
export function markdownHtml(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = renderMarkdown(markdown);
    rendered.set(markdown, html, approxBytes(markdown) + approxBytes(html));
  }
  return html;
}

// Each change is a Markdown line, so inline code and links render as the client shows them.
export const changesHtml = (changes: readonly string[]): string => markdownHtml(changes.map((change) => `- ${change.replace(/\n/g, ' ')}`).join('\n'));

/** Headings moved `by` levels down (at most to h6), so a notice's own `# Title` sits under the page's. */
export const shiftHeadings = (html: string, by: number): string =>
  html.replace(/<(\/?)h([1-6])>/g, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + by)}>`);
