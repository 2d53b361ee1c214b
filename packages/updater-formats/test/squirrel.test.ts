import { deltaChain, squirrelChoice, squirrelFormOf, squirrelMacUpdate, squirrelReleases, squirrelVersionOf } from '../src/index';
import { build, release } from './releases';
import { compareVersions, packageUrl, parseReleaseFile, releasesToApply, releasesUrl, semanticVersion, squirrelMacCheck, toSemanticVersion, type ReleaseEntry } from './squirrel-clients';

const WIN = 'windows-x64' as const;
const nupkg = (version: string, delta?: string) => build(WIN, `TunnelCompanion-${squirrelFormOf(version)}-${delta ? 'delta' : 'full'}.nupkg`, delta ? { delta_from: delta } : {});
// Newest first. 1.13.0 has no delta; 1.12.1's patches 1.12.0, 1.12.0's patches 1.11.2.
const RELEASES = [
  release('1.13.0', [nupkg('1.13.0')]),
  release('1.12.1', [nupkg('1.12.1'), nupkg('1.12.1', '1.12.0')]),
  release('1.12.0', [nupkg('1.12.0'), nupkg('1.12.0', '1.11.2')]),
  release('1.12.0-beta.2', [nupkg('1.12.0-beta.2')], { file: 'changelog/preview/1.12.0-beta.2.yaml' }),
  release('1.11.2', [nupkg('1.11.2')]),
];
/** An install's own package, as its local RELEASES lists it. */
const installedEntry = (version: string): ReleaseEntry => parseReleaseFile(`${'0'.repeat(40)} TunnelCompanion-${squirrelFormOf(version)}-full.nupkg 1000`)[0]!;

/** RELEASES for an install as the service writes it: the newest offered full package, the deltas from the install's version. */
const releasesFor = (offered: typeof RELEASES, installed: string) => {
  const choice = squirrelChoice(offered, WIN, undefined)!;
  return squirrelReleases(choice.build, deltaChain(choice.release, installed, WIN, RELEASES));
};

describe("Squirrel.Windows' RELEASES", () => {
  it('reads versions from package names as Squirrel does, NuGet 2 order included', () => {
    for (const name of ['TunnelCompanion-1.12.0-full.nupkg', 'TunnelCompanion-1.12.0-beta2-delta.nupkg', 'Tunnel-Companion-2.0.0.1-full.nupkg']) {
      const ours = squirrelVersionOf(name)!;
      expect(compareVersions(semanticVersion(ours), toSemanticVersion(name))).toBe(0);
    }
    expect(squirrelFormOf('1.12.0-beta.2')).toBe('1.12.0-beta2');
    expect(compareVersions(toSemanticVersion('A-1.12.0-beta2-full.nupkg'), toSemanticVersion('A-1.12.0-full.nupkg'))).toBeLessThan(0);
  });

  it('lists lines Squirrel parses, oldest first: an install with a chain of deltas applies the deltas', () => {
    const text = releasesFor(RELEASES.slice(1), '1.11.2');
    const entries = parseReleaseFile(text);
    expect(entries.map((e) => e.filename)).toEqual(['TunnelCompanion-1.12.0-delta.nupkg', 'TunnelCompanion-1.12.1-delta.nupkg', 'TunnelCompanion-1.12.1-full.nupkg']);
    expect(entries.every((e) => e.baseUrl === null && e.query === null && e.stagingPercentage === null)).toBe(true);
    expect(entries.map((e) => e.sha1)).toEqual(entries.map((e) => e.sha1.toUpperCase()));
    // Deltas are smaller than nothing here (the example files are the same size): Squirrel takes the full package then.
    expect(releasesToApply(installedEntry('1.11.2'), entries).map((e) => e.filename)).toEqual(['TunnelCompanion-1.12.1-full.nupkg']);
    const smallDeltas = entries.map((e) => (e.isDelta ? { ...e, filesize: 10 } : e));
    expect(releasesToApply(installedEntry('1.11.2'), smallDeltas).map((e) => e.filename)).toEqual(['TunnelCompanion-1.12.0-delta.nupkg', 'TunnelCompanion-1.12.1-delta.nupkg']);
  });

  it('lists no delta that does not start at the install: Squirrel would apply every delta newer than it', () => {
    // 1.13.0 has no delta: the full package alone, whatever the install runs.
    expect(parseReleaseFile(releasesFor(RELEASES, '1.12.1')).map((e) => e.filename)).toEqual(['TunnelCompanion-1.13.0-full.nupkg']);
    // From the beta, no chain reaches 1.12.1 (1.12.0's delta patches 1.11.2).
    expect(parseReleaseFile(releasesFor(RELEASES.slice(1), '1.12.0-beta.2')).map((e) => e.filename)).toEqual(['TunnelCompanion-1.12.1-full.nupkg']);
    expect(releasesToApply(installedEntry('1.12.0-beta.2'), parseReleaseFile(releasesFor(RELEASES.slice(1), '1.12.0-beta.2'))).map((e) => e.filename)).toEqual(['TunnelCompanion-1.12.1-full.nupkg']);
  });

  it('says "no update" to an install on the newest release or a newer one, as Squirrel reads it', () => {
    expect(releasesToApply(installedEntry('1.13.0'), parseReleaseFile(releasesFor(RELEASES, '1.13.0')))).toEqual([]);
    // An install on a release no longer offered to it (a halted 1.13.0): the older full package is no downgrade.
    expect(releasesToApply(installedEntry('1.13.0'), parseReleaseFile(releasesFor(RELEASES.slice(1), '1.13.0')))).toEqual([]);
  });

  it('names packages beside RELEASES, fetched from the feed URL without its query', () => {
    const feed = 'https://companion.example.com/api/updates/squirrel/stable/win32-x64/1.11.2?install_id=8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b';
    expect(releasesUrl(feed, installedEntry('1.11.2'))).toBe('https://companion.example.com/api/updates/squirrel/stable/win32-x64/1.11.2/RELEASES?install_id=8f14e45f-ceea-4a67-9f1b-2c3d4e5f6a7b&id=TunnelCompanion&localVersion=1.11.2&arch=amd64');
    const [entry] = parseReleaseFile(releasesFor(RELEASES, '1.12.1'));
    expect(packageUrl(feed, entry!)).toBe('https://companion.example.com/api/updates/squirrel/stable/win32-x64/1.11.2/TunnelCompanion-1.13.0-full.nupkg');
  });

  it('passes over a build that needs a newer OS than the feed URL names, or any minimum when it names none', () => {
    const offered = [release('2.0.0', [nupkg('2.0.0')].map((b) => ({ ...b, minimum_os: '10.0.22000' }))), ...RELEASES];
    expect(squirrelChoice(offered, WIN, '10.0.22631')!.release.version).toBe('2.0.0');
    expect(squirrelChoice(offered, WIN, '10.0.19045')!.release.version).toBe('1.13.0');
    expect(squirrelChoice(offered, WIN, undefined)!.release.version).toBe('1.13.0');
  });
});

describe("Squirrel.Mac's JSON", () => {
  const MAC = 'macos-arm64' as const;
  const offered = [release('1.12.0', [build(MAC, 'TunnelCompanion-1.12.0-mac-arm64.zip'), build(MAC, 'TunnelCompanion-1.12.0.dmg')]), release('1.11.0', [build(MAC, 'TunnelCompanion-1.11.0.dmg')])];

  it("is an update SQRLUpdate reads, with the zip's URL, a name, notes and a date it parses", () => {
    const body = squirrelMacUpdate(squirrelChoice(offered, MAC, undefined), '1.11.0')!;
    const read = squirrelMacCheck(200, body);
    expect(read).toEqual({ update: { url: 'https://downloads.example.com/TunnelCompanion-1.12.0-mac-arm64.zip', name: '1.12.0', notes: 'Release 1.12.0\n- Changes of 1.12.0.', date: new Date('2026-11-26T00:00:00Z') } });
  });

  it('is none (the route answers 204) for an install on the newest release or a newer one', () => {
    expect(squirrelMacUpdate(squirrelChoice(offered, MAC, undefined), '1.12.0')).toBeNull();
    expect(squirrelMacUpdate(squirrelChoice(offered, MAC, undefined), '1.13.0-beta.1')).toBeNull();
    expect(squirrelMacCheck(204, '')).toEqual({ update: null });
  });

  it('takes a zip only: a release with nothing but a disk image is not one Squirrel.Mac can install', () => {
    expect(squirrelChoice(offered.slice(1), MAC, undefined)).toBeNull();
  });
});
