import { startServer, type TestServer } from './server';

// Building the search index over a large catalogue takes seconds; it happens at start-up, before
// the server listens, so the first search finds it built and the route searches that same index.
describe('the catalogue search index at start-up', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ tokens: 'writer=errors:write' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('is built over the loaded content before the first search, and is the index the search route uses', async () => {
    const snapshot = server.content.current();
    expect(snapshot.errors.size).toBeGreaterThan(0);
    const before = server.services.errorSearch.stats();
    expect(before).toMatchObject({ generation: snapshot.generation, entries: snapshot.errors.size });
    expect(before.terms).toBeGreaterThan(0);

    const first = (await (await fetch(`${server.url}/api/tunnel/errors/search?q=PORT1001`)).json()) as { data: { Flag: string }[] };
    expect(first.data[0]!.Flag).toBe('PORT1001');
    expect(server.services.errorSearch.stats()).toEqual(before);

    // A new entry (an API write, served from the answer on) is found, and the shared index is the one that followed the new snapshot.
    const added = await fetch(`${server.url}/api/tunnel/errors`, {
      method: 'POST',
      headers: { authorization: 'Bearer writer', 'content-type': 'application/json' },
      body: JSON.stringify({ Flag: 'STARTUP1', Info: 'Added after start-up.', Solution: ['Retry.'] }),
    });
    expect(added.status).toBe(201);
    const found = (await (await fetch(`${server.url}/api/tunnel/errors/search?q=STARTUP1`)).json()) as { data: { Flag: string }[] };
    expect(found.data.map((e) => e.Flag)).toEqual(['STARTUP1']);
    expect(server.services.errorSearch.stats()).toMatchObject({ generation: server.content.current().generation, entries: snapshot.errors.size + 1 });
  });
});
