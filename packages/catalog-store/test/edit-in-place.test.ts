import { copyFile, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { toErrorEntry, type ErrorEntry, type ErrorEntryFile } from '@companion/schema';
import { parse } from 'yaml';
import { freshEntryText } from '../src';
import { folderBytes, input, openService, useFolders, who } from './harness';

// The service no longer edits entry files: an API change is served merged, field by field, with
// the repository's file (a three-way merge against the file it was decided on). These run
// against each op log, as the other behaviour suites do.
const folders = useFolders();
const SHIPPED = resolve(import.meta.dirname, '../../../content/errors');

async function shippedCopy(flag: string): Promise<ErrorEntry> {
  const path = join(folders().errorsDir, `${flag}.yaml`);
  await copyFile(join(SHIPPED, `${flag}.yaml`), path);
  return toErrorEntry(parse(await readFile(path, 'utf8')) as ErrorEntryFile);
}

const bodyOf = ({ Flag: _flag, created_at: _c, updated_at: _u, ...body }: ErrorEntry) => body;

test('a one-field change to a shipped entry serves only that field and updated_at changed; the file is untouched', async () => {
  const entry = await shippedCopy('PORT1002');
  const before = await folderBytes(folders().errorsDir);
  const { store, entries } = await openService(folders());
  const { entry: put } = await store.update('PORT1002', { ...bodyOf(entry), severity: 'high' }, who);
  expect(entries.get('PORT1002')).toEqual({ ...entry, severity: 'high', updated_at: put.updated_at });
  expect(put.updated_at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
  expect(store.health()).toMatchObject({ pending: 1, conflicts: [] });
  await store.close();
  expect(await folderBytes(folders().errorsDir)).toEqual(before);
});

test('a maintainer edit of another field is served with the API change; an edit of the same field is a conflict the repository wins', async () => {
  const entry = await shippedCopy('PORT1002');
  const notices: string[] = [];
  const service = await openService(folders(), [], undefined, { fault: () => undefined, recovered: () => undefined, notice: (part, message) => notices.push(`${part}: ${message}`) });
  const { store, entries } = service;
  const { seq } = await store.patch('PORT1002', { severity: 'critical' }, who);

  // A pull request changes Info: both changes are served.
  await service.editFile('PORT1002', { ...entry, Info: 'Reworded in a pull request.' });
  expect(entries.get('PORT1002')).toMatchObject({ Info: 'Reworded in a pull request.', severity: 'critical' });
  expect(store.health().conflicts).toEqual([]);

  // Another sets severity otherwise: the repository's value is served, and the conflict is reported with both values.
  await service.editFile('PORT1002', { ...entry, Info: 'Reworded in a pull request.', severity: 'medium' });
  expect(entries.get('PORT1002')).toMatchObject({ Info: 'Reworded in a pull request.', severity: 'medium' });
  expect(store.health().conflicts).toEqual([{ flag: 'PORT1002', kind: 'field', fields: [{ field: 'severity', repository: 'medium', api: 'critical' }], seq }]);
  // The log says so once, with both values.
  expect(notices).toEqual([`catalogue: conflict of PORT1002 (field, with the API change at seq ${seq}): severity: repository "medium", API "critical"; the repository's value is served until a pull request or an API change settles it`]);

  // The repository taking the API's value resolves it: agreed, nothing pending.
  await service.editFile('PORT1002', { ...entry, Info: 'Reworded in a pull request.', severity: 'critical' });
  expect(store.health()).toMatchObject({ conflicts: [], pending: 0 });
  expect(entries.get('PORT1002')).toEqual({ ...entry, Info: 'Reworded in a pull request.', severity: 'critical' });
  expect(notices.slice(1)).toEqual(['catalogue: conflict of PORT1002 resolved: the repository and the API agree again']);
  await store.close();
});

test('changes at or before the exported seq are served from the files alone', async () => {
  const { store, entries, ...service } = await openService(folders());
  const { entry } = await store.create(input('EXP1'), who);
  expect(entries.get('EXP1')).toEqual(entry);
  // An export writes the file and catalog-exports.yaml; the maintainer then edits it.
  await service.editFile('EXP1', entry);
  service.exported(1);
  expect(store.health().pending).toBe(0);
  await service.editFile('EXP1', { ...entry, Info: 'edited after the export' });
  expect(entries.get('EXP1')?.Info).toBe('edited after the export');
  expect(store.health()).toMatchObject({ pending: 0, conflicts: [] });
  // A later API change is decided against that file and served over it.
  await store.patch('EXP1', { notes: 'later' }, who);
  expect(entries.get('EXP1')).toMatchObject({ Info: 'edited after the export', notes: 'later' });
  await store.close();
});

test('a new file is written the way the shipped files are', async () => {
  const shipped = await readFile(join(SHIPPED, 'AUTH2001.yaml'), 'utf8');
  expect(freshEntryText(toErrorEntry(parse(shipped) as ErrorEntryFile))).toBe(shipped);
});
