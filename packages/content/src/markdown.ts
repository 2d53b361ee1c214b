import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// Built once and frozen: every caller (notices, the preview, e-mail) renders exactly alike.
// Raw HTML in the Markdown is dropped by remark-rehype, and sanitize runs last.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeStringify)
  .freeze();

/** Renders Markdown to sanitized HTML, as the client app shows it. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
