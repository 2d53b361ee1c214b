import type { Release } from '@companion/content';
import { artifactFor, type ArtifactTarget } from '@companion/schema';
import { sha256First32 } from '@companion/sha256';

/**
 * The install's bucket for a release, 0-99: the first four bytes of SHA-256 over the install id
 * and the version. The same install always lands in the same bucket for a release, and buckets
 * of different releases are independent, so the same installs are not always the first.
 */
export function rolloutBucket(installId: string, version: string): number {
  // In JavaScript rather than through node:crypto (see sha256.ts): this runs on every update check naming an install.
  return sha256First32(installId, version) % 100;
}

/** Whether a release in a partial rollout is offered to this install: raising the percentage only adds installs; a halted one is offered to none. */
export const offeredToInstall = (installId: string, release: Release): boolean => release.halted !== true && rolloutBucket(installId, release.version) < (release.rollout ?? 100);

/** Whether a release can be installed on a platform: it ships no builds at all (the app updates itself some other way), or one for the platform. */
export const buildsFor = (release: Release, target: ArtifactTarget): boolean => release.artifacts === undefined || artifactFor(release.artifacts, target) !== undefined;

/** Per list of staged releases and key: the key for each share (by bit, see keyForShare), made once. */
const shareKeys = new WeakMap<readonly Release[], Map<string, string[]>>();
/** Shares keyForShare keeps keys for: those of up to 8 staged releases at once. */
const KEPT_SHARE_BITS = 8;

/**
 * A selection key made without an install, ending in `-` (no staged release offered), for an
 * install: the `-` replaced by the releases of `staged` (all in a partial rollout) it is in. Only
 * the share an install falls in matters, so installs in the same share share a key: the same
 * string, made once, so the caches it is looked up in hash it once.
 */
export function keyForShare(key: string, staged: readonly Release[], install: string): string {
  if (staged.length > KEPT_SHARE_BITS) return shareKey(key, staged.filter((release) => offeredToInstall(install, release)));
  let share = 0;
  for (let i = 0; i < staged.length; i++) if (offeredToInstall(install, staged[i]!)) share |= 1 << i;
  if (share === 0) return key;
  let byKey = shareKeys.get(staged);
  if (byKey === undefined) shareKeys.set(staged, (byKey = new Map()));
  let keys = byKey.get(key);
  if (keys === undefined) byKey.set(key, (keys = []));
  return (keys[share] ??= shareKey(key, staged.filter((_, i) => (share & (1 << i)) !== 0)));
}

/** `key` with its `-` replaced by the versions of `offered` (none: `key` itself). */
const shareKey = (key: string, offered: readonly Release[]): string => (offered.length === 0 ? key : `${key.slice(0, -1)}${offered.map((r) => r.version).join(',')}`);
