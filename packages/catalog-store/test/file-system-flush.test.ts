import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSystemFlush } from '../src/file-system-flush';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flush-'));
  await writeFile(join(dir, 'A1.yaml'), 'Flag: A1\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('one helper flushes round after round without the fallback', async () => {
  const flush = new FileSystemFlush();
  let fallbacks = 0;
  try {
    for (let round = 0; round < 3; round++) await flush.flush(dir, async () => fallbacks++);
  } finally {
    flush.close();
  }
  expect(fallbacks).toBe(0);
});

test('a folder syncfs cannot open is a disk failure (EIO), not a silent success', async () => {
  const flush = new FileSystemFlush();
  try {
    await expect(flush.flush(join(dir, 'missing'), async () => undefined)).rejects.toMatchObject({ code: 'EIO' });
  } finally {
    flush.close();
  }
});

test('where sync cannot be found, each round fsyncs its files instead', async () => {
  const flush = new FileSystemFlush('/bin/sh', { PATH: dir }); // the shell is named by its full path; sync is not found
  let fallbacks = 0;
  try {
    await flush.flush(dir, async () => fallbacks++);
    await flush.flush(dir, async () => fallbacks++);
  } finally {
    flush.close();
  }
  expect(fallbacks).toBe(2);
});
