import { createHash } from 'node:crypto';
import type { Release } from '@companion/content';
import type { Artifact, ArtifactTarget } from '@companion/schema';

/** The bytes of an example build: distinct per name, so every hash differs. */
export const bytesOf = (name: string): Buffer => Buffer.from(`example build ${name}\n`.repeat(64));

/** A build of `name` served from the example host, with its hashes (and a SHA-1 for a .nupkg). */
export function build(platform: ArtifactTarget, name: string, extra: Partial<Artifact> = {}): Artifact {
  const bytes = bytesOf(name);
  const hash = (algorithm: string) => createHash(algorithm).update(bytes).digest('hex');
  return {
    platform,
    url: `https://downloads.example.com/${name}`,
    size: bytes.length,
    sha512: hash('sha512'),
    sha256: hash('sha256'),
    ...(name.endsWith('.nupkg') && { sha1: hash('sha1') }),
    ...extra,
  };
}

/** A release as the content snapshot holds it. */
export function release(version: string, artifacts: Artifact[], extra: Partial<Release> = {}): Release {
  return { version, date: '2026-11-26', description: `Release ${version}`, changes: [`Changes of ${version}.`], artifacts, file: `changelog/stable/${version}.yaml`, ...extra };
}
