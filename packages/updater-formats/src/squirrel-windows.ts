import type { Release } from '@companion/content';
import { squirrelFormOf, squirrelVersionOf, type Artifact, type ArtifactTarget } from '@companion/schema';
import semver from 'semver';
import { deltaBuilds } from './builds';

export { squirrelFormOf, squirrelVersionOf };

/** A package's file name: the last segment of its URL, as Squirrel names it in RELEASES. */
export const packageFileName = (build: Pick<Artifact, 'url'>): string => decodeURIComponent(new URL(build.url).pathname.split('/').pop() ?? '');

/**
 * The deltas that take an install on `installed` to `latest` one release at a time (each
 * patching the version its `delta_from` names), oldest first; empty when they do not reach it.
 * Squirrel applies every delta newer than the install that RELEASES lists, in order, to the
 * install's own full package (UpdateInfo.Create), so RELEASES lists this chain or none.
 */
export function deltaChain(latest: Release, installed: string, target: ArtifactTarget, releases: readonly Release[]): Artifact[] {
  const byVersion = new Map(releases.map((r) => [r.version, r]));
  const walk = (release: Release, depth: number): Artifact[] | null => {
    if (depth > 64) return null;
    for (const delta of deltaBuilds(release, target, 'nupkg')) {
      const from = delta.delta_from!;
      if (from === installed) return [delta];
      const previous = byVersion.get(from);
      if (previous === undefined || !semver.gt(from, installed)) continue;
      const rest = walk(previous, depth + 1);
      if (rest !== null) return [...rest, delta];
    }
    return null;
  };
  return semver.gt(latest.version, installed) ? (walk(latest, 0) ?? []) : [];
}

/**
 * Squirrel.Windows' RELEASES for an install: one `SHA1 filename size` line per package
 * (ReleaseEntry.EntryAsString), the deltas that reach `full`'s release from the install's version
 * and then that full package, ordered as ReleaseEntry.WriteReleaseFile orders them (by version,
 * a version's delta before its full package). File names are bare, so Squirrel asks for them
 * next to RELEASES, from the feed URL without its query. No `# <n>%` staging comments: the
 * service decides the rollout for the install before naming a release.
 */
export function squirrelReleases(full: Artifact, deltas: readonly Artifact[]): string {
  const line = (build: Artifact) => `${build.sha1!.toUpperCase()} ${packageFileName(build)} ${build.size}`;
  return `${[...deltas.map(line), line(full)].join('\n')}\n`;
}
