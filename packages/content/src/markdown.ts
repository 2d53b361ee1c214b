import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/** What a transformer sees of the file being processed. */
type FileData = { data: object };

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Elements whose text is code or markup, never prose: dropped with their tags. */
const HIDDEN_CONTENT = /^<(script|style|iframe|noscript|template|textarea|title|object|embed)\b[^>]*>$/i;

/**
 * Raw HTML is never rendered. Each tag is dropped; so is the text between an opening tag and the
 * closing tag of elements such as <script> (inline, their text would otherwise stay as prose).
 * `file.data.rawHtmlRemoved` tells whether anything was dropped, so a preview can say so.
 */
function dropRawHtml() {
  const strip = (parent: MdNode, file: FileData): void => {
    const children = parent.children;
    if (!children) return;
    const kept: MdNode[] = [];
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!;
      if (node.type !== 'html') {
        strip(node, file);
        kept.push(node);
        continue;
      }
      (file.data as { rawHtmlRemoved?: boolean }).rawHtmlRemoved = true;
      const tag = HIDDEN_CONTENT.exec((node.value ?? '').trim())?.[1];
      if (!tag) continue;
      const close = new RegExp(`^</${tag}\\s*>$`, 'i');
      while (i + 1 < children.length && !(children[i + 1]!.type === 'html' && close.test((children[i + 1]!.value ?? '').trim()))) i++;
      i++; // the closing tag itself
    }
    parent.children = kept;
  };
  return (tree: MdNode, file: FileData) => strip(tree, file);
}

// Built once and frozen: every caller (notices, the preview, e-mail) renders exactly alike.
// Raw HTML is dropped before rehype, and sanitize runs last.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(dropRawHtml)
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeStringify)
  .freeze();

/** Renders Markdown to sanitized HTML, as the client app shows it. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}

/** The same HTML, and whether raw HTML in the source was removed (the preview says so). */
export function renderMarkdownReport(markdown: string): { html: string; rawHtmlRemoved: boolean } {
  const file = processor.processSync(markdown);
  return { html: String(file), rawHtmlRemoved: (file.data as { rawHtmlRemoved?: boolean }).rawHtmlRemoved === true };
}
