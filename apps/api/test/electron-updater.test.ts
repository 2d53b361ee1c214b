import { createRequire } from 'node:module';
import os from 'node:os';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { electronStub, type Machine, processPose } from './electron-stub';
import { call, flushed, SHIPPED_CONTENT, startServer, type TestServer } from './server';

// electron-updater's own classes (NsisUpdater, MacUpdater, AppImageUpdater with its GenericProvider
// and staging) run in Node with only the `electron` module stubbed, with their default options, as a
// packaged app configured by electron-builder's app-update.yml (`provider: generic`), against the
// service over real HTTP. The host's OS and architecture (process.platform, process.arch,
// os.release) are set as each install's machine would report them.
//
// Content: the shipped releases (1.11.2 for every platform but linux-arm64, 1.12.0 at rollout 20),
// plus a critical 1.13.0 for five platforms (macOS 13 and later), 1.13.1 at rollout 30, and
// 1.14.0 with builds for windows-x64 and macos-arm64 only.

const stub = electronStub();
import.meta.jest.mock('electron', () => stub.module, { virtual: true });
const require = createRequire(import.meta.url);
const { NsisUpdater, MacUpdater, AppImageUpdater } = require('electron-updater') as typeof import('electron-updater');

const HEX = (c: string) => c.repeat(128);
const build = (version: string, platform: string, ext: string, minimumOs?: string) => `  - platform: ${platform}
    url: https://downloads.tunnel-companion.example/${version}/TunnelCompanion-${version}-${platform}.${ext}
    size: 4096
    sha512: ${HEX('abcdef'[(version.length + platform.length) % 6]!)}
${minimumOs ? `    minimum_os: "${minimumOs}"\n` : ''}`;
const release = (version: string, extra: string, builds: string[]) => `version: ${version}
date: 2026-11-26
description: Release ${version}
changes:
  - Changes of ${version}.
${extra}artifacts:
${builds.join('')}`;
const FIVE = (version: string) => [
  build(version, 'windows-x64', 'exe'),
  build(version, 'windows-arm64', 'exe'),
  build(version, 'macos-x64', 'zip', '13.0'),
  build(version, 'macos-arm64', 'zip', '13.0'),
  build(version, 'linux-x64', 'AppImage'),
];
const FILES: Record<string, string> = {
  'changelog/stable/1.13.0.yaml': release('1.13.0', 'critical: true\n', FIVE('1.13.0')),
  'changelog/stable/1.13.1.yaml': release('1.13.1', 'rollout: 30\n', FIVE('1.13.1')),
  'changelog/stable/1.14.0.yaml': release('1.14.0', '', [build('1.14.0', 'windows-x64', 'exe'), build('1.14.0', 'macos-arm64', 'zip', '13.0')]),
};

let server: TestServer;
let dir: string;
const pose = processPose();

beforeAll(async () => {
  const content = await mkdtemp(join(os.tmpdir(), 'api-electron-content-'));
  await cp(SHIPPED_CONTENT, content, { recursive: true });
  for (const [file, text] of Object.entries(FILES)) await writeFile(join(content, file), text);
  server = await startServer({ contentDir: content, tokens: 'pm=releases:read' });
  expect((await call(`${server.url}/health`)).body.content.issues).toEqual([]);
  dir = await mkdtemp(join(os.tmpdir(), 'api-electron-app-'));
  // electron-builder writes this into the packaged app's resources for `publish: { provider: generic, url }`.
  await writeFile(join(dir, 'app-update.yml'), `provider: generic\nurl: ${server.url}/api/updates/electron\nupdaterCacheDirName: tunnel-companion-updater\n`);
  pose.resources(dir);
  pose.env('XDG_CACHE_HOME', join(dir, 'cache'));
});

afterAll(async () => {
  pose.restore();
  await server?.close();
  await rm(server.contentDir, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
});

const WINDOWS = (arch: Machine['arch']): Machine => ({ platform: 'win32', arch, osRelease: '10.0.22631' });
const MAC = (arch: Machine['arch'], darwin = '23.4.0'): Machine => ({ platform: 'darwin', arch, osRelease: darwin });
const LINUX = (arch: Machine['arch']): Machine => ({ platform: 'linux', arch, osRelease: '6.1.0' });

let installs = 0;
/**
 * One install checking for updates: a fresh userData (electron-updater makes its own .updaterId
 * there, or finds `updaterId`), the updater class for its OS with default options, and what it
 * did: the version it offered (null for none) and the build it went to download.
 */
async function check(machine: Machine, version: string, setup: (updater: any) => void = () => undefined, updaterId?: string) {
  pose.machine(machine);
  // The AppImage runtime names the running image; AppImageUpdater checks nothing without it.
  pose.env('APPIMAGE', machine.platform === 'linux' ? join(dir, 'TunnelCompanion.AppImage') : undefined);
  const userData = join(dir, `install-${++installs}`);
  if (updaterId !== undefined) {
    await import('node:fs/promises').then((fs) => fs.mkdir(userData, { recursive: true }));
    await writeFile(join(userData, '.updaterId'), updaterId);
  }
  stub.setApp(version, userData);
  const Updater = machine.platform === 'win32' ? NsisUpdater : machine.platform === 'darwin' ? MacUpdater : AppImageUpdater;
  const updater: any = new Updater();
  updater.logger = null;
  const errors: Error[] = [];
  updater.on('error', (e: Error) => errors.includes(e) || errors.push(e));
  setup(updater);
  const before = stub.offline.length;
  const result = await updater.checkForUpdates().catch((e: any) => {
    errors.push(e);
    return null;
  });
  await result?.downloadPromise?.catch(() => undefined);
  const downloads = stub.offline.slice(before).filter((u) => !new URL(u).pathname.endsWith('.blockmap'));
  return {
    offered: result?.isUpdateAvailable ? (result.updateInfo.version as string) : null,
    download: downloads[0] ?? null,
    errors: errors.map((e: any) => e.code ?? e.message),
    id: (await readFile(join(userData, '.updaterId'), 'utf8').catch(() => null)) as string | null,
  };
}

const nativeLatest = async (version: string, platform: string, arch: string, installId: string) => {
  const res = await call(`${server.url}/api/changelog/since/${version}?platform=${platform}&arch=${arch}&install_id=${installId}`);
  return res.body.data.latest as string | null;
};

describe('electron-updater with the documented configuration', () => {
  it('checks without an error on every OS: its noCache query is accepted and the staging id header sent', async () => {
    for (const machine of [WINDOWS('x64'), MAC('arm64'), LINUX('x64')]) {
      const sentBefore = stub.sent.length;
      const result = await check(machine, '1.11.0');
      expect(result.errors.filter((e) => e !== 'ERR_UPDATER_INVALID_SIGNATURE' && !/DISCONNECTED/.test(e))).toEqual([]);
      expect(result.offered).not.toBeNull();
      const request = stub.sent.slice(sentBefore).find((r) => /\/api\/updates\/electron\/latest/.test(r.url))!;
      expect(request.url).toMatch(/\?noCache=[0-9a-v]+$/);
      expect(request.headers['x-user-staging-id']).toBe(result.id);
    }
  });

  it('never hands an install the build of another architecture, nor an update without a build for it', async () => {
    // 1.14.0 has builds for windows-x64 and macos-arm64 only: from the shared latest.yml and
    // latest-mac.yml no install is offered it, so Windows arm64 never gets the x64 .exe and an
    // Intel Mac is never told of an update it has no file for (ERR_UPDATER_NO_FILES_PROVIDED).
    const arm = await check(WINDOWS('arm64'), '1.11.0');
    expect(arm.offered).toMatch(/^1\.13\.[01]$/);
    expect(arm.download).toBe(`https://downloads.tunnel-companion.example/${arm.offered}/TunnelCompanion-${arm.offered}-windows-arm64.exe`);
    const x64 = await check(WINDOWS('x64'), '1.11.0');
    expect(x64.download).toBe(`https://downloads.tunnel-companion.example/${x64.offered}/TunnelCompanion-${x64.offered}-windows-x64.exe`);
    const intel = await check(MAC('x64'), '1.11.0');
    expect(intel.offered).toMatch(/^1\.13\.[01]$/);
    expect(intel.errors).not.toContain('ERR_UPDATER_NO_FILES_PROVIDED');
    expect(intel.download).toBe(`https://downloads.tunnel-companion.example/${intel.offered}/TunnelCompanion-${intel.offered}-macos-x64.zip`);
    const appleSilicon = await check(MAC('arm64'), '1.11.0');
    expect(appleSilicon.download).toBe(`https://downloads.tunnel-companion.example/${appleSilicon.offered}/TunnelCompanion-${appleSilicon.offered}-macos-arm64.zip`);
    // Linux arm64 reads latest-linux-arm64.yml: no release has a build, so it is a 404 and nothing is offered.
    const linuxArm = await check(LINUX('arm64'), '1.11.0');
    expect(linuxArm.offered).toBeNull();
    expect(linuxArm.errors).toContain('ERR_UPDATER_CHANNEL_FILE_NOT_FOUND');
    expect(linuxArm.download).toBeNull();
  });

  it('with arch in the feed URL, offers what the update check offers that platform', async () => {
    const feed = (arch: string) => (updater: any) => updater.setFeedURL({ provider: 'generic', url: `${server.url}/api/updates/electron?arch=${arch}` });
    const windows = await check(WINDOWS('x64'), '1.11.0', feed('x64'));
    expect(windows.offered).toBe('1.14.0');
    // electron-updater carries the feed URL's query over to the download URLs.
    expect(windows.download).toMatch(/1\.14\.0-windows-x64\.exe\?arch=x64$/);
    expect(windows.offered).toBe(await nativeLatest('1.11.0', 'windows', 'x64', windows.id!));
    const mac = await check(MAC('arm64'), '1.11.0', feed('arm64'));
    expect(mac.download).toMatch(/1\.14\.0-macos-arm64\.zip\?arch=arm64$/);
    const intel = await check(MAC('x64'), '1.11.0', feed('x64'));
    expect(intel.download).toMatch(/1\.13\.[01]-macos-x64\.zip\?arch=x64$/);
    expect(intel.offered).toBe(await nativeLatest('1.11.0', 'macos', 'x64', intel.id!));
  });

  it("stages by electron-updater's own id exactly as the update check stages that install_id, and never hides the critical release", async () => {
    let inShare = 0;
    for (let i = 0; i < 40; i++) {
      const result = await check(LINUX('x64'), '1.11.0');
      const native = await nativeLatest('1.11.0', 'linux', 'x64', result.id!);
      expect(result.offered).toBe(native);
      // 1.13.1 at 30% to those in its share, the critical 1.13.0 to everyone else.
      expect(['1.13.0', '1.13.1']).toContain(result.offered);
      if (result.offered === '1.13.1') inShare++;
    }
    expect(inShare).toBeGreaterThan(0);
    expect(inShare).toBeLessThan(40);
  });

  it('stages Windows and Mac installs of either architecture by their own id too, the critical release to the rest', async () => {
    for (const machine of [WINDOWS('arm64'), WINDOWS('x64'), MAC('x64'), MAC('arm64')]) {
      const platform = machine.platform === 'win32' ? 'windows' : 'macos';
      for (let i = 0; i < 8; i++) {
        const result = await check(machine, '1.11.0');
        // The shared file names the newest release with builds for both architectures (1.14.0 has
        // not): 1.13.1 to the installs the update check puts in its 30%, the critical 1.13.0 to the rest.
        const native = (await call(`${server.url}/api/changelog/since/1.11.0?platform=${platform}&arch=${machine.arch}&install_id=${result.id}`)).body.data;
        expect(result.offered).toBe('1.13.1' in native.releases ? '1.13.1' : '1.13.0');
        expect(native.critical).toBe(true);
        expect(result.download).toMatch(new RegExp(`${result.offered!.replace(/\./g, '\\.')}-${platform}-${machine.arch}\\.`));
      }
    }
  });

  it('takes the install id from the feed URL or requestHeaders, so one install is in one stage in every format', async () => {
    for (let i = 0; i < 20; i++) {
      const id = `install-${i}`;
      const native = await nativeLatest('1.11.0', 'windows', 'x64', id);
      const byUrl = await check(WINDOWS('x64'), '1.11.0', (u) => u.setFeedURL({ provider: 'generic', url: `${server.url}/api/updates/electron?arch=x64&install_id=${id}` }));
      expect(byUrl.offered).toBe(native);
      const byHeader = await check(LINUX('x64'), '1.11.0', (u) => (u.requestHeaders = { 'x-user-staging-id': id }));
      expect(byHeader.offered).toBe(await nativeLatest('1.11.0', 'linux', 'x64', id));
    }
  });

  it('counts an install in release health when the feed URL names the version the app runs: offered, then taken', async () => {
    // The app adds its own version to the feed URL; electron-updater sends its .updaterId as x-user-staging-id.
    const feed = (version: string) => (u: any) => u.setFeedURL({ provider: 'generic', url: `${server.url}/api/updates/electron?arch=arm64&version=${version}` });
    // The other tests' update checks count too (on this server, today): what this install adds is compared.
    const today = async () => {
      await flushed(server);
      const day = (await call(`${server.url}/api/releases/1.14.0/health?days=1`, { headers: { authorization: 'Bearer pm' } })).body.data.days[0];
      return { active: day.active_installs as number, mac: (day.platforms.macos?.active_installs ?? 0) as number, offered: day.offered as number, took: day.took as number };
    };
    const before = await today();
    // An id electron-updater made up itself is answered but not counted.
    const unvouched = await check(MAC('arm64'), '1.14.0', feed('1.14.0'));
    expect(unvouched.errors).toEqual([]);
    expect(await today()).toEqual(before);
    // The app fetches a credential once and writes it where electron-updater keeps its id (docs/API.md).
    const issued = await call(`${server.url}/api/installs`, { method: 'POST' });
    expect(issued.status).toBe(201);
    const credential = issued.body.data.install_id as string;
    const first = await check(MAC('arm64'), '1.13.0', feed('1.13.0'), credential);
    expect(first.offered).toBe('1.14.0');
    expect([first.id, stub.sent.filter((r) => /\/api\/updates\/electron\/latest/.test(r.url)).at(-1)!.headers['x-user-staging-id']]).toEqual([credential, credential]);
    const again = await check(MAC('arm64'), '1.14.0', feed('1.14.0'), credential);
    expect([again.offered, again.errors]).toEqual([null, []]);
    const after = await today();
    expect({ active: after.active - before.active, mac: after.mac - before.mac, offered: after.offered - before.offered, took: after.took - before.took }).toEqual({ active: 1, mac: 1, offered: 1, took: 1 });
    // A malformed version is refused rather than counted wrong.
    expect((await call(`${server.url}/api/updates/electron/latest-mac.yml?version=one`)).status).toBe(400);
  });

  it("compares the minimum macOS version as electron-updater does, against the Darwin version", async () => {
    // 1.13.x need macOS 13 (Darwin 22): macOS 12 (Darwin 21.6) is offered nothing newer from
    // latest-mac.yml, macOS 13.0 (Darwin 22.1) is.
    expect((await check(MAC('arm64', '21.6.0'), '1.11.0')).offered).toBeNull();
    expect((await check(MAC('arm64', '22.1.0'), '1.11.0')).offered).toMatch(/^1\.13\.[01]$/);
    const yml = await (await fetch(`${server.url}/api/updates/electron/latest-mac.yml`)).text();
    expect(yml).toMatch(/^minimumSystemVersion: 22\.0\.0$/m);
  });

  it("serves the preview channel as the docs set it (channel 'preview', no downgrades)", async () => {
    const preview = (arch: string) => (u: any) => {
      u.setFeedURL({ provider: 'generic', url: `${server.url}/api/updates/electron?arch=${arch}` });
      u.channel = 'preview';
      u.allowDowngrade = false;
    };
    // 2.0.0-alpha.1 has a macos-arm64 build and none for macos-x64.
    const arm = await check(MAC('arm64'), '1.11.0', preview('arm64'));
    expect(arm.offered).toBe('2.0.0-alpha.1');
    expect(arm.download).toMatch(/2\.0\.0-alpha\.1-macos-arm64\.zip\?arch=arm64$/);
    expect(stub.sent.at(-1)!.url).toMatch(/\/api\/updates\/electron\/preview-mac\.yml\?arch=arm64$/);
    const intel = await check(MAC('x64'), '1.11.0', preview('x64'));
    expect(intel.offered).toMatch(/^1\.13\.[01]$/);
    expect(intel.download).toMatch(/-macos-x64\.zip\?arch=x64$/);
  });

  it('offers nothing to an install on the newest release', async () => {
    expect((await check(WINDOWS('x64'), '1.13.1')).offered).toBeNull();
  });
});
