import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { packageOf, type Artifact, type ArtifactTarget } from '@companion/schema';
import { isMap, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';

/**
 * An Ed25519 signing key from a file: PEM (PKCS#8, as `openssl genpkey -algorithm ed25519`
 * writes it) or the base64 of the 32-byte seed (Sparkle's `generate_keys -x` export).
 */
export function ed25519KeyFrom(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    const key = createPrivateKey(trimmed);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`expected an Ed25519 private key; found ${key.asymmetricKeyType ?? 'another kind'}`);
    return key;
  }
  const seed = Buffer.from(trimmed, 'base64');
  if (seed.length !== 32) throw new Error(`expected a PEM Ed25519 private key or the base64 of a 32-byte seed; found ${seed.length} bytes`);
  // PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410).
  return createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' });
}

/** The raw 32-byte public key of an Ed25519 key. */
export const rawPublicKey = (key: KeyObject): Buffer => createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-32);

/** minisign's key id for our keys: the first 8 bytes of SHA-256 over the public key, so one key always has one id. */
const keyIdOf = (publicKey: Buffer) => createHash('sha256').update(publicKey).digest().subarray(0, 8);

/**
 * The public key as the updaters take it: base64 (Sparkle's `SUPublicEDKey`) and as a minisign
 * public key file in base64 (Tauri's `plugins.updater.pubkey`).
 */
export function publicKeys(key: KeyObject): { ed25519: string; minisign: string } {
  const pk = rawPublicKey(key);
  const id = keyIdOf(pk);
  const file = `untrusted comment: minisign public key: ${Buffer.from(id).reverse().toString('hex').toUpperCase()}\n${Buffer.concat([Buffer.from('Ed'), id, pk]).toString('base64')}\n`;
  return { ed25519: pk.toString('base64'), minisign: Buffer.from(file).toString('base64') };
}

/**
 * A minisign signature file (legacy `Ed`: Ed25519 over the file's bytes, the signature minisign
 * and Tauri verify with legacy signatures allowed), in base64 as Tauri's signer prints it. The
 * trusted comment, covered by the global signature, names the release's version as the Tauri CLI
 * writes it (`timestamp:<s>\tfile:<name>\tversion:<version>`): tauri-plugin-updater with
 * `requireSignedVersion` refuses a build whose signed version is not the one announced.
 */
function minisignFile(key: KeyObject, signature: Buffer, name: string, version: string, at: Date): string {
  const trusted = `timestamp:${Math.floor(at.getTime() / 1000)}\tfile:${name}\tversion:${version}`;
  const global = sign(null, Buffer.concat([signature, Buffer.from(trusted)]), key);
  const id = keyIdOf(rawPublicKey(key));
  const text = `untrusted comment: signature from minisign secret key\n${Buffer.concat([Buffer.from('Ed'), id, signature]).toString('base64')}\ntrusted comment: ${trusted}\n${global.toString('base64')}\n`;
  return Buffer.from(text).toString('base64');
}

/**
 * The size of the block map electron-builder appends to an AppImage (the deflated JSON, then its
 * length as four big-endian bytes: what electron-updater's
 * FileWithEmbeddedBlockMapDifferentialDownloader reads back), undefined when the file ends in none.
 */
export async function embeddedBlockMapSize(file: string): Promise<number | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size < 8) return undefined;
    const tail = Buffer.alloc(4);
    await handle.read(tail, 0, 4, size - 4);
    const length = tail.readUInt32BE(0);
    if (length === 0 || length > size - 4 || length > 64 * 1024 * 1024) return undefined;
    const data = Buffer.alloc(length);
    await handle.read(data, 0, length, size - 4 - length);
    const map = JSON.parse(inflateRawSync(data).toString()) as { files?: unknown };
    return Array.isArray(map.files) ? length : undefined;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

/** What a build is beside its bytes: the version a delta patches. */
export interface BuildFacts {
  deltaFrom?: string;
}

/**
 * Size and hashes of a file, read once as a stream (and SHA-1 for a Squirrel package, which
 * RELEASES carries); an AppImage's embedded block map size; with a key, its signatures (the
 * minisign one naming `version`).
 */
export async function describeArtifact(platform: ArtifactTarget, file: string, url: string, version: string, key?: KeyObject, at = new Date(), facts: BuildFacts = {}): Promise<Artifact> {
  const kind = packageOf({ url });
  const sha512 = createHash('sha512');
  const sha256 = createHash('sha256');
  const sha1 = kind === 'nupkg' ? createHash('sha1') : null;
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    size += chunk.length;
    sha512.update(chunk);
    sha256.update(chunk);
    sha1?.update(chunk);
    if (key) chunks.push(chunk);
  }
  const artifact: Artifact = { platform, url, size, sha512: sha512.digest('hex'), sha256: sha256.digest('hex') };
  if (sha1) artifact.sha1 = sha1.digest('hex');
  if (facts.deltaFrom !== undefined) artifact.delta_from = facts.deltaFrom;
  if (kind === 'appimage') {
    const blockMap = await embeddedBlockMapSize(file);
    if (blockMap !== undefined) artifact.blockmap_size = blockMap;
  }
  if (key) {
    // Ed25519 (pure) signs the whole message; builds are tens of megabytes, which fits in memory.
    const signature = sign(null, Buffer.concat(chunks), key);
    artifact.signature = signature.toString('base64');
    artifact.minisign = minisignFile(key, signature, basename(new URL(url).pathname) || basename(file), version, at);
  }
  return artifact;
}

/** What `release:artifacts` sets beside the builds: the rollout, whether the release is critical, each platform's minimum OS, the bundle version. */
export interface ReleaseSettings {
  rollout?: number;
  critical?: boolean;
  minimumOs?: Partial<Record<ArtifactTarget, string>>;
  /** The release's `build:` (CFBundleVersion, for Sparkle). */
  build?: string;
  /** Write builds without signatures where the file signed the ones they replace (else that is refused). */
  unsigned?: boolean;
}

/** The `version` of a release file's text (the minisign trusted comment names it). */
export function releaseVersionOf(text: string): string {
  const doc = parseDocument(text);
  const version = isMap(doc.contents) ? doc.get('version') : undefined;
  if (typeof version !== 'string' || version === '') throw new Error('the release file has no version: field');
  return version;
}

const FIELD_ORDER: readonly (keyof Artifact)[] = ['platform', 'package', 'delta_from', 'url', 'size', 'sha512', 'sha256', 'sha1', 'blockmap_size', 'signature', 'minisign', 'build', 'minimum_os'];
/** Fields a run leaves as the file has them unless it gives them: what the maintainer set by hand or with another option. */
const KEPT_FIELDS: ReadonlySet<keyof Artifact> = new Set(['package', 'minimum_os', 'build']);

/** Whether a listed entry is the same build as `artifact`: one platform, package and delta. */
function sameBuild(entry: YAMLMap, artifact: Artifact): boolean {
  if (entry.get('platform') !== artifact.platform || (entry.get('delta_from') ?? undefined) !== artifact.delta_from) return false;
  const listed = { url: String(entry.get('url') ?? ''), package: (entry.get('package') ?? undefined) as Artifact['package'] };
  return packageOf(listed) === packageOf(artifact);
}

/**
 * A release file's text with these artifacts written into its `artifacts:` list: an artifact for a
 * build already listed (the same platform, package and delta) replaces that entry's fields
 * (keeping its `package`, `build` and `minimum_os` unless given), a new one is appended; then
 * `rollout`, `critical`, `build` and the builds' `minimum_os` as `settings` say. A signature is
 * never dropped unasked: an unsigned artifact keeps the listed entry's signatures when its bytes
 * are the same (its SHA-512), and replacing a signed entry with other unsigned bytes is refused
 * unless `settings.unsigned`. Comments, key order and the rest of the file stay as they were.
 */
export function withArtifacts(text: string, artifacts: readonly Artifact[], settings: ReleaseSettings = {}): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`the release file is not valid YAML: ${doc.errors[0]!.message}`);
  if (!isMap(doc.contents)) throw new Error('the release file is not a mapping');
  // A missing or empty `artifacts:` becomes a list; anything else that is not a list is the maintainer's to fix.
  if (!doc.has('artifacts') || doc.get('artifacts') === null) doc.set('artifacts', doc.createNode([]));
  if (!isSeq(doc.get('artifacts'))) throw new Error('artifacts: expected a list in the release file');
  const list = doc.get('artifacts') as YAMLSeq<YAMLMap>;
  for (const given of artifacts) {
    const existing = list.items.find((item) => isMap(item) && sameBuild(item, given));
    let artifact = given;
    if (existing && given.signature === undefined && (existing.has('signature') || existing.has('minisign'))) {
      if (existing.get('sha512') === given.sha512) artifact = { ...given, signature: existing.get('signature') as string | undefined, minisign: existing.get('minisign') as string | undefined };
      else if (settings.unsigned !== true) throw new Error(`${given.platform}: the release file signs the build this one replaces, and these bytes differ; give --key <key file> to sign them (or --unsigned to write them without signatures, which Sparkle and Tauri refuse)`);
    }
    const entry = existing ?? (doc.createNode({ platform: artifact.platform }) as YAMLMap);
    for (const field of FIELD_ORDER) {
      const value = artifact[field];
      if (value !== undefined) entry.set(field, value);
      else if (!KEPT_FIELDS.has(field)) entry.delete(field);
    }
    if (!existing) list.items.push(entry);
  }
  if (settings.build !== undefined) doc.set('build', settings.build);
  if (settings.rollout !== undefined) doc.set('rollout', settings.rollout);
  // Not critical is the default: the key goes rather than saying false.
  if (settings.critical === true) doc.set('critical', true);
  else if (settings.critical === false) doc.delete('critical');
  for (const [platform, version] of Object.entries(settings.minimumOs ?? {})) {
    // Every package of the platform runs on the same OS versions.
    const entries = list.items.filter((item) => isMap(item) && item.get('platform') === platform);
    if (entries.length === 0) throw new Error(`--minimum-os ${platform}=${version}: the release file lists no ${platform} build`);
    for (const entry of entries) entry.set('minimum_os', version);
  }
  return doc.toString({ lineWidth: 0 });
}
