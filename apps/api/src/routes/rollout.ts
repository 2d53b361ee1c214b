import { hash } from 'node:crypto';
import { isPartialRollout, type Release } from '@companion/content';
import { artifactFor, type ArtifactTarget } from '@companion/schema';

/**
 * The install's bucket for a release, 0-99: the first four bytes of SHA-256 over the install id
 * and the version. The same install always lands in the same bucket for a release, and buckets
 * of different releases are independent, so the same installs are not always the first.
 */
export function rolloutBucket(installId: string, version: string): number {
  // One call and a hex string rather than a Hash object and a Buffer: this runs on every update check naming an install.
  return Number.parseInt(hash('sha256', `${installId}\n${version}`, 'hex').slice(0, 8), 16) % 100;
}

/** Whether a release in a partial rollout is offered to this install: raising the percentage only adds installs; a halted one is offered to none. */
export const offeredToInstall = (installId: string, release: Release): boolean => release.halted !== true && rolloutBucket(installId, release.version) < (release.rollout ?? 100);

/** Whether a release can be installed on a platform: it ships no builds at all (the app updates itself some other way), or one for the platform. */
export const buildsFor = (release: Release, target: ArtifactTarget): boolean => release.artifacts === undefined || artifactFor(release.artifacts, target) !== undefined;

/**
 * A selection key made without an install, ending in `-` (no staged release offered), for an
 * install: the `-` replaced by the releases of `staged` it is in. Only the share an install falls
 * in matters, so installs in the same share share a key.
 */
export function keyForShare(key: string, staged: readonly Release[], install: string): string {
  const offered = staged.length === 0 ? staged : offeredShare(staged, install);
  return offered.length === 0 ? key : `${key.slice(0, -1)}${offered.map((r) => r.version).join(',')}`;
}

/** The versions in `releases` in a partial rollout that this install is in (none without an install id). */
export const offeredShare = (releases: readonly Release[], install: string | undefined): Release[] =>
  install === undefined ? [] : releases.filter((r) => isPartialRollout(r) && offeredToInstall(install, r));
