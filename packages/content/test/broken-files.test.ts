import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ContentStore, load, type ContentIssue } from '../src/index';
import { copyOfShippedContent } from './tree';

// Real broken files, one folder per case under broken-files/, each laid over a copy of the
// shipped content. `expected` is every problem the whole run reports, as `file:line:col CODE`:
// one mistake gives one report at the place it was made, and nothing downstream of it.
const FIXTURES = join(import.meta.dirname, 'broken-files');

interface Case {
  expected: string[];
  /** Words the first problem's message must contain. */
  says?: RegExp;
}

const CASES: Record<string, Case> = {
  'tab-indent': { expected: ['errors/TAB1.yaml:4:1 YAML_SYNTAX'], says: /found a tab/ },
  'duplicate-key-and-typo': { expected: ['errors/DUP1.yaml:3:1 DUPLICATE_KEY', 'errors/DUP1.yaml:6:1 SCHEMA_INVALID'], says: /first on line 2/ },
  'unknown-field': { expected: ['errors/UNK1.yaml:5:1 SCHEMA_INVALID'], says: /unknown field "categroy"/ },
  'flag-mismatch': { expected: ['errors/NAME1.yaml:1:7 FILE_NAME_MISMATCH'] },
  crlf: { expected: ['notices/900-crlf.md:5:11 SCHEMA_INVALID'], says: /expected a number; found text "high"/ },
  bom: { expected: ['errors/BOM1.yaml:5:11 SCHEMA_INVALID'], says: /expected one of "low", "medium", "high", "critical"; found text "urgent"/ },
  'not-utf8': { expected: ['errors/LAT1.yaml:2:10 FILE_NOT_UTF8'] },
  'empty-file': { expected: ['errors/EMPTY1.yaml:1:1 FILE_EMPTY'] },
  'no-front-matter': { expected: ['notices/904-plain.md:1:1 FRONT_MATTER_MISSING'] },
  'unknown-file': { expected: ['notes.txt:1:1 UNKNOWN_FILE'] },
  'active-yes-and-window': {
    expected: ['notices/901-window.md:3:9 SCHEMA_INVALID', 'notices/901-window.md:9:13 SCHEMA_INVALID'],
    says: /expected true or false; found text "yes"/,
  },
  'codename-number-and-misspelt': {
    expected: ['codenames.yaml:6:14 SCHEMA_INVALID', 'codenames.yaml:19:13 SCHEMA_INVALID'],
    says: /put the value in quotes/,
  },
  'codename-repeated-and-misspelt': {
    expected: ['codenames.yaml:13:13 DUPLICATE_CODENAME', 'codenames.yaml:21:13 SCHEMA_INVALID'],
    says: /codename "Helium": expected each codename once/,
  },
  'leading-space': { expected: ['changelog/stable/1.4.0.yaml:3:2 YAML_SYNTAX'], says: /"description:" to start in column 1 .* 1 space further in/ },
  'unclosed-quote': { expected: ['changelog/stable/1.4.0.yaml:6:5 YAML_SYNTAX'], says: /closing quote/ },
  'impossible-date': { expected: ['changelog/stable/1.4.0.yaml:2:7 SCHEMA_INVALID'], says: /day does not exist: February 2026 has 28 days/ },
  'pre-release-in-stable': { expected: ['changelog/stable/1.13.0-beta.1.yaml:1:10 SCHEMA_INVALID'], says: /move the file to changelog\/preview\// },
  'folded-list-item': { expected: ['changelog/stable/1.4.0.yaml:7:4 FOLDED_LIST_ITEM'], says: /joined both into one item/ },
  'stray-colon-elements': { expected: ['elements.yaml:10:3 YAML_SYNTAX'], says: /starts with ":".*and \d+ more problem lines/ },
  'de-indent-elements': { expected: ['elements.yaml:12:2 YAML_SYNTAX'], says: /found "name: Hydrogen" at column 2; and \d+ more/ },
  'alias-bomb': { expected: ['errors/BOMB1.yaml:7:10 YAML_TOO_MANY_ALIASES'] },
  'alias-bomb-front-matter': { expected: ['notices/902-bomb.md:9:8 YAML_TOO_MANY_ALIASES'] },
  'alias-bomb-elements': { expected: ['elements.yaml:28:10 YAML_TOO_MANY_ALIASES'] },
  'windows-reserved-flag': { expected: ['errors/COM1.yaml:1:7 SCHEMA_INVALID'], says: /Windows device name/ },
  'long-notice-body': { expected: ['notices/905-long.md:9:1 FILE_TOO_LARGE'], says: /notice body of at most 20000 characters; found 25\d\d\d/ },
  'under-indented-list-item': { expected: ['changelog/stable/1.4.0.yaml:6:2 YAML_SYNTAX'], says: /expected the "-" of this list item in column 3 like the item on line 5; found it in column 2/ },
  // Problems that do not depend on each other are all found in one run, whatever else is wrong.
  'independent-problems': {
    expected: [
      'changelog/stable/1.12.1.yaml:1:10 FILE_NAME_MISMATCH',
      'changelog/stable/1.12.1.yaml:2:7 SCHEMA_INVALID',
      'codenames.yaml:23:13 DUPLICATE_CODENAME',
      'codenames.yaml:26:14 CODENAME_UNKNOWN_VERSION',
      'errors/NAME2.yaml:1:7 FILE_NAME_MISMATCH',
      'errors/NAME2.yaml:5:1 SCHEMA_INVALID',
      'notices/13-mismatch.md:2:5 FILE_NAME_MISMATCH',
      'notices/13-mismatch.md:3:9 SCHEMA_INVALID',
    ],
  },
  'oversized-notice': { expected: ['notices/903-huge.md:1:1 FILE_TOO_LARGE'], says: /at most 64 KiB .* found 67 KiB/ },
};

const line = (i: ContentIssue) => `${i.file}:${i.line}:${i.column} ${i.code}`;

async function withCase<T>(name: string, run: (dir: string) => Promise<T>): Promise<T> {
  const tree = await copyOfShippedContent();
  try {
    await cp(join(FIXTURES, name), tree.dir, { recursive: true });
    return await run(tree.dir);
  } finally {
    await tree.cleanup();
  }
}

describe('broken files: one precise report per mistake', () => {
  it('has a case for every fixture folder', async () => {
    expect((await readdir(FIXTURES)).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES))('%s', async (name, { expected, says }) => {
    const issues = await withCase(name, async (dir) => (await load(dir)).issues);
    expect(issues.map(line)).toEqual(expected);
    if (says) expect(issues[0]!.message).toMatch(says);
    // The checker's own words, never the parser's or zod's.
    for (const issue of issues) expect(issue.message).not.toMatch(/Invalid (input|option)|Too (small|big)|Nested mappings|Implicit keys|Unexpected .* token/);
  });
});

describe('a file that stops a parser at runtime', () => {
  it('is one issue on its file; a valid file saved in the same batch is served', async () => {
    const tree = await copyOfShippedContent();
    const store = await ContentStore.open(tree.dir);
    try {
      await cp(join(FIXTURES, 'alias-bomb'), tree.dir, { recursive: true });
      await tree.write('errors/FINE1.yaml', 'Flag: FINE1\nInfo: Fine.\nSolution:\n  - Nothing to do.\n');
      await store.refresh(['errors/BOMB1.yaml', 'errors/FINE1.yaml']);
      expect(store.current().errors.has('FINE1')).toBe(true);
      expect(store.current().errors.has('BOMB1')).toBe(false);
      expect(store.status().issues.map(line)).toEqual(['errors/BOMB1.yaml:7:10 YAML_TOO_MANY_ALIASES']);
    } finally {
      await store.close();
      await tree.cleanup();
    }
  });

  it('keeps the last good version of a file that grows past its size limit', async () => {
    const tree = await copyOfShippedContent();
    const store = await ContentStore.open(tree.dir);
    try {
      const file = 'notices/10-holiday-support-hours.md';
      const before = store.current().notices.find((n) => n.file === file)!.content;
      await cp(join(FIXTURES, 'oversized-notice/notices/903-huge.md'), join(tree.dir, file));
      await store.refresh([file]);
      expect(store.current().notices.find((n) => n.file === file)!.content).toBe(before);
      expect(store.status().issues.map(line)).toEqual([`${file}:1:1 FILE_TOO_LARGE`]);
    } finally {
      await store.close();
      await tree.cleanup();
    }
  });
});
