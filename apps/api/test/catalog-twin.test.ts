import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectError, SHIPPED_CONTENT, startServer, type TestServer } from './server';

// A maintainer's `<Flag>.yml` is the Flag's file like a `.yaml` one. The service never writes the
// content folder: an API change of that Flag is served merged with the `.yml` (an export writes
// it later). From the answer on, reads serve the write.
const TOKENS = 'writer=errors:write+errors:read-log';
const headers = { authorization: 'Bearer writer', 'content-type': 'application/json' };
const HAND_MADE = 'Flag: TWIN1001\nInfo: Made by hand.\nSolution:\n  - Hand step.\n';

let dir: string;
let server: TestServer;
// The watcher is off, as with CONTENT_WATCH=off: the answer alone must bring reads up to date.
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'twin-'));
  await cp(SHIPPED_CONTENT, dir, { recursive: true });
  await writeFile(join(dir, 'errors/TWIN1001.yml'), HAND_MADE);
  server = await startServer({ contentDir: dir, tokens: TOKENS });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const send = (method: string, path: string, body?: unknown) => call(server.url + path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
const get = (path: string) => call(server.url + path);

test('a PUT on a Flag kept in a .yml file is served at once, by GET, search and /health', async () => {
  expect((await get('/api/tunnel/errors/TWIN1001')).body.data.Info).toBe('Made by hand.');
  const put = await send('PUT', '/api/tunnel/errors/TWIN1001', { Info: 'Written by the service.', Solution: ['Service step.'] });
  expect(put.status).toBe(200);
  expect((await readdir(join(dir, 'errors'))).filter((name) => name.startsWith('TWIN1001'))).toEqual(['TWIN1001.yml']);
  expect(await readFile(join(dir, 'errors/TWIN1001.yml'), 'utf8')).toBe(HAND_MADE); // untouched

  expect((await get('/api/tunnel/errors/TWIN1001')).body.data).toMatchObject({ Info: 'Written by the service.', Solution: ['Service step.'] });
  const search = (await get('/api/tunnel/errors/search?q=TWIN1001')).body.data;
  expect(search.map((e: { Info: string }) => e.Info)).toEqual(['Written by the service.']);
  const health = (await get('/health')).body;
  expect(health.content.issues.filter((issue: { file: string }) => issue.file.includes('TWIN1001'))).toEqual([]);
  expect(health.catalog).toMatchObject({ pending: 1, conflicts: [] });
});

test('a DELETE of a Flag kept in a .yml file removes it from reads; a second DELETE is 404 and records nothing', async () => {
  const first = await send('DELETE', '/api/tunnel/errors/TWIN1001');
  expect(first.status).toBe(200);
  expect(first.body.data.Info).toBe('Made by hand.');
  expectError(await get('/api/tunnel/errors/TWIN1001'), 404, 'ERROR_ENTRY_NOT_FOUND');
  expect((await get('/api/tunnel/errors/search?q=TWIN1001')).body.data).toEqual([]);
  expectError(await send('DELETE', '/api/tunnel/errors/TWIN1001'), 404, 'ERROR_ENTRY_NOT_FOUND');
  expect(await readFile(join(dir, 'errors/TWIN1001.yml'), 'utf8')).toBe(HAND_MADE); // the file stays until an export removes it
  const log = (await readFile(join(server.dataDir, 'catalog-ops.jsonl'), 'utf8')).split('\n').filter(Boolean);
  expect(log.map((line) => JSON.parse(line).operation)).toEqual(['DELETE']);
  const health = (await get('/health')).body;
  expect(health.content.issues.filter((issue: { file: string }) => issue.file.includes('TWIN1001'))).toEqual([]);
  expect(health.content.counts.errors).toBe(server.content.current().errors.size);
});
