import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { startArtifactHost } from './artifact-host';
import { electronStub, processPose } from './electron-stub';
import { call, type TestServer } from './server';
import { type SignedRelease, type SignedReleases, serveSignedReleases } from './signed-releases';

// electron-updater's own classes (NsisUpdater, AppImageUpdater, DebUpdater, RpmUpdater with the
// generic provider, default options) download what the service names from an artifact host
// running on the loopback, so what reaches the host is seen: AppImage differential downloads from
// the block map the file carries (blockMapSize), each Linux updater's own package, the named
// channels, and no install id or version in any URL the host is asked for.
//
// Content: the shipped releases plus 2.1.0 (an AppImage electron-builder-style with its block map,
// a deb, an rpm, Windows installers and Mac zips), 2.2.0-beta.1 and 2.3.0-alpha.1 (Windows
// installers), each written by the release tooling and signed with the test key.

const stub = electronStub();
import.meta.jest.mock('electron', () => stub.module, { virtual: true });
const require = createRequire(import.meta.url);
const { NsisUpdater, AppImageUpdater, DebUpdater, RpmUpdater } = require('electron-updater') as typeof import('electron-updater');

const HOST = 'downloads.tunnel-companion.example';

/** An AppImage as electron-builder leaves it: the image, then its block map (4 KiB blocks, deflated), then the map's length. */
function appImage(image: Buffer): Buffer {
  const sizes: number[] = [];
  const checksums: string[] = [];
  for (let at = 0; at < image.length; at += 4096) {
    const block = image.subarray(at, at + 4096);
    sizes.push(block.length);
    checksums.push(createHash('sha256').update(block).digest('base64'));
  }
  const map = deflateRawSync(JSON.stringify({ version: '2', files: [{ name: 'file', offset: 0, checksums, sizes }] }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(map.length);
  return Buffer.concat([image, map, length]);
}
// Two images 256 KiB long that differ in 3 of their 64 blocks.
const OLD_IMAGE = Buffer.concat(Array.from({ length: 64 }, (_, i) => Buffer.alloc(4096, `block ${i} of the app\n`)));
const NEW_IMAGE = Buffer.concat(Array.from({ length: 64 }, (_, i) => Buffer.alloc(4096, [7, 30, 31].includes(i) ? `block ${i} of the new app\n` : `block ${i} of the app\n`)));
const [OLD_APPIMAGE, NEW_APPIMAGE] = [appImage(OLD_IMAGE), appImage(NEW_IMAGE)];

const bytesOf = (name: string) => Buffer.from(`${name}\n`.repeat(512));
const RELEASES: SignedRelease[] = [
  {
    version: '2.1.0',
    date: '2026-11-30',
    builds: (
      [
        ['linux-x64', 'TunnelCompanion-2.1.0-x86_64.AppImage', NEW_APPIMAGE],
        ['linux-x64', 'tunnel-companion_2.1.0_amd64.deb', bytesOf('deb 2.1.0')],
        ['linux-x64', 'tunnel-companion-2.1.0.x86_64.rpm', bytesOf('rpm 2.1.0')],
        ['windows-x64', 'TunnelCompanion-2.1.0-windows-x64.exe', bytesOf('exe x64 2.1.0')],
        ['windows-arm64', 'TunnelCompanion-2.1.0-windows-arm64.exe', bytesOf('exe arm64 2.1.0')],
        ['macos-x64', 'TunnelCompanion-2.1.0-macos-x64.zip', bytesOf('zip x64 2.1.0')],
        ['macos-arm64', 'TunnelCompanion-2.1.0-macos-arm64.zip', bytesOf('zip arm64 2.1.0')],
      ] as const
    ).map(([target, name, bytes]) => ({ target, name, bytes })),
  },
  ...(['2.2.0-beta.1', '2.3.0-alpha.1'] as const).map((version) => ({
    version,
    channel: 'preview' as const,
    date: '2026-11-30',
    builds: (['x64', 'arm64'] as const).map((arch) => ({ target: `windows-${arch}` as const, name: `TunnelCompanion-${version}-windows-${arch}.exe`, bytes: bytesOf(`exe ${arch} ${version}`) })),
  })),
];

let served: SignedReleases;
let server: TestServer;
let host: Awaited<ReturnType<typeof startArtifactHost>>;
let dir: string;
const pose = processPose();

beforeAll(async () => {
  served = await serveSignedReleases(RELEASES, { host: HOST, tokens: 'pm=releases:read' });
  server = served.server;
  dir = served.work;
  host = await startArtifactHost(served.files);
  stub.serveHost(HOST, host.port);
  await writeFile(join(dir, 'app-update.yml'), `provider: generic\nurl: ${server.url}/api/updates/electron\nupdaterCacheDirName: tunnel-companion-updater\n`);
  pose.resources(dir);
});

afterAll(async () => {
  pose.restore();
  await host?.close();
  await served?.close();
});

let installs = 0;
/** One install of `version` checking and downloading with `Updater` on `platform`/`arch`; what it was offered, the files it downloaded, and what the host was asked. */
type AnyUpdater = new () => { checkForUpdates(): Promise<unknown> };
async function update(Updater: AnyUpdater, platform: 'win32' | 'linux', version: string, setup: (u: any) => void = () => undefined, updaterId?: string) {
  pose.machine({ platform, arch: 'x64', osRelease: platform === 'win32' ? '10.0.22631' : '6.1.0' });
  const userData = join(dir, `install-${++installs}`);
  await mkdir(userData, { recursive: true });
  if (updaterId !== undefined) await writeFile(join(userData, '.updaterId'), updaterId);
  // Each install downloads into its own cache (Windows' LOCALAPPDATA, Linux's XDG_CACHE_HOME).
  pose.env('LOCALAPPDATA', join(userData, 'cache'));
  pose.env('XDG_CACHE_HOME', join(userData, 'cache'));
  pose.env('APPIMAGE', join(userData, 'TunnelCompanion.AppImage'));
  await writeFile(process.env.APPIMAGE!, OLD_APPIMAGE);
  stub.setApp(version, userData);
  const updater: any = new Updater();
  updater.logger = null;
  updater.on('error', () => undefined);
  setup(updater);
  const before = host.requests.length;
  const result = await updater.checkForUpdates();
  const downloaded = ((await result?.downloadPromise?.catch(() => null)) ?? []) as string[];
  return { offered: result?.isUpdateAvailable ? (result.updateInfo.version as string) : null, downloaded, asked: host.requests.slice(before) };
}

describe('electron-updater downloading from the artifact host', () => {
  it('downloads an AppImage differentially from the block map it carries: 3 changed blocks, not the whole file', async () => {
    const { offered, downloaded, asked } = await update(AppImageUpdater, 'linux', '1.11.2');
    expect(offered).toBe('2.1.0');
    expect(await readFile(downloaded[0]!)).toEqual(NEW_APPIMAGE);
    const image = asked.filter((r) => r.url.startsWith('/2.1.0/TunnelCompanion-2.1.0-x86_64.AppImage'));
    expect(image.every((r) => r.range !== undefined)).toBe(true);
    const fetched = image.reduce((sum, r) => sum + r.bytes, 0);
    // The block map at the end, then the three blocks that differ.
    expect(fetched).toBeLessThan(NEW_APPIMAGE.length / 4);
  });

  it('hands each Linux updater its own package from one channel file', async () => {
    for (const [Updater, name] of [[DebUpdater, 'tunnel-companion_2.1.0_amd64.deb'], [RpmUpdater, 'tunnel-companion-2.1.0.x86_64.rpm']] as const) {
      const { offered, downloaded, asked } = await update(Updater, 'linux', '1.11.2');
      expect(offered).toBe('2.1.0');
      expect(asked.map((r) => r.url)).toEqual([`/2.1.0/${name}`]);
      expect(await readFile(downloaded[0]!)).toEqual(served.files.get(`/2.1.0/${name}`));
    }
  });

  it('never sends an install id or version to the host, whichever feed URL the docs give', async () => {
    const credential = (await call(`${server.url}/api/installs`, { method: 'POST' })).body.data.install_id as string;
    // The version ending the feed URL, the credential in .updaterId: the builds' own URLs.
    const pathForm = await update(NsisUpdater, 'win32', '1.11.2', (u) => u.setFeedURL({ provider: 'generic', url: `${server.url}/api/updates/electron/1.11.2` }), credential);
    // Both in the query, as apps were told before: the channel file names the service's redirect.
    const queryForm = await update(NsisUpdater, 'win32', '1.11.2', (u) => u.setFeedURL({ provider: 'generic', url: `${server.url}/api/updates/electron?arch=x64&version=1.11.2&install_id=${credential}` }));
    for (const { offered, asked, downloaded } of [pathForm, queryForm]) {
      expect(offered).toBe('2.1.0');
      expect(asked.map((r) => r.url)).toContain('/2.1.0/TunnelCompanion-2.1.0-windows-x64.exe');
      expect(asked.filter((r) => /install_id|version=|\?/.test(r.url))).toEqual([]);
      expect(await readFile(downloaded[0]!)).toEqual(served.files.get('/2.1.0/TunnelCompanion-2.1.0-windows-x64.exe'));
    }
  });
});

describe("electron-updater's named channels", () => {
  it("gives a beta install beta, rc and stable releases, and an alpha install alphas too, as electron-builder's channel files do", async () => {
    const offered = async (channel: string | null) => (await update(NsisUpdater, 'win32', '2.1.0', (u) => channel && (u.channel = channel))).offered;
    expect(await offered(null)).toBeNull();
    expect(await offered('beta')).toBe('2.2.0-beta.1');
    expect(await offered('alpha')).toBe('2.3.0-alpha.1');
    expect(await offered('preview')).toBe('2.3.0-alpha.1');
  });

  it('keeps a pre-release install on preview to its major when the feed URL names its version', async () => {
    const preview = (url: string) => (u: any) => {
      u.setFeedURL({ provider: 'generic', url });
      u.channel = 'preview';
      u.allowDowngrade = false;
    };
    // 1.12.0-beta.1 is offered 2.1.0 (stable), not 2.x's alpha or beta.
    expect((await update(NsisUpdater, 'win32', '1.12.0-beta.1', preview(`${server.url}/api/updates/electron/1.12.0-beta.1`))).offered).toBe('2.1.0');
    // Without its version the service cannot tell; on stable it takes every preview.
    expect((await update(NsisUpdater, 'win32', '1.12.0-beta.1', preview(`${server.url}/api/updates/electron`))).offered).toBe('2.3.0-alpha.1');
    expect((await update(NsisUpdater, 'win32', '2.1.0', preview(`${server.url}/api/updates/electron/2.1.0`))).offered).toBe('2.3.0-alpha.1');
  });
});
