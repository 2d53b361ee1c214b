import { parseAppcast, sparkleUpdate } from '../../../packages/updater-formats/test/sparkle-client';
import { rawRequest, servedFast } from './raw-http';
import { call, type TestServer } from './server';
import { type SignedBuild, type SignedReleases, serveSignedReleases } from './signed-releases';

// Sparkle as native Mac apps use it (build numbers in CFBundleVersion, deltas, channels, system
// profiling), read with Sparkle 2's own rules (packages/updater-formats/test/sparkle-client.ts),
// and Tauri with several bundles and its conventional `{{current_version}}` path, against the
// service's update check install by install.
//
// Content: the shipped releases plus 1.13.0 (build 5000), 1.13.1 (build 5010, rollout 30, a delta
// from 1.13.0) and the preview 1.14.0-beta.1 (build 5100, a delta from 1.13.1), each with a
// macos-arm64 zip, and Linux AppImage and deb builds for Tauri; signed with the test key.

const RELEASES = [
  { version: '1.13.0', channel: 'stable', build: '5000', extra: '', deltaFrom: undefined },
  { version: '1.13.1', channel: 'stable', build: '5010', extra: 'rollout: 30\n', deltaFrom: '1.13.0' },
  { version: '1.14.0-beta.1', channel: 'preview', build: '5100', extra: '', deltaFrom: '1.13.1' },
] as const;
const BUILD_OF: Record<string, string> = { '1.13.0': '5000', '1.13.1': '5010', '1.14.0-beta.1': '5100' };
const INSTALLS = Array.from({ length: 16 }, (_, i) => `install-${i}`);

let served: SignedReleases;
let server: TestServer;

beforeAll(async () => {
  const build = (target: SignedBuild['target'], name: string, facts = {}): SignedBuild => ({ target, name, bytes: `${name}\n`.repeat(256), facts });
  served = await serveSignedReleases(
    RELEASES.map((r) => ({
      version: r.version,
      channel: r.channel,
      date: '2026-11-27',
      extra: `build: "${r.build}"\n${r.extra}`,
      builds: [
        build('macos-arm64', `TunnelCompanion-${r.version}.zip`),
        ...(r.deltaFrom ? [build('macos-arm64', `TunnelCompanion-${BUILD_OF[r.version]}-${BUILD_OF[r.deltaFrom]}.delta`, { deltaFrom: r.deltaFrom })] : []),
        build('linux-x64', `tunnel-companion_${r.version}_amd64.AppImage`),
        build('linux-x64', `tunnel-companion_${r.version}_amd64.deb`),
      ],
    })),
    { host: 'downloads.tunnel-companion.example' },
  );
  server = served.server;
});

afterAll(() => served?.close());

async function native(host: string, channel: 'stable' | 'preview', install: string, platform = 'macos&arch=arm64'): Promise<string | null> {
  const data = (await call(`${server.url}/api/changelog/${channel === 'preview' ? 'preview/' : ''}since/${host}?platform=${platform}&install_id=${install}`)).body.data;
  return data.up_to_date ? null : (data.latest as string);
}

const appcast = async (path: string) => {
  const res = await rawRequest(server.url + path);
  expect(res.status).toBe(200);
  return { items: parseAppcast(res.body.toString()), res };
};

describe('Sparkle with build numbers', () => {
  it('compares builds as Sparkle does: each install takes what the update check offers it, through a delta from its own build', async () => {
    for (const install of INSTALLS) {
      const { items } = await appcast(`/api/updates/sparkle/stable/macos-arm64?install_id=${install}&version=1.13.0`);
      const chosen = sparkleUpdate(items, { version: '5000', os: '14.5' });
      const expected = await native('1.13.0', 'stable', install);
      expect({ install, offered: chosen?.item.displayVersion ?? null }).toEqual({ install, offered: expected });
      if (chosen) {
        expect(chosen.item.version).toBe('5010');
        expect(chosen.delta?.url).toBe('https://downloads.tunnel-companion.example/1.13.1/TunnelCompanion-5010-5000.delta');
      }
    }
  });

  it('ignores the parameters SUEnableSystemProfiling adds, answering exactly as without them, from the fast path', async () => {
    const plain = await appcast('/api/updates/sparkle/stable/macos-arm64?install_id=install-1');
    const profiled = await appcast('/api/updates/sparkle/stable/macos-arm64?install_id=install-1&appName=Tunnel%20Companion&appVersion=5000&cpu64bit=1&cpuFreqMHz=3200&cputype=16777228&cpusubtype=2&lang=en&model=Mac14,2&ncpu=8&osVersion=14.5&ramMB=16384');
    expect(profiled.res.body.toString()).toBe(plain.res.body.toString());
    const again = await rawRequest(`${server.url}/api/updates/sparkle/stable/macos-arm64?osVersion=14.5&appName=x`);
    expect([again.status, servedFast(await rawRequest(`${server.url}/api/updates/sparkle/stable/macos-arm64?osVersion=14.5&appName=x`))]).toEqual([200, true]);
  });

  it("tags pre-releases with their channel on a named channel's appcast: only a host that allows beta takes 1.14.0-beta.1", async () => {
    const { items } = await appcast('/api/updates/sparkle/beta/macos-arm64?install_id=install-1');
    expect(items.find((i) => i.displayVersion === '1.14.0-beta.1')?.channel).toBe('beta');
    expect(items.filter((i) => i.channel !== undefined).map((i) => i.displayVersion)).toEqual(['1.14.0-beta.1']);
    const beta = sparkleUpdate(items, { version: '5010', os: '14.5', channels: ['beta'] });
    expect([beta?.item.displayVersion, beta?.delta?.url]).toEqual(['1.14.0-beta.1', 'https://downloads.tunnel-companion.example/1.14.0-beta.1/TunnelCompanion-5100-5010.delta']);
    expect(sparkleUpdate(items, { version: '5010', os: '14.5' })).toBeNull();
  });
});

describe('Tauri with several bundles', () => {
  // tauri-plugin-updater's Updater::get_urls: `{os}-{arch}-{installer}`, then `{os}-{arch}`.
  const urlFor = (manifest: { platforms: Record<string, { url: string }> }, installer: string) => (manifest.platforms[`linux-x86_64-${installer}`] ?? manifest.platforms['linux-x86_64'])?.url;

  it('names each bundle, so an AppImage install and a deb install each take their own, on the conventional path too', async () => {
    for (const install of INSTALLS.slice(0, 6)) {
      const byQuery = await rawRequest(`${server.url}/api/updates/tauri/stable/linux/x86_64?install_id=${install}&version=1.12.0`);
      const byPath = await rawRequest(`${server.url}/api/updates/tauri/stable/linux/x86_64/1.12.0?install_id=${install}`);
      expect(byPath.body.toString()).toBe(byQuery.body.toString());
      const manifest = JSON.parse(byPath.body.toString());
      expect(manifest.version).toBe(await native('1.12.0', 'stable', install, 'linux'));
      expect(urlFor(manifest, 'appimage')).toMatch(/\.AppImage$/);
      expect(urlFor(manifest, 'deb')).toMatch(/\.deb$/);
    }
  });

  it("keeps a pre-release install on preview to its major, when the path names its version", async () => {
    const res = await rawRequest(`${server.url}/api/updates/tauri/preview/linux/x86_64/1.12.0-rc.1`);
    expect(JSON.parse(res.body.toString()).version).toBe('1.14.0-beta.1');
    const other = await rawRequest(`${server.url}/api/updates/tauri/preview/linux/x86_64/2.0.0-alpha.1`);
    // An alpha of 2.x is offered no 1.x pre-release: the newest release with both bundles is the older 1.13.0, which Tauri takes as no update.
    expect(JSON.parse(other.body.toString()).version).toBe('1.13.0');
  });
});
