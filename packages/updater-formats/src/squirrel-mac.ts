import type { Release } from '@companion/content';
import type { Artifact, ArtifactTarget } from '@companion/schema';
import semver from 'semver';
import { installableBuild, installsOn } from './builds';

/** Squirrel's platforms as Electron names them (`${process.platform}-${process.arch}`), with update.electronjs.org's bare `darwin` and `win32` for x64. */
export const SQUIRREL_PLATFORMS = {
  'darwin-x64': 'macos-x64',
  'darwin-arm64': 'macos-arm64',
  darwin: 'macos-x64',
  'win32-x64': 'windows-x64',
  'win32-arm64': 'windows-arm64',
  win32: 'windows-x64',
} as const satisfies Record<string, ArtifactTarget>;
export type SquirrelPlatform = keyof typeof SQUIRREL_PLATFORMS;

/** The build Squirrel installs: Squirrel.Mac a zipped app, Squirrel.Windows a full `.nupkg`; nothing else. */
export const squirrelBuild = (release: Release, target: ArtifactTarget): Artifact | undefined => installableBuild(release, target, installsOn('squirrel', target), true);

/** Whether a build runs on the install's OS (`os`: its version, undefined when the feed URL does not say). */
export function runsOn(build: Artifact, os: string | undefined): boolean {
  if (build.minimum_os === undefined) return true;
  if (os === undefined) return false;
  const [a, b] = [build.minimum_os.split('.').map(Number), os.split('.').map(Number)];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return true;
}

/**
 * The release Squirrel is handed for an install on `installed` (undefined: none known), and its
 * build: the newest of `releases` (offered to the install, newest first) with a build for the
 * target that runs on its OS. Neither Squirrel compares OS versions, so a build that needs a
 * newer OS than the one the feed URL names (`os`), or any minimum when it names none, is passed
 * over for an older release that runs.
 */
export function squirrelChoice(releases: readonly Release[], target: ArtifactTarget, os: string | undefined): { release: Release; build: Artifact } | null {
  for (const release of releases) {
    const build = squirrelBuild(release, target);
    if (build && runsOn(build, os)) return { release, build };
  }
  return null;
}

/**
 * Squirrel.Mac's answer when there is an update (SQRLUpdate's keys): the zip's `url`, `name`
 * (the version, as Hazel and update.electronjs.org send it), `notes` and `pub_date` in the ISO
 * 8601 form its releaseDateJSONTransformer reads (`yyyy-MM-dd'T'HH:mm:ssZZZZZ`). Null when the
 * install is up to date (or runs something newer): Squirrel.Mac installs whatever a 200 names,
 * so "no update" must be a 204.
 */
export function squirrelMacUpdate(choice: { release: Release; build: Artifact } | null, installed: string): string | null {
  if (choice === null || !semver.gt(choice.release.version, installed)) return null;
  const { release, build } = choice;
  return JSON.stringify({
    url: build.url,
    name: release.version,
    notes: [release.description, ...release.changes.map((c) => `- ${c}`)].join('\n'),
    pub_date: `${release.date}T00:00:00Z`,
  });
}
