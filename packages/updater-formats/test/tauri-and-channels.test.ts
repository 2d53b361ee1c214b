import { channelOffers, channelOfVersion, previewOffersTo, tauriManifest } from '../src/index';
import { build, release } from './releases';

// tauri-plugin-updater (plugins/updater/src/updater.rs, Updater::get_urls): with no target set it
// looks for `{os}-{arch}-{installer}` (the bundle the app was installed from: nsis, msi, app,
// appimage, deb, rpm) and then `{os}-{arch}` in `platforms`; TargetsNotFound otherwise.
function tauriUrl(manifest: string, os: string, arch: string, installer: string | null): string | null {
  const { platforms } = JSON.parse(manifest) as { platforms: Record<string, { url: string; signature: string }> };
  for (const target of [...(installer ? [`${os}-${arch}-${installer}`] : []), `${os}-${arch}`]) if (platforms[target]) return platforms[target].url;
  return null;
}

const SIGNED = { minisign: 'c2lnbmVk' };

describe("Tauri's JSON with several bundles", () => {
  const linux = release('2.0.0', ['AppImage', 'deb', 'rpm'].map((ext) => build('linux-x64', `app_2.0.0_amd64.${ext}`, SIGNED)));
  const windows = release('2.0.0', [build('windows-x64', 'app_2.0.0_x64-setup.exe', SIGNED), build('windows-x64', 'app_2.0.0_x64_en-US.msi', SIGNED)]);

  it('gives each bundle its key, so each install takes the package it was installed from', () => {
    const json = tauriManifest([linux], 'linux', 'x86_64')!;
    expect(tauriUrl(json, 'linux', 'x86_64', 'deb')).toMatch(/\.deb$/);
    expect(tauriUrl(json, 'linux', 'x86_64', 'rpm')).toMatch(/\.rpm$/);
    expect(tauriUrl(json, 'linux', 'x86_64', 'appimage')).toMatch(/\.AppImage$/);
    // A plugin from before bundle keys reads {os}-{arch}: the first of them.
    expect(tauriUrl(json, 'linux', 'x86_64', null)).toMatch(/\.AppImage$/);
    const win = tauriManifest([windows], 'windows', 'x86_64')!;
    expect([tauriUrl(win, 'windows', 'x86_64', 'nsis'), tauriUrl(win, 'windows', 'x86_64', 'msi')]).toEqual([expect.stringMatching(/setup\.exe$/), expect.stringMatching(/\.msi$/)]);
  });

  it('names the newest release with a signed build of every bundle the channel ships', () => {
    const newer = release('2.1.0', [build('linux-x64', 'app_2.1.0_amd64.AppImage', SIGNED)]);
    expect(JSON.parse(tauriManifest([newer, linux], 'linux', 'x86_64')!).version).toBe('2.0.0');
  });
});

describe('named channels', () => {
  it("offer what electron-builder's channel files hold: beta gets rc, beta and stable; stable never a pre-release", () => {
    const versions = ['2.0.0', '2.0.0-rc.1', '2.0.0-beta.3', '2.0.0-alpha.2', '2.0.0-pre.1'];
    const offered = (channel: Parameters<typeof channelOffers>[0]) => versions.filter((v) => channelOffers(channel, v));
    expect(offered('stable')).toEqual(['2.0.0']);
    expect(offered('rc')).toEqual(['2.0.0', '2.0.0-rc.1']);
    expect(offered('beta')).toEqual(['2.0.0', '2.0.0-rc.1', '2.0.0-beta.3']);
    expect(offered('alpha')).toEqual(['2.0.0', '2.0.0-rc.1', '2.0.0-beta.3', '2.0.0-alpha.2']);
    expect(offered('preview')).toEqual(versions);
    expect(channelOfVersion('1.12.0-Beta.1')).toBe('beta');
  });

  it('keep a pre-release install on preview to its own major', () => {
    expect(previewOffersTo('1.12.0-beta.1', '2.0.0-alpha.1')).toBe(false);
    expect(previewOffersTo('1.12.0-beta.1', '1.12.0-rc.1')).toBe(true);
    expect(previewOffersTo('1.12.0-beta.1', '2.0.0')).toBe(true);
    expect(previewOffersTo('1.12.0', '2.0.0-alpha.1')).toBe(true);
    expect(previewOffersTo(undefined, '2.0.0-alpha.1')).toBe(true);
  });
});
