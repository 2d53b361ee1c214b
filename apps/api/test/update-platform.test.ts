import { gunzipSync } from 'node:zlib';
import { useClientContentServer } from './client-content';
import { rawRequest, servedFast } from './raw-http';
import { call, expectEnvelope, expectError } from './server';

// The update check for a client that names its platform: only what it can install, the build to
// download, and the fast path's costs (compressed, 304 without building, one answer per share).
// The fixture: 1.12.0 rolled out to 30% with builds for macos-arm64 and windows-x64 only; the
// shipped 1.11.2 has builds for every platform but linux-arm64, the critical 1.11.1 for
// macos-arm64, windows-x64 and linux-x64; older releases ship no builds.

const served = useClientContentServer();

const since = async (path: string) => expectEnvelope((await call(served.server.url + path)).body, false);
/** An install in 1.12.0's 30% share, and one outside it. */
async function installs(): Promise<{ inShare: string; outside: string }> {
  const found: { inShare?: string; outside?: string } = {};
  for (let i = 0; found.inShare === undefined || found.outside === undefined; i++) {
    const id = `install-${i}`;
    const offered = (await since(`/api/changelog/since/1.11.2?install_id=${id}&platform=macos&arch=arm64`)).latest === '1.12.0';
    found[offered ? 'inShare' : 'outside'] ??= id;
  }
  return found as { inShare: string; outside: string };
}

describe('an update check for a platform', () => {
  it('hands the client the build of latest, with its hashes and signature', async () => {
    const data = await since('/api/changelog/since/1.11.0?platform=macos&arch=arm64');
    expect(data).toMatchObject({ current: '1.11.0', latest: '1.11.2', up_to_date: false, critical: true, platform: 'macos-arm64' });
    expect(Object.keys(data.releases)).toEqual(['1.11.2', '1.11.1']); // 1.12.0 is staged: not this install's
    expect(data.download).toEqual({
      version: '1.11.2',
      url: 'https://downloads.tunnel-companion.example/1.11.2/TunnelCompanion-1.11.2-macos-arm64.zip',
      size: 81920,
      sha512: expect.stringMatching(/^[0-9a-f]{128}$/),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      signature: expect.stringMatching(/==$/),
      minisign: expect.any(String),
    });
    expect(Object.keys(data)).toEqual(['current', 'latest', 'up_to_date', 'known', 'releases', 'critical', 'minimum_supported', 'platform', 'download']);
  });

  it('lists only the releases offered to this install, and the staged one with its build to an install in its share', async () => {
    const { inShare, outside } = await installs();
    const inside = await since(`/api/changelog/since/1.11.2?install_id=${inShare}&platform=windows`);
    expect(inside).toMatchObject({ latest: '1.12.0', up_to_date: false, platform: 'windows-x64', download: { version: '1.12.0', size: 8192, notes_url: 'https://tunnel-companion.example/changelog/1.12.0' } });
    expect(Object.keys(inside.releases)).toEqual(['1.12.0']);
    const out = await since(`/api/changelog/since/1.11.2?install_id=${outside}&platform=windows`);
    expect(out).toMatchObject({ latest: '1.11.2', up_to_date: true, releases: {}, download: null });
    // Without a platform too, a staged release is listed only to the installs in its share (with its rollout).
    expect(await since(`/api/changelog/since/1.11.2?install_id=${outside}`)).toMatchObject({ latest: '1.11.2', up_to_date: true, releases: {} });
    expect(await since('/api/changelog/since/1.11.2')).toMatchObject({ latest: '1.11.2', up_to_date: true, releases: {} });
    const insideAnyPlatform = await since(`/api/changelog/since/1.11.2?install_id=${inShare}`);
    expect(insideAnyPlatform).toMatchObject({ latest: '1.12.0', up_to_date: false });
    expect(Object.keys(insideAnyPlatform.releases)).toEqual(['1.12.0']);
    expect(insideAnyPlatform.releases['1.12.0']).toMatchObject({ rollout: 30 });
  });

  it('does not offer a release with builds but none for the platform', async () => {
    const { inShare } = await installs();
    // 1.12.0 has no Linux build: an install in its share on Linux stays on 1.11.2.
    expect(await since(`/api/changelog/since/1.11.2?install_id=${inShare}&platform=linux`)).toMatchObject({ latest: '1.11.2', up_to_date: true, releases: {} });
    // linux-arm64: neither 1.11.2 nor the critical 1.11.1 has a build; 1.11.0 ships none at all (updates some other way).
    const arm = await since('/api/changelog/since/1.10.2?platform=linux&arch=arm64');
    expect(arm).toMatchObject({ latest: '1.11.0', up_to_date: false, critical: false, platform: 'linux-arm64', download: null });
    expect(Object.keys(arm.releases)).toEqual(['1.11.0']);
  });

  it('says an up-to-date client has nothing to download', async () => {
    expect(await since('/api/changelog/since/1.11.2?platform=macos&arch=x64')).toMatchObject({ up_to_date: true, latest: '1.11.2', download: null, releases: {} });
    // An install on a release with no build for its platform is never told an older one is the latest.
    expect(await since('/api/changelog/since/1.12.0?platform=macos&arch=x64')).toMatchObject({ current: '1.12.0', latest: '1.12.0', up_to_date: true, download: null, releases: {} });
  });

  it('refuses an unknown platform or architecture with 400 BAD_PARAMETER; an architecture alone narrows nothing', async () => {
    expect(await since('/api/changelog/since/1.11.1?arch=arm64')).toEqual(await since('/api/changelog/since/1.11.1'));
    for (const query of ['platform=beos', 'platform=macos&arch=ppc', 'platform=macos&platform=linux']) {
      expectError(await call(`${served.server.url}/api/changelog/since/1.11.2?${query}`), 400, 'BAD_PARAMETER');
    }
  });
});

describe('the update check on the fast path', () => {
  it('is served by the fast path, gzipped, with and without install_id, and answers 304 to a held ETag', async () => {
    for (const path of ['/api/changelog/since/1.0.0', '/api/changelog/since/1.0.0?install_id=abc&platform=macos&arch=arm64']) {
      const plain = await rawRequest(served.server.url + path);
      const zipped = await rawRequest(served.server.url + path, { headers: { 'accept-encoding': 'gzip' } });
      expect(servedFast(plain)).toBe(true);
      expect(plain.body.length).toBeGreaterThan(1024);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(gunzipSync(zipped.body).toString()).data).toEqual(JSON.parse(plain.body.toString()).data);
      const again = await rawRequest(served.server.url + path, { headers: { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) } });
      expect(again.status).toBe(304);
      expect(again.headers['cache-control']).toBe(path.includes('install_id') ? 'private, max-age=30' : 'public, max-age=30, stale-while-revalidate=60');
    }
  });

  it('keeps one answer per share, not per install', async () => {
    const { outside } = await installs();
    const entries = () => (served.server.app.locals as { fastReadCacheEntries: () => number }).fastReadCacheEntries();
    const before = entries();
    const tags = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const res = await rawRequest(`${served.server.url}/api/changelog/since/1.11.2?install_id=${outside}-${i}&platform=macos&arch=arm64`);
      tags.add(String(res.headers.etag));
    }
    expect(tags.size).toBeLessThanOrEqual(2); // in the share or not
    expect(entries() - before).toBeLessThanOrEqual(2);
  });
});
