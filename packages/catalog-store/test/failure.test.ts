import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { OP_LOG_FILE, openCatalogStore, StorageUnavailableError } from '../src';
import { entryFiles, input, openService, useFolders, who } from './harness';

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
  expect(store.overlay.pending()).toEqual([]);
  await store.close();
});

test('a service that fails to take a change turns the store read-only, the change stays durable', async () => {
  const store = await openCatalogStore({
    dataDir: folders().dataDir,
    log: folders().log,
    clock: { nowMicros: () => 1_795_644_280_123_456 },
    files: () => new Map(),
    exports: () => new Map(),
    onApplied: () => {
      throw new Error('snapshot is frozen');
    },
  });
  expect((await store.create(input('OK1'), who)).seq).toBe(1);
  expect(store.health()).toMatchObject({ writable: false, reason: expect.stringContaining('could not take the change of OK1') });
  await expect(store.create(input('OK2'), who)).rejects.toBeInstanceOf(StorageUnavailableError);
  await store.close();
  const again = await openService(folders()); // durable: served after a restart
  expect(again.entries.has('OK1')).toBe(true);
  expect(again.store.health().writable).toBe(true);
  await again.store.close();
});

test('after close, changes are refused', async () => {
  const { store } = await openService(folders());
  await store.close();
  await expect(store.create(input('Z1'), who)).rejects.toBeInstanceOf(StorageUnavailableError);
  expect(store.health().writable).toBe(false);
});
