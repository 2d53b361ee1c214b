import { request } from 'node:http';
import { startServer, type TestServer } from './server';

// Two servers over identical copies of the shipped content and empty data folders: one with the
// fast write path in front of Express, one with Express alone. Every write, refusals included,
// must get the same status, headers (in the same order) and body from both.
const TOKENS = 'writer-token=errors:write,reader-token=feedback:read';
let fast: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [fast, plain] = await Promise.all([startServer({ tokens: TOKENS }), startServer({ tokens: TOKENS, deps: { fastWrites: false } })]);
});
afterAll(() => Promise.all([fast.close(), plain.close()]));

interface Answer {
  status: number;
  headers: string[];
  body: string;
}

/** One request over loopback with the body exactly as given. */
function send(url: string, method: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        // Date, Connection and Keep-Alive are Node's own; the rate limit's reset counts down in
        // seconds; times in bodies are those of each server's own change, and so is an entry's
        // ETag, which covers them (its place and form are compared).
        const headers = res.rawHeaders
          .map((value, i, all) => (i % 2 === 1 ? `${all[i - 1]}: ${value}` : ''))
          .filter((line) => line && !/^(date|connection|keep-alive):/i.test(line))
          .map((line) => line.replace(/reset=\d+/, 'reset=-').replace(/^(Retry-After): \d+/i, '$1: -').replace(/^ETag: "[\w-]+"$/, 'ETag: "-"'));
        resolve({ status: res.statusCode!, headers, body: String(Buffer.concat(chunks)).replace(/\d{4}-\d\d-\d\dT[\d:.]+/g, '-').replace(/retry in \d+ s/, 'retry in - s') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };
const WRITER = { authorization: 'Bearer writer-token', ...JSON_TYPE };
const entry = (Flag: string) => JSON.stringify({ Flag, Info: 'The relay refused the tunnel.', Solution: ['Check the network.', 'Retry.'], severity: 'high' });

/** Sends the same request to both servers, one after the other, and expects the same answer. */
async function same(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  const a = await send(fast.url + path, method, headers, body);
  const b = await send(plain.url + path, method, headers, body);
  expect({ path, ...a }).toEqual({ path, ...b });
  return a;
}

describe('the fast write path answers as Express does', () => {
  it('adds, refuses a duplicate, replaces and deletes, with the same answers', async () => {
    expect((await same('POST', '/api/tunnel/errors/addNew', WRITER, entry('FAST1001'))).status).toBe(201);
    expect((await same('POST', '/api/tunnel/errors/addNew', WRITER, entry('FAST1001'))).status).toBe(409);
    expect((await same('POST', '/api/tunnel/errors', WRITER, entry('FAST1002'))).status).toBe(201);
    expect((await same('POST', '/api/tunnel/errors/addNew/', { ...WRITER, 'content-type': 'application/json; charset=utf-8' }, `\ufeff${entry('FAST1003')}`)).status).toBe(201);
    // PUT replaces the whole entry: leaving out the severity it has is refused alike on both paths.
    expect((await same('PUT', '/api/tunnel/errors/FAST1001', WRITER, JSON.stringify({ Info: 'Replaced.', Solution: ['Retry.'] }))).status).toBe(422);
    const update = JSON.stringify({ Info: 'Replaced.', Solution: ['Retry.'], severity: 'high' });
    expect((await same('PUT', '/api/tunnel/errors/FAST1001', WRITER, update)).status).toBe(200);
    expect((await same('PUT', '/api/tunnel/errors/NONE1', WRITER, update)).status).toBe(404);
    expect((await same('PUT', '/api/tunnel/errors/lower1', WRITER, update)).status).toBe(400);
    expect((await same('DELETE', '/api/tunnel/errors/FAST1002', { authorization: 'Bearer writer-token' })).status).toBe(200);
    expect((await same('DELETE', '/api/tunnel/errors/FAST1002', { authorization: 'Bearer writer-token' })).status).toBe(404);
    // Reads agree with what both were told (their ETags differ with each server's own times).
    for (const server of [fast, plain]) expect((await send(`${server.url}/api/tunnel/errors/FAST1001`, 'GET', {})).body).toContain('"Info":"Replaced."');
  });

  it.each([
    ['no credential', {}, entry('AUTH9001'), 401],
    ['an empty credential', { authorization: '' }, entry('AUTH9002'), 401],
    ['an unknown credential', { authorization: 'Bearer nope' }, entry('AUTH9003'), 401],
    ['a credential without the scope', { authorization: 'Bearer reader-token' }, entry('AUTH9004'), 403],
    ['bad JSON', WRITER, '{"Flag": "BAD1", ', 400],
    ['a body that fails the schema', WRITER, JSON.stringify({ Flag: 'BAD2', Info: '', Solution: [] }), 422],
    ['a __proto__ key', WRITER, '{"Flag":"BAD3","Info":"x","Solution":["y"],"__proto__":{"admin":true}}', 422],
    ['a scalar body', WRITER, '"just a string"', 422],
    ['an empty body', WRITER, '', 422],
    ['text/plain', { ...WRITER, 'content-type': 'text/plain' }, entry('TYPE9001'), 415],
    ['a latin1 charset', { ...WRITER, 'content-type': 'application/json; charset=latin1' }, entry('TYPE9002'), 415],
    ['a gzip-encoded body', { ...WRITER, 'content-encoding': 'gzip' }, entry('TYPE9003'), 415],
    ['a body over 64 KiB', WRITER, JSON.stringify({ Flag: 'BIG1', Info: 'x'.repeat(70 * 1024), Solution: ['y'] }), 413],
    ['a query string', WRITER, entry('QUERY9001'), 400, '?x=1'],
  ] as [string, Record<string, string>, string, number, string?][])('refuses %s the same way', async (_what, headers, body, status, query = '') => {
    expect((await same('POST', `/api/tunnel/errors/addNew${query}`, headers, body)).status).toBe(status);
  });

  it('answers 429 with Retry-After once the credential used its limit, on both paths alike', async () => {
    const env = { RATE_LIMIT_CATALOG: '3/60s' };
    const [limitedFast, limitedPlain] = await Promise.all([startServer({ tokens: TOKENS, env }), startServer({ tokens: TOKENS, env, deps: { fastWrites: false } })]);
    try {
      for (let i = 1; i <= 4; i++) {
        const a = await send(`${limitedFast.url}/api/tunnel/errors/addNew`, 'POST', WRITER, entry(`LIMIT${i}`));
        const b = await send(`${limitedPlain.url}/api/tunnel/errors/addNew`, 'POST', WRITER, entry(`LIMIT${i}`));
        expect(a).toEqual(b);
        expect(a.status).toBe(i <= 3 ? 201 : 429);
      }
    } finally {
      await Promise.all([limitedFast.close(), limitedPlain.close()]);
    }
  });

  it('answers 503 when the store takes no writes, on both paths alike', async () => {
    await Promise.all([fast.services.catalog.close(), plain.services.catalog.close()]);
    expect((await same('POST', '/api/tunnel/errors/addNew', WRITER, entry('SHUT1'))).status).toBe(503);
  });
});
