import { createRequire } from 'node:module';
import { electronBuilds, electronBuildsOf, electronChannelFile, electronKeyOf } from '../src/index';
import { build, release } from './releases';

// electron-updater's own code that reads a channel file and picks a file from it, in Node as it is
// (its providers need no `electron`): Provider.parseUpdateInfo, resolveFiles and findFile with the
// arguments each updater passes (NsisUpdater `exe`; AppImageUpdater, DebUpdater and RpmUpdater
// their package and the others as `not`).
const require = createRequire(import.meta.url);
const { parseUpdateInfo, resolveFiles, findFile } = require('electron-updater/out/providers/Provider') as {
  parseUpdateInfo(raw: string, file: string, url: URL): { version: string; files: Array<{ url: string; sha512: string; size: number; blockMapSize?: number }> };
  resolveFiles(info: object, base: URL): Array<{ url: URL; info: { url: string; blockMapSize?: number } }>;
  findFile(files: object[], extension: string, not?: string[]): { url: URL; info: { blockMapSize?: number } } | undefined;
};
const { newBaseUrl } = require('electron-updater/out/util') as { newBaseUrl(url: string): URL };

const LINUX = 'linux-x64' as const;
const linux = (version: string, kinds: string[]) =>
  release(
    version,
    kinds.map((ext) => build(LINUX, `TunnelCompanion-${version}-x86_64.${ext}`, ext === 'AppImage' ? { blockmap_size: 1234 } : {})),
  );

describe('a Linux channel file with several packages', () => {
  const v2 = linux('2.0.0', ['AppImage', 'deb', 'rpm']);
  const wanted = new Set(electronBuildsOf(v2, LINUX).map(electronKeyOf));
  const base = newBaseUrl('https://companion.example.com/api/updates/electron');
  const read = (yml: string) => resolveFiles(parseUpdateInfo(yml, 'latest-linux.yml', new URL('latest-linux.yml', base)), base);

  it('lists each package, and each Linux updater takes its own', () => {
    const files = read(electronChannelFile(v2, electronBuilds(v2, [LINUX], wanted)!, false));
    expect(findFile(files, 'AppImage', ['rpm', 'deb', 'pacman'])!.url.pathname).toMatch(/\.AppImage$/);
    expect(findFile(files, 'deb', ['AppImage', 'rpm', 'pacman'])!.url.pathname).toMatch(/\.deb$/);
    expect(findFile(files, 'rpm', ['AppImage', 'deb', 'pacman'])!.url.pathname).toMatch(/\.rpm$/);
  });

  it("carries the AppImage's blockMapSize, which its differential download reads", () => {
    const files = read(electronChannelFile(v2, electronBuilds(v2, [LINUX], wanted)!, false));
    expect(findFile(files, 'AppImage', ['rpm', 'deb', 'pacman'])!.info.blockMapSize).toBe(1234);
    expect(findFile(files, 'deb', ['AppImage', 'rpm', 'pacman'])!.info.blockMapSize).toBeUndefined();
  });

  it('names no release that lacks a package the channel ships: a deb install is never handed an AppImage', () => {
    expect(electronBuilds(linux('2.1.0', ['AppImage']), [LINUX], wanted)).toBeNull();
  });

  it('names builds through a relative redirect when asked, which electron-updater resolves beside the channel file', () => {
    const yml = electronChannelFile(v2, electronBuilds(v2, [LINUX], wanted)!, false, (b) => `download/2.0.0/${b.url.split('/').pop()}`);
    const files = read(yml);
    expect(files.map((f) => f.url.toString())).toContain('https://companion.example.com/api/updates/electron/download/2.0.0/TunnelCompanion-2.0.0-x86_64.deb');
  });
});

describe('Windows and macOS channel files', () => {
  it('take the installer electron-updater runs from several builds of a platform (NSIS, not the Squirrel package)', () => {
    const v = release('2.0.0', [build('windows-x64', 'TunnelCompanion-2.0.0-full.nupkg'), build('windows-x64', 'TunnelCompanion-2.0.0-x64.exe'), build('windows-x64', 'TunnelCompanion-2.0.0-x64.msi')]);
    expect(electronBuildsOf(v, 'windows-x64').map((b) => b.url)).toEqual(['https://downloads.example.com/TunnelCompanion-2.0.0-x64.exe']);
    const mac = release('2.0.0', [build('macos-arm64', 'TunnelCompanion-2.0.0-arm64.dmg'), build('macos-arm64', 'TunnelCompanion-2.0.0-arm64.zip')]);
    expect(electronBuildsOf(mac, 'macos-arm64').map((b) => b.url)).toEqual(['https://downloads.example.com/TunnelCompanion-2.0.0-arm64.zip']);
  });

  it("take a platform's only build whatever its package, as before releases named several", () => {
    const v = release('2.0.0', [build('windows-x64', 'setup')]);
    expect(electronBuildsOf(v, 'windows-x64')).toHaveLength(1);
  });
});
