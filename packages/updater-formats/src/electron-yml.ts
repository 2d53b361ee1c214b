import type { Release } from '@companion/content';
import { packageOf, type Artifact, type ArtifactTarget } from '@companion/schema';
import { stringify } from 'yaml';
import { installableBuilds, installsOn } from './builds';

/**
 * electron-updater's channel files: `<channel><suffix>.yml`, the suffix naming the OS (Provider.getChannelFilePrefix:
 * Windows none, `-mac`, `-linux`, and `-linux-<arch>` for a Linux arch other than x64), and the builds each may
 * hold, x64 first. Windows and macOS installs of both architectures read the same file.
 */
export const ELECTRON_FILES = {
  '': ['windows-x64', 'windows-arm64'],
  '-mac': ['macos-x64', 'macos-arm64'],
  '-linux': ['linux-x64'],
  '-linux-arm64': ['linux-arm64'],
} as const satisfies Record<string, readonly ArtifactTarget[]>;
export type ElectronSuffix = keyof typeof ELECTRON_FILES;

const base64Of = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/**
 * The builds of a release electron-updater installs for a target: NsisUpdater's `.exe`,
 * MacUpdater's `.zip`, and on Linux each of AppImage, deb and rpm (AppImageUpdater, DebUpdater and
 * RpmUpdater each take their own from files[] by its extension, Provider.findFile).
 */
export const electronBuildsOf = (release: Release, target: ArtifactTarget): Artifact[] => installableBuilds(release, target, installsOn('electron', target));

/** A build as a channel file must carry it: `<platform> <package>` (`-` for a package its URL does not tell). */
export const electronKeyOf = (build: Artifact): string => `${build.platform} ${packageOf(build) ?? '-'}`;

/**
 * The builds of `release` for `targets` (x64 first), one for each of `wanted` (the
 * `<platform> <package>` a channel ships, electronKeyOf), or null when one is missing or
 * electron-updater could not tell them apart. With builds of both architectures in one file it
 * picks by name: MacUpdater.filterFilesForArch keeps the files whose URL contains `arm64` on an
 * arm64 Mac and drops them on an Intel one; Provider.findFile takes the file whose URL contains
 * `process.arch` (`x64`, `arm64`), else the first. So an arm64 URL must say `arm64` and not `x64`,
 * an x64 one not `arm64`.
 */
export function electronBuilds(release: Release, targets: readonly ArtifactTarget[], wanted: ReadonlySet<string>): Artifact[] | null {
  const builds = targets.flatMap((t) => electronBuildsOf(release, t)).filter((b) => wanted.has(electronKeyOf(b)));
  if (builds.length === 0 || builds.length !== wanted.size) return null;
  const named = (b: Artifact) => (b.platform.endsWith('-arm64') ? b.url.includes('arm64') && !b.url.includes('x64') : !b.url.includes('arm64'));
  if (new Set(builds.map((b) => b.platform)).size > 1 && !builds.every(named)) return null;
  return builds;
}

/** A dotted version as semver wants it (`12` -> `12.0.0`), null when it is not one. */
const semverOf = (version: string): [number, number, number] | null => {
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(version);
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : null;
};

/**
 * The Darwin kernel version of the first macOS release at or above `macos`: electron-updater compares
 * `minimumSystemVersion` with `os.release()` (AppUpdater.checkIfUpdateSupported), which on a Mac is
 * the kernel's version (21.x on macOS 12). macOS 10.x.y ran Darwin (x+4).y; macOS 11 to 13 Darwin
 * (major+9) with the minor one ahead (12.0.1 is 21.1, 12.3 is 21.4), up to .6 (12.5 and 12.6 are
 * both 21.6); 14 and 15 Darwin (major+9) with the same minor; macOS 26 is Darwin 25.
 */
export function darwinVersion(macos: string): string | null {
  const v = semverOf(macos);
  if (v === null) return null;
  const [major, minor, patch] = v;
  if (major === 10) return `${minor + 4}.${patch}.0`;
  if (major >= 11 && major <= 13) return `${major + 9}.${minor === 0 ? 0 : Math.min(minor + 1, 6)}.0`;
  if (major >= 14 && major <= 15) return `${major + 9}.${minor}.0`;
  if (major >= 26) return `${major - 1}.${minor}.0`;
  return null;
}

const compareVersions = (a: [number, number, number], b: [number, number, number]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * `minimumSystemVersion` as electron-updater compares it (semver against `os.release()`): the
 * highest `minimum_os` of the builds, as a Darwin version on macOS, padded to three parts elsewhere
 * (Windows' `10.0.17763`, a Linux kernel's `5.15`). Undefined when no build sets one.
 */
function minimumSystemVersion(builds: readonly Artifact[], macos: boolean): string | undefined {
  const versions = builds.flatMap((b) => {
    const min = b.minimum_os === undefined ? null : macos ? darwinVersion(b.minimum_os) : b.minimum_os;
    const v = min === null ? null : semverOf(min);
    return v === null ? [] : [v];
  });
  const highest = versions.sort(compareVersions).at(-1);
  return highest?.join('.');
}

/**
 * A channel file of electron-updater's generic provider naming `release` with `builds`: `files[]`
 * with `url`, base64 `sha512`, `size` and an AppImage's `blockMapSize` (for
 * FileWithEmbeddedBlockMapDifferentialDownloader), `path` and `sha512` of the first,
 * `minimumSystemVersion` (see above). No `stagingPercentage`: the service decides the rollout per
 * install before naming a release, so electron-updater's own staging (by its `.updaterId`) never
 * overrules it. `urlOf` gives each build's URL in the file (by default the build's own).
 */
export function electronChannelFile(release: Release, builds: readonly Artifact[], macos: boolean, urlOf: (build: Artifact) => string = (build) => build.url): string {
  const [first] = builds;
  const minimum = minimumSystemVersion(builds, macos);
  return stringify(
    {
      version: release.version,
      files: builds.map((a) => ({ url: urlOf(a), sha512: base64Of(a.sha512), size: a.size, ...(a.blockmap_size !== undefined && { blockMapSize: a.blockmap_size }) })),
      path: urlOf(first!),
      sha512: base64Of(first!.sha512),
      releaseDate: new Date(`${release.date}T00:00:00Z`).toISOString(),
      releaseName: release.description,
      releaseNotes: release.changes.map((c) => `- ${c}`).join('\n'),
      ...(minimum !== undefined && { minimumSystemVersion: minimum }),
    },
    { lineWidth: 0 },
  );
}
