import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ContentStore } from '../src/index';
import { copyOfShippedContent } from './tree';

let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
let store: ContentStore;
beforeEach(async () => {
  tree = await copyOfShippedContent();
  store = await ContentStore.open(tree.dir);
});
afterEach(async () => {
  await store.close();
  await tree.cleanup();
});

describe('a bad edit keeps the last good version of that file and touches no other', () => {
  it('a notice whose id is changed to another notice\'s id', async () => {
    const before = store.current().notices;
    const file = before.find((n) => n.id === 4)!.file;
    await tree.write(file, (await readFile(join(tree.dir, file), 'utf8')).replace(/^id: 4$/m, 'id: 5').replace('# ', '# Edited '));
    await store.refresh([file]);
    const after = store.current();
    expect(after.notices.map((n) => n.id).sort()).toEqual(before.map((n) => n.id).sort());
    expect(after.notices.find((n) => n.id === 4)).toEqual(before.find((n) => n.id === 4));
    expect(after.notices.find((n) => n.id === 5)).toEqual(before.find((n) => n.id === 5));
    expect(after.issues).toEqual([expect.objectContaining({ file, code: 'FILE_NAME_MISMATCH' })]);
  });

  it('codenames.yaml with a codename listed twice, then a syntax error, then a fix', async () => {
    const good = await readFile(join(tree.dir, 'codenames.yaml'), 'utf8');
    const before = store.current().codenames;
    await tree.write('codenames.yaml', good.replace('codename: Carbon', 'codename: Helium'));
    await store.refresh(['codenames.yaml']);
    expect(store.current().codenames).toEqual(before);
    expect(store.current().issues.map((i) => i.code)).toEqual(['DUPLICATE_CODENAME']);
    await tree.write('codenames.yaml', `${good}\n- codename: [unclosed\n`);
    await store.refresh(['codenames.yaml']);
    expect(store.current().codenames).toEqual(before);
    expect(store.current().issues.map((i) => i.code)).toEqual(['YAML_SYNTAX']);
    await tree.write('codenames.yaml', good);
    await store.refresh(['codenames.yaml']);
    expect(store.current().issues).toEqual([]);
  });
});
