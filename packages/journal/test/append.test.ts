import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openJournal, StorageUnavailableError, type JournalRecord } from '../src';
import { useTempDir } from './temp-dir';

type Note = { text: string };
const dir = useTempDir();
const logPath = () => join(dir(), 'data', 'notes.jsonl');

async function reopen() {
  const seen: JournalRecord<Note>[] = [];
  const journal = await openJournal<Note>(logPath(), { onRecord: ({ record }) => void seen.push(record) });
  return { journal, seen };
}

test('appended records come back on reopen, in order, with seq from 1', async () => {
  const journal = await openJournal<Note>(logPath());
  expect((await journal.append({ text: 'a' })).record).toEqual({ seq: 1, text: 'a' });
  await journal.append({ text: 'ü 𝄞 "quoted"\nnewline' });
  await journal.close();

  const { journal: again, seen } = await reopen();
  expect(seen).toEqual([
    { seq: 1, text: 'a' },
    { seq: 2, text: 'ü 𝄞 "quoted"\nnewline' },
  ]);
  expect(again.recovery).toEqual({ records: 2, lastSeq: 2, tornTail: null, corruption: null });
  expect((await again.append({ text: 'c' })).record.seq).toBe(3);
  await again.close();
});

test('each line is plain JSON carrying its checksum', async () => {
  const journal = await openJournal<Note>(logPath());
  await journal.append({ text: 'a' });
  await journal.close();
  const text = await readFile(logPath(), 'utf8');
  expect(text).toMatch(/^\{"seq":1,"text":"a","crc":"[0-9a-f]{8}"\}\n$/);
  expect(JSON.parse(text)).toMatchObject({ seq: 1, text: 'a' });
});

test('concurrent appends share syncs and still get contiguous seqs', async () => {
  const journal = await openJournal<Note>(logPath());
  const lines = await Promise.all(Array.from({ length: 300 }, (_, i) => journal.append({ text: `n${i}` })));
  expect(lines.map((l) => l.record.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  expect(lines.map((l) => l.record.text)).toEqual(Array.from({ length: 300 }, (_, i) => `n${i}`));
  const work = journal.counters();
  expect(work.records).toBe(300);
  expect(work.syncs).toBe(work.batches);
  expect(work.syncs).toBeLessThan(300 / 2);
  await journal.close();
  const { seen } = await reopen();
  expect(seen).toHaveLength(300);
});

test('a batch never holds more than maxBatchRecords records', async () => {
  const journal = await openJournal<Note>(logPath(), { maxBatchRecords: 4 });
  await Promise.all(Array.from({ length: 20 }, (_, i) => journal.append({ text: `n${i}` })));
  expect(journal.counters().batches).toBeGreaterThanOrEqual(5);
  await journal.close();
});

test('afterSync runs once the lines are on disk, before the commit resolves, in log order', async () => {
  const journal = await openJournal<Note>(logPath());
  const events: string[] = [];
  const commits = ['x', 'y', 'z'].map((text) =>
    journal
      .commit([{ text }, { text: text + '2' }], async (lines) => {
        const onDisk = await readFile(logPath(), 'utf8');
        expect(onDisk).toContain(`"text":"${text}2"`);
        events.push(`synced ${lines.map((l) => l.record.seq).join('+')}`);
      })
      .then(() => events.push(`answered ${text}`)),
  );
  await Promise.all(commits);
  expect(events.filter((e) => e.startsWith('synced'))).toEqual(['synced 1+2', 'synced 3+4', 'synced 5+6']);
  expect(events.indexOf('synced 1+2')).toBeLessThan(events.indexOf('answered x'));
  await journal.close();
});

test('a failing afterSync rejects its own commit only', async () => {
  const journal = await openJournal<Note>(logPath());
  const failing = journal.commit([{ text: 'a' }], () => {
    throw new Error('files could not be written');
  });
  const fine = journal.append({ text: 'b' });
  await expect(failing).rejects.toThrow('files could not be written');
  expect((await fine).record.seq).toBe(2);
  expect(journal.health().writable).toBe(true);
  await journal.close();
});

test('records may not carry their own seq or crc', async () => {
  const journal = await openJournal<{ seq?: number }>(logPath());
  await expect(journal.append({ seq: 9 })).rejects.toThrow(TypeError);
  await journal.close();
});

test('close waits for queued appends and refuses later ones', async () => {
  const journal = await openJournal<Note>(logPath());
  const pending = journal.append({ text: 'a' });
  const closing = journal.close();
  await expect(journal.append({ text: 'late' })).rejects.toBeInstanceOf(StorageUnavailableError);
  await closing;
  expect((await pending).record.seq).toBe(1);
  expect(journal.health()).toMatchObject({ writable: false, reason: 'notes.jsonl: the log is closed' });
});

test('a line longer than the read chunk is read back whole', async () => {
  const journal = await openJournal<Note>(logPath());
  const big = 'x'.repeat(3 << 20);
  await journal.append({ text: 'before' });
  await journal.append({ text: big });
  await journal.append({ text: 'after' });
  await journal.close();
  const { seen } = await reopen();
  expect(seen.map((r) => r.text.length)).toEqual([6, big.length, 5]);
});
