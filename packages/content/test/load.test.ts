import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load, type ContentIssue, ISSUE_CODES } from '../src/index';
import { copyOfShippedContent, SHIPPED_CONTENT } from './tree';

let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
beforeEach(async () => {
  tree = await copyOfShippedContent();
});
afterEach(() => tree.cleanup());

const notice = (frontMatter: string, body = 'Body text.') => `---\n${frontMatter}\n---\n${body}\n`;
const goodNotice = 'id: 900\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: A test notice\ntype: notice';

async function issuesAfter(file: string, data: string | Uint8Array): Promise<ContentIssue[]> {
  await tree.write(file, data);
  const { issues } = await load(tree.dir);
  return issues.filter((i) => i.file === file);
}

describe('load on the shipped content', () => {
  it('reports no issues and loads every content type', async () => {
    const { snapshot, issues } = await load(SHIPPED_CONTENT);
    expect(issues).toEqual([]);
    expect(snapshot.stable.length).toBeGreaterThanOrEqual(8);
    expect(snapshot.preview.length).toBeGreaterThanOrEqual(2);
    expect(snapshot.notices.length).toBeGreaterThanOrEqual(6);
    expect(snapshot.elements).toHaveLength(118);
    expect(snapshot.errors.size).toBeGreaterThanOrEqual(25);
    expect(snapshot.codenames.length).toBeGreaterThan(0);
  });

  it('orders releases by semver, newest first, and notices by priority, date, id', async () => {
    const { snapshot } = await load(SHIPPED_CONTENT);
    const versions = snapshot.stable.map((r) => r.version);
    expect(versions.indexOf('1.10.0')).toBeLessThan(versions.indexOf('1.9.0'));
    for (let i = 1; i < snapshot.notices.length; i++) {
      const [a, b] = [snapshot.notices[i - 1]!, snapshot.notices[i]!];
      expect(a.priority > b.priority || (a.priority === b.priority && (a.date > b.date || (a.date === b.date && a.id > b.id)))).toBe(true);
    }
  });

  it('hands out a frozen snapshot', async () => {
    const { snapshot } = await load(SHIPPED_CONTENT);
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(Object.isFrozen(snapshot.notices[0])).toBe(true);
  });
});

describe('one issue per code, with file, line and column', () => {
  it('SCHEMA_INVALID points at the bad field and says what was found', async () => {
    const issues = await issuesAfter('notices/900-test.md', notice(goodNotice.replace('priority: 5', 'priority: high')));
    expect(issues).toEqual([expect.objectContaining({ line: 5, column: 11, code: 'SCHEMA_INVALID' })]);
    expect(issues[0]!.message).toMatch(/priority: expected a number; found text "high"/);
  });

  it('SCHEMA_INVALID on an unknown field points at its key', async () => {
    const issues = await issuesAfter('errors/ZZZ1.yaml', 'Flag: ZZZ1\nInfo: Something failed.\nSolution:\n  - Retry.\nseverty: high\n');
    expect(issues).toEqual([expect.objectContaining({ line: 5, column: 1, code: 'SCHEMA_INVALID' })]);
    expect(issues[0]!.message).toContain('"severty"');
  });

  it('SCHEMA_INVALID inside a list item', async () => {
    const issues = await issuesAfter('changelog/stable/9.0.0.yaml', 'version: 9.0.0\ndate: 2030-01-01\ndescription: Big\nchanges:\n  - fine\n  - 42\n');
    expect(issues).toEqual([expect.objectContaining({ line: 6, column: 5, code: 'SCHEMA_INVALID' })]);
  });

  it('YAML_SYNTAX for malformed YAML', async () => {
    const issues = await issuesAfter('errors/ZZZ1.yaml', 'Flag: ZZZ1\nInfo: [unclosed\nSolution: x\n');
    expect(issues[0]).toMatchObject({ code: 'YAML_SYNTAX', line: expect.any(Number) });
    expect(issues[0]!.line).toBeGreaterThanOrEqual(2);
  });

  it('DUPLICATE_KEY for a duplicate key in front matter, at the right file line', async () => {
    const issues = await issuesAfter('notices/900-test.md', notice(`${goodNotice}\nid: 901`));
    expect(issues[0]).toMatchObject({ code: 'DUPLICATE_KEY', line: 8 });
  });

  it('FRONT_MATTER_MISSING for a notice without front matter', async () => {
    const issues = await issuesAfter('notices/900-test.md', '# Just a heading\n');
    expect(issues).toEqual([expect.objectContaining({ code: 'FRONT_MATTER_MISSING', line: 1, column: 1 })]);
  });

  it('NOT_A_MAPPING for front matter that is a list or a scalar', async () => {
    expect(await issuesAfter('notices/900-test.md', notice('- 1\n- 2'))).toEqual([expect.objectContaining({ code: 'NOT_A_MAPPING', line: 2 })]);
    expect(await issuesAfter('notices/900-test.md', notice('just text'))).toEqual([expect.objectContaining({ code: 'NOT_A_MAPPING' })]);
  });

  it('SCHEMA_INVALID for a YAML document of the wrong kind', async () => {
    const issues = await issuesAfter('errors/ZZZ1.yaml', '- a\n- b\n');
    expect(issues).toEqual([expect.objectContaining({ code: 'SCHEMA_INVALID', line: 1, column: 1 })]);
  });

  it('FILE_EMPTY for an empty or blank file', async () => {
    expect(await issuesAfter('errors/ZZZ1.yaml', '')).toEqual([expect.objectContaining({ code: 'FILE_EMPTY', line: 1 })]);
    expect(await issuesAfter('errors/ZZZ1.yaml', '\n  \n')).toEqual([expect.objectContaining({ code: 'FILE_EMPTY' })]);
  });

  it('FILE_NOT_UTF8 with the line of the first bad byte', async () => {
    const bytes = Buffer.concat([Buffer.from('Flag: ZZZ1\nInfo: caf'), Buffer.from([0xe9]), Buffer.from('\nSolution:\n  - x\n')]);
    expect(await issuesAfter('errors/ZZZ1.yaml', bytes)).toEqual([expect.objectContaining({ code: 'FILE_NOT_UTF8', line: 2, column: 10 })]);
  });

  it('FILE_NAME_MISMATCH when the Flag or version disagrees with the file name', async () => {
    expect(await issuesAfter('errors/ZZZ1.yaml', 'Flag: ZZZ2\nInfo: x\nSolution:\n  - y\n')).toEqual([expect.objectContaining({ code: 'FILE_NAME_MISMATCH', line: 1, column: 7 })]);
    expect(await issuesAfter('changelog/stable/9.0.0.yaml', 'version: 9.0.1\ndate: 2030-01-01\ndescription: x\nchanges: [y]\n')).toEqual([expect.objectContaining({ code: 'FILE_NAME_MISMATCH', line: 1, column: 10 })]);
  });

  it('DUPLICATE_VERSION on a fresh load names both files, each pointing at the other', async () => {
    const { snapshot } = await load(tree.dir);
    const existing = snapshot.stable[0]!;
    const copy = `changelog/preview/${existing.version}.yaml`;
    await tree.write(copy, `version: ${existing.version}\ndate: 2030-01-01\ndescription: x\nchanges: [y]\n`);
    const { issues } = await load(tree.dir);
    expect(issues).toEqual([
      expect.objectContaining({ file: copy, code: 'DUPLICATE_VERSION', line: 1, column: 10, message: expect.stringContaining(existing.file) }),
      expect.objectContaining({ file: existing.file, code: 'DUPLICATE_VERSION', line: 1, column: 10, message: expect.stringContaining(copy) }),
    ]);
  });

  it('DUPLICATE_NOTICE_ID on a fresh load names both files, each pointing at the other, and serves neither', async () => {
    const { snapshot } = await load(tree.dir);
    const first = snapshot.notices.find((n) => n.id === 1)!;
    await tree.write('notices/1-zz-copy.md', notice(goodNotice.replace('id: 900', 'id: 1')));
    const after = await load(tree.dir);
    expect(after.issues).toEqual([
      expect.objectContaining({ file: first.file, code: 'DUPLICATE_NOTICE_ID', message: expect.stringContaining('notices/1-zz-copy.md') }),
      expect.objectContaining({ file: 'notices/1-zz-copy.md', code: 'DUPLICATE_NOTICE_ID', line: 2, column: 5, message: expect.stringContaining(first.file) }),
    ]);
    expect(after.snapshot.notices.find((n) => n.id === 1)).toBeUndefined();
  });

  it('DUPLICATE_FLAG across .yaml and .yml', async () => {
    await tree.write('errors/ZZZ1.yaml', 'Flag: ZZZ1\nInfo: x\nSolution: [y]\n');
    const issues = await issuesAfter('errors/ZZZ1.yml', 'Flag: ZZZ1\nInfo: x\nSolution: [y]\n');
    expect(issues).toEqual([expect.objectContaining({ code: 'DUPLICATE_FLAG', line: 1, column: 7, message: expect.stringContaining('errors/ZZZ1.yaml') })]);
  });

  it('SCHEMA_INVALID for a codename that is no element, CODENAME_UNKNOWN_VERSION in codenames.yaml', async () => {
    const { snapshot } = await load(tree.dir);
    const [a, b] = [snapshot.stable[0]!.version, snapshot.stable[1]!.version];
    const unknown = await issuesAfter('codenames.yaml', `- codename: Unobtainium\n  versions: [${a}]\n`);
    expect(unknown).toEqual([expect.objectContaining({ code: 'SCHEMA_INVALID', line: 1, column: 13, message: expect.stringContaining('chemical element') })]);
    const issues = await issuesAfter('codenames.yaml', `- codename: Helium\n  versions:\n    - 99.0.0\n    - ${b}\n`);
    expect(issues).toEqual([expect.objectContaining({ code: 'CODENAME_UNKNOWN_VERSION', line: 3, column: 7 })]);
  });

  it('MINIMUM_NOT_OFFERED for a minimum_supported no client can update to: unknown, or held back in a rollout', async () => {
    const { snapshot } = await load(tree.dir);
    // The shipped newest release is staged; the one before it is offered to every install.
    const [staged, latest] = [snapshot.stable[0]!, snapshot.stable[1]!];
    expect([staged.version, staged.rollout, latest.version, latest.rollout]).toEqual(['1.12.0', 20, '1.11.2', undefined]);
    expect(await issuesAfter('changelog/channels.yaml', `stable:\n  minimum_supported: ${latest.version}\n`)).toEqual([]);
    expect(await issuesAfter('changelog/channels.yaml', `stable:\n  minimum_supported: ${staged.version}\n`)).toEqual([
      expect.objectContaining({ code: 'MINIMUM_NOT_OFFERED', line: 2, column: 22, message: expect.stringContaining('rolled out to 20% of installs (rollout: 20 in changelog/stable/1.12.0.yaml)') }),
    ]);
    expect(await issuesAfter('changelog/channels.yaml', 'stable:\n  minimum_supported: 99.0.0\n')).toEqual([
      expect.objectContaining({ code: 'MINIMUM_NOT_OFFERED', line: 2, column: 22, message: expect.stringContaining('no stable release has that version') }),
    ]);
    await tree.write('changelog/stable/99.1.0.yaml', 'version: 99.1.0\ndate: 2026-11-20\ndescription: Held back\nchanges:\n  - Nothing yet.\nrollout: 0\n');
    expect(await issuesAfter('changelog/channels.yaml', 'stable:\n  minimum_supported: 99.1.0\n')).toEqual([
      expect.objectContaining({ code: 'MINIMUM_NOT_OFFERED', line: 2, message: expect.stringContaining('rolled out to 0% of installs (rollout: 0 in changelog/stable/99.1.0.yaml)') }),
    ]);
  });

  it('CODENAME_UNKNOWN_ELEMENT when elements.yaml loads without the named element', async () => {
    const elements = await readFile(join(tree.dir, 'elements.yaml'), 'utf8');
    // Element 2 replaced by a second Hydrogen: valid entry by entry, but Helium is gone.
    await tree.write('elements.yaml', elements.replace(/- number: 2\n  symbol: He\n  name: Helium/, '- number: 1\n  symbol: H\n  name: Hydrogen'));
    const { issues } = await load(tree.dir);
    expect(issues).toEqual([expect.objectContaining({ file: 'codenames.yaml', code: 'CODENAME_UNKNOWN_ELEMENT', line: 5, column: 13 })]);
  });

  it('DUPLICATE_CODENAME for a codename or a version listed twice, failing the whole file', async () => {
    const { snapshot } = await load(tree.dir);
    const [a, b] = [snapshot.stable[0]!.version, snapshot.stable[1]!.version];
    const issues = await issuesAfter('codenames.yaml', `- codename: Helium\n  versions: [${a}]\n- codename: Neon\n  versions: [${b}, ${a}]\n- codename: Helium\n  versions: [9.9.9]\n`);
    expect(issues).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_CODENAME', line: 4, column: 16 + b.length }),
      expect.objectContaining({ code: 'DUPLICATE_CODENAME', line: 5, column: 13 }),
      // Independent of the repetition, found in the same run.
      expect.objectContaining({ code: 'CODENAME_UNKNOWN_VERSION', line: 6, column: 14 }),
    ]);
    expect((await load(tree.dir)).snapshot.codenames).toEqual([]);
  });

  it('FILE_NAME_MISMATCH when a notice id disagrees with its file name', async () => {
    expect(await issuesAfter('notices/900-test.md', notice(goodNotice.replace('id: 900', 'id: 901')))).toEqual([expect.objectContaining({ code: 'FILE_NAME_MISMATCH', line: 2, column: 5 })]);
    const unnamed = await issuesAfter('notices/holiday.md', notice(goodNotice));
    expect(unnamed).toEqual([expect.objectContaining({ code: 'FILE_NAME_MISMATCH' })]);
    expect(unnamed[0]!.message).toContain('900-holiday.md');
  });

  it('FRONT_MATTER_MISSING when the closing --- is missing', async () => {
    const issues = await issuesAfter('notices/900-test.md', `---\n${goodNotice}\n# Heading\n\nBody\n`);
    expect(issues).toEqual([expect.objectContaining({ code: 'FRONT_MATTER_MISSING', line: 1 })]);
    expect(issues[0]!.message).toContain('closing');
  });

  it('says plainly when a field is missing or YAML read a number where text was expected', async () => {
    const missing = await issuesAfter('notices/900-test.md', notice(goodNotice.replace('summary: A test notice\n', '')));
    expect(missing[0]!.message).toBe('summary: required field is missing; expected text');
    const number = await issuesAfter('changelog/stable/9.0.0.yaml', 'version: 9.0.0\ndate: 2030-01-01\ndescription: 1.10\nchanges: [y]\n');
    expect(number[0]!.message).toBe('description: expected text; found number 1.1 (put the value in quotes so it is read as text)');
    const list = await issuesAfter('changelog/stable/9.0.0.yaml', 'version: 9.0.0\ndate: 2030-01-01\ndescription: x\nchanges: [ok, 3]\n');
    expect(list[0]!.message).toMatch(/^changes\[1\]: expected text; found number 3/);
  });

  it('UNKNOWN_FILE for a file in no content folder, while editor files are ignored', async () => {
    await tree.write('notices/.900-test.md.swp', 'x');
    await tree.write('notices/900-test.md~', 'x');
    const issues = await issuesAfter('notices/900-test.txt', 'hello');
    expect(issues).toEqual([expect.objectContaining({ code: 'UNKNOWN_FILE', line: 1, column: 1 })]);
    const { issues: all } = await load(tree.dir);
    expect(all.map((i) => i.file)).toEqual(['notices/900-test.txt']);
  });

  it('REQUIRED_FILE_MISSING without elements.yaml', async () => {
    await tree.remove('elements.yaml');
    const { issues } = await load(tree.dir);
    expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'elements.yaml', code: 'REQUIRED_FILE_MISSING' })]));
  });

  it('has a test for every issue code', () => {
    // Keep this list equal to the codes exercised above so a new code cannot go untested.
    expect(Object.keys(ISSUE_CODES).sort()).toEqual(
      // FOLDER_MISSING: never-wrong-file.test.ts; FILE_TOO_LARGE, FOLDED_LIST_ITEM, YAML_TOO_MANY_ALIASES: broken-files.test.ts;
      // the read and parse failures: hostile-content.test.ts; the translations' codes: translations.test.ts; the format's: content-format.test.ts; DUPLICATE_CONCEPT, SAYING_IS_STOP_WORD: search-concepts.test.ts.
      ['CODENAME_UNKNOWN_ELEMENT', 'CODENAME_UNKNOWN_VERSION', 'CONTENT_FORMAT_INVALID', 'CONTENT_FORMAT_TOO_NEW', 'DUPLICATE_CODENAME', 'DUPLICATE_CONCEPT', 'DUPLICATE_FLAG', 'DUPLICATE_KEY', 'DUPLICATE_NOTICE_ID', 'DUPLICATE_TRANSLATION', 'DUPLICATE_VERSION', 'FILE_EMPTY', 'FILE_NAME_MISMATCH', 'FILE_NOT_UTF8', 'FILE_TOO_LARGE', 'FILE_UNREADABLE', 'FOLDED_LIST_ITEM', 'FOLDER_MISSING', 'FRONT_MATTER_MISSING', 'MINIMUM_NOT_OFFERED', 'NOT_A_MAPPING', 'NOT_A_REGULAR_FILE', 'PARSE_FAILED', 'REQUIRED_FILE_MISSING', 'SAYING_IS_STOP_WORD', 'SCHEMA_INVALID', 'SYMLINK_NOT_FOLLOWED', 'TRANSLATION_MISMATCH', 'TRANSLATION_WITHOUT_ORIGINAL', 'UNKNOWN_FILE', 'UNKNOWN_LANGUAGE', 'YAML_SYNTAX', 'YAML_TOO_MANY_ALIASES'],
    );
  });
});

describe('text handling', () => {
  it('accepts a BOM and CRLF line ends, reporting lines as editors show them', async () => {
    expect(await issuesAfter('notices/900-test.md', `\uFEFF${notice(goodNotice)}`.replace(/\n/g, '\r\n'))).toEqual([]);
    const issues = await issuesAfter('notices/900-test.md', `\uFEFF${notice(goodNotice.replace('priority: 5', 'priority: -1'))}`.replace(/\n/g, '\r\n'));
    expect(issues).toEqual([expect.objectContaining({ code: 'SCHEMA_INVALID', line: 5, column: 11 })]);
  });

  it('leaves a failing file out while the rest still loads', async () => {
    const before = await load(tree.dir);
    await tree.write('notices/900-test.md', notice('id: nope'));
    const after = await load(tree.dir);
    expect(after.snapshot.notices).toHaveLength(before.snapshot.notices.length);
    expect(after.snapshot.errors.size).toBe(before.snapshot.errors.size);
  });

  it('keeps the notice body as Markdown content and knows its window', async () => {
    await tree.write('notices/900-test.md', notice(`${goodNotice}\nstarts_at: 2030-01-01T00:00:00Z`, '## Heading\n\n- item'));
    const { snapshot } = await load(tree.dir);
    const record = snapshot.notices.find((n) => n.id === 900)!;
    expect(record.content).toBe('## Heading\n\n- item');
    expect(record.starts_at).toBe('2030-01-01T00:00:00Z');
  });
});
