import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storeOverShippedContent } from './tree';

const live = storeOverShippedContent();

describe('a bad edit keeps the last good version of that file and touches no other', () => {
  it('a notice whose id is changed to another notice\'s id', async () => {
    const before = live.store.current().notices;
    const file = before.find((n) => n.id === 4)!.file;
    await live.tree.write(file, (await readFile(join(live.tree.dir, file), 'utf8')).replace(/^id: 4$/m, 'id: 5').replace('# ', '# Edited '));
    await live.store.refresh([file]);
    const after = live.store.current();
    expect(after.notices.map((n) => n.id).sort()).toEqual(before.map((n) => n.id).sort());
    expect(after.notices.find((n) => n.id === 4)).toEqual(before.find((n) => n.id === 4));
    expect(after.notices.find((n) => n.id === 5)).toEqual(before.find((n) => n.id === 5));
    expect(after.issues).toEqual([expect.objectContaining({ file, code: 'FILE_NAME_MISMATCH' })]);
  });

  it('codenames.yaml with a codename listed twice, then a syntax error, then a fix', async () => {
    const good = await readFile(join(live.tree.dir, 'codenames.yaml'), 'utf8');
    const before = live.store.current().codenames;
    await live.tree.write('codenames.yaml', good.replace('codename: Carbon', 'codename: Helium'));
    await live.store.refresh(['codenames.yaml']);
    expect(live.store.current().codenames).toEqual(before);
    expect(live.store.current().issues.map((i) => i.code)).toEqual(['DUPLICATE_CODENAME']);
    await live.tree.write('codenames.yaml', `${good}\n- codename: [unclosed\n`);
    await live.store.refresh(['codenames.yaml']);
    expect(live.store.current().codenames).toEqual(before);
    expect(live.store.current().issues.map((i) => i.code)).toEqual(['YAML_SYNTAX']);
    await live.tree.write('codenames.yaml', good);
    await live.store.refresh(['codenames.yaml']);
    expect(live.store.current().issues).toEqual([]);
  });
});
