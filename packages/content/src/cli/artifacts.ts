import { readFile, writeFile } from 'node:fs/promises';
import { ARTIFACT_TARGETS, type Artifact, type ArtifactTarget } from '@companion/schema';
import { describeArtifact, ed25519KeyFrom, publicKeys, releaseVersionOf, withArtifacts, type ReleaseSettings } from '../artifact-block';
import { resolveFromCaller } from '../caller-path';

const USAGE = `usage: pnpm release:artifacts <release file> [--key <Ed25519 key file>] [--rollout <0-100>] [--critical | --not-critical]
         [--minimum-os <platform>=<OS version> ...] [<platform> <file> <https url> ...]
  platform: ${ARTIFACT_TARGETS.join(', ')}
  Writes size, sha512, sha256 (and with --key the Ed25519 signature and its minisign form, whose
  trusted comment names the release's version) of each file into the release file's artifacts:
  list, and sets rollout:, critical: and a build's minimum_os: (12.0 for macOS 12, 10.0.17763 for
  Windows 10 1809). The key is PEM (openssl genpkey -algorithm ed25519) or the base64 of a 32-byte
  seed (Sparkle's generate_keys -x).
  pnpm release:artifacts --public-key <key file> prints the public keys the updaters are given.`;

const MINIMUM_OS = /^\d+(\.\d+){0,3}$/;

/** The options and the `<platform> <file> <url>` triples of a command line; throws the usage on anything else. */
function parseArgs(args: string[]): { releaseFile: string; keyFile?: string; settings: ReleaseSettings; builds: string[][] } {
  const [releaseFile, ...rest] = args;
  if (releaseFile === undefined || releaseFile.startsWith('--')) throw new Error(USAGE);
  const settings: ReleaseSettings = {};
  const positional: string[] = [];
  let keyFile: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const value = () => {
      const next = rest[++i];
      if (next === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    if (arg === '--key') keyFile = value();
    else if (arg === '--rollout') {
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
  const builds = Array.from({ length: positional.length / 3 }, (_, i) => positional.slice(i * 3, i * 3 + 3));
  if (builds.length === 0 && settings.rollout === undefined && settings.critical === undefined && settings.minimumOs === undefined) throw new Error(USAGE);
  return { releaseFile, keyFile, settings, builds };
}

async function main(args: string[]): Promise<void> {
  if (args[0] === '--public-key' && args[1] !== undefined) {
    const keys = publicKeys(ed25519KeyFrom(await readFile(resolveFromCaller(args[1]), 'utf8')));
    console.log(`Ed25519 (Sparkle SUPublicEDKey): ${keys.ed25519}\nminisign (Tauri plugins.updater.pubkey): ${keys.minisign}`);
    return;
  }
  const { releaseFile, keyFile, settings, builds } = parseArgs(args);
  const key = keyFile === undefined ? undefined : ed25519KeyFrom(await readFile(resolveFromCaller(keyFile), 'utf8'));
  const path = resolveFromCaller(releaseFile);
  const text = await readFile(path, 'utf8');
  const version = releaseVersionOf(text);
  const artifacts: Artifact[] = [];
  for (const [platform, file, url] of builds as [string, string, string][]) {
    if (!(ARTIFACT_TARGETS as readonly string[]).includes(platform)) throw new Error(`unknown platform ${JSON.stringify(platform)}: expected one of ${ARTIFACT_TARGETS.join(', ')}`);
    if (!url.startsWith('https://')) throw new Error(`expected an https:// URL for ${platform}; found ${JSON.stringify(url)}`);
    artifacts.push(await describeArtifact(platform as ArtifactTarget, resolveFromCaller(file), url, version, key));
  }
  await writeFile(path, withArtifacts(text, artifacts, settings));
  for (const a of artifacts) console.log(`${a.platform}: ${a.size} bytes, sha512 ${a.sha512.slice(0, 16)}...${a.signature ? ', signed' : ''}`);
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
