import { call, expectError, startServer, type TestServer } from './server';

// The request schemas cap strings in characters and the body at 64 KiB: every body the schemas
// allow at their caps (in ASCII) must fit, so a client that obeys the document never gets 413.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: 'k=*' });
});
afterAll(() => server.close());

const post = (path: string, body: unknown) =>
  call(server.url + path, { method: 'POST', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('string caps within the body limit', () => {
  it('accepts an e-mail with text and markdown both at their caps, and refuses one character more', async () => {
    const full = { to: Array.from({ length: 10 }, (_, i) => `user${i}@example.com`), subject: 's'.repeat(200), text: 't'.repeat(30_000), markdown: 'm'.repeat(30_000) };
    expect(JSON.stringify(full).length).toBeLessThan(64 * 1024);
    expect((await post('/api/send_email', full)).status).toBe(202);
    expectError(await post('/api/send_email', { ...full, text: 't'.repeat(30_001) }), 422, 'VALIDATION_FAILED');
  });

  it('accepts a catalogue entry with every field at its cap', async () => {
    const full = {
      Flag: `CAP${'9'.repeat(29)}`,
      Info: 'i'.repeat(4000),
      Solution: Array.from({ length: 50 }, () => 's'.repeat(1000)),
      category: `c${'a'.repeat(39)}`,
      severity: 'critical',
      creator: 'c'.repeat(100),
      notes: 'n'.repeat(4000),
    };
    expect(JSON.stringify(full).length).toBeLessThan(64 * 1024);
    expect((await post('/api/tunnel/errors', full)).status).toBe(201);
  });

  it('accepts feedback at its caps', async () => {
    // The longest version the grammar takes (64 characters) and the longest platform name.
    const full = { content: 'c'.repeat(5000), type: 'bug', contact: 'x'.repeat(200), client_version: `v1.2.3-${'a'.repeat(57)}`, platform: 'windows' };
    expect(full.client_version).toHaveLength(64);
    expect((await post('/api/feedback', full)).status).toBe(201);
  });
});
