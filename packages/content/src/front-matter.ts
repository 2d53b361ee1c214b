import matter from 'gray-matter';
import type { ContentIssue } from './issues';
import { parseYaml, type YamlSource } from './yaml-source';

/** A Markdown file's front matter, read as YAML, and its body. */
export type FrontMatterResult =
  | { ok: true; source: YamlSource; data: Record<string, unknown>; body: string; bodyLine: number; problems: ContentIssue[]; warnings: ContentIssue[] }
  | { ok: false; issues: ContentIssue[] };

/**
 * Reads `---` YAML front matter and the Markdown body after it (notices and their translations).
 * `fields` names what the front matter should hold, for the message when it is no mapping.
 */
export function readFrontMatter(file: string, text: string, fields: string): FrontMatterResult {
  const failed = (issue: ContentIssue): FrontMatterResult => ({ ok: false, issues: [issue] });
  if (!text.startsWith('---')) {
    return failed({ file, line: 1, column: 1, code: 'FRONT_MATTER_MISSING', message: 'expected the file to start with a --- line opening the front matter; found text' });
  }
  // gray-matter reads `---js` as JavaScript front matter and evaluates it: only YAML is read.
  const language = /^---([^\n]*)/.exec(text)![1]!.trim();
  if (language !== '') {
    return failed({ file, line: 1, column: 4, code: 'FRONT_MATTER_MISSING', message: `expected the first line to be --- alone (YAML front matter); found ---${language.slice(0, 20)}` });
  }
  if (!/^---[^\n]*\n(?:[\s\S]*?\n)?---[ \t]*(?:\n|$)/.test(text)) {
    return failed({ file, line: 1, column: 1, code: 'FRONT_MATTER_MISSING', message: 'expected a --- line closing the front matter; found none (the Markdown body would be read as YAML)' });
  }
  let source: YamlSource | undefined;
  let yamlIssues: ContentIssue[] = [];
  let problems: ContentIssue[] = [];
  let warnings: ContentIssue[] = [];
  // Options are passed on purpose: without them gray-matter caches results by input text
  // and hands out shared mutable objects.
  const parsed = matter(text, {
    engines: {
      yaml: (frontMatter: string) => {
        const result = parseYaml(file, frontMatter);
        if (!result.ok) yamlIssues = result.issues;
        else ({ source, problems, warnings } = result);
        return {};
      },
    },
  });
  if (yamlIssues.length > 0) return { ok: false, issues: yamlIssues };
  const data = source?.value;
  if (!source || data === null || typeof data !== 'object' || Array.isArray(data)) {
    const at = source?.locate([]) ?? { line: 2, column: 1 };
    return failed({ file, ...at, code: 'NOT_A_MAPPING', message: `expected the front matter to be a mapping of fields (${fields}); found ${Array.isArray(data) ? 'a list' : source ? typeof data : 'nothing'}` });
  }
  const bodyLine = text.slice(0, text.length - parsed.content.length).split('\n').length;
  return { ok: true, source, data: data as Record<string, unknown>, body: parsed.content.trim(), bodyLine, problems, warnings };
}
