import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './service';

/**
 * The fenced blocks of an operator's document (docs/OPERATIONS.md, deploy/README.md) and the
 * comment on the line before each: `<!-- run: NAME -->` for a block of commands a test runs as
 * written, `<!-- not run: REASON -->` for one that is not a command to run (a log line's sample).
 */
export interface DocBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's language (`sh`, `text`...), '' when it names none. */
  lang: string;
  /** The block's name when it is to be run, else null. */
  name: string | null;
  /** Why it is not run, when it is marked so. */
  notRun: string | null;
  text: string;
}

const RUN = /^<!-- run: ([a-z0-9-]+)(?:;[^>]*)? -->$/;
const NOT_RUN = /^<!-- not run: (.+\S) -->$/;

export async function docBlocks(file: string): Promise<DocBlock[]> {
  const lines = (await readFile(join(ROOT, file), 'utf8')).split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${file}:${i + 1}: a fenced block that never closes`);
    const before = (lines[i - 1] ?? '').trim();
    blocks.push({ file, line: i + 1, lang: open[1]!, name: RUN.exec(before)?.[1] ?? null, notRun: NOT_RUN.exec(before)?.[1] ?? null, text: `${lines.slice(i + 1, end).join('\n')}\n` });
    i = end;
  }
  return blocks;
}

/** The block `name` of `file`, as written. */
export async function docBlock(file: string, name: string): Promise<string> {
  const found = (await docBlocks(file)).filter((b) => b.name === name);
  if (found.length !== 1) throw new Error(`${file} has ${found.length} blocks marked <!-- run: ${name} -->`);
  return found[0]!.text;
}

/**
 * `text` with each placeholder replaced; a placeholder the text does not hold is an error, so a
 * doc that drops or renames one fails the test rather than running something else.
 */
export function fill(text: string, values: Record<string, string>): string {
  let filled = text;
  for (const [placeholder, value] of Object.entries(values)) {
    if (!filled.includes(placeholder)) throw new Error(`the block has no ${placeholder}:\n${text}`);
    filled = filled.split(placeholder).join(value);
  }
  return filled;
}
