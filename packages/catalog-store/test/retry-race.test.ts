import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A batch whose rename fails while a retry is finishing (between its last write and its
// clearing of the fault) must stay pending: the checkpoint may not pass its record until its
// file is in place. The folder sync of the retry is the one moment to hit, so the real
// syncDirectory is wrapped to run that batch right after it; every file operation is real.
// Likewise a retry must never write a Flag's older pending state over a newer one in place.
type Journal = typeof import('@companion/journal');
const { jest } = import.meta as unknown as { jest: { unstable_mockModule(name: string, factory: () => unknown): void } };
let afterFolderSync: (() => Promise<void>) | null = null;
const real = await import('@companion/journal');
jest.unstable_mockModule('@companion/journal', () => ({
  ...real,
  syncDirectory: async (...args: Parameters<Journal['syncDirectory']>) => {
    await real.syncDirectory(...args);
    const hook = afterFolderSync;
    afterFolderSync = null;
    await hook?.();
  },
}));
const { EntryFiles } = await import('../src/entry-files');
const { readCheckpoint } = await import('../src/checkpoint');

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'catalog-race-'));
  await mkdir(join(root, 'errors', '.tmp'), { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Entry files over the temp folder, with their fault state and a direct call of the private retry. */
async function entryFiles() {
  const errorsDir = join(root, 'errors');
  const dataDir = join(root, 'data');
  await mkdir(dataDir);
  const fault = new real.FaultState('catalogue', () => new Date().toISOString(), undefined);
  const files = new EntryFiles(errorsDir, dataDir, 0, fault);
  const retry = () => (files as unknown as { retry(): Promise<boolean> }).retry();
  return { errorsDir, dataDir, fault, files, retry };
}

test('a rename that fails while a retry finishes stays pending, and the checkpoint waits for its file', async () => {
  const { errorsDir, dataDir, fault, files, retry } = await entryFiles();
  const a = Buffer.from('Flag: A\n');
  const b = Buffer.from('Flag: B\n');

  // Nothing staged: each rename into place fails (ENOENT), as a committed batch's can.
  files.publish(new Map([['A', a]]), 1);
  expect(fault.active).not.toBeNull();

  afterFolderSync = async () => files.publish(new Map([['B', b]]), 2);
  expect(await retry()).toBe(false);
  expect(await readFile(join(errorsDir, 'A.yaml'))).toEqual(a);
  expect(fault.active).not.toBeNull();
  await files.close(); // lets the background sync rounds finish
  expect(await readCheckpoint(dataDir)).toBe(0);

  expect(await retry()).toBe(true);
  expect(fault.active).toBeNull();
  expect(await readFile(join(errorsDir, 'B.yaml'))).toEqual(b);
  await files.close();
  expect(await readCheckpoint(dataDir)).toBe(2);
});

test('a Flag published in place while an older state of it is pending keeps the newer bytes after the retry', async () => {
  const { errorsDir, dataDir, files, retry } = await entryFiles();
  const older = Buffer.from('Flag: A\nInfo: older\n');
  const newer = Buffer.from('Flag: A\nInfo: newer\n');

  files.publish(new Map([['A', older]]), 1); // nothing staged: the rename fails
  files.stage(new Map([['A', newer]]));
  files.publish(new Map([['A', newer]]), 2);
  expect(await readFile(join(errorsDir, 'A.yaml'))).toEqual(newer);

  expect(await retry()).toBe(true);
  expect(await readFile(join(errorsDir, 'A.yaml'))).toEqual(newer);
  await files.close();
  expect(await readCheckpoint(dataDir)).toBe(2);
});
