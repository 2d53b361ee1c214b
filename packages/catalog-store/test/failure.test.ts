import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OP_LOG_FILE, openCatalogStore, StorageUnavailableError } from '../src';
import { input, openService, useFolders, who, entryFiles } from './harness';

const folders = useFolders();

// /dev/full refuses every write with ENOSPC: a real full disk under the log.
test('a failed log write makes the store read-only; nothing is written or applied', async () => {
  await mkdir(folders().dataDir, { recursive: true });
  await symlink('/dev/full', join(folders().dataDir, OP_LOG_FILE));
  const { store, entries, applied } = await openService(folders());
  expect(store.health().writable).toBe(true);

  const attempts = await Promise.allSettled([store.create(input('F1'), who), store.create(input('F2'), who)]);
  expect(attempts.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  expect((attempts[0] as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
  expect(store.health()).toMatchObject({ writable: false, reason: expect.stringContaining('ENOSPC') });
  await expect(store.create(input('F3'), who)).rejects.toThrow(/ENOSPC/);
  expect(await entryFiles(folders().errorsDir)).toEqual([]);
  expect(entries.size).toBe(0);
  expect(applied).toEqual([]);
  expect(store.stats().logsTotal).toBe(0);
  await store.close();
});

test('a catalogue folder that refuses files: the change is refused before it is logged, and writes resume by themselves', async () => {
  const { store, entries } = await openService(folders());
  await rm(folders().errorsDir, { recursive: true });
  await writeFile(folders().errorsDir, 'not a folder'); // every file write in it now fails

  await expect(store.create(input('LATE1'), who)).rejects.toThrow('errors/LATE1.yaml: a path component is not a folder (ENOTDIR)');
  expect(store.health()).toMatchObject({ writable: false, reason: 'errors/LATE1.yaml: a path component is not a folder (ENOTDIR)', last_fault: { cause: 'ENOTDIR', cleared_at: null } });
  expect(entries.size).toBe(0);
  expect(store.stats().logsTotal).toBe(0);
  await expect(store.create(input('LATE2'), who)).rejects.toBeInstanceOf(StorageUnavailableError);

  await rm(folders().errorsDir);
  await mkdir(folders().errorsDir);
  while (!store.health().writable) await new Promise((done) => setTimeout(done, 20));
  expect(store.health().last_fault).toMatchObject({ cause: 'ENOTDIR', cleared_at: expect.any(String) });
  expect((await store.create(input('LATE3'), who)).seq).toBe(1);
  await store.close();

  const restarted = await openService(folders());
  expect(await entryFiles(folders().errorsDir)).toEqual(['LATE3.yaml']); // what was refused never appears
  expect(restarted.store.stats().logsTotal).toBe(1);
  await restarted.store.close();
});

test('a service that fails to take a change turns the store read-only, the change stays durable', async () => {
  const store = await openCatalogStore({
    ...folders(),
    clock: { nowMicros: () => 1_795_644_280_123_456 },
    entries: () => new Map(),
    onApplied: () => {
      throw new Error('snapshot is frozen');
    },
  });
  expect((await store.create(input('OK1'), who)).seq).toBe(1);
  expect(store.health()).toMatchObject({ writable: false, reason: expect.stringContaining('could not take the change of OK1') });
  await expect(store.create(input('OK2'), who)).rejects.toBeInstanceOf(StorageUnavailableError);
  await store.close();
});

test('after close, changes are refused', async () => {
  const { store } = await openService(folders());
  await store.close();
  await expect(store.create(input('Z1'), who)).rejects.toBeInstanceOf(StorageUnavailableError);
  expect(store.health().writable).toBe(false);
});
