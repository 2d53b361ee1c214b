import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeLine, openJournal, StorageUnavailableError, type JournalRecord } from '../src';
import { useTempDir } from './temp-dir';

type Note = { text: string };
const dir = useTempDir();
const logPath = () => join(dir(), 'notes.jsonl');
const flipBit = (line: Buffer, at: number) => line.writeUInt8(line.readUInt8(at) ^ 0x01, at);
const lines = (...texts: string[]) => texts.map((text, i) => encodeLine(i + 1, { text }));

async function open() {
  const seen: JournalRecord<Note>[] = [];
  const journal = await openJournal<Note>(logPath(), { onRecord: ({ record }) => void seen.push(record) });
  return { journal, seen, texts: () => seen.map((r) => r.text) };
}

test('a torn last record, cut at any byte, is dropped and the earlier records kept', async () => {
  const [first, second, last] = lines('first', 'second', 'the last record, with ü and 𝄞');
  const intact = Buffer.concat([first!, second!]);
  for (let cut = 1; cut < last!.length; cut++) {
    await writeFile(logPath(), Buffer.concat([intact, last!.subarray(0, cut)]));
    const { journal, texts } = await open();
    expect(texts()).toEqual(['first', 'second']);
    expect(journal.recovery).toEqual({ records: 2, lastSeq: 2, tornTail: { offset: intact.length, bytes: cut }, corruption: null });
    expect((await stat(logPath())).size).toBe(intact.length);
    expect((await journal.append({ text: 'again' })).record.seq).toBe(3);
    await journal.close();
  }
});

test('a whole last line with a bad checksum is a torn tail too', async () => {
  const [first, last] = lines('first', 'last');
  flipBit(last!, 10);
  await writeFile(logPath(), Buffer.concat([first!, last!]));
  const { journal, texts } = await open();
  expect(texts()).toEqual(['first']);
  expect(journal.recovery.tornTail).toEqual({ offset: first!.length, bytes: last!.length });
  expect(journal.health()).toMatchObject({ writable: true, reason: null, tornTail: { offset: first!.length } });
  await journal.close();
});

test('a damaged line in the middle is reported and makes the log read-only', async () => {
  const all = lines('one', 'two', 'three', 'four');
  flipBit(all[1]!, 12);
  await writeFile(logPath(), Buffer.concat(all));
  const { journal, texts } = await open();
  expect(texts()).toEqual(['one']);
  expect(journal.recovery).toEqual({
    records: 1,
    lastSeq: 1,
    tornTail: null,
    corruption: { line: 2, offset: all[0]!.length, reason: 'checksum mismatch' },
  });
  const health = journal.health();
  expect(health.writable).toBe(false);
  expect(health.reason).toContain('line 2');
  const refused = journal.append({ text: 'five' });
  await expect(refused).rejects.toBeInstanceOf(StorageUnavailableError);
  await expect(refused).rejects.toThrow(/damaged at line 2/);
  expect(Buffer.compare(await readFile(logPath()), Buffer.concat(all))).toBe(0); // nothing cut away
  await journal.close();
});

test('an empty or unparseable line in the middle is corruption', async () => {
  const [one, two] = lines('one', 'two');
  await writeFile(logPath(), Buffer.concat([one!, Buffer.from('\n'), two!]));
  expect((await open()).journal.recovery.corruption).toEqual({ line: 2, offset: one!.length, reason: 'no checksum at the end of the line' });
});

test('a gap in seq is corruption, even on the last line', async () => {
  await writeFile(logPath(), Buffer.concat([encodeLine(1, { text: 'a' }), encodeLine(2, { text: 'b' }), encodeLine(4, { text: 'd' })]));
  const { journal, texts } = await open();
  expect(texts()).toEqual(['a', 'b']);
  expect(journal.recovery.corruption).toMatchObject({ line: 3, reason: 'expected seq 3, found 4' });
  expect(journal.health().writable).toBe(false);
});

test('a log must start at seq 1', async () => {
  await writeFile(logPath(), encodeLine(2, { text: 'b' }));
  expect((await open()).journal.recovery.corruption).toMatchObject({ line: 1, offset: 0, reason: 'expected seq 1, found 2' });
});

test('a record the caller refuses is reported as corruption at its line', async () => {
  await writeFile(logPath(), Buffer.concat(lines('ok', 'bad', 'ok')));
  const journal = await openJournal<Note>(logPath(), {
    onRecord: ({ record }) => {
      if (record.text === 'bad') throw new Error('text must not be "bad"');
    },
  });
  expect(journal.recovery).toMatchObject({ records: 1, corruption: { line: 2, reason: 'record refused: text must not be "bad"' } });
});

test('an empty or missing file opens as an empty log', async () => {
  const { journal } = await open();
  expect(journal.recovery).toEqual({ records: 0, lastSeq: 0, tornTail: null, corruption: null });
  expect(journal.health()).toEqual({ writable: true, reason: null, last_fault: null, tornTail: null, corruption: null });
  await journal.close();
});
