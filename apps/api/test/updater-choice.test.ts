import { XMLParser } from 'fast-xml-parser';
import semver from 'semver';
import { publicKeys } from '@companion/content';
import { exampleBuild } from '../../../packages/content/test/example-builds';
import { minisignVerify } from '../../../packages/content/test/minisign';
import { rawRequest } from './raw-http';
import { call, type TestServer } from './server';
import { type SignedReleases, serveSignedReleases } from './signed-releases';

// What Sparkle and Tauri do with the service's appcast and JSON, their choice rules reproduced
// from their source, checked install by install against the service's own update check: every
// format offers an install what the update check offers it, staging and critical releases
// included, and never a build for another OS version or architecture.
//
// Content: the shipped releases plus a critical 1.13.0 (macOS 13 and later), 1.13.1 at rollout 30,
// 1.14.0 with builds for windows-x64 and macos-arm64 only and 1.15.0 at rollout 0, each build
// signed with the test key by the release tooling (the minisign form naming its version).

const FIVE = ['windows-x64', 'windows-arm64', 'macos-x64', 'macos-arm64', 'linux-x64'] as const;
const RELEASES: Array<{ version: string; extra: string; platforms: readonly (typeof FIVE)[number][]; macosMinimum?: string }> = [
  { version: '1.13.0', extra: 'critical: true\n', platforms: FIVE, macosMinimum: '13.0' },
  { version: '1.13.1', extra: 'rollout: 30\n', platforms: FIVE, macosMinimum: '13.0' },
  { version: '1.14.0', extra: '', platforms: ['windows-x64', 'macos-arm64'], macosMinimum: '13.0' },
  { version: '1.15.0', extra: 'rollout: 0\n', platforms: FIVE },
];
const HOSTS = ['1.11.0', '1.12.0', '1.13.0', '1.13.1', '1.14.0'];
const INSTALLS = Array.from({ length: 24 }, (_, i) => `install-${i}`);

let served: SignedReleases;
let server: TestServer;
let minisignKey: string;

beforeAll(async () => {
  const ext = (platform: string) => (platform.startsWith('windows') ? 'exe' : platform.startsWith('macos') ? 'zip' : 'AppImage');
  served = await serveSignedReleases(
    RELEASES.map((r) => ({
      version: r.version,
      date: '2026-11-26',
      extra: r.extra,
      builds: r.platforms.map((platform) => ({
        target: platform,
        name: `TunnelCompanion-${r.version}-${platform}.${ext(platform)}`,
        bytes: exampleBuild(r.version, platform),
        ...(r.macosMinimum && platform.startsWith('macos') && { extra: { minimum_os: r.macosMinimum } }),
      })),
    })),
    { host: 'downloads.tunnel-companion.example' },
  );
  server = served.server;
  minisignKey = publicKeys(served.key).minisign;
});

afterAll(() => served?.close());

/** The update check's answer for an install: the version it is offered (null when up to date) and whether it is critical. */
async function native(host: string, platform: string, arch: string, install?: string) {
  const data = (await call(`${server.url}/api/changelog/since/${host}?platform=${platform}&arch=${arch}${install ? `&install_id=${install}` : ''}`)).body.data;
  return { version: data.up_to_date ? null : (data.latest as string), critical: data.critical as boolean };
}

// ---- Sparkle 2 (sparkle-project/Sparkle at fa4eaa977cb1a390b237349be2f3d761175f345a) ----
// SPUAppcastItemStateResolver.m:38-45 and SUStandardVersionComparator: a dotted numeric comparison.
const compareDotted = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};
type SparkleItem = Record<string, any>;
/**
 * The update a Sparkle 2 host on `host` and macOS `os` takes from an appcast, with no phased
 * group (a user-initiated check) or with one (a background check, SUAppcastDriver.m:297):
 * - SUAppcastDriver.m:348-372 filterAppcast:forMacOSAndAllowedChannels: items with no sparkle:os
 *   are macOS items; no sparkle:channel is the default channel, which every host takes.
 * - SUAppcastDriver.m:377-395 filterSupportedAppcast: sparkle:minimumSystemVersion not above the
 *   OS (SPUAppcastItemStateResolver.m:38-45), and ready for its phased rollout (474-500: an item
 *   without sparkle:phasedRolloutInterval, or a critical one, always is).
 * - SUAppcastDriver.m:402-413 bestItemFromAppcastItems: the highest version, the first of equals.
 * - SUAppcastDriver.m:446-449 isItemNewer: an update only when the host is older.
 * - SPUAppcastItemStateResolver.m:66-81: critical when sparkle:criticalUpdate is present and the
 *   host is below its sparkle:version (or it has none).
 */
function sparkleChoice(items: SparkleItem[], host: string, os: string, group: number | null, daysSinceRelease = 0) {
  const macos = items.filter((i) => (i['sparkle:os'] ?? 'macos') === 'macos' && i['sparkle:channel'] === undefined);
  const supported = macos.filter((i) => {
    const min = i['sparkle:minimumSystemVersion'];
    const osOk = min === undefined || compareDotted(min, os) <= 0;
    const interval = i['sparkle:phasedRolloutInterval'];
    const critical = i['sparkle:criticalUpdate'] !== undefined;
    const phasedOk = group === null || critical || interval === undefined || daysSinceRelease * 86_400 >= Number(interval) * group;
    return osOk && phasedOk;
  });
  let best: SparkleItem | undefined;
  for (const candidate of supported) if (!best || semver.lt(best['sparkle:version'], candidate['sparkle:version'])) best = candidate;
  if (!best || !semver.lt(host, best['sparkle:version'])) return { version: null, critical: false };
  const marker = best['sparkle:criticalUpdate'];
  const criticalFrom = marker === undefined ? undefined : typeof marker === 'object' ? marker['@sparkle:version'] : undefined;
  return { version: best['sparkle:version'] as string, critical: marker !== undefined && (criticalFrom === undefined || semver.lt(host, criticalFrom)), item: best };
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => name === 'item' });
const appcastItems = async (path: string): Promise<SparkleItem[]> => {
  const res = await rawRequest(server.url + path);
  expect(res.status).toBe(200);
  return (parser.parse(res.body.toString()).rss.channel.item as SparkleItem[] | undefined) ?? [];
};

describe('Sparkle 2 reading the appcast', () => {
  it('takes what the update check offers each install, staged and critical releases included, by install_id', async () => {
    for (const arch of ['arm64', 'x64']) {
      for (const install of INSTALLS) {
        const items = await appcastItems(`/api/updates/sparkle/stable/macos-${arch}?install_id=${install}`);
        expect(items.map((i) => i['sparkle:version'])).not.toContain('1.15.0'); // rollout 0
        for (const host of HOSTS) {
          for (const group of [null, 0, 6]) {
            const { item: _, ...chosen } = sparkleChoice(items, host, '14.0', group);
            expect({ install, host, arch, ...chosen }).toEqual({ install, host, arch, ...(await native(host, 'macos', arch, install)) });
          }
        }
      }
    }
  });

  it('without install_id (the Info.plist setup), takes what the update check offers an install without one: no staged release, the critical one', async () => {
    const items = await appcastItems('/api/updates/sparkle/stable/macos-x64');
    expect(items.map((i) => i['sparkle:version'])).toEqual(['1.13.0', '1.11.2']);
    for (const host of HOSTS) {
      const { item: _, ...chosen } = sparkleChoice(items, host, '14.0', 3);
      expect({ host, ...chosen }).toEqual({ host, ...(await native(host, 'macos', 'x64')) });
    }
    // From 1.11.0 that is the critical 1.13.0, critical.
    expect(sparkleChoice(items, '1.11.0', '14.0', 6)).toMatchObject({ version: '1.13.0', critical: true });
  });

  it('never offers a Mac a build for a newer macOS: macOS 12 keeps to the releases that run on it', async () => {
    for (const install of INSTALLS.slice(0, 8)) {
      const items = await appcastItems(`/api/updates/sparkle/stable/macos-arm64?install_id=${install}`);
      const chosen = sparkleChoice(items, '1.11.0', '12.6', null);
      expect(chosen.version).toBe('1.11.2');
      expect(chosen.item!['sparkle:minimumSystemVersion']).toBeUndefined();
      // The newer releases are listed, for macOS 13 and later.
      expect(items.filter((i) => i['sparkle:minimumSystemVersion'] === '13.0').length).toBeGreaterThan(0);
    }
  });
});

// ---- tauri-plugin-updater (tauri-apps/plugins-workspace at 77149dc4320d26b413e4a6bbe82c654367c51b32) ----
/**
 * What `check()` returns for an app on `host` from an endpoint's answer, per plugins/updater/src/updater.rs:
 * - 364-369: a success status of 204 is "no update" (Ok(None)); any other failure is an error;
 * - 371: the body is the static JSON (RemoteRelease, its `platforms` keyed `{target}-{arch}`);
 * - 395-398: an update when the version is greater than the app's;
 * - 71-93 download_url / signature: the entry of `{target}-{arch}` (910-933: darwin, windows,
 *   linux; x86_64, aarch64), else TargetNotFound; 520 verify_signature checks the download.
 */
function tauriChoice(status: number, body: string, host: string, jsonTarget: string): { version: string | null; url?: string; signature?: string } | 'error' {
  if (status === 204) return { version: null };
  if (status !== 200) return 'error';
  const release = JSON.parse(body) as { version: string; platforms: Record<string, { url: string; signature: string }> };
  if (!semver.gt(release.version, host)) return { version: null };
  const platform = release.platforms[jsonTarget];
  if (!platform) return 'error';
  return { version: release.version, ...platform };
}

/** Debian's minisign verifying a signature (base64, as Tauri takes it) over `data`: the trusted comment, or null. */
async function minisignTrusted(signature: string, data: Buffer): Promise<string | null> {
  const result = await minisignVerify(served.work, minisignKey, signature, data);
  return result.ok ? (result.trusted ?? null) : null;
}

describe("tauri-plugin-updater reading the JSON", () => {
  const TARGETS = [
    ['darwin', 'aarch64', 'macos', 'arm64'],
    ['darwin', 'x86_64', 'macos', 'x64'],
    ['windows', 'x86_64', 'windows', 'x64'],
    ['windows', 'aarch64', 'windows', 'arm64'],
    ['linux', 'x86_64', 'linux', 'x64'],
    ['linux', 'aarch64', 'linux', 'arm64'],
  ] as const;

  it('gets what the update check offers each install on each platform, or 204: never an error, never another platform', async () => {
    for (const [target, arch, platform, ourArch] of TARGETS) {
      for (const install of [...INSTALLS.slice(0, 10), undefined]) {
        const res = await rawRequest(`${server.url}/api/updates/tauri/stable/${target}/${arch}${install ? `?install_id=${install}` : ''}`);
        for (const host of HOSTS) {
          const chosen = tauriChoice(res.status, res.body.toString(), host, `${target}-${arch}`);
          expect(chosen).not.toBe('error');
          const expected = await native(host, platform, ourArch, install);
          expect({ target, arch, install, host, version: (chosen as { version: string | null }).version }).toEqual({ target, arch, install, host, version: expected.version });
          if (chosen !== 'error' && chosen.version !== null) expect(chosen.url).toMatch(new RegExp(`-${platform}-${ourArch}\\.`));
        }
      }
    }
  });

  it("signs the version it announces, as requireSignedVersion checks: Debian's minisign verifies the download and its trusted comment", async () => {
    const res = await rawRequest(`${server.url}/api/updates/tauri/stable/windows/x86_64`);
    const chosen = tauriChoice(res.status, res.body.toString(), '1.11.0', 'windows-x86_64') as { version: string; url: string; signature: string };
    expect(chosen.version).toBe('1.14.0');
    const trusted = await minisignTrusted(chosen.signature, exampleBuild(chosen.version, 'windows-x64'));
    // The plugin's signed_version reads the tab-separated `version:` field of the trusted comment.
    expect(trusted?.split('\t').find((f) => f.startsWith('version:'))).toBe(`version:${chosen.version}`);
    expect(await minisignTrusted(chosen.signature, exampleBuild('1.13.0', 'windows-x64'))).toBeNull();
  });
});
