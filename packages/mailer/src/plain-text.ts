import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** The part of an mdast node this file reads. */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  ordered?: boolean | null;
  start?: number | null;
  children?: MdNode[];
}

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/**
 * The text part of a Markdown message: what a reader of the HTML part sees, as plain text.
 * Emphasis marks go (`**PORT1001**` reads `PORT1001`), a link keeps its address beside its
 * words (`docs (https://...)`), list items keep a dash or their number, raw HTML is dropped
 * as it is from the HTML part, and so is the text of a raw `<script>` or `<style>`.
 */
export function markdownToPlainText(markdown: string): string {
  return block(parser.parse(markdown) as MdNode).trim() + '\n';
}

function block(node: MdNode): string {
  switch (node.type) {
    case 'root':
      return blocks(node.children, '\n\n');
    case 'paragraph':
    case 'heading':
    case 'tableCell':
      return inlineChildren(node.children ?? []);
    case 'code':
      return node.value ?? '';
    case 'html':
      return '';
    case 'thematicBreak':
      return '----';
    case 'blockquote':
      return prefixLines(blocks(node.children, '\n\n'), '> ');
    case 'list':
      return (node.children ?? [])
        .map((item, i) => {
          const marker = node.ordered ? `${(node.start ?? 1) + i}. ` : '- ';
          const text = blocks(item.children, '\n');
          return marker + text.split('\n').join(`\n${' '.repeat(marker.length)}`);
        })
        .join('\n');
    case 'table':
      return (node.children ?? []).map((row) => (row.children ?? []).map(block).join(' | ')).join('\n');
    default:
      return node.children ? blocks(node.children, '\n\n') : inline(node);
  }
}

const blocks = (children: MdNode[] | undefined, separator: string) =>
  (children ?? [])
    .map(block)
    .filter((text) => text !== '')
    .join(separator);

const prefixLines = (text: string, prefix: string) => text.split('\n').map((line) => prefix + line).join('\n');

function inline(node: MdNode): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value ?? '';
    case 'break':
      return '\n';
    case 'html':
      return '';
    case 'image':
      return node.alt ?? '';
    case 'link': {
      const words = inlineChildren(node.children ?? []);
      return words === '' || words === node.url || `mailto:${words}` === node.url ? (node.url ?? '') : `${words} (${node.url})`;
    }
    default:
      return inlineChildren(node.children ?? []);
  }
}

/** Inline children; what sits between a raw `<script>` or `<style>` tag and its end tag is code, not text. */
function inlineChildren(children: MdNode[]): string {
  let text = '';
  let inScript = false;
  for (const child of children) {
    if (child.type === 'html' && /^<(script|style)\b/i.test(child.value ?? '')) inScript = true;
    else if (child.type === 'html' && /^<\/(script|style)\b/i.test(child.value ?? '')) inScript = false;
    else if (!inScript) text += inline(child);
  }
  return text;
}
