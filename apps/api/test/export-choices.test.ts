import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { exportChanges, NO_CHOICE, parseConflictChoice } from '@companion/operator-commands';
import { call, startServer, type TestServer } from './server';

// `pnpm catalog:export --conflicts`: a side for every conflict, or one per Flag; a conflict with
// no side stops the export, writing nothing.

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: 'ops=*' });
});
afterAll(async () => server?.close());

const patch = (flag: string, body: object) =>
  call(`${server.url}/api/tunnel/errors/${flag}`, { method: 'PATCH', headers: { authorization: 'Bearer ops', 'content-type': 'application/json' }, body: JSON.stringify(body) });
const setLine = async (flag: string, field: string, value: string) => {
  const file = join(server.contentDir, 'errors', `${flag}.yaml`);
  const text = await readFile(file, 'utf8');
  await writeFile(file, new RegExp(`^${field}:.*$`, 'm').test(text) ? text.replace(new RegExp(`^${field}:.*$`, 'm'), `${field}: ${value}`) : `${text.trimEnd()}\n${field}: ${value}\n`);
};
const fileOf = async (flag: string) => parse(await readFile(join(server.contentDir, 'errors', `${flag}.yaml`), 'utf8')) as Record<string, unknown>;

test('reads a side for all, per Flag, or both, and refuses anything else naming it', () => {
  expect(parseConflictChoice('api')).toEqual({ all: 'api', flags: new Map() });
  expect(parseConflictChoice('repository,PORT1002=api')).toEqual({ all: 'repository', flags: new Map([['PORT1002', 'api']]) });
  expect(parseConflictChoice('PORT1002=api,TLS4002=repository')).toEqual({ all: null, flags: new Map([['PORT1002', 'api'], ['TLS4002', 'repository']]) });
  expect(() => parseConflictChoice('PORT1002=mine')).toThrow('--conflicts: expected repository or api for PORT1002; found "mine"');
  expect(() => parseConflictChoice('port1002=api')).toThrow('--conflicts: "port1002" is not a Flag');
  expect(() => parseConflictChoice('theirs')).toThrow('--conflicts: expected repository or api; found "theirs"');
});

test('settles each conflicting Flag by its own side, and stops on one left without a side', async () => {
  expect((await patch('PORT1002', { severity: 'medium' })).status).toBe(200);
  expect((await patch('TLS4002', { severity: 'low' })).status).toBe(200);
  await setLine('PORT1002', 'severity', 'critical');
  await setLine('TLS4002', 'severity', 'critical');
  await server.content.refresh([join(server.contentDir, 'errors', 'PORT1002.yaml'), join(server.contentDir, 'errors', 'TLS4002.yaml')]);
  const pending = (await call(`${server.url}/api/tunnel/errors/pending`, { headers: { authorization: 'Bearer ops' } })).body.data;
  expect(pending.changes.map((c: { flag: string }) => c.flag)).toEqual(['PORT1002', 'TLS4002']);

  const before = await readFile(join(server.contentDir, 'errors', 'PORT1002.yaml'), 'utf8');
  const stopped = await exportChanges(server.contentDir, pending, parseConflictChoice('PORT1002=api'));
  expect(stopped).toMatchObject({ done: false, written: [] });
  expect(stopped.conflicts.map((c) => c.flag)).toEqual(['PORT1002', 'TLS4002']);
  expect(await readFile(join(server.contentDir, 'errors', 'PORT1002.yaml'), 'utf8')).toBe(before);
  expect((await exportChanges(server.contentDir, pending, NO_CHOICE)).done).toBe(false);

  const done = await exportChanges(server.contentDir, pending, parseConflictChoice('PORT1002=api,TLS4002=repository'));
  expect(done.done).toBe(true);
  expect(await fileOf('PORT1002')).toMatchObject({ severity: 'medium' });
  expect(await fileOf('TLS4002')).toMatchObject({ severity: 'critical' });
});
