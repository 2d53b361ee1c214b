import { OP_LOG_FILE } from '../src';
import { input, openService, useFolders, who } from './harness';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const folders = useFolders();
const claim = (key: string, fingerprint = 'fp') => ({ owner: 'owner-a', key, fingerprint });

test('a change made with a key is recalled with its entry as made and its seq, after a reopen too, by its owner only', async () => {
  const service = await openService(folders());
  await service.store.create(input('PLAIN1'), who);
  const made = await service.store.create(input('KEYED1'), { ...who, claim: claim('k-1') });
  await service.store.update('KEYED1', input('KEYED1', 'changed since'), who);
  expect(await service.store.recall(claim('k-1'))).toEqual({ fingerprint: 'fp', outcome: made });
  expect(await service.store.recall(claim('k-2'))).toBeNull();
  expect(await service.store.recall({ owner: 'owner-b', key: 'k-1' })).toBeNull();
  // The key is not part of what the log shows.
  expect(service.store.logs({ limit: 10, offset: 0 }).records.every((record) => !('idempotency' in record))).toBe(true);
  await service.store.close();

  const reopened = await openService(folders());
  expect(await reopened.store.recall(claim('k-1'))).toEqual({ fingerprint: 'fp', outcome: made });
  await reopened.store.close();
});

test('keyed and plain changes committed in one batch: each key names its own record', async () => {
  const { store } = await openService(folders());
  const results = await Promise.all(['B1', 'B2', 'B3', 'B4'].map((flag, i) => store.create(input(flag), i % 2 ? who : { ...who, claim: claim(`k-${flag}`) })));
  expect(await store.recall(claim('k-B1'))).toEqual({ fingerprint: 'fp', outcome: results[0] });
  expect(await store.recall(claim('k-B3'))).toEqual({ fingerprint: 'fp', outcome: results[2] });
  expect(await store.recall(claim('k-B2'))).toBeNull();
  await store.close();
});

test('a refused change leaves no key', async () => {
  const { store } = await openService(folders());
  await store.create(input('DUP1'), who);
  await expect(store.create(input('DUP1'), { ...who, claim: claim('k-dup') })).rejects.toThrow();
  expect(await store.recall(claim('k-dup'))).toBeNull();
  const f = folders();
  if (f.log.kind === 'jsonl') expect((await readFile(join(f.dataDir, OP_LOG_FILE), 'utf8')).trim().split('\n')).toHaveLength(1);
  await store.close();
});
