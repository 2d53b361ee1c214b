import type { Release } from '@companion/content';
import { artifactFor, type ArtifactTarget } from '@companion/schema';
import { stringify } from 'yaml';

/** electron-updater's channel files: `<channel><suffix>.yml`, the suffix naming the OS (and Linux's arm64). */
export const ELECTRON_FILES = {
  '': ['windows-x64', 'windows-arm64'],
  '-mac': ['macos-arm64', 'macos-x64'],
  '-linux': ['linux-x64'],
  '-linux-arm64': ['linux-arm64'],
} as const satisfies Record<string, readonly ArtifactTarget[]>;
export type ElectronSuffix = keyof typeof ELECTRON_FILES;

const base64Of = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/**
 * A channel file of electron-updater's generic provider for the newest release with builds for the
 * file's OS: `files[]` with `url`, base64 `sha512` and `size` (macOS: the arm64 build first,
 * MacUpdater picks by `arm64` in the name), `stagingPercentage` from a partial rollout (electron-updater
 * decides per install from its own id), `minimumSystemVersion`. Null when no release has such builds.
 */
export function electronChannelFile(releases: readonly Release[], targets: readonly ArtifactTarget[], isPartial: (r: Release) => boolean): string | null {
  // A release held back from every install (rollout 0) is skipped: the one before it is offered.
  const release = releases.find((r) => (r.rollout !== 0 || r.critical === true) && targets.some((t) => artifactFor(r.artifacts, t)));
  if (!release) return null;
  const artifacts = targets.flatMap((t) => artifactFor(release.artifacts, t) ?? []);
  const [first] = artifacts;
  const minimum = artifacts.find((a) => a.minimum_os !== undefined)?.minimum_os;
  return stringify(
    {
      version: release.version,
      files: artifacts.map((a) => ({ url: a.url, sha512: base64Of(a.sha512), size: a.size })),
      path: first!.url,
      sha512: base64Of(first!.sha512),
      releaseDate: new Date(`${release.date}T00:00:00Z`).toISOString(),
      releaseName: release.description,
      releaseNotes: release.changes.map((c) => `- ${c}`).join('\n'),
      ...(minimum !== undefined && { minimumSystemVersion: minimum }),
      ...(isPartial(release) && { stagingPercentage: release.rollout }),
    },
    { lineWidth: 0 },
  );
}
