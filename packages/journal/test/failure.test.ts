import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { openJournal, StorageUnavailableError } from '../src';
import { useTempDir } from './temp-dir';

const dir = useTempDir();

// /dev/full accepts an open and refuses every write with ENOSPC: a real full disk.
test('a failed write makes the journal refuse this and every later append', async () => {
  const path = join(dir(), 'full.jsonl');
  await symlink('/dev/full', path);
  const journal = await openJournal<{ n: number }>(path);
  expect(journal.health().writable).toBe(true);

  const concurrent = await Promise.allSettled([1, 2, 3].map((n) => journal.append({ n })));
  for (const result of concurrent) {
    expect(result.status).toBe('rejected');
    expect((result as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
  }
  const health = journal.health();
  expect(health.writable).toBe(false);
  expect(health.reason).toContain('ENOSPC');
  await expect(journal.append({ n: 4 })).rejects.toThrow(/ENOSPC/);
  expect(journal.counters()).toEqual({ batches: 0, syncs: 0, records: 0 });
  expect(journal.lastSeq()).toBe(0);
  await journal.close();
});

test('a log that cannot be opened gives a read-only journal, not a crash', async () => {
  const path = join(dir(), 'is-a-folder.jsonl');
  await mkdir(path);
  const journal = await openJournal(path);
  expect(journal.recovery.records).toBe(0);
  expect(journal.health().writable).toBe(false);
  expect(journal.health().reason).toMatch(/cannot open .*EISDIR/);
  await expect(journal.append({ n: 1 })).rejects.toBeInstanceOf(StorageUnavailableError);
  await journal.close();
});
