import { open as openFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeLine, LineArchive, openJournal } from '../src';
import { useTempDir } from './temp-dir';

const dir = useTempDir();
const RECORDS = 1_000_000;

test(`a log of ${RECORDS} records opens whole and can be kept in memory compactly`, async () => {
  const path = join(dir(), 'large.jsonl');
  const file = await openFile(path, 'w');
  const chunk: Buffer[] = [];
  for (let seq = 1; seq <= RECORDS; seq++) {
    chunk.push(encodeLine(seq, { operation: 'UPDATE', flag: `PORT${seq % 500}`, user_ip: '203.0.113.7', text: 'step '.repeat(20) }));
    if (chunk.length === 10_000) await file.write(Buffer.concat(chunk.splice(0)));
  }
  await file.close();

  const archive = new LineArchive();
  const started = performance.now();
  const journal = await openJournal(path, { onRecord: ({ bytes }) => void archive.push(bytes) });
  const seconds = (performance.now() - started) / 1000;

  expect(journal.recovery).toEqual({ records: RECORDS, lastSeq: RECORDS, tornTail: null, corruption: null });
  expect(archive.record<{ flag: string }>(RECORDS - 1)).toMatchObject({ seq: RECORDS, flag: `PORT${RECORDS % 500}` });
  expect((await journal.append({ operation: 'CREATE' })).record.seq).toBe(RECORDS + 1);
  console.log(`opened ${RECORDS} records in ${seconds.toFixed(2)} s`); // a figure, not a check: speed lives in `pnpm bench`
  await journal.close();
}, 120_000);
