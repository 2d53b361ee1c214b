import { z } from 'zod';

/** The platforms and architectures a release ships builds for: `<platform>-<arch>`. */
export const ARTIFACT_TARGETS = ['windows-x64', 'windows-arm64', 'macos-arm64', 'macos-x64', 'linux-x64', 'linux-arm64'] as const;
export type ArtifactTarget = (typeof ARTIFACT_TARGETS)[number];
export const ARCHITECTURES = ['x64', 'arm64'] as const;
export type Architecture = (typeof ARCHITECTURES)[number];

/**
 * The kinds of package a build can be, each the one some updater installs: `exe` (an NSIS
 * installer: electron-updater, WinSparkle, Tauri), `msi` (WinSparkle, Tauri), `nupkg` (a
 * Squirrel.Windows package, full or delta), `zip` (a zipped macOS app: electron-updater,
 * Squirrel.Mac, Sparkle), `dmg` (Sparkle), `app.tar.gz` (Tauri on macOS), `delta` (a Sparkle
 * binary delta), `appimage`, `deb` and `rpm` (electron-updater and Tauri on Linux).
 */
export const PACKAGES = ['exe', 'msi', 'nupkg', 'zip', 'dmg', 'app.tar.gz', 'delta', 'appimage', 'deb', 'rpm'] as const;
export type Package = (typeof PACKAGES)[number];
/** The packages that patch an install of one older version (`delta_from`) rather than install the whole app. */
export const DELTA_PACKAGES: readonly Package[] = ['nupkg', 'delta'];

const HEX_512 = /^[0-9a-f]{128}$/;
const HEX_256 = /^[0-9a-f]{64}$/;
const HEX_160 = /^[0-9a-f]{40}$/;
/** An Ed25519 signature in base64: 64 bytes, 88 characters ending in `==` (Sparkle's edSignature). */
const ED25519_BASE64 = /^[A-Za-z0-9+/]{86}==$/;

/** A version a delta applies to: a release version, as the changelog names them. */
const DELTA_FROM = /^(0|[1-9]\d{0,14})\.(0|[1-9]\d{0,14})\.(0|[1-9]\d{0,14})(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;
/** A bundle version (CFBundleVersion): dot-separated numbers, as Sparkle compares them. */
export const BUILD_NUMBER = /^\d{1,15}(\.\d{1,15}){0,3}$/;

const expected = (what: string) => (ctx: { value: string; issues: unknown[] }, ok: boolean) => {
  if (!ok) (ctx.issues as object[]).push({ code: 'custom', input: ctx.value, message: `expected ${what}; found ${JSON.stringify(ctx.value.length > 60 ? `${ctx.value.slice(0, 57)}...` : ctx.value)}` });
};

const httpsUrl = z.string().check((ctx) => {
  let ok = false;
  try {
    const url = new URL(ctx.value);
    ok = url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    ok = false;
  }
  expected('an https:// URL without credentials')(ctx, ok);
});

/** Whether a text is the base64 of a minisign signature file as Tauri's signer writes it. */
export function isMinisignFile(text: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return false;
  const lines = Buffer.from(text, 'base64').toString('utf8').split('\n');
  return lines.length >= 4 && lines[0]!.startsWith('untrusted comment:') && Buffer.from(lines[1]!, 'base64').length === 74 && lines[2]!.startsWith('trusted comment:') && Buffer.from(lines[3]!, 'base64').length === 64;
}

/** One downloadable build of a release for one platform and architecture. */
export const Artifact = z.strictObject({
  platform: z.enum(ARTIFACT_TARGETS, { error: (issue) => `expected one of ${ARTIFACT_TARGETS.join(', ')}; found ${JSON.stringify(issue.input)}` }),
  url: httpsUrl,
  size: z.number().int().min(1).max(2 ** 40),
  sha512: z.string().check((ctx) => expected('128 lower-case hex digits (SHA-512)')(ctx, HEX_512.test(ctx.value))),
  sha256: z.string().check((ctx) => expected('64 lower-case hex digits (SHA-256)')(ctx, HEX_256.test(ctx.value))).optional(),
  /** SHA-1, which Squirrel.Windows' RELEASES lines carry: written for `.nupkg` builds. */
  sha1: z.string().check((ctx) => expected('40 lower-case hex digits (SHA-1)')(ctx, HEX_160.test(ctx.value))).optional(),
  /** Ed25519 over the file's bytes, base64 (Sparkle's sparkle:edSignature). */
  signature: z.string().check((ctx) => expected('an Ed25519 signature: 88 base64 characters ending in ==')(ctx, ED25519_BASE64.test(ctx.value))).optional(),
  /** The same signature as a minisign file, base64, as Tauri's updater reads it. */
  minisign: z.string().check((ctx) => expected('a minisign signature file in base64, as `pnpm release:artifacts --key` writes it')(ctx, isMinisignFile(ctx.value))).optional(),
  /** The oldest OS version the build runs on (`12.0` for macOS, `10.0.17763` for Windows). */
  minimum_os: z.string().regex(/^\d+(\.\d+){0,3}$/, 'expected an OS version such as 12.0 or 10.0.17763').optional(),
  /** What kind of package the build is; without it, what its URL's file name ends in says (packageOf). */
  package: z.enum(PACKAGES, { error: (issue) => `expected one of ${PACKAGES.join(', ')}; found ${JSON.stringify(issue.input)}` }).optional(),
  /** A delta: it turns an install of this version into this release (a Squirrel `-delta.nupkg`, a Sparkle `.delta`). */
  delta_from: z.string().regex(DELTA_FROM, 'expected the version the delta applies to, such as 1.11.2').optional(),
  /** The size of the block map an AppImage carries at its end (electron-builder's blockMapSize), for differential downloads. */
  blockmap_size: z.number().int().min(1).max(2 ** 31).optional(),
  /** This build's bundle version where it differs from the release's `build` (Sparkle's sparkle:version). */
  build: z.string().regex(BUILD_NUMBER, 'expected a build number such as 4521 or 1.12.0.4521').optional(),
});
export type Artifact = z.infer<typeof Artifact>;

/** What a build is, from its `package:` or else from the end of its URL's file name; undefined when neither tells. */
export function packageOf(artifact: Pick<Artifact, 'package' | 'url'>): Package | undefined {
  if (artifact.package !== undefined) return artifact.package;
  let name: string;
  try {
    name = new URL(artifact.url).pathname.toLowerCase();
  } catch {
    return undefined;
  }
  if (name.endsWith('.app.tar.gz')) return 'app.tar.gz';
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return (PACKAGES as readonly string[]).includes(ext) && ext !== 'app.tar.gz' ? (ext as Package) : undefined;
}

/**
 * The version Squirrel.Windows reads from a package's file name (VersionExtensions.ToSemanticVersion:
 * `-full`/`-delta` and `.nupkg` dropped, then up to four dotted numbers and an optional
 * `-<letter>...` tag at the end), null when there is none.
 */
export function squirrelVersionOf(fileName: string): string | null {
  const name = fileName.replace(/(-full|-delta)?\.nupkg$/, '');
  return /\d+(\.\d+){0,3}(-[A-Za-z][0-9A-Za-z-]*)?$/.exec(name)?.[0] ?? null;
}

/** A version as Squirrel.Windows' packages carry it: NuGet 2 allows no dots in the tag, so electron-winstaller writes `1.12.0-beta.1` as `1.12.0-beta1`. */
export const squirrelFormOf = (version: string): string => {
  const [core, ...tag] = version.split('+')[0]!.split('-');
  return tag.length === 0 ? core! : `${core}-${tag.join('-').replace(/\./g, '')}`;
};

/** Whether a build is a delta (it patches one older version) rather than the whole app. */
export const isDelta = (artifact: Pick<Artifact, 'delta_from'>): boolean => artifact.delta_from !== undefined;

/** Builds a release may list: a few packages and deltas for each platform. */
export const MAX_ARTIFACTS = 64;

/**
 * A release's builds: for each platform and architecture, at most one of each package (and of
 * each delta, per version it applies to). A build whose package its URL does not tell counts as
 * its platform's one build, as before packages were named.
 */
export const Artifacts = z
  .array(Artifact)
  .min(1)
  .max(MAX_ARTIFACTS)
  .check((ctx) => {
    const seen = new Map<string, number>();
    ctx.value.forEach((artifact, i) => {
      const kind = packageOf(artifact);
      const problem = (path: string, message: string) => ctx.issues.push({ code: 'custom', input: artifact, path: [i, path], message });
      if (artifact.delta_from !== undefined && !(kind !== undefined && DELTA_PACKAGES.includes(kind))) problem('delta_from', `expected delta_from only on a delta package (${DELTA_PACKAGES.join(' or ')}); found it on ${kind ?? 'a build whose package its URL does not tell'}`);
      if (kind === 'delta' && artifact.delta_from === undefined) problem('url', 'expected delta_from: the version a Sparkle .delta applies to');
      if (kind === 'nupkg' && /-delta\.nupkg$/i.test(artifact.url) !== (artifact.delta_from !== undefined)) problem('url', artifact.delta_from === undefined ? 'expected delta_from on a -delta.nupkg: the version it applies to' : 'expected a delta package to be named <id>-<version>-delta.nupkg, as Squirrel.Windows tells deltas by their name');
      if (kind === 'nupkg' && artifact.sha1 === undefined) problem('sha1', 'expected sha1 on a .nupkg: Squirrel.Windows checks packages by SHA-1 (pnpm release:artifacts writes it)');
      if (artifact.blockmap_size !== undefined && kind !== 'appimage') problem('blockmap_size', `expected blockmap_size only on an AppImage, which carries its block map; found it on ${kind ?? 'a build whose package its URL does not tell'}`);
      const key = `${artifact.platform} ${kind ?? '-'} ${artifact.delta_from ?? ''}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else ctx.issues.push({ code: 'custom', input: artifact.platform, path: [i, 'platform'], message: `expected one artifact per platform${kind === undefined ? '' : ` and package (${kind}${artifact.delta_from === undefined ? '' : ` from ${artifact.delta_from}`})`}; found ${artifact.platform} again (first at artifacts[${first}])` });
    });
    // A release that signs its builds signs every one: an unsigned one is what a run of
    // release:artifacts without the key used to leave, and Sparkle and Tauri refuse it.
    const signed = ctx.value.findIndex((a) => a.signature !== undefined || a.minisign !== undefined);
    if (signed === -1) return;
    ctx.value.forEach((artifact, i) => {
      const missing = [artifact.signature === undefined && 'signature', artifact.minisign === undefined && 'minisign'].filter(Boolean);
      if (missing.length > 0) ctx.issues.push({ code: 'custom', input: artifact, path: [i, missing[0] as string], message: `expected ${missing.join(' and ')} on this ${artifact.platform} build: the release signs its builds (artifacts[${signed}]), and Sparkle and Tauri refuse an unsigned one (pnpm release:artifacts --key signs it)` });
    });
  });

/**
 * The build for a platform and architecture, when the release has one: its first full build
 * (deltas patch one older version and are never the build to download).
 */
export const artifactFor = (artifacts: readonly Artifact[] | undefined, target: string): Artifact | undefined => artifacts?.find((a) => a.platform === target && a.delta_from === undefined);
