import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ContentStore, load } from '../src/index';
import { storeOverShippedContent } from './tree';

// A running service never puts the wrong file live: the file already served wins a clash, and a
// problem found against other files keeps the last good version of the file that carries it.
const live = storeOverShippedContent({ errorTranslations: false });

const HOLIDAY = 'notices/10-holiday-support-hours.md';
const DRAFT = 'notices/10-holiday-support-hours-v2.md';

describe('a duplicate notice id', () => {
  it('on a running service: the served file wins, the newcomer carries the issue; removing the old one puts the new one live', async () => {
    const served = live.store.current().notices.find((n) => n.id === 10)!;
    await live.tree.write(DRAFT, (await readFile(join(live.tree.dir, HOLIDAY), 'utf8')).replace(/^summary: .*$/m, 'summary: New draft'));
    await live.store.refresh([DRAFT]);
    expect(live.store.current().notices.find((n) => n.id === 10)).toBe(served);
    expect(live.store.current().issues).toEqual([expect.objectContaining({ file: DRAFT, code: 'DUPLICATE_NOTICE_ID', line: 2, column: 5, message: expect.stringContaining(HOLIDAY) })]);

    await live.tree.remove(HOLIDAY);
    await live.store.refresh([HOLIDAY]);
    expect(live.store.current().notices.find((n) => n.id === 10)).toMatchObject({ summary: 'New draft', file: DRAFT });
    expect(live.store.current().issues).toEqual([]);
  });

  it('whatever the file names sort as', async () => {
    const copy = 'notices/10-a-copy.md';
    await live.tree.write(copy, (await readFile(join(live.tree.dir, HOLIDAY), 'utf8')).replace(/^summary: .*$/m, 'summary: Sorts first'));
    await live.store.refresh([copy]);
    expect(live.store.current().notices.find((n) => n.id === 10)?.file).toBe(HOLIDAY);
    expect(live.store.current().issues.map((i) => i.file)).toEqual([copy]);
  });

  it('content:check (a fresh load) names both files, each pointing at the other', async () => {
    await cp(join(live.tree.dir, HOLIDAY), join(live.tree.dir, DRAFT));
    const { issues } = await load(live.tree.dir);
    expect(issues).toEqual([
      expect.objectContaining({ file: DRAFT, code: 'DUPLICATE_NOTICE_ID', message: expect.stringContaining(HOLIDAY) }),
      expect.objectContaining({ file: HOLIDAY, code: 'DUPLICATE_NOTICE_ID', message: expect.stringContaining(DRAFT) }),
    ]);
  });

  it('two files with one id at start-up serve neither; removing one puts the other live', async () => {
    await live.store.close();
    await cp(join(live.tree.dir, HOLIDAY), join(live.tree.dir, DRAFT));
    live.store = await ContentStore.open(live.tree.dir);
    expect(live.store.current().notices.find((n) => n.id === 10)).toBeUndefined();
    expect(live.store.current().issues.map((i) => i.file)).toEqual([DRAFT, HOLIDAY]);
    await live.tree.remove(DRAFT);
    await live.store.refresh([DRAFT]);
    expect(live.store.current().notices.find((n) => n.id === 10)?.file).toBe(HOLIDAY);
    expect(live.store.current().issues).toEqual([]);
  });

  it('an edit that moves a served notice onto a taken id keeps its last good version', async () => {
    const before = live.store.current().notices.find((n) => n.id === 3)!;
    await live.tree.write(before.file, (await readFile(join(live.tree.dir, before.file), 'utf8')).replace(/^id: 3$/m, 'id: 10'));
    await live.store.refresh([before.file]);
    const after = live.store.current();
    expect(after.notices.find((n) => n.id === 3)).toBe(before);
    expect(after.notices.filter((n) => n.id === 10)).toHaveLength(1);
    expect(after.issues.map((i) => [i.file, i.code])).toEqual([[before.file, expect.stringMatching(/DUPLICATE_NOTICE_ID|FILE_NAME_MISMATCH/)]]);
  });
});

describe('a duplicate Flag or version', () => {
  it('a new .yml twin of a served entry carries the issue and is not served', async () => {
    const served = live.store.current().errors.get('PORT1001')!;
    await live.tree.write('errors/PORT1001.yml', 'Flag: PORT1001\nInfo: An impostor.\nSolution: [x]\n');
    await live.store.refresh(['errors/PORT1001.yml']);
    expect(live.store.current().errors.get('PORT1001')).toBe(served);
    expect(live.store.current().issues).toEqual([expect.objectContaining({ file: 'errors/PORT1001.yml', code: 'DUPLICATE_FLAG', message: expect.stringContaining('errors/PORT1001.yaml') })]);
  });

  it('a preview file reusing a stable version is refused while the stable one is served', async () => {
    const served = live.store.current().stable.find((r) => r.version === '1.11.2')!;
    await live.tree.write('changelog/preview/1.11.2.yaml', 'version: 1.11.2\ndate: 2030-01-01\ndescription: x\nchanges: [y]\n');
    await live.store.refresh(['changelog/preview/1.11.2.yaml']);
    expect(live.store.current().stable.find((r) => r.version === '1.11.2')).toBe(served);
    expect(live.store.current().preview.find((r) => r.version === '1.11.2')).toBeUndefined();
    expect(live.store.current().issues.map((i) => [i.file, i.code])).toEqual([['changelog/preview/1.11.2.yaml', 'DUPLICATE_VERSION']]);
  });
});

describe('cross-file mistakes keep the last good version of the file that carries them', () => {
  it('a misspelt codename or a version without a changelog file keeps the last good codenames.yaml', async () => {
    const before = live.store.current();
    const good = await readFile(join(live.tree.dir, 'codenames.yaml'), 'utf8');
    await live.tree.write('codenames.yaml', good.replace('codename: Fluorine', 'codename: Flourine'));
    await live.store.refresh(['codenames.yaml']);
    const after = live.store.current();
    expect(after.codenames).toBe(before.codenames);
    expect(after.codenames.find((c) => c.codename === 'Fluorine')?.versions).toEqual(['1.11.2', '1.11.1', '1.11.0']);
    expect(after.issues).toEqual([expect.objectContaining({ file: 'codenames.yaml', line: 19, column: 13 })]);

    // A version no changelog file has is found against other files; it keeps the last good version too.
    await live.tree.write('codenames.yaml', good.replace('versions: [1.11.0, 1.11.1, 1.11.2]', 'versions: [1.11.0, 1.11.1, 1.11.2, 1.11.3]'));
    await live.store.refresh(['codenames.yaml']);
    expect(live.store.current().codenames).toBe(before.codenames);
    expect(live.store.current().issues).toEqual([expect.objectContaining({ file: 'codenames.yaml', code: 'CODENAME_UNKNOWN_VERSION' })]);

    await live.tree.write('codenames.yaml', good);
    await live.store.refresh(['codenames.yaml']);
    expect(live.store.current().issues).toEqual([]);
  });

  it('a broken changelog file does not make codenames.yaml claim its version has no file', async () => {
    await live.tree.write('changelog/stable/1.11.2.yaml', 'version: 1.11.2\ndate: [unclosed\n');
    await live.store.refresh(['changelog/stable/1.11.2.yaml']);
    expect(live.store.current().issues.map((i) => i.file)).toEqual(['changelog/stable/1.11.2.yaml']);
    expect(live.store.current().codenameOf.get('1.11.2')).toBe('Fluorine');

    // On a fresh load there is no last good version: the version is left out, and only its file is blamed.
    const { snapshot, issues } = await load(live.tree.dir);
    expect(issues.map((i) => i.file)).toEqual(['changelog/stable/1.11.2.yaml']);
    expect(snapshot.codenames.find((c) => c.codename === 'Fluorine')?.versions).toEqual(['1.11.1', '1.11.0']);
  });

  it('a version whose file is deleted is a problem of codenames.yaml, which keeps its last good version less that version', async () => {
    await live.tree.remove('changelog/stable/1.11.2.yaml');
    await live.store.refresh(['changelog/stable/1.11.2.yaml']);
    expect(live.store.current().issues).toEqual([expect.objectContaining({ file: 'codenames.yaml', code: 'CODENAME_UNKNOWN_VERSION' })]);
    expect(live.store.current().codenames.find((c) => c.codename === 'Fluorine')?.versions).toEqual(['1.11.1', '1.11.0']);
  });

  it('codenames are not judged against an elements.yaml that never loaded', async () => {
    await live.tree.write('elements.yaml', '- [unclosed\n');
    const { issues } = await load(live.tree.dir);
    expect(issues.map((i) => i.file)).toEqual(['elements.yaml']);
  });
});

describe('a missing collection folder', () => {
  it('is an issue at start-up and when deleted while running, and clears when it comes back', async () => {
    await live.store.close();
    await rm(join(live.tree.dir, 'notices'), { recursive: true });
    const { issues, snapshot } = await load(live.tree.dir);
    expect(issues).toEqual([expect.objectContaining({ file: 'notices/', code: 'FOLDER_MISSING' })]);
    expect(snapshot.notices).toEqual([]);

    live.store = await ContentStore.open(live.tree.dir);
    expect(live.store.current().issues.map((i) => i.code)).toEqual(['FOLDER_MISSING']);
    const errors = live.store.current().errors;
    await rm(join(live.tree.dir, 'errors'), { recursive: true });
    await live.store.refresh(['errors']);
    expect(live.store.current().issues.map((i) => i.file).sort()).toEqual(['errors/', 'notices/']);
    // Gone while running: its last content stays served, never read as "no content".
    expect([...live.store.current().errors.keys()]).toEqual([...errors.keys()]);

    await live.tree.write('notices/900-back.md', '---\nid: 900\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: Back\ntype: notice\n---\nBody.\n');
    await live.store.refresh(['notices']);
    expect(live.store.current().issues.map((i) => i.file)).toEqual(['errors/']);
    expect(live.store.current().notices.map((n) => n.id)).toEqual([900]);
  });

  it('listing the whole folder again (after an event flood) finds folders and files that went without a word', async () => {
    await rm(join(live.tree.dir, 'notices'), { recursive: true });
    await live.tree.remove('errors/PORT1001.yaml');
    await live.tree.write('errors/PORT1002.yaml', 'Flag: PORT1002\nInfo: Changed without an event.\nSolution: [Retry.]\n');
    const untouched = live.store.current().errors.get('NET3001');
    const notices = live.store.current().notices;
    await live.store.refresh(['']);
    expect(live.store.current().issues.map((i) => [i.file, i.code])).toEqual([['notices/', 'FOLDER_MISSING']]);
    expect(live.store.current().notices).toEqual(notices);
    expect(live.store.current().errors.has('PORT1001')).toBe(false);
    expect(live.store.current().errors.get('PORT1002')?.Info).toBe('Changed without an event.');
    expect(live.store.current().errors.get('NET3001')).toBe(untouched);
  });
});
