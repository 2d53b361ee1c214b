import fc from 'fast-check';
import semver from 'semver';
import { CLIENT_VERSION, clientVersion, PREVIEW_VERSION, STABLE_VERSION } from '@companion/schema';
import { call, startServer, type TestServer } from './server';

// One grammar for versions: whatever a route or a content file accepts, semver can compare, so
// no version reaches semver to make it throw (a 500). Every route that takes a version, asked
// with versions at and past the edges, answers 400 or an answer, never 500.

const EDGES = [
  '99999999999999999999.0.0', '9007199254740993.0.0', '9007199254740991.0.0', '1000000000000000.0.0', '999999999999999.0.0',
  '1.2.3-01', '1.2.3-00', '1.2.3-0', '1.2.3-0a', '1.2.3-beta.01', '1.2.3-beta.1', '01.2.3', '1.2', '1.2.3.4', 'v1.2.3', 'V1.2.3',
  '1.2.3+', '1.2.3+build.01', '1.2.3-', '1.2.3-beta..1', '1.2.3-99999999999999999999', '-1.2.3', '1.2.3 ', '%20', 'x'.repeat(65),
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('versions', () => {
  it('accepts only what semver can compare, for clients, previews and stable releases alike', () => {
    const part = fc.oneof(fc.constantFrom('0', '1', '01', '00', '9007199254740993', '999999999999999', '1000000000000000'), fc.nat().map(String));
    const tag = fc.array(fc.oneof(part, fc.constantFrom('beta', 'rc', '0a', 'x-1', '-')), { maxLength: 3 });
    const version = fc.tuple(fc.boolean(), part, part, part, tag, fc.boolean()).map(([v, a, b, c, t, build]) => `${v ? 'v' : ''}${a}.${b}.${c}${t.length ? `-${t.join('.')}` : ''}${build ? '+build.7' : ''}`);
    fc.assert(
      fc.property(fc.oneof(version, fc.constantFrom(...EDGES)), (text) => {
        if (CLIENT_VERSION.test(text)) expect(semver.valid(clientVersion(text))).not.toBeNull();
        if (PREVIEW_VERSION.test(text)) expect(semver.valid(text)).toBe(text);
        if (STABLE_VERSION.test(text)) expect(semver.prerelease(text)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('every route taking a version answers 400 for one it does not accept, never 500', async () => {
    const document = (await call(`${server.url}/openapi.json`)).body as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const targets: ((version: string) => string)[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const parameter of operations.get?.parameters ?? []) {
        if (parameter.in === 'path' && parameter.name === 'version') targets.push((v) => path.replace('{version}', encodeURIComponent(v)));
        if (parameter.in === 'query' && /version/.test(parameter.name)) targets.push((v) => `${path}?${parameter.name}=${encodeURIComponent(v)}`);
      }
    }
    expect(targets.length).toBeGreaterThanOrEqual(6);
    const failures: string[] = [];
    for (const target of targets) {
      for (const version of EDGES) {
        for (const suffix of ['', '&install_id=abc']) {
          const url = target(version) + (suffix && target(version).includes('?') ? suffix : suffix.replace('&', '?'));
          const { status } = await fetch(`${server.url}${url}`).then(async (res) => (await res.arrayBuffer(), res));
          if (status >= 500) failures.push(`${url}: ${status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    for (const path of ['/api/changelog/since/1.2.3-01', '/api/changelog/since/9007199254740993.0.0', '/api/changelog/preview/since/1.2.3-01?install_id=a', '/api/notice?client_version=1.2.3-01']) {
      expect([path, (await call(`${server.url}${path}`)).status]).toEqual([path, 400]);
    }
    expect((await call(`${server.url}/api/changelog/since/999999999999999.0.0`)).status).toBe(200);
  });
});
