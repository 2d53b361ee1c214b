import type { Release } from '@companion/content';
import { artifactFor, type ArtifactTarget } from '@companion/schema';

/** Tauri's `{{target}}` and `{{arch}}` as this service's platforms and architectures name them. */
export const TAURI_TARGETS = { darwin: 'macos', windows: 'windows', linux: 'linux' } as const;
export const TAURI_ARCHES = { x86_64: 'x64', aarch64: 'arm64' } as const;
export type TauriTarget = keyof typeof TAURI_TARGETS;
export type TauriArch = keyof typeof TAURI_ARCHES;

/**
 * Tauri's static update JSON for one platform: the newest offered release with a signed build for
 * it (Tauri refuses an update without its minisign signature). Null when none has one.
 */
export function tauriManifest(releases: readonly Release[], target: TauriTarget, arch: TauriArch): string | null {
  const platform = `${TAURI_TARGETS[target]}-${TAURI_ARCHES[arch]}` as ArtifactTarget;
  const release = releases.find((r) => artifactFor(r.artifacts, platform)?.minisign !== undefined);
  if (!release) return null;
  const artifact = artifactFor(release.artifacts, platform)!;
  return JSON.stringify({
    version: release.version,
    notes: [release.description, ...release.changes.map((c) => `- ${c}`)].join('\n'),
    pub_date: `${release.date}T00:00:00Z`,
    platforms: { [`${target}-${arch}`]: { url: artifact.url, signature: artifact.minisign } },
  });
}
