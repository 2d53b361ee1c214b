import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeLine } from '@companion/journal';
import type { ErrorEntry } from '@companion/schema';
import { freshEntryText, OP_LOG_FILE, StorageUnavailableError, type OpRecord } from '../src';
import { folderBytes, input, openService, useFolders, who } from './harness';

const folders = useFolders();
const logPath = () => join(folders().dataDir, OP_LOG_FILE);
const fileOf = (flag: string) => join(folders().errorsDir, `${flag}.yaml`);

const entry = (Flag: string, Info = `Info of ${Flag}`): ErrorEntry => ({
  ...input(Flag, Info),
  messages: [],
  category: 'general',
  severity: 'medium',
  creator: null,
  notes: null,
  created_at: '2026-11-25T22:04:40.123456Z',
  updated_at: '2026-11-25T22:04:40.123456Z',
});
const record = (operation: OpRecord['operation'], e: ErrorEntry): Omit<OpRecord, 'seq'> => ({
  timestamp: '2026-11-25T22:04:40.123456',
  operation,
  flag: e.Flag,
  user_ip: who.ip,
  actor: who.actor,
  entry: e,
});

/** A log written by hand (records as the log stores them; without `state`: from before the merge). */
async function writeLog(...records: Omit<OpRecord, 'seq'>[]) {
  await mkdir(folders().dataDir, { recursive: true });
  await writeFile(logPath(), Buffer.concat(records.map((r, i) => encodeLine(i + 1, r))));
}

test('start-up serves the log\'s changes merged with the files, and writes nothing into the content folder', async () => {
  const first = await openService(folders(), [entry('OLD1'), entry('GONE1')]);
  await first.store.create(input('MISS1'), who);
  const { entry: updated } = await first.store.update('OLD1', input('OLD1', 'the updated text'), who);
  await first.store.delete('GONE1', who);
  const served = new Map([...first.entries].sort());
  await first.store.close();
  const before = await folderBytes(folders().errorsDir);

  const { store, applied, entries } = await openService(folders());
  expect(new Map([...entries].sort())).toEqual(served);
  expect([...entries.keys()].sort()).toEqual(['MISS1', 'OLD1']);
  expect(entries.get('OLD1')).toEqual(updated);
  expect(applied).toEqual([]); // nothing replayed: the log is read, the overlay serves it
  expect(await folderBytes(folders().errorsDir)).toEqual(before);
  expect(await readFile(fileOf('OLD1'), 'utf8')).toBe(freshEntryText(entry('OLD1'))); // the file keeps the repository's text
  expect(store.stats()).toMatchObject({ operations: { CREATE: 1, UPDATE: 1, DELETE: 1 }, logsTotal: 3 });
  expect(store.overlay.pending()).toEqual(['GONE1', 'MISS1', 'OLD1']);
  await store.close();
});

test('records from before the merge (without state) are served from the files, never replayed onto them', async () => {
  await writeLog(record('CREATE', entry('OLD1')), record('UPDATE', entry('OLD1', 'the updated text')), record('CREATE', entry('MISS1')));
  await writeFile(fileOf('OLD1'), freshEntryText(entry('OLD1', 'as the repository has it')));
  const before = await folderBytes(folders().errorsDir);
  const { store, entries, applied } = await openService(folders());
  expect(entries.get('OLD1')?.Info).toBe('as the repository has it');
  expect(entries.has('MISS1')).toBe(false);
  expect(applied).toEqual([]);
  expect(store.stats().logsTotal).toBe(3);
  expect(store.health()).toMatchObject({ writable: true, pending: 0, conflicts: [] });
  expect(await folderBytes(folders().errorsDir)).toEqual(before);
  await store.close();
});

test('a file added by hand for a Flag created through the API: the repository\'s entry is served and the conflict reported', async () => {
  const { store } = await openService(folders());
  const { seq } = await store.create(input('EDIT1'), who);
  await store.close();
  await writeFile(fileOf('EDIT1'), 'Flag: EDIT1\nInfo: edited in a pull request\nSolution: [x]\n');
  const again = await openService(folders());
  expect(await readFile(fileOf('EDIT1'), 'utf8')).toContain('edited in a pull request');
  expect(again.entries.get('EDIT1')).toMatchObject({ Info: 'edited in a pull request', Solution: ['x'] });
  expect(again.applied).toEqual([]);
  const [conflict] = again.store.health().conflicts;
  expect(conflict).toMatchObject({ flag: 'EDIT1', kind: 'added-on-both-sides', seq });
  expect(conflict!.fields).toEqual(expect.arrayContaining([{ field: 'Info', repository: 'edited in a pull request', api: 'Info of EDIT1' }]));
  await again.store.close();
});

test('a torn last log line is dropped and reported; the store stays writable', async () => {
  const first = await openService(folders());
  await first.store.create(input('T1'), who);
  await first.store.create(input('T2'), who);
  await first.store.close();
  const torn = '{"seq":3,"timestamp":"2026-11-25T22:0';
  await appendFile(logPath(), torn);

  const { store, entries } = await openService(folders());
  const health = store.health();
  expect(health).toMatchObject({ writable: true, reason: null, corruption: null, tornTail: { bytes: torn.length } });
  expect(store.stats().logsTotal).toBe(2);
  expect((await store.create(input('T3'), who)).seq).toBe(3);
  expect(entries.has('T3')).toBe(true);
  await store.close();
});

test('a damaged line inside the log makes the store read-only but readable', async () => {
  await writeLog(record('CREATE', entry('C1')), record('CREATE', entry('C2')), record('CREATE', entry('C3')));
  const text = await readFile(logPath(), 'utf8');
  await writeFile(logPath(), text.replace('Info of C2', 'Info of CX'));

  const { store, applied } = await openService(folders());
  const health = store.health();
  expect(health.writable).toBe(false);
  expect(health.corruption).toMatchObject({ line: 2, reason: 'checksum mismatch' });
  expect(health.reason).toContain('line 2');
  expect(store.stats()).toMatchObject({ logsTotal: 1, operations: { CREATE: 1 } });
  expect(store.logs({ limit: 10, offset: 0 }).records.map((r) => r.flag)).toEqual(['C1']);
  expect(applied).toEqual([]); // no repair from a log that may hide newer records
  await expect(store.create(input('C4'), who)).rejects.toBeInstanceOf(StorageUnavailableError);
  await store.close();
});

test('a log record of the wrong shape is reported as corruption', async () => {
  await writeLog(record('CREATE', entry('S1')), { ...record('CREATE', entry('S2')), operation: 'RENAME' as 'CREATE' }, record('CREATE', entry('S3')));
  const { store } = await openService(folders());
  expect(store.health().corruption).toMatchObject({ line: 2, reason: 'record refused: unknown operation "RENAME"' });
  await store.close();
});
