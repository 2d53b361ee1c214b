import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { z } from 'zod';
import type { ContentIssue } from './issues';

type Position = { line: number; column: number };

/** A parsed YAML text that can tell where any value inside it was written. */
export interface YamlSource {
  value: unknown;
  /** Where the value at `path` was written; with `key`, where its key was. */
  locate(path: readonly PropertyKey[], key?: boolean): Position;
}

export type YamlResult = { ok: true; source: YamlSource } | { ok: false; issues: ContentIssue[] };

/**
 * Parses YAML 1.2 (dates stay strings, duplicate keys are errors). Front matter needs no line
 * shift: gray-matter hands it over with the newline after the opening ---, so lines match.
 */
export function parseYaml(file: string, text: string): YamlResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      issues: doc.errors.map((error) => ({
        file,
        ...toPosition(lineCounter.linePos(error.pos[0])),
        code: 'YAML_SYNTAX' as const,
        message: `expected valid YAML; ${error.message.split('\n')[0]}`,
      })),
    };
  }
  const at = (node: { range?: [number, number, number] | null } | null | undefined) =>
    toPosition(lineCounter.linePos(node?.range?.[0] ?? 0));
  return {
    ok: true,
    source: {
      value: doc.toJS({ maxAliasCount: 100 }),
      locate: (path, key = false) => at(nodeAt(doc.contents as Node | null, path, key)),
    },
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

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'a mapping';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
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

/** What failed, what was expected and what was found, in a maintainer's words. */
function describeIssue(issue: z.core.$ZodIssue, found: unknown): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}; remove it or check its spelling`;
    case 'invalid_type': {
      if (found === undefined) return `required field is missing; expected ${issue.expected}`;
      // YAML reads 1.10 as the number 1.1 and yes/no as strings, which surprises everyone once.
      const hint = issue.expected === 'string' && typeof found === 'number' ? ' (put the value in quotes so YAML reads it as text)' : '';
      return `expected ${issue.expected}; found ${describe(found)}${hint}`;
    }
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}; found ${describe(found)}`;
    default: {
      const message = issue.message.replace(/^Invalid input: /, '');
      return /received|found/.test(message) ? message : `${message}; found ${describe(found)}`;
    }
  }
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

function toPosition(pos: { line: number; col: number }): Position {
  return { line: pos.line, column: pos.col };
}
