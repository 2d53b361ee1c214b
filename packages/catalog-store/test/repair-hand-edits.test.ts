import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { entryFiles, input, openService, useFolders, who } from './harness';

// A restart before the background round moved the checkpoint (a plain SIGTERM, a kill -9, a slow
// flush) leaves records after it. Start-up rewrites a Flag's file only where the write itself may
// be missing: the file is missing, empty, torn, or still holds what it held before the record.
// Anything else is an edit made after the write, already served before the restart: it stays.
const folders = useFolders();
const fileOf = (flag: string) => join(folders().errorsDir, `${flag}.yaml`);
const checkpoint = () => join(folders().dataDir, 'catalog-applied.json');
const HAND_EDIT = 'Flag: AUTH2001\nInfo: Edited by a maintainer after the API write.\nSolution:\n  - Hand step.\n';

/** Creates AUTH2001 and moves the checkpoint past it: the state before the API write. */
async function created() {
  const service = await openService(folders());
  await service.store.create(input('AUTH2001', 'As created'), who);
  await service.store.close();
  return { before: await readFile(fileOf('AUTH2001'), 'utf8'), checkpoint: await readFile(checkpoint(), 'utf8'), entries: [...service.entries.values()] };
}

/** Runs `change` through the API, then puts the checkpoint back: a restart before the round moved it. */
async function writeThenRestartEarly(change: (store: Awaited<ReturnType<typeof openService>>['store']) => Promise<unknown>) {
  const state = await created();
  const service = await openService(folders(), state.entries);
  await change(service.store);
  await service.store.close();
  const written = await readFile(fileOf('AUTH2001'), 'utf8').catch(() => null);
  await writeFile(checkpoint(), state.checkpoint);
  return { ...state, written, entries: [...service.entries.values()] };
}

const update = (store: Awaited<ReturnType<typeof openService>>['store']) => store.update('AUTH2001', { Info: 'Written by the API', Solution: ['API step'] }, who);

test('a hand edit made after an API write survives a restart before the checkpoint moved', async () => {
  const { entries } = await writeThenRestartEarly(update);
  await writeFile(fileOf('AUTH2001'), HAND_EDIT);
  const again = await openService(folders(), entries);
  expect(await readFile(fileOf('AUTH2001'), 'utf8')).toBe(HAND_EDIT);
  expect(again.applied).toEqual([]);
  await again.store.close();
  expect(await readFile(fileOf('AUTH2001'), 'utf8')).toBe(HAND_EDIT);
});

test.each([
  ['still holds what it held before the write (the rename was lost)', (s: { before: string }) => s.before],
  ['is empty', () => ''],
  ['is torn', (s: { written: string | null }) => s.written!.slice(0, 30)],
  ['is missing', () => null],
])('a file that %s is rewritten from the log', async (_case, content) => {
  const state = await writeThenRestartEarly(update);
  const text = content(state as { before: string; written: string | null });
  if (text === null) await rm(fileOf('AUTH2001'));
  else await writeFile(fileOf('AUTH2001'), text);
  const again = await openService(folders(), state.entries);
  expect(await readFile(fileOf('AUTH2001'), 'utf8')).toBe(state.written);
  expect(again.applied.map((c) => c.entry?.Info)).toEqual(['Written by the API']);
  await again.store.close();
});

test('a deleted Flag whose file still holds what it held is removed; one made again by hand after the delete stays', async () => {
  const state = await writeThenRestartEarly((store) => store.delete('AUTH2001', who));
  await writeFile(fileOf('AUTH2001'), state.before);
  const lost = await openService(folders(), state.entries);
  expect(await entryFiles(folders().errorsDir)).toEqual([]);
  await lost.store.close();

  await writeFile(checkpoint(), state.checkpoint);
  await writeFile(fileOf('AUTH2001'), HAND_EDIT);
  const remade = await openService(folders(), state.entries);
  expect(await readFile(fileOf('AUTH2001'), 'utf8')).toBe(HAND_EDIT);
  expect(remade.applied).toEqual([]);
  await remade.store.close();
});

test('a .yml twin the write removed is removed again when it still holds what it held; one made by hand after stays', async () => {
  const state = await created();
  await rm(fileOf('AUTH2001'));
  await writeFile(join(folders().errorsDir, 'AUTH2001.yml'), state.before); // the maintainer's name for it
  const service = await openService(folders(), state.entries);
  await update(service.store);
  await service.store.close();
  await writeFile(checkpoint(), state.checkpoint);
  await writeFile(join(folders().errorsDir, 'AUTH2001.yml'), state.before); // the unlink was lost
  const again = await openService(folders(), [...service.entries.values()]);
  expect(await entryFiles(folders().errorsDir)).toEqual(['AUTH2001.yaml']);
  await again.store.close();
});
