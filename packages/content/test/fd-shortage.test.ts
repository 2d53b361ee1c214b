import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { copyOfShippedContent } from './tree';

// A passing shortage of file descriptors (EMFILE; ENFILE, ENOMEM and EAGAIN alike) is not a
// problem of the files: a read that meets it is retried until it clears, nothing is reported
// meanwhile, and what was served stays served. A real shortage: a child that takes every free
// descriptor. Its `ulimit -n 1024` keeps that quick while leaving the module loader, which opens
// many files at once, room to start.
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const child = resolve(import.meta.dirname, 'fixtures/fd-shortage-child.ts');

let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
let proc: ChildProcessWithoutNullStreams;
let replies: AsyncIterator<string>;

async function ask(command: string): Promise<any> {
  proc.stdin.write(`${command}\n`);
  const { value, done } = await replies.next();
  if (done) throw new Error(`the child ended before answering ${command}`);
  return JSON.parse(value as string);
}

beforeEach(async () => {
  tree = await copyOfShippedContent({ errorTranslations: false });
  proc = spawn('bash', ['-c', 'ulimit -n 1024 && exec "$0" "$@"', tsx, child, tree.dir]);
  proc.stderr.on('data', (data) => process.stderr.write(data));
  replies = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  expect(JSON.parse((await replies.next()).value as string)).toEqual({ ready: true });
});
afterEach(async () => {
  proc.stdin.write('exit\n');
  await new Promise((done) => proc.once('exit', done));
  await tree.cleanup();
});

test('files edited, added or moved while no descriptor is free are served once descriptors are free again; nothing is reported', async () => {
  const before = (await ask('view')).view;
  expect(before.issues).toEqual([]);
  await writeFile(join(tree.dir, 'errors/PORT1001.yaml'), 'Flag: PORT1001\nInfo: Edited during the shortage.\nSolution:\n  - Retry.\n');
  await writeFile(join(tree.dir, 'errors/FDNEW1.yaml'), 'Flag: FDNEW1\nInfo: Added during the shortage.\nSolution:\n  - Retry.\n');
  // As `sed -i` does: a temp file, then renamed over the original; the temp path is long gone.
  await writeFile(join(tree.dir, 'errors/sedTMP1'), 'Flag: PORT1002\n');
  await rename(join(tree.dir, 'errors/sedTMP1'), join(tree.dir, 'errors/PORT1002.yaml.moved'));

  expect((await ask('exhaust')).exhausted).toBe('EMFILE');
  const during = (await ask('refresh errors/PORT1001.yaml errors/FDNEW1.yaml errors/sedTMP1 errors')).refreshed;
  expect(during).toEqual(before); // the last good content, and no problem reported for a shortage

  expect(await ask('release')).toEqual({ released: true });
  let after = (await ask('view')).view;
  for (const started = Date.now(); after.added === null && Date.now() - started < 120_000; after = (await ask('view')).view) {
    await new Promise((done) => setTimeout(done, 20));
  }
  expect(after.info).toBe('Edited during the shortage.');
  expect(after.added).toBe('Added during the shortage.');
  expect(after.issues.filter((issue: string) => !issue.startsWith('errors/PORT1002.yaml.moved '))).toEqual([]);
});
