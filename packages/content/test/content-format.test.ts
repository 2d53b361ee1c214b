import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_FORMAT, ContentFolderError, ContentStore, FORMAT_FILE, load, type ContentIssue, type ReloadReport } from '../src/index';
import { SHIPPED_CONTENT, storeOverShippedContent } from './tree';

// A `git pull` in a running replica's checkout that brings content written for newer code: the
// replica keeps what it served until it is restarted on that code, and says so.

const live = storeOverShippedContent();

/** The next call of one of the watch callbacks, as a promise. */
function next<T>(): { wait: Promise<T>; call(value: T): void } {
  let call!: (value: T) => void;
  const wait = new Promise<T>((resolve) => (call = resolve));
  return { wait, call: (value) => call(value) };
}

it("the shipped content declares the format this code reads (raise both together)", async () => {
  expect((await readFile(join(SHIPPED_CONTENT, FORMAT_FILE), 'utf8')).trim().split('\n').at(-1)).toBe(String(CONTENT_FORMAT));
});

it('content of a newer format pulled under a watching replica is held back, then served once the folder declares a format it reads', async () => {
  const notice = live.store.current().notices.find((n) => n.id === 4)!;
  const held = next<ContentIssue>();
  let reloaded = next<ReloadReport>();
  await live.store.watch({ debounceMs: 20, onHold: held.call, onReload: (report) => reloaded.call(report) });

  // As git writes a pull: .format first (path order), then the content files.
  await live.tree.write(FORMAT_FILE, `${CONTENT_FORMAT + 1}\n`);
  const edited = (await readFile(join(live.tree.dir, notice.file), 'utf8')).replace('# ', '# Rewritten for the next format ');
  await live.tree.write(notice.file, edited);
  const problem = await held.wait;
  expect(problem).toMatchObject({ file: '.format', code: 'CONTENT_FORMAT_TOO_NEW' });
  expect(problem.message).toBe(`expected content of format ${CONTENT_FORMAT} or older, which this service reads; found format ${CONTENT_FORMAT + 1}, written for a newer service: the content loaded before stays served, restart the service on the release that reads format ${CONTENT_FORMAT + 1} to serve it`);
  expect(live.store.current().notices.find((n) => n.id === 4)).toEqual(notice);
  expect(live.store.status().issues[0]).toEqual(problem);
  // Every later reload is held too (the periodic comparison included), the content unchanged.
  expect(await live.store.reconcile()).toMatchObject({ found: 0 });
  expect(live.store.current().notices.find((n) => n.id === 4)).toEqual(notice);

  // The checkout goes back to a format this code reads: everything changed meanwhile is read in one pass.
  await live.tree.write(FORMAT_FILE, `${CONTENT_FORMAT}\n`);
  reloaded = next<ReloadReport>();
  const healed = await live.store.reconcile();
  expect(healed.files).toContain(notice.file);
  expect((await reloaded.wait).files).toContain(notice.file);
  expect(live.store.current().notices.find((n) => n.id === 4)!.content).toContain('Rewritten for the next format');
  expect(live.store.status().issues).toEqual([]);
});

it('a .format that names no format holds the reloads back as well', async () => {
  const held = next<ContentIssue>();
  await live.store.watch({ debounceMs: 20, onHold: held.call });
  await live.tree.write(FORMAT_FILE, '# nothing but a comment\n');
  await live.tree.write('codenames.yaml', `${await readFile(join(live.tree.dir, 'codenames.yaml'), 'utf8')}\n`);
  expect(await held.wait).toMatchObject({ file: '.format', code: 'CONTENT_FORMAT_INVALID' });
});

it('a service does not start on content of a newer format, and content:check reports it', async () => {
  await live.tree.write(FORMAT_FILE, `# written for the next release\n${CONTENT_FORMAT + 1}\n`);
  const refused = await ContentStore.open(live.tree.dir).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ContentFolderError);
  expect((refused as Error).message).toBe(`CONTENT_DIR ${live.tree.dir}: .format: expected content of format ${CONTENT_FORMAT} or older, which this service reads; found format ${CONTENT_FORMAT + 1}, written for a newer service`);
  const { issues } = await load(live.tree.dir);
  expect(issues).toEqual([expect.objectContaining({ file: '.format', code: 'CONTENT_FORMAT_TOO_NEW' })]);
});
