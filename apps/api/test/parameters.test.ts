import { call, startServer, type TestServer } from './server';

// The handlers check parameters with their own code; the document describes them with the zod
// parameter schemas. Walk every documented bound and enum and ask the service on both sides of it.
let server: TestServer;
let spec: any;
beforeAll(async () => {
  server = await startServer({ tokens: 'k=*' });
  spec = (await call(`${server.url}/openapi.json`)).body;
});
afterAll(() => server.close());

const auth = { headers: { authorization: 'Bearer k', accept: 'application/json' } };
const samples: Record<string, string> = { id: '1', version: '1.9.0', flag: 'PORT1001', codename: 'neon', file: 'latest-mac.yml', channel: 'stable', platform: 'macos-arm64', target: 'darwin', arch: 'aarch64' };
/**
 * A value of a path parameter that exists: preview paths (the pages under /changelog/preview/)
 * name a preview version; Squirrel's feeds and the redirects to a build, whose platforms and file
 * names the shared samples do not fit, take the example the document gives.
 */
const sample = (path: string, name: string) => {
  if (name === 'version' && path.includes('/preview/')) return '1.12.0-beta.1';
  if (path.startsWith('/api/updates/squirrel/') || path.startsWith('/api/updates/electron/download/')) return spec.paths[path].get.parameters.find((p: any) => p.name === name).example;
  return samples[name]!;
};

function probes(): { url: string; status: number }[] {
  const out: { url: string; status: number }[] = [];
  for (const [path, ops] of Object.entries<any>(spec.paths)) {
    const op = ops.get;
    if (!op || path.startsWith('/api/changelog/preview/{')) continue;
    const base = path.replace(/\{(\w+)\}/g, (_: string, name: string) => sample(path, name));
    for (const p of op.parameters.filter((p: any) => p.in === 'query')) {
      const at = (value: string | number) => `${base}?${p.name}=${encodeURIComponent(String(value))}`;
      const { type, minimum, maximum, enum: values, maxLength } = p.schema;
      if (type === 'integer') {
        out.push({ url: at(minimum), status: 200 }, { url: at(minimum - 1), status: 400 }, { url: at(maximum), status: 200 }, { url: at(maximum + 1), status: 400 }, { url: at('1.5'), status: 400 });
      }
      if (values) out.push(...values.map((v: string) => ({ url: at(v), status: 200 })), { url: at('not-a-value'), status: 400 });
      // A patterned string is probed with its example, a value off the pattern, and one past its length.
      if (type === 'string' && !values && maxLength && p.schema.pattern) out.push({ url: at(p.example), status: 200 }, { url: at(' '), status: 400 }, { url: at(String(p.example).padEnd(maxLength + 1, '0')), status: 400 });
      else if (type === 'string' && !values && maxLength) out.push({ url: at('a'.repeat(maxLength)), status: 200 }, { url: at('a'.repeat(maxLength + 1)), status: 400 });
    }
    for (const p of op.parameters.filter((p: any) => p.in === 'path')) {
      const { maxLength, maximum } = p.schema;
      const tooLong = maxLength ? 'A1'.padStart(maxLength + 1, 'A') : String(maximum + 1);
      out.push({ url: path.replace(`{${p.name}}`, tooLong).replace(/\{(\w+)\}/g, (_: string, name: string) => sample(path, name)), status: 400 });
    }
  }
  return out;
}

it('answers every documented parameter bound and enum as the document says', async () => {
  const cases = probes();
  expect(cases.length).toBeGreaterThan(40);
  const answers = [];
  // Status only: some answers are feeds, not JSON.
  for (const { url } of cases) answers.push({ url, status: (await fetch(server.url + url, auth)).status });
  expect(answers).toEqual(cases);
});
