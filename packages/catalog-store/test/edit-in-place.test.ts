import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { toErrorEntry, type ErrorEntry, type ErrorEntryFile } from '@companion/schema';
import { parse } from 'yaml';
import { freshEntryText } from '../src';
import { openService, useFolders, who } from './harness';

const folders = useFolders();
const SHIPPED = resolve(import.meta.dirname, '../../../content/errors');

/** Lines of `after` that are not the same line of `before` (the edits keep the line count here). */
function changedLines(before: string, after: string): string[] {
  const old = before.split('\n');
  return after.split('\n').filter((line, i) => line !== old[i]);
}

async function shippedCopy(flag: string, edit = (text: string) => text): Promise<{ path: string; before: string; entry: ErrorEntry }> {
  const path = join(folders().errorsDir, `${flag}.yaml`);
  await copyFile(join(SHIPPED, `${flag}.yaml`), path);
  const before = edit(await readFile(path, 'utf8'));
  await writeFile(path, before);
  return { path, before, entry: toErrorEntry(parse(before) as ErrorEntryFile) };
}

const bodyOf = ({ Flag: _flag, created_at: _c, updated_at: _u, ...body }: ErrorEntry) => body;

test('a one-field change to a shipped file touches only that field and updated_at', async () => {
  const { path, before, entry } = await shippedCopy('PORT1002');
  const { store } = await openService(folders(), [entry]);
  await store.update('PORT1002', { ...bodyOf(entry), severity: 'high' }, who);
  await store.close();
  const after = await readFile(path, 'utf8');
  const changed = changedLines(before, after);
  console.log(`one-field PUT on PORT1002.yaml: ${changed.length} of ${before.split('\n').length} lines changed:\n${changed.join('\n')}`);
  expect(after.split('\n')).toHaveLength(before.split('\n').length);
  expect(changed).toEqual(['severity: high', expect.stringMatching(/^updated_at: \d{4}-\d\d-\d\dT[\d:.]+Z$/)]);
});

test('comments, key order, quoting and hand-wrapped lines stay as a person wrote them', async () => {
  const { path, before, entry } = await shippedCopy('PORT1002', (text) =>
    `# Reviewed by the support team.\n${text.replace(/\nseverity: low\n/, '\n').replace('category: local', 'severity: low\ncategory: local  # moved on purpose')}`,
  );
  const { store } = await openService(folders(), [entry]);
  const steps = [...entry.Solution];
  steps[1] = 'On Linux, grant the capability with setcap.';
  await store.update('PORT1002', { ...bodyOf(entry), Solution: [...steps, 'Restart the client: it binds at start-up.'], notes: null }, who);
  await store.close();
  const after = await readFile(path, 'utf8');
  expect(after.startsWith('# Reviewed by the support team.\nFlag: PORT1002\nInfo: >-\n')).toBe(true);
  expect(after).toContain('category: local  # moved on purpose');
  expect(after).toContain('  - "On Linux, grant the capability with setcap."'); // the step keeps its double quotes
  expect(after).toContain('\n  - "Restart the client: it binds at start-up."\n');
  expect(after).not.toContain('notes:');
  expect(after.indexOf('severity: low')).toBeLessThan(after.indexOf('category: local'));
  const untouched = before.split('\n').filter((line) => !/^(notes|updated_at):|^ {2}- "On Linux, grant only/.test(line));
  for (const line of untouched) expect(after.split('\n')).toContain(line);
  expect(toErrorEntry(parse(after) as ErrorEntryFile)).toMatchObject({ Solution: [...steps, 'Restart the client: it binds at start-up.'], notes: null });
});

test('a new file is written the way the shipped files are', async () => {
  const shipped = await readFile(join(SHIPPED, 'AUTH2001.yaml'), 'utf8');
  expect(freshEntryText(toErrorEntry(parse(shipped) as ErrorEntryFile))).toBe(shipped);
});
