import { call, expectEnvelope, expectError, startServer, type TestServer } from './server';

const TOKENS = 'writer=errors:write+errors:read-log,feedback=feedback:read';
const json = (token = 'writer') => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: TOKENS });
});
afterAll(() => server.close());

const history = (flag: string, token = 'writer') => call(`${server.url}/api/tunnel/errors/${flag}/history`, { headers: json(token) });

it('a shipped entry changed, deleted and restored through the API: every version, oldest first, and any one comes back', async () => {
  const shipped = expectEnvelope((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body, false);
  const untouched = expectEnvelope((await history('PORT1001')).body, true);
  expect(untouched).toEqual([{ version: 1, seq: null, timestamp: null, operation: 'SHIPPED', actor: null, reason: null, restored: null, deleted: false, entry: shipped }]);

  const patched = await call(`${server.url}/api/tunnel/errors/PORT1001`, { method: 'PATCH', headers: json(), body: JSON.stringify({ Info: 'Reworded.', reason: 'Clearer for customers.' }) });
  expect(patched.status).toBe(200);
  expect((await call(`${server.url}/api/tunnel/errors/PORT1001`, { method: 'DELETE', headers: json() })).status).toBe(200);
  expectError(await call(`${server.url}/api/tunnel/errors/PORT1001`), 404, 'ERROR_ENTRY_NOT_FOUND');

  const res = await history('PORT1001');
  expect(res.status).toBe(200);
  expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/); // strong
  const versions = expectEnvelope(res.body, true);
  expect(versions.map((v: any) => [v.version, v.operation, v.actor, v.reason, v.deleted])).toEqual([
    [1, 'SHIPPED', null, null, false],
    [2, 'UPDATE', expect.stringMatching(/^token:/), 'Clearer for customers.', false],
    [3, 'DELETE', expect.stringMatching(/^token:/), null, true],
  ]);
  expect(versions[0].entry).toEqual(shipped); // the "before" of the first API change
  expect(versions[1].entry).toMatchObject({ Flag: 'PORT1001', Info: 'Reworded.', created_at: shipped.created_at });
  expect(versions[1].timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
  expect((await call(`${server.url}/api/tunnel/errors/PORT1001/history`, { headers: { ...json(), 'if-none-match': res.headers.get('etag')! } })).status).toBe(304);

  // The deleted entry comes back as the shipped file had it, with its created_at.
  const restored = await call(`${server.url}/api/tunnel/errors/PORT1001/restore`, { method: 'POST', headers: json(), body: JSON.stringify({ version: 1, reason: 'Deleted by mistake.' }) });
  expect(restored.status).toBe(200);
  const entry = expectEnvelope(restored.body, false);
  expect({ ...entry, updated_at: null }).toEqual({ ...shipped, updated_at: null });
  const served = expectEnvelope((await call(`${server.url}/api/tunnel/errors/PORT1001`)).body, false);
  expect({ ...served, updated_at: null }).toEqual({ ...shipped, updated_at: null });
  const after = expectEnvelope((await history('PORT1001')).body, true);
  expect(after.slice(3).map((v: any) => [v.version, v.operation, v.reason, v.restored])).toEqual([[4, 'CREATE', 'Deleted by mistake.', 1]]);
  expect(after.slice(0, 3).map((v: any) => v.restored)).toEqual([null, null, null]);

  // A restore honours If-Match like any change.
  const stale = await call(`${server.url}/api/tunnel/errors/PORT1001/restore`, { method: 'POST', headers: { ...json(), 'if-match': patched.headers.get('etag')! }, body: JSON.stringify({ version: 2 }) });
  expectError(stale, 412, 'PRECONDITION_FAILED');
});

it('refuses what it cannot do, with the API\'s own codes', async () => {
  expectError(await history('ZZNONE1'), 404, 'ERROR_ENTRY_NOT_FOUND');
  expectError(await history('PORT1002', 'feedback'), 403, 'FORBIDDEN');
  expectError(await call(`${server.url}/api/tunnel/errors/PORT1002/history`), 401, 'UNAUTHORIZED');
  expectError(await call(`${server.url}/api/tunnel/errors/PORT1002/restore`, { method: 'POST', headers: json(), body: JSON.stringify({ version: 5 }) }), 404, 'ENTRY_VERSION_NOT_FOUND');
  const bad = await call(`${server.url}/api/tunnel/errors/PORT1002/restore`, { method: 'POST', headers: json(), body: JSON.stringify({ version: 'one' }) });
  expectError(bad, 422, 'VALIDATION_FAILED');
  expect(bad.body.error.details[0].path).toBe('version');
  expectError(await call(`${server.url}/api/tunnel/errors/PORT1002/restore`, { method: 'POST', headers: json('feedback'), body: JSON.stringify({ version: 1 }) }), 403, 'FORBIDDEN');
});
