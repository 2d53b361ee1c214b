import { call, expectEnvelope, expectError, startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const since = async (path: string) => expectEnvelope((await call(server.url + path)).body, false);

describe('what a client needs to update', () => {
  it('lists the stable releases newer than a shipped version, newest first in semver order', async () => {
    const stable = expectEnvelope((await call(`${server.url}/api/changelog`)).body, true);
    const data = await since('/api/changelog/since/1.9.0');
    expect(Object.keys(data)).toEqual(['current', 'latest', 'up_to_date', 'known', 'releases', 'critical', 'minimum_supported']);
    expect(data).toMatchObject({ current: '1.9.0', latest: '1.11.2', up_to_date: false, known: true });
    expect(Object.keys(data.releases)).toEqual(['1.11.2', '1.11.1', '1.11.0', '1.10.2', '1.10.1', '1.10.0', '1.9.1']);
    for (const [version, entry] of Object.entries(data.releases)) expect(entry).toEqual(stable[version]);
  });

  it('may be kept by shared caches like any public read, and by the client alone when it names its install', async () => {
    const shared = await call(`${server.url}/api/changelog/since/1.9.0`);
    expect(shared.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
    const own = await call(`${server.url}/api/changelog/since/1.9.0?install_id=install-1`);
    expect(own.headers.get('cache-control')).toBe('private, max-age=30');
    expect((await call(`${server.url}/api/changelog/since/nope`)).headers.get('cache-control')).toBe('no-store');
  });

  it('says a client on the newest release is up to date', async () => {
    expect(await since('/api/changelog/since/1.11.2')).toEqual({ current: '1.11.2', latest: '1.11.2', up_to_date: true, known: true, releases: {}, critical: false, minimum_supported: null });
  });

  it('still answers a well-formed version that was never shipped, with known: false', async () => {
    const data = await since('/api/changelog/since/1.9.7');
    expect(data).toMatchObject({ current: '1.9.7', known: false, up_to_date: false });
    expect(Object.keys(data.releases)).toEqual(['1.11.2', '1.11.1', '1.11.0', '1.10.2', '1.10.1', '1.10.0']);
    expect(await since('/api/changelog/since/99.0.0')).toMatchObject({ known: false, up_to_date: true, releases: {} });
  });

  it('never offers a preview, nor a downgrade, on the stable channel', async () => {
    // 1.12.0 is not out: a preview build asking the stable channel has nothing newer to move to.
    expect(await since('/api/changelog/since/1.12.0-beta.1')).toMatchObject({ known: false, up_to_date: true, releases: {} });
  });

  it('offers previews and stable releases alike on the preview channel', async () => {
    const fromStable = await since('/api/changelog/preview/since/1.11.0');
    expect(fromStable).toMatchObject({ current: '1.11.0', latest: '2.0.0-alpha.1', known: true, up_to_date: false });
    expect(Object.keys(fromStable.releases)).toEqual(['2.0.0-alpha.1', '1.12.0-rc.1', '1.12.0-beta.2', '1.12.0-beta.1', '1.11.2', '1.11.1']);
    const fromBeta = await since('/api/changelog/preview/since/1.12.0-beta.2');
    expect(fromBeta).toMatchObject({ known: true });
    // Not 2.0.0-alpha.1: an install on a 1.x pre-release keeps to 1.x pre-releases (and every stable release).
    expect(Object.keys(fromBeta.releases)).toEqual(['1.12.0-rc.1']);
  });

  it('reads a leading v and ignores build metadata, as semver does', async () => {
    const plain = await since('/api/changelog/since/1.11.0');
    expect(await since('/api/changelog/since/v1.11.0')).toEqual(plain);
    expect(await since('/api/changelog/since/1.11.0+build.5')).toEqual(plain);
    expect(await since('/api/changelog/since/v1.11.0+exp.sha.5114f85')).toEqual(plain);
    expect(await since('/api/changelog/preview/since/v1.12.0-beta.2+20261201')).toEqual(await since('/api/changelog/preview/since/1.12.0-beta.2'));
  });

  it('refuses a malformed version with 400 BAD_PARAMETER', async () => {
    for (const version of ['1.9', 'vv1.9.0', 'v', '01.9.0', '1.9.0.0', '1.9.0-', '1.9.0+', '1.9.0+a..b', '1.9.0+a_b', 'x1.9.0']) {
      expectError(await call(`${server.url}/api/changelog/since/${version}`), 400, 'BAD_PARAMETER');
      expectError(await call(`${server.url}/api/changelog/preview/since/${version}`), 400, 'BAD_PARAMETER');
    }
  });

  it('revalidates with a strong ETag', async () => {
    const first = await call(`${server.url}/api/changelog/since/1.9.0`);
    const again = await fetch(`${server.url}/api/changelog/since/1.9.0`, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});
