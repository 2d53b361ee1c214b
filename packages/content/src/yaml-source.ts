import { describeIssue } from '@companion/schema';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { z } from 'zod';
import type { ContentIssue } from './issues';
import { documentProblems, firstAlias, MAX_ALIAS_COUNT, syntaxIssues, toPosition } from './yaml-problems';

type Position = { line: number; column: number };

/** A parsed YAML text that can tell where any value inside it was written. */
export interface YamlSource {
  value: unknown;
  /** Where the value at `path` was written; with `key`, where its key was. */
  locate(path: readonly PropertyKey[], key?: boolean): Position;
}

/**
 * `problems` make the file fail but leave the value readable, so the schema still judges it and
 * every independent mistake shows in one run; `warnings` do not make it fail.
 */
export type YamlResult =
  | { ok: true; source: YamlSource; problems: ContentIssue[]; warnings: ContentIssue[] }
  | { ok: false; issues: ContentIssue[] };

/**
 * Parses YAML 1.2 (dates stay strings). Front matter needs no line shift: gray-matter hands it
 * over with the newline after the opening ---, so lines match.
 */
export function parseYaml(file: string, text: string): YamlResult {
  const lineCounter = new LineCounter();
  // Duplicate keys are found below, with both places; the parser would stop the file at them.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) return { ok: false, issues: syntaxIssues(file, text, lineCounter, doc.errors) };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    const message = `expected at most ${MAX_ALIAS_COUNT} expansions of aliases (*name); found aliases that multiply beyond that, as an alias bomb does (write the values out instead)`;
    return { ok: false, issues: [{ file, ...firstAlias(doc, lineCounter), code: 'YAML_TOO_MANY_ALIASES', message }] };
  }
  const at = (node: { range?: [number, number, number] | null } | null | undefined) => toPosition(lineCounter.linePos(node?.range?.[0] ?? 0));
  return {
    ok: true,
    source: { value, locate: (path, key = false) => at(nodeAt(doc.contents as Node | null, path, key)) },
    ...documentProblems(file, doc, text, lineCounter),
  };
}

/** The deepest node along `path`: the value if present, else its key, else the nearest parent. */
function nodeAt(root: Node | null, path: readonly PropertyKey[], key: boolean): { range?: [number, number, number] | null } | null {
  let node: unknown = root;
  for (const [i, step] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(step));
      if (!pair) return node;
      if (!pair.value || (key && i === path.length - 1)) return pair.key as Node;
      node = pair.value;
    } else if (isSeq(node) && typeof step === 'number' && node.items[step]) {
      node = node.items[step];
    } else {
      return node as Node;
    }
  }
  return node as Node;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

/** `changes[3]`, `[7].versions[0]`: the path of a field as a reader would write it. */
function pathName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(document)';
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? String(step) : `.${String(step)}`)).join('');
}

/** Turns zod's issues into content issues pointing at the offending YAML node. */
export function schemaIssues(file: string, source: YamlSource, error: z.ZodError, prefix: PropertyKey[] = []): ContentIssue[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path];
    const keyPath = issue.code === 'unrecognized_keys' ? [...path, issue.keys[0] ?? ''] : path;
    const message = describeIssue(issue, valueAt(source.value, path));
    return { file, ...source.locate(keyPath, issue.code === 'unrecognized_keys'), code: 'SCHEMA_INVALID' as const, message: `${pathName(keyPath)}: ${message}` };
  });
}
