import { z } from 'zod';

/** The platforms and architectures a release ships builds for: `<platform>-<arch>`. */
export const ARTIFACT_TARGETS = ['windows-x64', 'windows-arm64', 'macos-arm64', 'macos-x64', 'linux-x64', 'linux-arm64'] as const;
export type ArtifactTarget = (typeof ARTIFACT_TARGETS)[number];
export const ARCHITECTURES = ['x64', 'arm64'] as const;
export type Architecture = (typeof ARCHITECTURES)[number];

const HEX_512 = /^[0-9a-f]{128}$/;
const HEX_256 = /^[0-9a-f]{64}$/;
/** An Ed25519 signature in base64: 64 bytes, 88 characters ending in `==` (Sparkle's edSignature). */
const ED25519_BASE64 = /^[A-Za-z0-9+/]{86}==$/;

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
  /** Ed25519 over the file's bytes, base64 (Sparkle's sparkle:edSignature). */
  signature: z.string().check((ctx) => expected('an Ed25519 signature: 88 base64 characters ending in ==')(ctx, ED25519_BASE64.test(ctx.value))).optional(),
  /** The same signature as a minisign file, base64, as Tauri's updater reads it. */
  minisign: z.string().check((ctx) => expected('a minisign signature file in base64, as `pnpm release:artifacts --key` writes it')(ctx, isMinisignFile(ctx.value))).optional(),
  /** The oldest OS version the build runs on (`12.0` for macOS, `10.0.17763` for Windows). */
  minimum_os: z.string().regex(/^\d+(\.\d+){0,3}$/, 'expected an OS version such as 12.0 or 10.0.17763').optional(),
});
export type Artifact = z.infer<typeof Artifact>;

/** A release's builds: at most one per platform and architecture. */
export const Artifacts = z
  .array(Artifact)
  .min(1)
  .max(ARTIFACT_TARGETS.length)
  .check((ctx) => {
    const seen = new Map<string, number>();
    ctx.value.forEach((artifact, i) => {
      const first = seen.get(artifact.platform);
      if (first === undefined) seen.set(artifact.platform, i);
      else ctx.issues.push({ code: 'custom', input: artifact.platform, path: [i, 'platform'], message: `expected one artifact per platform; found ${artifact.platform} again (first at artifacts[${first}])` });
    });
  });

/** The artifact for a platform and architecture, when the release has one. */
export const artifactFor = (artifacts: readonly Artifact[] | undefined, target: string): Artifact | undefined => artifacts?.find((a) => a.platform === target);
