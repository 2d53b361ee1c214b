import { TIMESTAMP_PATTERN } from '@companion/schema';
import { call, startServer, type TestServer } from './server';

// A JavaScript client reads a date-time without a zone as local time. Every time the API answers
// carries Z, except those the interface document fixes without a zone: the envelope's
// `timestamp` (and the service index's and the statistics'), and an operation record's
// `timestamp`. Those are UTC, exactly as the document shows them.
const TOKEN = 'times-token';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: `${TOKEN}=*` });
});
afterAll(() => server.close());

const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const RFC3339_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** Every date-time string in a body, with its path (`data.0.starts_at`). */
function dateTimes(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return DATE_TIME.test(value) ? [[path, value]] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => dateTimes(item, path ? `${path}.${key}` : key));
}

/** The fixed ones: the envelope's timestamp and an operation record's. */
const fixedByTheInterface = (path: string) => /^(timestamp|data\.(recent_operations\.)?\d+\.timestamp)$/.test(path);

describe('times in answers', () => {
  it('carry Z wherever the interface document does not fix the format, and read back as the same instant', async () => {
    const json = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    expect((await call(`${server.url}/api/tunnel/errors/addNew`, { method: 'POST', headers: json, body: JSON.stringify({ Flag: 'TIME1001', Info: 'x', Solution: ['y'] }) })).status).toBe(201);
    expect((await call(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'The times.' }) })).status).toBe(201);
    const targets = ['/api/notice/all', '/api/notice/8', '/api/tunnel/errors/TIME1001', '/api/tunnel/errors/search?q=TIME1001', '/api/tunnel/errors/logs', '/api/tunnel/errors/stats', '/api/feedback', '/health', '/api'];
    const zoned: string[] = [];
    const seen = new Set<string>();
    for (const target of targets) {
      const { status, body } = await call(server.url + target, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect([target, status]).toEqual([target, 200]);
      for (const [path, value] of dateTimes(body)) {
        const field = path.replace(/\.\d+\./g, '.*.');
        seen.add(field.replace(/^data\.\*\./, ''));
        if (fixedByTheInterface(path)) expect([target, path, value]).toEqual([target, path, expect.stringMatching(TIMESTAMP_PATTERN)]);
        else if (!RFC3339_UTC.test(value) || new Date(value).toISOString() !== `${value.slice(0, 23)}Z`) zoned.push(`${target} ${path}: ${value}`);
      }
    }
    expect(zoned).toEqual([]);
    // The answers above did carry the fields in question.
    expect([...seen]).toEqual(expect.arrayContaining(['starts_at', 'expires_at', 'created_at', 'updated_at', 'content.loaded_at', 'entry.created_at']));
  });

  it('answer the feedback receipt with Z', async () => {
    const { body } = await call(`${server.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Another.' }) });
    expect(body.data.created_at).toMatch(RFC3339_UTC);
    expect(body.timestamp).toMatch(TIMESTAMP_PATTERN);
  });
});
