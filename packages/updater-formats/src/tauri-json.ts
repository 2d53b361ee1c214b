import type { Release } from '@companion/content';
import { packageOf, type Artifact, type ArtifactTarget, type Package } from '@companion/schema';
import { installableBuilds, installsOn } from './builds';

/** Tauri's `{{target}}` and `{{arch}}` as this service's platforms and architectures name them. */
export const TAURI_TARGETS = { darwin: 'macos', windows: 'windows', linux: 'linux' } as const;
export const TAURI_ARCHES = { x86_64: 'x64', aarch64: 'arm64' } as const;
export type TauriTarget = keyof typeof TAURI_TARGETS;
export type TauriArch = keyof typeof TAURI_ARCHES;

/** tauri-plugin-updater's installer names (Installer::name), as the last part of a `{os}-{arch}-{installer}` key. */
const TAURI_INSTALLERS: Partial<Record<Package, string>> = { exe: 'nsis', msi: 'msi', 'app.tar.gz': 'app', appimage: 'appimage', deb: 'deb', rpm: 'rpm' };

/** The signed builds of a release Tauri can install on a platform (Tauri refuses an update without its minisign signature). */
export const tauriBuilds = (release: Release, platform: ArtifactTarget): Artifact[] => installableBuilds(release, platform, installsOn('tauri', platform)).filter((b) => b.minisign !== undefined);

/**
 * Tauri's static update JSON for one platform: the newest offered release with a signed build for
 * every package of the platform the channel ships signed (`known`: the channel's releases; by
 * default the offered ones), so an install of any bundle finds its own. `platforms` holds
 * `{target}-{arch}-{installer}` for each (nsis, msi, app, appimage, deb, rpm: what the plugin looks
 * for first, by the bundle it was installed from) and `{target}-{arch}` for the first (what it
 * looks for next, and what plugins before bundle keys read). Null when no release has one.
 */
export function tauriManifest(releases: readonly Release[], target: TauriTarget, arch: TauriArch, known: readonly Release[] = releases): string | null {
  const platform = `${TAURI_TARGETS[target]}-${TAURI_ARCHES[arch]}` as ArtifactTarget;
  const shipped = new Set(known.flatMap((r) => tauriBuilds(r, platform).map((b) => packageOf(b))));
  const release = releases.find((r) => {
    const kinds = new Set(tauriBuilds(r, platform).map((b) => packageOf(b)));
    return kinds.size > 0 && [...shipped].every((k) => kinds.has(k));
  });
  if (!release) return null;
  const builds = tauriBuilds(release, platform);
  const entry = (b: Artifact) => ({ url: b.url, signature: b.minisign });
  const keyed = builds.flatMap((b) => {
    const kind = packageOf(b);
    const installer = kind === undefined ? undefined : TAURI_INSTALLERS[kind];
    return installer === undefined ? [] : [[`${target}-${arch}-${installer}`, entry(b)] as const];
  });
  return JSON.stringify({
    version: release.version,
    notes: [release.description, ...release.changes.map((c) => `- ${c}`)].join('\n'),
    pub_date: `${release.date}T00:00:00Z`,
    platforms: { [`${target}-${arch}`]: entry(builds[0]!), ...Object.fromEntries(keyed) },
  });
}
