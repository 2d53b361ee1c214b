import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeLine } from '@companion/journal';
import type { ErrorEntry } from '@companion/schema';
import { freshEntryText, OP_LOG_FILE, StorageUnavailableError, type OpRecord } from '../src';
import { input, openService, useFolders, who, entryFiles } from './harness';

const folders = useFolders();
const logPath = () => join(folders().dataDir, OP_LOG_FILE);
const fileOf = (flag: string) => join(folders().errorsDir, `${flag}.yaml`);

const entry = (Flag: string, Info = `Info of ${Flag}`): ErrorEntry => ({
  ...input(Flag, Info),
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

/** A log as a crash between the log fsync and the file renames leaves it. */
async function writeLog(...records: Omit<OpRecord, 'seq'>[]) {
  await mkdir(folders().dataDir, { recursive: true });
  await writeFile(logPath(), Buffer.concat(records.map((r, i) => encodeLine(i + 1, r))));
}

test('start-up makes the files match log records whose files were never written or removed', async () => {
  const created = entry('MISS1');
  const updated = entry('OLD1', 'the updated text');
  const deleted = entry('GONE1');
  await writeLog(record('CREATE', entry('OLD1')), record('CREATE', deleted), record('CREATE', created), record('UPDATE', updated), record('DELETE', deleted));
  await writeFile(fileOf('OLD1'), freshEntryText(entry('OLD1'))); // the update never reached the file
  await writeFile(fileOf('GONE1'), freshEntryText(deleted)); // the delete never removed it
  await mkdir(join(folders().errorsDir, '.tmp'), { recursive: true });
  await writeFile(join(folders().errorsDir, '.tmp', 'OLD1.yaml'), 'half a fi'); // the crash left a temp file

  const { store, applied, entries } = await openService(folders(), [entry('OLD1'), deleted]);
  expect(await entryFiles(folders().errorsDir)).toEqual(['MISS1.yaml', 'OLD1.yaml']);
  expect(await readdir(join(folders().errorsDir, '.tmp'))).toEqual([]);
  expect(await readFile(fileOf('MISS1'), 'utf8')).toBe(freshEntryText(created));
  expect(await readFile(fileOf('OLD1'), 'utf8')).toBe(freshEntryText(updated));
  expect(applied.map((c) => [c.flag, c.entry?.Info ?? null]).sort()).toEqual([
    ['GONE1', null],
    ['MISS1', created.Info],
    ['OLD1', 'the updated text'],
  ]);
  expect([...entries.keys()].sort()).toEqual(['MISS1', 'OLD1']);
  expect(store.stats()).toMatchObject({ operations: { CREATE: 3, UPDATE: 1, DELETE: 1 }, logsTotal: 5 });
  await store.close(); // the checkpoint moves once the files are synced, off the answers' path
  expect(JSON.parse(await readFile(join(folders().dataDir, 'catalog-applied.json'), 'utf8'))).toEqual({ applied_seq: 5 });
});

test('records already applied are not replayed over later hand edits', async () => {
  const { store } = await openService(folders());
  await store.create(input('EDIT1'), who);
  await store.close();
  await writeFile(fileOf('EDIT1'), 'Flag: EDIT1\nInfo: edited in a pull request\nSolution: [x]\n');
  const again = await openService(folders());
  expect(await readFile(fileOf('EDIT1'), 'utf8')).toContain('edited in a pull request');
  expect(again.applied).toEqual([]);
  await again.store.close();
});

test('a torn last log line is dropped and reported; the store stays writable', async () => {
  const first = await openService(folders());
  await first.store.create(input('T1'), who);
  await first.store.create(input('T2'), who);
  await first.store.close();
  const torn = '{"seq":3,"timestamp":"2026-11-25T22:0';
  await appendFile(logPath(), torn);

  const { store, entries } = await openService(folders(), [...first.entries.values()]);
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
