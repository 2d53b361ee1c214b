import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectEnvelope, expectError, startServer, type TestServer } from './server';

const TOKENS = 'writer=errors:write,reader=errors:read-log,both=errors:write+errors:read-log,mailer=email:send';
const headers = (token = 'writer') => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const entry = (Flag: string, extra: object = {}) => ({ Flag, Info: `Info of ${Flag}.`, Solution: [`Fix ${Flag}.`, 'Retry.'], ...extra });

let server: TestServer;
beforeEach(async () => {
  server = await startServer({ tokens: TOKENS });
});
afterEach(() => server.close());

const send = (method: string, path: string, body?: unknown, token = 'writer') =>
  call(server.url + path, { method, headers: headers(token), ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
const logLines = async () => (await readFile(join(server.dataDir, 'catalog-ops.jsonl'), 'utf8')).split('\n').filter(Boolean);

describe('adding entries', () => {
  it('addNew answers exactly its published shape, and the entry is served, with the content folder untouched', async () => {
    const res = await send('POST', '/api/tunnel/errors/addNew', entry('ZZA1', { category: 'network', severity: 'high', creator: 'support', notes: 'n' }));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['success', 'data', 'logs_count', 'timestamp']);
    expect(res.body.data).toEqual({ Flag: 'ZZA1', Info: 'Info of ZZA1.', Solution: ['Fix ZZA1.', 'Retry.'] });
    expect(res.body.logs_count).toBe(1);
    const got = expectEnvelope((await call(`${server.url}/api/tunnel/errors/ZZA1`)).body, false);
    expect(got).toMatchObject({ Flag: 'ZZA1', category: 'network', severity: 'high', creator: 'support', notes: 'n' });
    expect(got.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect((await readdir(join(server.contentDir, 'errors'))).filter((name) => name.startsWith('ZZA1'))).toEqual([]); // served from the op log
    expect((await logLines()).map((line) => JSON.parse(line))).toMatchObject([{ seq: 1, operation: 'CREATE', flag: 'ZZA1' }]);
    const list = expectEnvelope((await call(`${server.url}/api/tunnel/errors`)).body, true);
    expect(list.map((e: any) => e.Flag)).toContain('ZZA1');
  });

  it('the detailed add answers the whole entry with defaults; a duplicate Flag is 409', async () => {
    const res = await send('POST', '/api/tunnel/errors', entry('ZZB1'));
    expect(res.status).toBe(201);
    expect(expectEnvelope(res.body, false)).toMatchObject({ Flag: 'ZZB1', category: 'general', severity: 'medium', creator: null, notes: null });
    expectError(await send('POST', '/api/tunnel/errors', entry('ZZB1')), 409, 'DUPLICATE_FLAG');
    expectError(await send('POST', '/api/tunnel/errors/addNew', entry('PORT1001')), 409, 'DUPLICATE_FLAG');
  });
});

describe('updating and deleting', () => {
  it('PUT accepts back what a read answered, nulls included', async () => {
    const created = expectEnvelope((await send('POST', '/api/tunnel/errors', entry('ZZC9'))).body, false);
    expect(created.creator).toBeNull();
    const res = await send('PUT', '/api/tunnel/errors/ZZC9', { ...created, created_at: '1999-01-01T00:00:00.000000' });
    expect(res.status).toBe(200);
    expect(res.body.data.created_at).toBe(created.created_at); // the service keeps its own timestamps
  });

  it('PUT replaces Info, Solution and metadata and keeps created_at', async () => {
    const created = expectEnvelope((await send('POST', '/api/tunnel/errors', entry('ZZC1'))).body, false);
    const res = await send('PUT', '/api/tunnel/errors/ZZC1', { Info: 'New info.', Solution: ['One step.'], severity: 'critical' });
    expect(res.status).toBe(200);
    const updated = expectEnvelope(res.body, false);
    expect(updated).toMatchObject({ Flag: 'ZZC1', Info: 'New info.', Solution: ['One step.'], severity: 'critical' });
    expect(updated.created_at).toBe(created.created_at);
    expect(updated.updated_at >= created.updated_at).toBe(true);
    expect((await call(`${server.url}/api/tunnel/errors/ZZC1`)).body.data.Info).toBe('New info.');
    expectError(await send('PUT', '/api/tunnel/errors/ZZC1', { Flag: 'ZZC2', Info: 'x', Solution: ['y'] }), 422, 'VALIDATION_FAILED');
    expectError(await send('PUT', '/api/tunnel/errors/NOPE1', { Info: 'x', Solution: ['y'] }), 404, 'ERROR_ENTRY_NOT_FOUND');
    expectError(await send('PUT', '/api/tunnel/errors/bad-flag', { Info: 'x', Solution: ['y'] }), 400, 'BAD_PARAMETER');
  });

  it('DELETE answers the removed entry, removes the file, and a second delete is 404', async () => {
    await send('POST', '/api/tunnel/errors', entry('ZZD1'));
    const res = await send('DELETE', '/api/tunnel/errors/ZZD1');
    expect(res.status).toBe(200);
    expect(expectEnvelope(res.body, false).Flag).toBe('ZZD1');
    expectError(await call(`${server.url}/api/tunnel/errors/ZZD1`), 404, 'ERROR_ENTRY_NOT_FOUND');
    expect((await readdir(join(server.contentDir, 'errors'))).filter((f) => f.startsWith('ZZD1'))).toEqual([]);
    expectError(await send('DELETE', '/api/tunnel/errors/ZZD1'), 404, 'ERROR_ENTRY_NOT_FOUND');
  });
});

describe('bad requests', () => {
  it('names every bad field in a 422', async () => {
    const res = await send('POST', '/api/tunnel/errors/addNew', { Flag: 'lower1', Info: '', Solution: 'not a list', severity: 'urgent', colour: 'red' });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.body.error.details.map((d: any) => d.path).sort()).toEqual(['Flag', 'Info', 'Solution', 'colour', 'severity']);
  });

  it('rejects prototype-pollution keys, bodies over 64 KiB, non-JSON and broken JSON', async () => {
    const proto = await send('POST', '/api/tunnel/errors', '{"Flag":"ZZE1","Info":"x","Solution":["y"],"__proto__":{"admin":true}}');
    expectError(proto, 422, 'VALIDATION_FAILED');
    expect(proto.body.error.details[0].path).toBe('__proto__');
    expectError(await send('POST', '/api/tunnel/errors', { ...entry('ZZE1'), constructor: { prototype: {} } }), 422, 'VALIDATION_FAILED');
    expectError(await send('POST', '/api/tunnel/errors', entry('ZZE1', { notes: 'x'.repeat(65 * 1024) })), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: { authorization: 'Bearer writer', 'content-type': 'text/plain' }, body: 'Flag=ZZE1' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await send('POST', '/api/tunnel/errors', '{"Flag": '), 400, 'INVALID_JSON');
    const deep = await send('POST', '/api/tunnel/errors', `{"Flag":"ZZE1","Info":"x","Solution":${'['.repeat(20000)}${']'.repeat(20000)}}`);
    expectError(deep, 422, 'VALIDATION_FAILED');
    expect(deep.body.error.details[0].message).toMatch(/nested deeper than/);
    expectError(await send('POST', '/api/tunnel/errors', '"just a string"'), 422, 'VALIDATION_FAILED');
    expectError(await call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: headers('writer') }), 422, 'VALIDATION_FAILED');
    const gzip = await call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: { ...headers('writer'), 'content-encoding': 'gzip' }, body: 'xx' });
    expectError(gzip, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await call(`${server.url}/api/tunnel/errors/ZZE1`)).status).toBe(404);
  });
});

describe('credentials', () => {
  const attempt = (authorization?: string) =>
    call(`${server.url}/api/tunnel/errors/addNew`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization !== undefined && { authorization }) }, body: JSON.stringify(entry('ZZF1')) });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another scheme', 'Basic d3JpdGVyOng='],
    ['a wrong token', 'Bearer nope'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 with WWW-Authenticate for %s, and writes nothing', async (_what, authorization) => {
    const res = await attempt(authorization);
    expectError(res, 401, 'UNAUTHORIZED');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="companion"/);
    expect((await call(`${server.url}/api/tunnel/errors/ZZF1`)).status).toBe(404);
  });

  it('answers 403 for a valid token without the scope', async () => {
    expectError(await attempt('Bearer mailer'), 403, 'FORBIDDEN');
    expectError(await attempt('Bearer reader'), 403, 'FORBIDDEN');
    expectError(await call(`${server.url}/api/tunnel/errors/logs`, { headers: { authorization: 'Bearer writer' } }), 403, 'FORBIDDEN');
  });

  it('limits failed tokens per client address: past the limit every bearer request from there is 429, a valid token too; successes never count', async () => {
    const limited = await startServer({ tokens: TOKENS, env: { RATE_LIMIT_BEARER_FAILURES: '3/1m' } });
    try {
      const add = (flag: string, token: string) => call(`${limited.url}/api/tunnel/errors`, { method: 'POST', headers: headers(token), body: JSON.stringify(entry(flag)) });
      for (let i = 1; i <= 5; i++) expect((await add(`ZZB${i}`, 'writer')).status).toBe(201);
      for (let i = 0; i < 3; i++) expectError(await add('ZZB9', `guess-${i}`), 401, 'UNAUTHORIZED');
      const cut = await add('ZZB9', 'guess-3');
      expectError(cut, 429, 'RATE_LIMITED');
      expect(Number(cut.headers.get('retry-after'))).toBeGreaterThan(0);
      // A right guess now is told from a wrong one by nothing: the same 429, on the fast path's routes and the others.
      expectError(await add('ZZB6', 'writer'), 429, 'RATE_LIMITED');
      expectError(await call(`${limited.url}/api/tunnel/errors/logs`, { headers: { authorization: 'Bearer reader' } }), 429, 'RATE_LIMITED');
      expect((await call(`${limited.url}/api/tunnel/errors/ZZB1`)).status).toBe(200); // reads without a credential are not affected
    } finally {
      await limited.close();
    }
  });

  it('rate limits writes per credential', async () => {
    const limited = await startServer({ tokens: TOKENS, env: { RATE_LIMIT_CATALOG: '2/1m' } });
    try {
      const add = (flag: string, token: string) => call(`${limited.url}/api/tunnel/errors`, { method: 'POST', headers: headers(token), body: JSON.stringify(entry(flag)) });
      expect((await add('ZZG1', 'writer')).status).toBe(201);
      expect((await add('ZZG2', 'writer')).status).toBe(201);
      const third = await add('ZZG3', 'writer');
      expectError(third, 429, 'RATE_LIMITED');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await add('ZZG4', 'both')).status).toBe(201); // another credential has its own budget
    } finally {
      await limited.close();
    }
  });
});

describe('the operation log and stats', () => {
  it('records every change and serves it newest first with filters and paging', async () => {
    await send('POST', '/api/tunnel/errors', entry('ZZH1'));
    await send('POST', '/api/tunnel/errors', entry('ZZH2'));
    await send('PUT', '/api/tunnel/errors/ZZH1', { Info: 'Changed.', Solution: ['x'] });
    await send('DELETE', '/api/tunnel/errors/ZZH2');
    const all = await call(`${server.url}/api/tunnel/errors/logs`, { headers: headers('reader') });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['success', 'count', 'total', 'data', 'timestamp']);
    expect(all.body.total).toBe(4);
    expect(all.body.data.map((r: any) => [r.seq, r.operation, r.flag])).toEqual([[4, 'DELETE', 'ZZH2'], [3, 'UPDATE', 'ZZH1'], [2, 'CREATE', 'ZZH2'], [1, 'CREATE', 'ZZH1']]);
    expect(Object.keys(all.body.data[0])).toEqual(['seq', 'timestamp', 'operation', 'flag', 'user_ip', 'actor', 'entry']);
    for (const record of all.body.data) {
      expect(record.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
      expect(record.entry.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    }
    expect(all.body.data[0].user_ip).toBe('127.0.0.1');
    expect(all.body.data[0].actor).toMatch(/^token:[0-9a-f]{12}$/);
    expect(JSON.stringify(all.body)).not.toContain('writer'); // the token itself is never recorded
    const filtered = await call(`${server.url}/api/tunnel/errors/logs?flag=ZZH1&operation=UPDATE`, { headers: headers('reader') });
    expect(filtered.body.data.map((r: any) => r.seq)).toEqual([3]);
    const paged = await call(`${server.url}/api/tunnel/errors/logs?limit=2&offset=1`, { headers: headers('reader') });
    expect(paged.body).toMatchObject({ count: 2, total: 4 });
    expect(paged.body.data.map((r: any) => r.seq)).toEqual([3, 2]);
    expectError(await call(`${server.url}/api/tunnel/errors/logs?limit=501`, { headers: headers('reader') }), 400, 'BAD_PARAMETER');
    expectError(await call(`${server.url}/api/tunnel/errors/logs?operation=READ`, { headers: headers('reader') }), 400, 'BAD_PARAMETER');
    expect(await logLines()).toHaveLength(4);
  });

  it('counts operations in stats and masks user_ip without errors:read-log', async () => {
    const before = expectEnvelope((await call(`${server.url}/api/tunnel/errors/stats`)).body, false);
    expect(before).toMatchObject({ operations: { CREATE: 0, UPDATE: 0, DELETE: 0 }, recent_operations: [], logs_total: 0 });
    await send('POST', '/api/tunnel/errors/addNew', entry('ZZI1'));
    await send('PUT', '/api/tunnel/errors/ZZI1', { Info: 'x', Solution: ['y'] });
    const stats = expectEnvelope((await call(`${server.url}/api/tunnel/errors/stats`)).body, false);
    expect(Object.keys(stats)).toEqual(['total_errors', 'operations', 'recent_operations', 'logs_total']);
    expect(stats.total_errors).toBe(before.total_errors + 1);
    expect(stats.operations).toEqual({ CREATE: 1, UPDATE: 1, DELETE: 0 });
    expect(stats.logs_total).toBe(2);
    expect(stats.recent_operations.map((r: any) => r.operation)).toEqual(['UPDATE', 'CREATE']);
    expect(stats.recent_operations[0]).toMatchObject({ flag: 'ZZI1', user_ip: '127.0.0.0/24' });
    expect(stats.recent_operations[0].timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    const unmasked = expectEnvelope((await call(`${server.url}/api/tunnel/errors/stats`, { headers: headers('reader') })).body, false);
    expect(unmasked.recent_operations[0].user_ip).toBe('127.0.0.1');
    // A valid credential without the scope sees what the public sees.
    const scopeless = expectEnvelope((await call(`${server.url}/api/tunnel/errors/stats`, { headers: headers('writer') })).body, false);
    expect(scopeless.recent_operations[0].user_ip).toBe('127.0.0.0/24');
  });

  it('answers 401 on the stats to a credential that is sent but is not valid, rather than masking silently', async () => {
    for (const authorization of ['Bearer nope', 'Basic d3JpdGVyOg==', '', 'Bearer']) {
      const res = await call(`${server.url}/api/tunnel/errors/stats`, { headers: { authorization } });
      expectError(res, 401, 'UNAUTHORIZED');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="companion"/);
    }
  });
});

describe('client address', () => {
  const spoofed = { ...headers(), 'x-forwarded-for': '203.0.113.9' };
  const lastIp = async (url: string) =>
    (await call(`${url}/api/tunnel/errors/logs?limit=1`, { headers: headers('reader') })).body.data[0].user_ip;

  it('ignores X-Forwarded-For unless TRUST_PROXY is configured', async () => {
    await call(`${server.url}/api/tunnel/errors`, { method: 'POST', headers: spoofed, body: JSON.stringify(entry('ZZP1')) });
    expect(await lastIp(server.url)).toBe('127.0.0.1');
  });

  it('records the forwarded client when the proxy is trusted', async () => {
    const proxied = await startServer({ tokens: TOKENS, deps: { trustProxy: 'loopback' } });
    try {
      await call(`${proxied.url}/api/tunnel/errors`, { method: 'POST', headers: spoofed, body: JSON.stringify(entry('ZZP2')) });
      expect(await lastIp(proxied.url)).toBe('203.0.113.9');
      const stats = (await call(`${proxied.url}/api/tunnel/errors/stats`)).body.data;
      expect(stats.recent_operations[0].user_ip).toBe('203.0.113.0/24');
    } finally {
      await proxied.close();
    }
  });
});

describe('concurrency', () => {
  it('200 parallel adds, updates and deletes leave the served catalogue, log and counters in exact agreement', async () => {
    const filesBefore = (await readdir(join(server.contentDir, 'errors'))).sort();
    const base = Array.from({ length: 100 }, (_, i) => `ZZK${i + 1}`);
    for (const flag of base) expect((await send('POST', '/api/tunnel/errors', entry(flag))).status).toBe(201);
    const fresh = Array.from({ length: 100 }, (_, i) => `ZZN${i + 1}`);
    const results = await Promise.all([
      ...fresh.map((flag) => send('POST', '/api/tunnel/errors/addNew', entry(flag))),
      ...base.slice(0, 50).map((flag) => send('PUT', `/api/tunnel/errors/${flag}`, { Info: `Updated ${flag}.`, Solution: ['x'] })),
      ...base.slice(50).map((flag) => send('DELETE', `/api/tunnel/errors/${flag}`)),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(100).fill(201), ...Array(100).fill(200)]);
    const counts = results.slice(0, 100).map((r) => r.body.logs_count);
    expect(new Set(counts).size).toBe(100); // no two adds report the same count

    const lines = (await logLines()).map((line) => JSON.parse(line));
    expect(lines.map((r) => r.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect((await readdir(join(server.contentDir, 'errors'))).sort()).toEqual(filesBefore); // nothing written into the content folder
    const expected = [...base.slice(0, 50), ...fresh].sort();
    for (const flag of base.slice(0, 50)) expect((await call(`${server.url}/api/tunnel/errors/${flag}`)).body.data.Info).toBe(`Updated ${flag}.`);
    for (const flag of base.slice(50)) expect((await call(`${server.url}/api/tunnel/errors/${flag}`)).status).toBe(404);

    const stats = expectEnvelope((await call(`${server.url}/api/tunnel/errors/stats`)).body, false);
    expect(stats.operations).toEqual({ CREATE: 200, UPDATE: 50, DELETE: 50 });
    expect(stats.logs_total).toBe(300);
    const served = expectEnvelope((await call(`${server.url}/api/tunnel/errors`)).body, true).map((e: any) => e.Flag).filter((f: string) => /^ZZ[KN]/.test(f));
    expect(served.sort()).toEqual(expected);
    expect(stats.total_errors).toBe(server.content.current().errors.size);
  });
});

describe('storage failure', () => {
  it('a log that cannot be written: 503 while reads go on, /health says so, and what was refused never appears', async () => {
    // /dev/full refuses every write with ENOSPC: a real full disk under the op log.
    await server.close();
    const dataDir = await mkdtemp(join(tmpdir(), 'api-full-'));
    await symlink('/dev/full', join(dataDir, 'catalog-ops.jsonl'));
    try {
      server = await startServer({ tokens: TOKENS, dataDir });
      const refused = await send('POST', '/api/tunnel/errors', entry('ZZL1'));
      expectError(refused, 503, 'STORAGE_UNAVAILABLE');
      expect(refused.body.error.message).toMatch(/^Storage cannot accept writes: .*ENOSPC.*\. Reads still work\.$/);
      expectError(await send('POST', '/api/tunnel/errors', entry('ZZL2')), 503, 'STORAGE_UNAVAILABLE');
      expect((await call(`${server.url}/api/tunnel/errors/PORT1001`)).status).toBe(200);
      const health = await call(`${server.url}/health`);
      expect(health.status).toBe(200);
      expect(health.body.status).toBe('degraded');
      expect(health.body.storage.writable).toBe(false);
      expect(health.body.storage.catalog).toMatchObject({ writable: false, reason: expect.stringContaining('ENOSPC') });
      expect(health.body.catalog).toMatchObject({ applied_seq: 0, pending: 0, conflicts: [] });
      expect(JSON.stringify(health.body)).not.toContain(server.contentDir);
      expect(JSON.stringify(health.body)).not.toContain(dataDir);
      expect((await call(`${server.url}/api/tunnel/errors/ZZL1`)).status).toBe(404);
      await server.close();
      server = await startServer({ tokens: TOKENS, dataDir });
      expect((await call(`${server.url}/api/tunnel/errors/ZZL1`)).status).toBe(404);
    } finally {
      await server.close();
      server = await startServer({ tokens: TOKENS }); // for afterEach
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
