import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, expectEnvelope, expectError, startServer, type TestServer } from './server';

const TOKENS = 'reader=feedback:read,other=errors:write';
const json = { 'content-type': 'application/json' };

let server: TestServer;
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'feedback-'));
  server = await startServer({ tokens: TOKENS, dataDir });
});
afterEach(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const submit = (body: unknown, url = server.url) => call(`${url}/api/feedback`, { method: 'POST', headers: json, body: typeof body === 'string' ? body : JSON.stringify(body) });
const list = (query = '', token = 'reader') => call(`${server.url}/api/feedback${query}`, { headers: { authorization: `Bearer ${token}` } });

describe('POST /api/feedback', () => {
  it('stores feedback and answers 201 with id and created_at', async () => {
    const res = await submit({ content: '  The tray icon vanishes after sleep.  ', type: 'bug', contact: 'me@example.org', client_version: '1.11.2', platform: 'windows' });
    expect(res.status).toBe(201);
    const data = expectEnvelope(res.body, false);
    expect(Object.keys(data)).toEqual(['id', 'created_at']);
    expect(data.id).toBe(1);
    expect(data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const stored = await list();
    expect(stored.body.data[0]).toMatchObject({ id: 1, type: 'bug', content: 'The tray icon vanishes after sleep.', contact: 'me@example.org', client_version: '1.11.2', platform: 'windows' });
    expect((await readFile(join(dataDir, 'feedback.jsonl'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('strips control characters and normalises to NFC, keeping the text otherwise as given', async () => {
    await submit({ content: 'Cafe\u0301 <b>bold</b>\u0007 line\nnext', type: 'suggestion' });
    const [record] = (await list()).body.data;
    expect(record.content).toBe('Café <b>bold</b> line\nnext');
    expect(record.type).toBe('suggestion');
  });

  it.each([
    ['empty content', { content: '' }, 'content'],
    ['blank content', { content: '   \n ' }, 'content'],
    ['content over 5000 characters', { content: 'x'.repeat(5001) }, 'content'],
    ['an unknown type', { content: 'hi', type: 'praise' }, 'type'],
    ['a number as content', { content: 42 }, 'content'],
    ['an unknown field', { content: 'hi', rating: 5 }, 'rating'],
    ['a missing content', { type: 'bug' }, 'content'],
  ])('answers 422 for %s', async (_what, body, path) => {
    const res = await submit(body);
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
  });

  it('answers 415 for non-JSON, 400 for broken JSON and 413 for a body over 64 KiB', async () => {
    expectError(await call(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'content=hi' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await submit('{"content": "hi"'), 400, 'INVALID_JSON');
    expectError(await submit({ content: 'x'.repeat(70 * 1024) }), 413, 'PAYLOAD_TOO_LARGE');
    expect((await list()).body.total).toBe(0);
  });

  it('limits submissions per client with 429 and Retry-After', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_FEEDBACK: '3/10m' } });
    try {
      for (let i = 0; i < 3; i++) expect((await submit({ content: `n${i}` }, limited.url)).status).toBe(201);
      const res = await submit({ content: 'one too many' }, limited.url);
      expectError(res, 429, 'RATE_LIMITED');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/feedback', () => {
  it('needs feedback:read', async () => {
    expectError(await call(`${server.url}/api/feedback`), 401, 'UNAUTHORIZED');
    expectError(await list('', 'wrong'), 401, 'UNAUTHORIZED');
    expectError(await list('', 'other'), 403, 'FORBIDDEN');
  });

  it('pages newest first and filters by type, with count and total', async () => {
    for (let i = 1; i <= 7; i++) await submit({ content: `feedback ${i}`, type: i % 2 ? 'bug' : 'question' });
    const page1 = await list('?per_page=3');
    expect(Object.keys(page1.body)).toEqual(['success', 'count', 'total', 'data', 'timestamp']);
    expect(page1.body).toMatchObject({ count: 3, total: 7 });
    expect(page1.body.data.map((r: any) => r.id)).toEqual([7, 6, 5]);
    expect((await list('?per_page=3&page=3')).body.data.map((r: any) => r.id)).toEqual([1]);
    const bugs = await list('?type=bug');
    expect(bugs.body).toMatchObject({ count: 4, total: 4 });
    expect(bugs.body.data.every((r: any) => r.type === 'bug')).toBe(true);
    expect(bugs.body.data[0]).not.toHaveProperty('user_ip');
    for (const bad of ['?page=0', '?page=x', '?per_page=501', '?per_page=0', '?type=praise', '?page=1&page=2']) {
      expectError(await list(bad), 400, 'BAD_PARAMETER');
    }
  });
});

describe('GET /api/feedback/stats', () => {
  it('counts per type and per day for the last 30 days, without contact data', async () => {
    let now = Date.parse('2026-11-19T23:59:00Z') * 1000;
    const clocked = await startServer({ clock: { nowMicros: () => now } });
    try {
      await submit({ content: 'a', type: 'bug', contact: 'secret@example.org' }, clocked.url);
      now = Date.parse('2026-11-20T08:00:00Z') * 1000;
      await submit({ content: 'b', type: 'bug' }, clocked.url);
      await submit({ content: 'c' }, clocked.url);
      const data = expectEnvelope((await call(`${clocked.url}/api/feedback/stats`)).body, false);
      expect(data.total).toBe(3);
      expect(data.by_type).toEqual({ bug: 2, suggestion: 0, question: 0, other: 1 });
      expect(data.by_day).toHaveLength(30);
      expect(data.by_day[0]).toEqual({ date: '2026-10-22', count: 0 });
      expect(data.by_day.slice(-2)).toEqual([{ date: '2026-11-19', count: 1 }, { date: '2026-11-20', count: 2 }]);
      expect(JSON.stringify(data)).not.toContain('secret@example.org');
    } finally {
      await clocked.close();
    }
  });
});

describe('durability', () => {
  it('keeps feedback across a restart of the server', async () => {
    await submit({ content: 'before restart', type: 'question' });
    await server.close();
    server = await startServer({ tokens: TOKENS, dataDir });
    expect((await list()).body.data.map((r: any) => r.content)).toEqual(['before restart']);
    expect((await submit({ content: 'after restart' })).body.data.id).toBe(2);
  });

  it('drops a torn last line at start-up, reports it, and goes on', async () => {
    await submit({ content: 'whole record' });
    await server.close();
    await appendFile(join(dataDir, 'feedback.jsonl'), '{"seq":2,"created_at":"2026-');
    server = await startServer({ tokens: TOKENS, dataDir });
    const health = (await call(`${server.url}/health`)).body;
    expect(health.storage.feedback.tornTail).toMatchObject({ bytes: expect.any(Number) });
    expect(health.storage.feedback.writable).toBe(true);
    expect((await list()).body.total).toBe(1);
    expect((await submit({ content: 'next' })).body.data.id).toBe(2);
  });
});
