import { access, readFile, writeFile } from 'node:fs/promises';
import { ARTIFACT_TARGETS, Artifacts, BUILD_NUMBER, DELTA_PACKAGES, packageOf, type Artifact, type ArtifactTarget } from '@companion/schema';
import { parse } from 'yaml';
import { describeArtifact, ed25519KeyFrom, publicKeys, releaseVersionOf, withArtifacts, type ReleaseSettings } from '../artifact-block';
import { resolveFromCaller } from '../caller-path';

const USAGE = `usage: pnpm release:artifacts <release file> [--key <Ed25519 key file> | --unsigned] [--rollout <0-100>] [--critical | --not-critical]
         [--minimum-os <platform>=<OS version> ...] [--build <bundle version>] [--delta-from <version>]
         [<platform> <file> <https url> ...]
  platform: ${ARTIFACT_TARGETS.join(', ')}
  Writes size, sha512, sha256 (sha1 for a Squirrel .nupkg, the embedded block map's size for an
  AppImage electron-builder made, and with --key the Ed25519 signature and its minisign form,
  whose trusted comment names the release's version) of each file into the release file's
  artifacts: list. The URL's file name tells the package (.exe, .msi, .nupkg, .zip, .dmg,
  .app.tar.gz, .delta, .AppImage, .deb, .rpm): a platform may list one of each, and a delta
  (-delta.nupkg, .delta) for each version it patches, named by --delta-from. A build listed
  before is replaced; its signatures are kept when the bytes are the same, and replacing a signed
  build with other bytes needs --key (or --unsigned to write it unsigned). Sets rollout:,
  critical:, build: (CFBundleVersion, which Sparkle compares) and minimum_os: on every build of a
  platform (12.0 for macOS 12, 10.0.17763 for Windows 10 1809). The key is PEM (openssl genpkey
  -algorithm ed25519) or the base64 of a 32-byte seed (Sparkle's generate_keys -x).
  pnpm release:artifacts --public-key <key file> prints the public keys the updaters are given.
  pnpm release:artifacts --help prints this.`;

const MINIMUM_OS = /^\d+(\.\d+){0,3}$/;

/** The options and the `<platform> <file> <url>` triples of a command line; throws the usage on anything else. */
function parseArgs(args: string[]): { releaseFile: string; keyFile?: string; deltaFrom?: string; settings: ReleaseSettings; builds: string[][] } {
  const [releaseFile, ...rest] = args;
  if (releaseFile === undefined || releaseFile.startsWith('--')) throw new Error(USAGE);
  const settings: ReleaseSettings = {};
  const positional: string[] = [];
  let keyFile: string | undefined;
  let deltaFrom: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const value = () => {
      const next = rest[++i];
      if (next === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    if (arg === '--key') keyFile = value();
    else if (arg === '--unsigned') settings.unsigned = true;
    else if (arg === '--delta-from') {
      deltaFrom = value();
      if (!VERSION.test(deltaFrom)) throw new Error(`--delta-from: expected the version the delta patches, such as 1.11.2; found ${JSON.stringify(deltaFrom)}`);
    } else if (arg === '--build') {
      const build = value();
      if (!BUILD_NUMBER.test(build)) throw new Error(`--build: expected a bundle version such as 4521 or 1.12.0.4521; found ${JSON.stringify(build)}`);
      settings.build = build;
    } else if (arg === '--rollout') {
      const text = value();
      if (!/^\d{1,3}$/.test(text) || Number(text) > 100) throw new Error(`--rollout: expected a percentage from 0 to 100; found ${JSON.stringify(text)}`);
      settings.rollout = Number(text);
    } else if (arg === '--critical' || arg === '--not-critical') {
      if (settings.critical !== undefined) throw new Error('--critical and --not-critical: give one');
      settings.critical = arg === '--critical';
    } else if (arg === '--minimum-os') {
      const [platform, version] = value().split('=') as [string, string | undefined];
      if (!(ARTIFACT_TARGETS as readonly string[]).includes(platform)) throw new Error(`--minimum-os: unknown platform ${JSON.stringify(platform)}: expected one of ${ARTIFACT_TARGETS.join(', ')}`);
      if (version === undefined || !MINIMUM_OS.test(version)) throw new Error(`--minimum-os ${platform}: expected <platform>=<OS version> such as ${platform}=${platform.startsWith('windows') ? '10.0.17763' : '12.0'}; found ${JSON.stringify(version ?? '')}`);
      settings.minimumOs = { ...settings.minimumOs, [platform]: version };
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else positional.push(arg);
  }
  if (positional.length % 3 !== 0) throw new Error(USAGE);
  if (keyFile !== undefined && settings.unsigned) throw new Error('--key and --unsigned: give one');
  const builds = Array.from({ length: positional.length / 3 }, (_, i) => positional.slice(i * 3, i * 3 + 3));
  if (builds.length === 0 && settings.rollout === undefined && settings.critical === undefined && settings.minimumOs === undefined && settings.build === undefined) throw new Error(USAGE);
  return { releaseFile, keyFile, deltaFrom, settings, builds };
}

const VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Reads a file the command was given, saying which one is missing rather than printing ENOENT. */
async function readGiven(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`no ${what} at ${path}`);
    throw error;
  }
}

async function main(args: string[]): Promise<void> {
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(USAGE);
    return;
  }
  if (args[0] === '--public-key' && args[1] !== undefined) {
    const keys = publicKeys(ed25519KeyFrom(await readGiven(resolveFromCaller(args[1]), 'key file')));
    console.log(`Ed25519 (Sparkle SUPublicEDKey): ${keys.ed25519}\nminisign (Tauri plugins.updater.pubkey): ${keys.minisign}`);
    return;
  }
  const { releaseFile, keyFile, deltaFrom, settings, builds } = parseArgs(args);
  const key = keyFile === undefined ? undefined : ed25519KeyFrom(await readGiven(resolveFromCaller(keyFile), 'key file'));
  const path = resolveFromCaller(releaseFile);
  const text = await readGiven(path, 'release file');
  const version = releaseVersionOf(text);
  const triples = builds as [string, string, string][];
  // Everything is checked before the first file is read, so a mistake writes nothing.
  for (const [platform, file, url] of triples) {
    if (!(ARTIFACT_TARGETS as readonly string[]).includes(platform)) throw new Error(`unknown platform ${JSON.stringify(platform)}: expected one of ${ARTIFACT_TARGETS.join(', ')}`);
    if (!url.startsWith('https://')) throw new Error(`expected an https:// URL for ${platform}; found ${JSON.stringify(url)}`);
    await access(resolveFromCaller(file)).catch(() => {
      throw new Error(`no build file at ${resolveFromCaller(file)} (for ${platform})`);
    });
  }
  const isDeltaUrl = (url: string) => /-delta\.nupkg$/i.test(new URL(url).pathname) || packageOf({ url }) === 'delta';
  const deltas = triples.filter(([, , url]) => isDeltaUrl(url));
  if (deltas.length > 0 && deltaFrom === undefined) throw new Error(`--delta-from: ${deltas.map(([p, , url]) => `${p} ${url}`).join(', ')} is a delta: name the version it patches`);
  if (deltas.length === 0 && deltaFrom !== undefined) throw new Error(`--delta-from ${deltaFrom}: none of the builds is a delta (-delta.nupkg, .delta)`);
  const artifacts: Artifact[] = [];
  for (const [platform, file, url] of triples) {
    const facts = isDeltaUrl(url) && DELTA_PACKAGES.includes(packageOf({ url })!) ? { deltaFrom } : {};
    artifacts.push(await describeArtifact(platform as ArtifactTarget, resolveFromCaller(file), url, version, key, undefined, facts));
  }
  const written = withArtifacts(text, artifacts, settings);
  // What content:check would refuse is not written: an unsigned build beside signed ones, two of one package.
  const listed = Artifacts.safeParse((parse(written) as { artifacts?: unknown }).artifacts ?? []);
  if (!listed.success && artifacts.length > 0) throw new Error(listed.error.issues.map((i) => `artifacts${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`).join('\n'));
  await writeFile(path, written);
  for (const a of artifacts) console.log(`${a.platform} ${packageOf(a) ?? ''}${a.delta_from ? ` (delta from ${a.delta_from})` : ''}: ${a.size} bytes, sha512 ${a.sha512.slice(0, 16)}...${a.blockmap_size ? `, block map ${a.blockmap_size} bytes` : ''}${a.signature ? ', signed' : ''}`);
  if (settings.build !== undefined) console.log(`build: ${settings.build}`);
  if (settings.rollout !== undefined) console.log(`rollout: ${settings.rollout}`);
  if (settings.critical !== undefined) console.log(`critical: ${settings.critical}`);
  for (const [platform, os] of Object.entries(settings.minimumOs ?? {})) console.log(`${platform}: minimum_os ${os}`);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
