import { isScalar, Parser, visit, type Document, type LineCounter, type YAMLError } from 'yaml';
import type { ContentIssue } from './issues';

// The yaml parser's messages ("Nested mappings are not allowed in compact mappings", reported
// twice at the value before the real mistake) describe its state, not the writer's slip. These
// helpers put each problem where the writer made it and say it in the checker's own words.

export type Position = { line: number; column: number };

/** Syntax problems reported per file: the first few lines, then how many more there are. */
const SHOWN_SYNTAX_PROBLEMS = 3;

/** At most this many alias expansions per document: more is a billion-laughs bomb, not content. */
export const MAX_ALIAS_COUNT = 100;

interface Located {
  at: Position;
  message: string;
}

const lineOf = (text: string, line: number) => text.split('\n')[line - 1] ?? '';
const indentOf = (lineText: string) => lineText.length - lineText.trimStart().length;

/** Where a quoted value whose closing quote is missing was opened. */
function unclosedQuote(text: string, lines: LineCounter): Position | null {
  let found: number | null = null;
  const walk = (token: unknown): void => {
    if (found !== null || !token || typeof token !== 'object') return;
    const t = token as { type?: string; source?: string; offset?: number };
    if ((t.type === 'double-quoted-scalar' || t.type === 'single-quoted-scalar') && typeof t.source === 'string') {
      const quote = t.type === 'double-quoted-scalar' ? '"' : "'";
      const body = t.source.trimEnd();
      if (body.length < 2 || !body.endsWith(quote)) found = t.offset ?? null;
    }
    for (const value of Object.values(token)) if (value && typeof value === 'object') walk(value);
  };
  for (const token of new Parser().parse(text)) walk(token);
  return found === null ? null : toPosition(lines.linePos(found));
}

/** One parser error, placed and worded for the writer. */
function locate(error: YAMLError, text: string, lines: LineCounter): Located {
  const start = toPosition(lines.linePos(error.pos[0]));
  const end = toPosition(lines.linePos(error.pos[1]));
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return { at: start, message: 'expected spaces for indentation; found a tab (YAML does not allow tabs there)' };
    case 'MULTILINE_IMPLICIT_KEY':
    case 'BLOCK_AS_IMPLICIT_KEY': {
      const item = misalignedListItem(text, start.line);
      if (item) return item;
      // `date: 2024-10-29` then ` description: ...`: the deeper line is read as more of the
      // value above, and its `key:` ends up inside that value. The slip is on the deeper line.
      const keyLine = lineOf(text, start.line);
      for (let line = start.line + 1; line <= Math.max(end.line, start.line + 1); line++) {
        const here = lineOf(text, line);
        const key = /^\s*([^\s:#][^:#]*):(\s|$)/.exec(here)?.[1];
        if (key === undefined || here.trim() === '') continue;
        const extra = indentOf(here) - indentOf(keyLine);
        if (extra <= 0) break;
        return {
          at: { line, column: indentOf(here) + 1 },
          message: `expected "${key}:" to start in column ${indentOf(keyLine) + 1} like the key on line ${start.line}; found it ${extra} space${extra === 1 ? '' : 's'} further in, which makes it part of the value above (remove the extra indentation)`,
        };
      }
      return { at: start, message: 'expected one "key: value" per line; found a value that runs on to the next line and a ":" after it (check the indentation or quote the value)' };
    }
    case 'MISSING_CHAR':
      if (/quote/.test(error.message)) {
        const opened = unclosedQuote(text, lines) ?? start;
        return { at: opened, message: 'expected a closing quote for the value that starts here; found none before the end of the file (add the quote, or remove the opening one)' };
      }
      if (/Sequence item without - indicator/.test(error.message)) {
        const here = lineOf(text, start.line);
        return { at: { line: start.line, column: indentOf(here) + 1 }, message: `expected this line to start a list item with "- " or to be indented like the lines of the item above; found "${here.trim().slice(0, 40)}" at column ${indentOf(here) + 1}` };
      }
      return { at: start, message: `expected ${error.message.replace(/^Missing /, 'a ').toLowerCase()}; found none` };
    case 'BAD_INDENT':
      return { at: start, message: 'expected this line to be indented like the lines of the same block; found a different indentation' };
    case 'UNEXPECTED_TOKEN': {
      const token = /"([^"]*)"/.exec(error.message)?.[1];
      return { at: start, message: `expected a "key: value" line or a "- " list item; found ${token === undefined ? 'text' : JSON.stringify(token)} where neither can start (check the indentation and any stray ":")` };
    }
    default:
      return { at: start, message: `expected valid YAML; found a problem the parser calls "${error.message.split('\n')[0]}"` };
  }
}

/**
 * `  - One` then ` - Two`: a list item whose "-" is further out than the items above (but not out
 * at the key's level) is not an item of that list, and the parser reads it as a key. Said as what
 * it is: the "-" belongs under the one above.
 */
function misalignedListItem(text: string, line: number): Located | null {
  const here = lineOf(text, line);
  if (!/^\s*-(\s|$)/.test(here)) return null;
  for (let above = line - 1; above >= 1; above--) {
    const previous = lineOf(text, above);
    if (previous.trim() === '' || previous.trim().startsWith('#')) continue;
    if (!/^\s*-(\s|$)/.test(previous) || indentOf(previous) <= indentOf(here)) return null;
    const [want, found] = [indentOf(previous) + 1, indentOf(here) + 1];
    return {
      at: { line, column: found },
      message: `expected the "-" of this list item in column ${want} like the item on line ${above}; found it in column ${found}, which ends the list above (align the "-" with the items above)`,
    };
  }
  return null;
}

/** Lines that start with ":": a value without a key, which derails everything after it. */
function keylessValues(text: string): Located[] {
  const found: Located[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*:(\s|$)/.test(line)) found.push({ at: { line: i + 1, column: indentOf(line) + 1 }, message: 'expected a key before ":"; found a line that starts with ":" (remove it, or write the key)' });
  });
  return found;
}

/**
 * The parser's errors as issues: one per line, the first few, the last saying how many follow.
 * A problem on the line right after one already shown is nearly always its echo, so it only
 * counts towards "N more".
 */
export function syntaxIssues(file: string, text: string, lines: LineCounter, errors: readonly YAMLError[]): ContentIssue[] {
  const byLine = new Map<number, Located>();
  for (const located of keylessValues(text)) byLine.set(located.at.line, located);
  for (const error of errors) {
    const located = locate(error, text, lines);
    if (!byLine.has(located.at.line)) byLine.set(located.at.line, located);
  }
  const all = [...byLine.values()].sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
  const shown: Located[] = [];
  let previous = -1;
  for (const located of all) {
    if (shown.length < SHOWN_SYNTAX_PROBLEMS && located.at.line !== previous + 1) shown.push(located);
    previous = located.at.line;
  }
  const more = all.length - shown.length;
  return shown.map(({ at, message }, i) => ({
    file,
    ...at,
    code: 'YAML_SYNTAX' as const,
    message: i === shown.length - 1 && more > 0 ? `${message}; and ${more} more problem line${more === 1 ? '' : 's'} after this one, most of them caused by the first` : message,
  }));
}

/** The first alias in the document: where an alias bomb is reported. */
export function firstAlias(doc: Document, lines: LineCounter): Position {
  let offset = 0;
  visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return toPosition(lines.linePos(offset));
}

/**
 * Problems of a document that parsed, found in one walk: keys given twice in one mapping (each
 * pointing back at the first; they fail the file), and list items whose next line, indented one
 * space too far, was folded into them (`  - A` then `   - B` reads as the single item "A - B";
 * a warning, since it may be meant).
 */
export function documentProblems(file: string, doc: Document, text: string, lines: LineCounter): { problems: ContentIssue[]; warnings: ContentIssue[] } {
  const problems: ContentIssue[] = [];
  const warnings: ContentIssue[] = [];
  visit(doc, {
    Map(_, map) {
      const first = new Map<string, Position>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const at = toPosition(lines.linePos(pair.key.range?.[0] ?? 0));
        const earlier = first.get(name);
        if (earlier) problems.push({ file, ...at, code: 'DUPLICATE_KEY', message: `${name}: expected each field once; found it again (first on line ${earlier.line}): keep one` });
        else first.set(name, at);
      }
    },
    Seq(_, seq) {
      for (const item of seq.items) {
        if (!isScalar(item) || item.type !== 'PLAIN' || !item.range) continue;
        const raw = text.slice(item.range[0], item.range[1]);
        const match = raw.includes('\n') ? /\n([ \t]*)- /.exec(raw) : null;
        if (!match) continue;
        const at = toPosition(lines.linePos(item.range[0] + match.index + 1 + match[1]!.length));
        warnings.push({ file, ...at, code: 'FOLDED_LIST_ITEM', message: 'expected a new list item here; found "- " indented deeper than the item above, so YAML joined both into one item (align the "-" with the one above, or write the item on one line if the " - " is meant)' });
      }
    },
  });
  return { problems, warnings };
}

export function toPosition(pos: { line: number; col: number }): Position {
  return { line: pos.line, column: pos.col };
}
