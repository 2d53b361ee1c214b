import { readFile, writeFile } from 'node:fs/promises';
import { ARTIFACT_TARGETS, type Artifact, type ArtifactTarget } from '@companion/schema';
import { describeArtifact, ed25519KeyFrom, publicKeys, withArtifacts } from '../artifact-block';
import { resolveFromCaller } from '../caller-path';

const USAGE = `usage: pnpm release:artifacts <release file> [--key <Ed25519 key file>] <platform> <file> <https url> [<platform> <file> <https url> ...]
  platform: ${ARTIFACT_TARGETS.join(', ')}
  Writes size, sha512, sha256 (and with --key the Ed25519 signature and its minisign form) of each
  file into the release file's artifacts: list. The key is PEM (openssl genpkey -algorithm ed25519)
  or the base64 of a 32-byte seed (Sparkle's generate_keys -x).
  pnpm release:artifacts --public-key <key file> prints the public keys the updaters are given.`;

async function main(args: string[]): Promise<void> {
  if (args[0] === '--public-key' && args[1] !== undefined) {
    const keys = publicKeys(ed25519KeyFrom(await readFile(resolveFromCaller(args[1]), 'utf8')));
    console.log(`Ed25519 (Sparkle SUPublicEDKey): ${keys.ed25519}\nminisign (Tauri plugins.updater.pubkey): ${keys.minisign}`);
    return;
  }
  const [releaseFile, ...rest] = args;
  if (releaseFile === undefined || rest.length === 0) throw new Error(USAGE);
  let key;
  if (rest[0] === '--key') {
    if (rest[1] === undefined) throw new Error(USAGE);
    key = ed25519KeyFrom(await readFile(resolveFromCaller(rest[1]), 'utf8'));
    rest.splice(0, 2);
  }
  if (rest.length === 0 || rest.length % 3 !== 0) throw new Error(USAGE);
  const artifacts: Artifact[] = [];
  for (let i = 0; i < rest.length; i += 3) {
    const [platform, file, url] = rest.slice(i, i + 3) as [string, string, string];
    if (!(ARTIFACT_TARGETS as readonly string[]).includes(platform)) throw new Error(`unknown platform ${JSON.stringify(platform)}: expected one of ${ARTIFACT_TARGETS.join(', ')}`);
    if (!url.startsWith('https://')) throw new Error(`expected an https:// URL for ${platform}; found ${JSON.stringify(url)}`);
    artifacts.push(await describeArtifact(platform as ArtifactTarget, resolveFromCaller(file), url, key));
  }
  const path = resolveFromCaller(releaseFile);
  await writeFile(path, withArtifacts(await readFile(path, 'utf8'), artifacts));
  for (const a of artifacts) console.log(`${a.platform}: ${a.size} bytes, sha512 ${a.sha512.slice(0, 16)}...${a.signature ? ', signed' : ''}`);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
