import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorEntryInput, type ErrorEntry } from '@companion/schema';
import { DuplicateFlagError, FlagMismatchError, InvalidFlagError, PreconditionFailedError, UnknownFlagError, UnknownVersionError } from '../src';
import { folderBytes, input, openService, useFolders, who } from './harness';

const folders = useFolders();

const seeded: ErrorEntry = {
  ...input('SEED1'),
  messages: [],
  category: 'network',
  severity: 'high',
  creator: 'support-team',
  notes: null,
  created_at: '2024-03-28T10:00:00Z',
  updated_at: null,
};

test('create logs the change, tells the service and is served; the content folder is untouched', async () => {
  const { store, entries, applied } = await openService(folders());
  const { entry, seq } = await store.create({ ...input('PORT1001'), severity: 'critical', creator: 'ana' }, who);

  expect(seq).toBe(1);
  expect(entry).toEqual({
    Flag: 'PORT1001',
    Info: 'Info of PORT1001',
    Solution: ['Fix PORT1001'],
    messages: [],
    category: 'general',
    severity: 'critical',
    creator: 'ana',
    notes: null,
    created_at: '2026-11-25T22:04:40.123456Z',
    updated_at: '2026-11-25T22:04:40.123456Z',
  });
  expect(await folderBytes(folders().errorsDir)).toEqual(new Map()); // no file written: the change lives in the log
  expect(entries.get('PORT1001')).toEqual(entry);
  expect(applied).toEqual([['PORT1001']]);
  expect(store.overlay.pending()).toEqual(['PORT1001']); // what an export would write
  expect(store.health()).toMatchObject({ applied_seq: 1, pending: 1, conflicts: [], log_id: store.logId });
  expect(store.logs({ limit: 10, offset: 0 }).records).toEqual([
    { seq: 1, timestamp: '2026-11-25T22:04:40.123456', operation: 'CREATE', flag: 'PORT1001', user_ip: who.ip, actor: who.actor, entry },
  ]);
  // The record's fields keep the log's order (the API hands records out as they are).
  expect(Object.keys(store.logs({ limit: 1, offset: 0 }).records[0]!)).toEqual(['seq', 'timestamp', 'operation', 'flag', 'user_ip', 'actor', 'entry']);
  await store.close();
});

test('text that means something else in YAML is written so it reads back the same', async () => {
  const { store } = await openService(folders());
  const tricky = ErrorEntryInput.parse({
    Flag: 'YAML1',
    Info: 'A long description: with a colon, a #hash and "quotes", long enough to be folded over several lines of the file',
    Solution: ['- dash', 'yes', '123', 'null', 'two  inner  spaces\ttab', 'line one\nline two', 'ü 𝄞'],
    notes: 'key: value',
  }); // as the API hands it over: validated and trimmed
  const { entry } = await store.create(tricky, who);
  await store.close();
  const again = await openService(folders()); // read back from the log
  expect(again.entries.get('YAML1')).toEqual(entry);
  expect(again.entries.get('YAML1')!.Solution).toEqual(tricky.Solution);
  await again.store.close();
});

test('create refuses a Flag that exists, in the service or earlier in the log', async () => {
  const { store } = await openService(folders(), [seeded]);
  await expect(store.create(input('SEED1'), who)).rejects.toEqual(new DuplicateFlagError('SEED1'));
  await store.create(input('NEW1'), who);
  await expect(store.create(input('NEW1'), who)).rejects.toBeInstanceOf(DuplicateFlagError);
  expect(store.stats().logsTotal).toBe(1);
  await store.close();
});

test('update refuses a body that leaves out fields the entry has, naming them, and changes nothing', async () => {
  const { store, entries } = await openService(folders(), [seeded]);
  const before = entries.get('SEED1');
  await expect(store.update('SEED1', { Info: 'New info', Solution: ['a'] }, who)).rejects.toThrow(/^the body leaves out category, severity, creator, which SEED1 has$/);
  expect(entries.get('SEED1')).toEqual(before);
});

test('patch changes the fields it names and keeps the rest; a precondition is judged in the queue', async () => {
  const { store, entries } = await openService(folders(), [seeded]);
  const before = entries.get('SEED1')!;
  const { entry } = await store.patch('SEED1', { notes: 'Patched.', category: null }, who);
  expect(entry).toEqual({ ...before, notes: 'Patched.', category: 'general', updated_at: expect.any(String) });
  await expect(store.patch('SEED1', { notes: 'Late.' }, who, (current) => current?.notes === 'Not this.')).rejects.toMatchObject({ name: 'PreconditionFailedError' });
  await expect(store.delete('SEED1', who, () => false)).rejects.toMatchObject({ name: 'PreconditionFailedError' });
  expect(entries.get('SEED1')?.notes).toBe('Patched.');
});

test('update replaces the body, keeps created_at and sets updated_at; the file stays as it was', async () => {
  const { store, entries } = await openService(folders(), [seeded]);
  const before = await folderBytes(folders().errorsDir);
  const { entry, seq } = await store.update('SEED1', { Flag: 'SEED1', Info: 'New info', Solution: ['a', 'b'], severity: 'low', category: null, creator: null }, who);
  expect(seq).toBe(1);
  expect(entry).toEqual({
    Flag: 'SEED1',
    Info: 'New info',
    Solution: ['a', 'b'],
    messages: [],
    category: 'general',
    severity: 'low',
    creator: null,
    notes: null,
    created_at: '2024-03-28T10:00:00Z',
    updated_at: '2026-11-25T22:04:40.123456Z',
  });
  expect(entries.get('SEED1')).toEqual(entry);
  expect(await folderBytes(folders().errorsDir)).toEqual(before);
  await store.close();
});

test('update refuses an unknown Flag and a body naming another Flag', async () => {
  const { store } = await openService(folders(), [seeded]);
  await expect(store.update('NOPE1', input('NOPE1'), who)).rejects.toEqual(new UnknownFlagError('NOPE1'));
  await expect(store.update('SEED1', input('OTHER1'), who)).rejects.toEqual(new FlagMismatchError('SEED1', 'OTHER1'));
  expect(store.stats().logsTotal).toBe(0);
  await store.close();
});

test('delete stops serving the entry and returns the removed entry; its files stay', async () => {
  await writeFile(join(folders().errorsDir, 'SEED1.yml'), 'Flag: SEED1\n');
  const { store, entries, applied } = await openService(folders(), [seeded]);
  const before = await folderBytes(folders().errorsDir);
  const { entry, seq } = await store.delete('SEED1', who);
  expect({ entry, seq }).toEqual({ entry: seeded, seq: 1 });
  expect(entries.has('SEED1')).toBe(false);
  expect(applied).toEqual([['SEED1']]);
  expect(await folderBytes(folders().errorsDir)).toEqual(before); // the .yaml and its .yml twin: an export removes them
  expect(store.overlay.pending()).toEqual(['SEED1']);
  expect(store.logs({ limit: 1, offset: 0 }).records[0]).toMatchObject({ operation: 'DELETE', flag: 'SEED1', entry: seeded });
  await expect(store.delete('SEED1', who)).rejects.toBeInstanceOf(UnknownFlagError);
  await store.close();
});

test('a Flag that is not a Flag never becomes a path', async () => {
  const { store } = await openService(folders());
  await expect(store.delete('../../etc/passwd', who)).rejects.toBeInstanceOf(InvalidFlagError);
  await expect(store.create(input('port1'), who)).rejects.toBeInstanceOf(InvalidFlagError);
  await expect(store.update(`A${'1'.repeat(32)}`, input('A1'), who)).rejects.toBeInstanceOf(InvalidFlagError);
  await store.close();
});

test('logs filter by Flag and operation, newest first, with paging; stats count every operation', async () => {
  const { store } = await openService(folders());
  await store.create(input('A1'), who);
  await store.create(input('B1'), who);
  await store.update('A1', input('A1', 'second'), who);
  await store.update('A1', input('A1', 'third'), who);
  await store.delete('B1', who);

  const seqs = (page: { records: { seq: number }[] }) => page.records.map((r) => r.seq);
  expect(seqs(store.logs({ limit: 50, offset: 0 }))).toEqual([5, 4, 3, 2, 1]);
  expect(store.logs({ limit: 2, offset: 1 })).toMatchObject({ total: 5, records: [{ seq: 4 }, { seq: 3 }] });
  expect(store.logs({ flag: 'A1', limit: 50, offset: 0 })).toMatchObject({ total: 3, records: [{ seq: 4 }, { seq: 3 }, { seq: 1 }] });
  expect(store.logs({ operation: 'UPDATE', limit: 1, offset: 1 })).toMatchObject({ total: 2, records: [{ seq: 3 }] });
  expect(store.logs({ flag: 'B1', operation: 'DELETE', limit: 5, offset: 0 })).toMatchObject({ total: 1, records: [{ seq: 5 }] });
  expect(store.logs({ flag: 'ZZ9', limit: 5, offset: 0 })).toEqual({ total: 0, records: [] });
  expect(store.logs({ limit: 5, offset: 10 })).toEqual({ total: 5, records: [] });

  const stats = store.stats();
  expect(stats.operations).toEqual({ CREATE: 2, UPDATE: 2, DELETE: 1 });
  expect(stats.logsTotal).toBe(5);
  expect(stats.recent.map((r) => r.seq)).toEqual([5, 4, 3, 2, 1]);
  await store.close();
});

test('recent holds the last ten records', async () => {
  const { store } = await openService(folders());
  for (let i = 1; i <= 12; i++) await store.create(input(`R${i}`), who);
  expect(store.stats().recent.map((r) => r.seq)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  await store.close();
});

test('a change made with a reason records it beside the actor, and it survives a reopen', async () => {
  const first = await openService(folders());
  await first.store.create(input('PORT1002'), { ...who, actor: 'Ada Lovelace', reason: 'Customers report it since 1.9.' });
  await first.store.patch('PORT1002', { notes: 'Seen on Windows.' }, { ...who, actor: 'Grace Hopper' });
  await first.store.delete('PORT1002', { ...who, actor: 'Ada Lovelace', reason: 'Merged into PORT1001.' });
  await first.store.close();

  const again = await openService(folders());
  const records = again.store.logs({ limit: 10, offset: 0 }).records.reverse();
  expect(records.map((r) => [r.operation, r.actor, r.reason])).toEqual([
    ['CREATE', 'Ada Lovelace', 'Customers report it since 1.9.'],
    ['UPDATE', 'Grace Hopper', undefined],
    ['DELETE', 'Ada Lovelace', 'Merged into PORT1001.'],
  ]);
  // Without a reason the record keeps its old shape; with one, reason comes last.
  expect(Object.keys(records[1]!)).toEqual(['seq', 'timestamp', 'operation', 'flag', 'user_ip', 'actor', 'entry']);
  expect(Object.keys(records[0]!)).toEqual(['seq', 'timestamp', 'operation', 'flag', 'user_ip', 'actor', 'entry', 'reason']);
  await again.store.close();
});

test('history lists the shipped file, then every change with author, time and reason; any version comes back, a deleted entry with its created_at', async () => {
  const { store, entries } = await openService(folders(), [seeded]);
  expect(store.history('SEED1')).toEqual([{ version: 1, seq: null, timestamp: null, operation: 'SHIPPED', actor: null, reason: null, restored: null, deleted: false, entry: seeded }]);
  await store.patch('SEED1', { Info: 'Reworded.', notes: 'n' }, { ...who, actor: 'Ada', reason: 'Clearer.' });
  await store.delete('SEED1', { ...who, actor: 'Grace' });
  expect(entries.has('SEED1')).toBe(false);

  const history = store.history('SEED1');
  expect(history.map((v) => [v.version, v.operation, v.actor, v.reason, v.restored, v.deleted])).toEqual([
    [1, 'SHIPPED', null, null, null, false],
    [2, 'UPDATE', 'Ada', 'Clearer.', null, false],
    [3, 'DELETE', 'Grace', null, null, true],
  ]);
  expect(history[0]!.entry).toEqual(seeded); // the file as it was before the first API change, though the API changed it since
  expect(history[1]!.entry).toMatchObject({ Info: 'Reworded.', notes: 'n', created_at: seeded.created_at });
  expect(history[1]!.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);

  // A deleted entry comes back as version 2 had it, keeping its original created_at.
  const back = await store.restore('SEED1', 2, { ...who, actor: 'Ada', reason: 'Deleted by mistake.' });
  expect(back.entry).toMatchObject({ Info: 'Reworded.', notes: 'n', created_at: seeded.created_at });
  expect(entries.get('SEED1')).toEqual(back.entry);
  // And the shipped version over the API's.
  const shipped = await store.restore('SEED1', 1, { ...who, actor: 'Grace' });
  expect(shipped.entry).toEqual({ ...seeded, updated_at: shipped.entry.updated_at });
  // Each restore names the version it brought back, also once the log is read again from disk.
  const restores = [
    ['CREATE', 'Ada', 'Deleted by mistake.', 2],
    ['UPDATE', 'Grace', null, 1],
  ];
  expect(store.history('SEED1').slice(3).map((v) => [v.operation, v.actor, v.reason, v.restored])).toEqual(restores);
  await expect(store.restore('SEED1', 9, who)).rejects.toThrow(UnknownVersionError);
  expect(() => store.history('NOPE1')).toThrow(UnknownFlagError);
  // A precondition judges the entry as it is, as for any update.
  await expect(store.restore('SEED1', 2, who, () => false)).rejects.toThrow(PreconditionFailedError);
  await store.close();
  const reopened = await openService(folders());
  expect(reopened.store.history('SEED1').slice(3).map((v) => [v.operation, v.actor, v.reason, v.restored])).toEqual(restores);
  await reopened.store.close();
});

test('an entry created through the API has no shipped version', async () => {
  const { store } = await openService(folders());
  await store.create(input('PORT1003'), who);
  expect(store.history('PORT1003').map((v) => [v.version, v.operation])).toEqual([[1, 'CREATE']]);
  await store.close();
});
