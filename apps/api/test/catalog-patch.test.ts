import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { call, expectError, startServer, type TestServer } from './server';

// Partial updates (PATCH, JSON Merge Patch), whole replacements (PUT) that never drop a field
// silently, and ETag / If-Match so two support staff cannot overwrite each other.
const TOKEN = 'patch-writer';
let server: TestServer;
beforeEach(async () => {
  server = await startServer({ tokens: `${TOKEN}=errors:write+errors:read-log`, env: { RATE_LIMIT_CATALOG: '8/1m' } });
});
afterEach(() => server.close());

const MERGE = 'application/merge-patch+json';
const write = (method: string, flag: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`${server.url}/api/tunnel/errors/${flag}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': method === 'PATCH' ? MERGE : 'application/json', ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
// Uncompressed, so the tag is the one a write answers (a gzip reader holds the same tag with -gz, which If-Match also takes).
const read = (flag: string) => call(`${server.url}/api/tunnel/errors/${flag}`, { headers: { 'accept-encoding': 'identity' } });
const entryFile = (flag: string) => readFile(join(server.contentDir, 'errors', `${flag}.yaml`), 'utf8');

describe('PATCH with JSON Merge Patch', () => {
  it('changes only the fields it names, keeps the rest of the entry, leaves the file untouched, and records an UPDATE', async () => {
    const before = (await read('PORT1002')).body.data;
    const fileBefore = await entryFile('PORT1002');
    const res = await write('PATCH', 'PORT1002', { Info: 'Ports below 1024 need privileges.', notes: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...before, Info: 'Ports below 1024 need privileges.', notes: null, updated_at: expect.stringMatching(/Z$/) });
    expect((await read('PORT1002')).body.data).toEqual(res.body.data);
    // The reviewed file stays as it is: the change is served from the op log until an export writes it.
    expect(await entryFile('PORT1002')).toBe(fileBefore);
    expect(res.body.data).toMatchObject({ category: 'local', severity: 'low', creator: 'support-team' });
    expect(res.body.data.Solution[0]).toMatch(/^Use a port of 1024 or above/);
    const logs = (await call(`${server.url}/api/tunnel/errors/logs?flag=PORT1002`, { headers: { authorization: `Bearer ${TOKEN}` } })).body.data;
    expect(logs.map((r: any) => r.operation)).toEqual(['UPDATE']);
  });

  it('refuses to remove a required field (422) and a body that is not a patch of an entry', async () => {
    for (const [patch, path] of [[{ Info: null }, 'Info'], [{ Solution: null }, 'Solution'], [{ severity: 'urgent' }, 'severity'], [{ Flag: 'PORT9999' }, 'Flag'], [{ colour: 'red' }, 'colour']] as const) {
      const res = await write('PATCH', 'PORT1002', patch);
      expectError(res, 422, 'VALIDATION_FAILED');
      expect(res.body.error.details.map((d: any) => d.path)).toEqual([path]);
    }
    expectError(await write('PATCH', 'PORT1002', ['replace', 'all']), 422, 'VALIDATION_FAILED');
    expectError(await write('PATCH', 'NOPE1', { Info: 'x' }), 404, 'ERROR_ENTRY_NOT_FOUND');
  });

  it('sets the messages the client prints, which search then matches, and removes them with null', async () => {
    const message = 'relay closed the stream: quota of concurrent streams reached';
    const res = await write('PATCH', 'QUOTA7002', { messages: [message] });
    expect(res.status).toBe(200);
    expect(res.body.data.messages).toEqual([message]);
    const found = (await call(`${server.url}/api/tunnel/errors/search?q=${encodeURIComponent(`12:00:01 WARN ${message} (id 9f8e7d6c5b4a)`)}`)).body.data;
    expect(found[0]).toMatchObject({ Flag: 'QUOTA7002', matched: expect.arrayContaining(['concurrent', 'streams']) });
    expectError(await write('PATCH', 'QUOTA7002', { messages: ['same', 'SAME'] }), 422, 'VALIDATION_FAILED');
    expect((await write('PATCH', 'QUOTA7002', { messages: null })).body.data.messages).toEqual([]);
  });

  it('resets category and severity to their defaults with null', async () => {
    const res = await write('PATCH', 'PORT1002', { category: null, severity: null });
    expect(res.body.data).toMatchObject({ category: 'general', severity: 'medium', creator: 'support-team' });
  });

  it('takes only merge patches: JSON Patch and other types are 415 with Accept-Patch', async () => {
    const res = await write('PATCH', 'PORT1002', [{ op: 'replace', path: '/Info', value: 'x' }], { 'content-type': 'application/json-patch+json' });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(res.headers.get('accept-patch')).toBe(MERGE);
  });
});

describe('PUT replaces the whole entry', () => {
  it('refuses a body missing fields the entry has, naming them, and changes nothing', async () => {
    const before = await entryFile('PORT1002');
    const res = await write('PUT', 'PORT1002', { Info: 'New info.', Solution: ['One step.'] });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.body.error.details.map((d: any) => d.path).sort()).toEqual(['category', 'creator', 'messages', 'notes', 'severity']);
    expect(res.body.error.details.find((d: any) => d.path === 'messages').message).toMatch(/has messages \["bind: permission denied","An attempt was made to access a socket in a way forbidden by its access permissions",/);
    expect(res.body.error.details[0].message).toMatch(/PUT replaces the whole entry.*PATCH/);
    expect(await entryFile('PORT1002')).toBe(before);
  });

  it('replaces when every field the entry has is sent, null removing one', async () => {
    const res = await write('PUT', 'PORT1002', { Info: 'New info.', Solution: ['One step.'], messages: null, category: 'local', severity: 'low', creator: null, notes: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ Info: 'New info.', Solution: ['One step.'], messages: [], category: 'local', severity: 'low', creator: null, notes: null });
  });
});

describe('ETag and If-Match', () => {
  it('gives entries a strong ETag on GET and on every write answer, equal to what a GET answers next', async () => {
    const got = await read('PORT1002');
    expect(got.headers.get('etag')).toMatch(/^"[^"]+"$/);
    const patched = await write('PATCH', 'PORT1002', { notes: 'Changed.' }, { 'if-match': got.headers.get('etag')! });
    expect(patched.status).toBe(200);
    const etag = patched.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(etag).not.toBe(got.headers.get('etag'));
    expect((await read('PORT1002')).headers.get('etag')).toBe(etag);
    const created = await call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ Flag: 'TAG1', Info: 'i', Solution: ['s'] }) });
    expect(created.headers.get('etag')).toBe((await read('TAG1')).headers.get('etag'));
  });

  it('answers 412 to PUT, PATCH and DELETE whose If-Match names another state, and changes nothing', async () => {
    const stale = (await read('PORT1002')).headers.get('etag')!;
    expect((await write('PATCH', 'PORT1002', { notes: 'First writer.' }, { 'if-match': stale })).status).toBe(200);
    const current = await read('PORT1002');
    const full = { Info: 'x', Solution: ['y'], category: 'local', severity: 'low', creator: 'support-team', notes: 'Second.' };
    for (const [method, body] of [['PATCH', { notes: 'Second writer.' }], ['PUT', full], ['DELETE', undefined]] as const) {
      const res = await write(method, 'PORT1002', body, { 'if-match': stale });
      expectError(res, 412, 'PRECONDITION_FAILED');
    }
    expectError(await write('PATCH', 'PORT1002', { notes: 'x' }, { 'if-match': `W/${current.headers.get('etag')}` }), 412, 'PRECONDITION_FAILED');
    expect((await read('PORT1002')).body.data).toEqual(current.body.data);
    expect((await write('DELETE', 'PORT1002', undefined, { 'if-match': current.headers.get('etag')! })).status).toBe(200);
  });

  it('lets exactly one of two writers holding the same ETag win, even when they write at once', async () => {
    const etag = (await read('PORT1002')).headers.get('etag')!;
    const answers = await Promise.all(['A', 'B', 'C', 'D'].map((who) => write('PATCH', 'PORT1002', { notes: `Writer ${who}.` }, { 'if-match': etag })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412, 412]);
    const winner = answers.find((a) => a.status === 200)!.body.data.notes;
    expect((await read('PORT1002')).body.data.notes).toBe(winner);
  });

  it('accepts If-Match: * for an entry that exists, and refuses it for one that does not', async () => {
    expect((await write('PATCH', 'PORT1002', { notes: 'Any.' }, { 'if-match': '*' })).status).toBe(200);
    expectError(await write('PATCH', 'NOPE1', { notes: 'Any.' }, { 'if-match': '*' }), 412, 'PRECONDITION_FAILED');
  });

  it('counts PATCH against the catalogue rate limit and lets listed origins preflight it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await write('PATCH', 'PORT1002', { notes: `Try ${i}.` })).status);
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
    const options = await fetch(`${server.url}/api/tunnel/errors/PORT1002`, { method: 'OPTIONS' });
    expect(options.headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS, PATCH, PUT');
  });
});
