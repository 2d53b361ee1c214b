import { call, startServer, type TestServer } from './server';

// What an example-driven tool (Dredd and the like) does: build each request from the document's
// examples alone, send it, and expect the documented success status.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ tokens: 'k=*' });
});
afterAll(() => server.close());

it('answers every operation built from its examples with its documented success', async () => {
  const spec = (await call(`${server.url}/openapi.json`)).body;
  const operations = Object.entries<any>(spec.paths).flatMap(([path, item]) =>
    ['get', 'post', 'put', 'delete'].filter((m) => item[m]).map((method) => ({ path, method, op: item[method] })),
  );
  // Deletions last, so the entries they remove are read and updated first.
  operations.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
  const answers = [];
  const expected = [];
  for (const { path, method, op } of operations) {
    const url = path.replace(/\{(\w+)\}/g, (_: string, name: string) => String(op.parameters.find((p: any) => p.name === name).example));
    const body = op.requestBody?.content['application/json'].example;
    if (op.requestBody) expect([path, body]).not.toEqual([path, undefined]);
    const res = await fetch(server.url + url, {
      method: method.toUpperCase(),
      headers: { accept: 'application/json, */*;q=0.1', ...(op.security.length > 0 && { authorization: 'Bearer k' }), ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
      // A route whose success is a redirect to a build says so with its 302: it is not followed.
      redirect: 'manual',
    });
    answers.push(`${method} ${url} ${res.status}`);
    const statuses = Object.keys(op.responses);
    expected.push(`${method} ${url} ${statuses.find((s) => s.startsWith('2')) ?? statuses.find((s) => s.startsWith('3') && s !== '304')}`);
  }
  expect(answers.length).toBeGreaterThan(40);
  expect(answers).toEqual(expected);
});
