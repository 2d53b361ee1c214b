import type { Release } from '@companion/content';
import { isDelta, packageOf, type Artifact, type ArtifactTarget, type Package } from '@companion/schema';

/** A release's full builds (not deltas) for a platform and architecture, in the file's order. */
export const fullBuilds = (release: Release, target: ArtifactTarget): Artifact[] => (release.artifacts ?? []).filter((a) => a.platform === target && !isDelta(a));

/** A release's deltas for a platform and architecture, of one package. */
export const deltaBuilds = (release: Release, target: ArtifactTarget, kind: Package): Artifact[] => (release.artifacts ?? []).filter((a) => a.platform === target && isDelta(a) && packageOf(a) === kind);

/**
 * The builds of a release an updater can install on a platform, one per package it takes, in its
 * order of preference (`accepts`). A platform with a single full build is taken by every updater
 * that is not `strict`, whatever the build's package, as before releases named several packages;
 * a strict updater (Squirrel, which installs nothing but its own packages) takes only its own.
 */
export function installableBuilds(release: Release, target: ArtifactTarget, accepts: readonly Package[], strict = false): Artifact[] {
  const builds = fullBuilds(release, target);
  const taken = accepts.flatMap((kind) => {
    const build = builds.find((b) => packageOf(b) === kind);
    return build ? [build] : [];
  });
  if (taken.length > 0 || strict || builds.length !== 1) return taken;
  return builds;
}

/** The one build an updater takes on a platform: the first of installableBuilds. */
export const installableBuild = (release: Release, target: ArtifactTarget, accepts: readonly Package[], strict = false): Artifact | undefined => installableBuilds(release, target, accepts, strict)[0];

/** What each updater installs, per operating system, most preferred first. */
export const INSTALLS = {
  /** electron-updater: NsisUpdater `.exe`, MacUpdater `.zip`, AppImageUpdater, DebUpdater, RpmUpdater (each picks its own from files[]). */
  electron: { windows: ['exe'], macos: ['zip'], linux: ['appimage', 'deb', 'rpm'] },
  /** Sparkle on macOS (a zipped app or a disk image), WinSparkle on Windows (an installer). */
  sparkle: { windows: ['exe', 'msi'], macos: ['zip', 'dmg'], linux: [] },
  /** tauri-plugin-updater: its `{os}-{arch}-{bundle}` keys (nsis, msi, app, appimage, deb, rpm). */
  tauri: { windows: ['exe', 'msi'], macos: ['app.tar.gz'], linux: ['appimage', 'deb', 'rpm'] },
  /** Electron's built-in autoUpdater: Squirrel.Windows `.nupkg`, Squirrel.Mac `.zip`. */
  squirrel: { windows: ['nupkg'], macos: ['zip'], linux: [] },
} as const satisfies Record<string, Record<'windows' | 'macos' | 'linux', readonly Package[]>>;
export type Updater = keyof typeof INSTALLS;

/** The packages an updater takes on a target's OS. */
export const installsOn = (updater: Updater, target: ArtifactTarget): readonly Package[] => INSTALLS[updater][target.slice(0, target.indexOf('-')) as 'windows' | 'macos' | 'linux'];

/** The build number Sparkle compares for a build: its own, the release's, else the version. */
export const bundleVersionOf = (release: Release, build?: Artifact): string => build?.build ?? release.build ?? release.version;
