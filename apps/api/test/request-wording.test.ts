import { call, expectError, startServer, type TestServer } from './server';

// API 422 details and content problems are worded by the same function: what was expected,
// then what was found. zod's own developer wording never reaches a client.
const ZOD_WORDING = /Invalid (input|option)|Too (small|big)|expected string to have|Unrecognized key|\(body\)/;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: 'writer=errors:write,mailer=email:send' });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, token?: string) =>
  call(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

function details(res: Awaited<ReturnType<typeof post>>): Record<string, string> {
  expectError(res, 422, 'VALIDATION_FAILED');
  expect(JSON.stringify(res.body)).not.toMatch(ZOD_WORDING);
  return Object.fromEntries(res.body.error.details.map((d: { path: string; message: string }) => [d.path, d.message]));
}

describe('422 details in the project’s words', () => {
  it('feedback: an unknown type, blank content and an unknown field', async () => {
    expect(details(await post('/api/feedback', { content: '   ', type: 'idea', rating: 5 }))).toEqual({
      content: 'expected text that is not blank; found text "   "',
      type: 'expected one of "bug", "suggestion", "question", "other"; found text "idea"',
      rating: 'unknown field; remove it or check its spelling',
    });
  });

  it('catalogue: empty strings, wrong kinds and too many steps', async () => {
    const got = details(await post('/api/tunnel/errors', { Flag: 'ZZW1', Info: '', Solution: Array(51).fill('step'), creator: 7, severity: 'urgent' }, 'writer'));
    expect(got).toEqual({
      Info: 'expected text that is not blank; found empty text',
      Solution: 'expected at most 50 steps; found a list of 51',
      creator: 'expected text; found number 7 (put the value in quotes so it is read as text)',
      severity: 'expected one of "low", "medium", "high", "critical"; found text "urgent"',
    });
  });

  it('a body that is not an object has the empty path', async () => {
    expect(details(await post('/api/feedback', '"just a string"'))).toEqual({ '': 'expected a set of fields; found text "just a string"' });
  });

  it('refuses Windows device names as Flags', async () => {
    expect(details(await post('/api/tunnel/errors/addNew', { Flag: 'COM1', Info: 'x', Solution: ['y'] }, 'writer')).Flag).toMatch(/not a Windows device name; found COM1/);
  });
});

describe('query parameters', () => {
  it('HTML pages ignore the ones they do not take; API routes still refuse them', async () => {
    for (const path of ['/elements?x=1&utm_source=y', '/codename?utm_medium=mail', '/codename/neon?ref=share', '/docs?utm_source=y']) {
      const res = await fetch(server.url + path, { headers: { accept: 'text/html' } });
      expect([path, res.status]).toEqual([path, 200]);
    }
    expectError(await call(`${server.url}/api/notice/all?utm_source=y`), 400, 'BAD_PARAMETER');
    expectError(await call(`${server.url}/api/codenames?x=1`), 400, 'BAD_PARAMETER');
  });
});
