import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as ed from '@noble/ed25519';
import { parse } from 'yaml';
import { ed25519KeyFrom, load, publicKeys, type ContentIssue } from '../src/index';
import { exampleBuild } from './example-builds';
import { minisignVerify } from './minisign';
import { copyOfShippedContent, SHIPPED_CONTENT } from './tree';

// Artifacts in release files: what content:check refuses (at the field, file:line:col), and the
// maintainers' command that writes the block, checked against the bytes and a maintained Ed25519 library.

const KEY_FILE = resolve(import.meta.dirname, 'fixtures/release-signing-test.pem');
const ROOT = resolve(import.meta.dirname, '../../..');

let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
beforeEach(async () => {
  tree = await copyOfShippedContent();
});
afterEach(() => tree.cleanup());

const release = (artifacts: string) => `version: 9.0.0\ndate: 2030-01-01\ndescription: x\nchanges: [ok]\nartifacts:\n${artifacts}`;
const good = (platform: string) => `  - platform: ${platform}\n    url: https://downloads.example.com/a\n    size: 10\n    sha512: ${'a'.repeat(128)}\n`;
async function issuesOf(text: string): Promise<ContentIssue[]> {
  await tree.write('changelog/stable/9.0.0.yaml', text);
  return (await load(tree.dir)).issues.filter((i) => i.file === 'changelog/stable/9.0.0.yaml');
}

describe('artifacts in release files', () => {
  it('accepts well-formed artifacts and carries them into the snapshot', async () => {
    expect(await issuesOf(release(good('macos-arm64') + good('windows-x64')))).toEqual([]);
    const { snapshot } = await load(tree.dir);
    expect(snapshot.stable.find((r) => r.version === '9.0.0')!.artifacts!.map((a) => a.platform)).toEqual(['macos-arm64', 'windows-x64']);
  });

  it.each([
    ['an unknown platform', good('macos-arm64').replace('macos-arm64', 'macos-ppc'), 6, 15, /^artifacts\[0\]\.platform: expected one of windows-x64, .*found "macos-ppc"/],
    ['a plain http URL', good('macos-arm64').replace('https:', 'http:'), 7, 10, /^artifacts\[0\]\.url: expected an https:\/\/ URL/],
    ['a short sha512', good('macos-arm64').replace('a'.repeat(128), 'a'.repeat(127)), 9, 13, /^artifacts\[0\]\.sha512: expected 128 lower-case hex digits/],
    ['a base64 sha512', good('macos-arm64').replace('a'.repeat(128), 'Q'.repeat(86) + '=='), 9, 13, /^artifacts\[0\]\.sha512: expected 128 lower-case hex digits/],
    ['a malformed sha256', `${good('macos-arm64')}    sha256: xyz\n`, 10, 13, /^artifacts\[0\]\.sha256: expected 64 lower-case hex digits/],
    ['a malformed signature', `${good('macos-arm64')}    signature: c2lnbmF0dXJl\n`, 10, 16, /^artifacts\[0\]\.signature: expected an Ed25519 signature: 88 base64 characters/],
    ['a malformed minisign file', `${good('macos-arm64')}    minisign: bm9wZQ==\n`, 10, 15, /^artifacts\[0\]\.minisign: expected a minisign signature file/],
    ['a second artifact for a platform', good('macos-arm64') + good('windows-x64') + good('macos-arm64'), 14, 15, /^artifacts\[2\]\.platform: expected one artifact per platform; found macos-arm64 again \(first at artifacts\[0\]\)/],
    ['a zero size', good('macos-arm64').replace('size: 10', 'size: 0'), 8, 11, /^artifacts\[0\]\.size: /],
  ])('reports %s at the field', async (_, artifacts, line, column, message) => {
    const issues = await issuesOf(release(artifacts));
    expect(issues).toEqual([expect.objectContaining({ code: 'SCHEMA_INVALID', line, column, message: expect.stringMatching(message) })]);
  });

  it('reports a notes_url that is not https', async () => {
    const issues = await issuesOf(`${release(good('linux-x64'))}notes_url: http://example.com/notes\n`);
    expect(issues).toEqual([expect.objectContaining({ code: 'SCHEMA_INVALID', line: 10, message: expect.stringMatching(/^notes_url: expected an https:\/\/ URL/) })]);
  });
});

describe('pnpm release:artifacts', () => {
  let work: string;
  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'artifacts-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  const run = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/content/src/cli/artifacts.ts', ...args], { cwd: ROOT });

  it('writes size, hashes and signatures a maintained Ed25519 library verifies, keeping the rest of the file', async () => {
    const file = join(work, '9.0.0.yaml');
    const text = '# kept comment\nversion: 9.0.0\ndate: 2030-01-01\ndescription: x\nchanges:\n  - ok # why\n';
    await writeFile(file, text);
    const build = join(work, 'app.zip');
    const bytes = Buffer.from('the build\n'.repeat(5000));
    await writeFile(build, bytes);
    await run(file, '--key', KEY_FILE, 'macos-arm64', build, 'https://downloads.example.com/app.zip');
    const written = await readFile(file, 'utf8');
    expect(written.startsWith(text)).toBe(true);
    const [artifact] = parse(written).artifacts;
    const { createHash } = await import('node:crypto');
    expect(artifact).toMatchObject({ platform: 'macos-arm64', url: 'https://downloads.example.com/app.zip', size: bytes.length, sha512: createHash('sha512').update(bytes).digest('hex'), sha256: createHash('sha256').update(bytes).digest('hex') });
    const publicKey = Buffer.from(publicKeys(ed25519KeyFrom(await readFile(KEY_FILE, 'utf8'))).ed25519, 'base64');
    expect(await ed.verifyAsync(Buffer.from(artifact.signature, 'base64'), bytes, publicKey)).toBe(true);
    expect(await ed.verifyAsync(Buffer.from(artifact.signature, 'base64'), Buffer.concat([bytes, Buffer.from('x')]), publicKey)).toBe(false);
    // The file passes content:check as written.
    await tree.write('changelog/stable/9.0.0.yaml', written);
    expect((await load(tree.dir)).issues).toEqual([]);

    // Run again without the key for the same bytes: the signatures stay, as they still hold.
    await run(file, 'macos-arm64', build, 'https://downloads.example.com/app.zip');
    expect(parse(await readFile(file, 'utf8')).artifacts).toEqual([artifact]);
    // Other bytes without the key: refused, nothing written, rather than the signatures silently gone.
    await writeFile(build, Buffer.from('another build'));
    const signed = await readFile(file, 'utf8');
    await expect(run(file, 'macos-arm64', build, 'https://downloads.example.com/app2.zip')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('macos-arm64: the release file signs the build this one replaces') });
    expect(await readFile(file, 'utf8')).toBe(signed);
    // Run again for the same platform, unsigned when asked: the entry is replaced, not repeated.
    await run(file, '--unsigned', 'macos-arm64', build, 'https://downloads.example.com/app2.zip');
    const again = parse(await readFile(file, 'utf8')).artifacts;
    expect(again).toEqual([expect.objectContaining({ url: 'https://downloads.example.com/app2.zip', size: 13 })]);
    expect(again[0].signature).toBeUndefined();
  });

  it('refuses an unknown platform or a URL that is not https, writing nothing', async () => {
    const file = join(work, '9.0.0.yaml');
    await writeFile(file, 'version: 9.0.0\nartifacts: nope\n');
    await expect(run(file, 'linux-x64', file, 'https://x.example/a')).rejects.toMatchObject({ stderr: expect.stringContaining('artifacts: expected a list') });
    await writeFile(file, 'version: 9.0.0\n');
    await expect(run(file, 'macos-ppc', file, 'https://x.example/a')).rejects.toMatchObject({ stderr: expect.stringContaining('unknown platform "macos-ppc"') });
    await expect(run(file, 'linux-x64', file, 'http://x.example/a')).rejects.toMatchObject({ stderr: expect.stringContaining('expected an https:// URL') });
    expect(await readFile(file, 'utf8')).toBe('version: 9.0.0\n');
  });

  it('sets rollout, critical and minimum_os in place, and refuses bad values writing nothing', async () => {
    const file = join(work, '9.0.0.yaml');
    const text = '# kept comment\nversion: 9.0.0\ndate: 2030-01-01\ndescription: x\nchanges:\n  - ok\ncritical: true\n';
    await writeFile(file, text);
    const build = join(work, 'app.zip');
    await writeFile(build, 'the build');
    await run(file, '--key', KEY_FILE, '--rollout', '30', '--minimum-os', 'macos-arm64=13.0', 'macos-arm64', build, 'https://downloads.example.com/9.0.0/app-arm64.zip');
    let written = parse(await readFile(file, 'utf8'));
    expect(written).toMatchObject({ rollout: 30, critical: true, artifacts: [{ platform: 'macos-arm64', minimum_os: '13.0' }] });
    const { minisign } = publicKeys(ed25519KeyFrom(await readFile(KEY_FILE, 'utf8')));
    expect(await minisignVerify(work, minisign, written.artifacts[0].minisign, Buffer.from('the build'))).toMatchObject({ ok: true, trusted: expect.stringMatching(/\tfile:app-arm64\.zip\tversion:9\.0\.0$/) });
    await run(file, '--not-critical', '--rollout', '100');
    written = parse(await readFile(file, 'utf8'));
    expect(written.critical).toBeUndefined();
    expect(written.rollout).toBe(100);
    expect(written.artifacts[0].minimum_os).toBe('13.0');
    expect((await readFile(file, 'utf8')).startsWith('# kept comment\nversion: 9.0.0\n')).toBe(true);
    const before = await readFile(file, 'utf8');
    await expect(run(file, '--rollout', '101')).rejects.toMatchObject({ stderr: expect.stringContaining('--rollout: expected a percentage from 0 to 100') });
    await expect(run(file, '--minimum-os', 'macos-arm64=twelve')).rejects.toMatchObject({ stderr: expect.stringContaining('expected <platform>=<OS version>') });
    await expect(run(file, '--minimum-os', 'windows-x64=10.0.17763')).rejects.toMatchObject({ stderr: expect.stringContaining('lists no windows-x64 build') });
    await expect(run(file, '--critical', '--not-critical')).rejects.toMatchObject({ stderr: expect.stringContaining('give one') });
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('prints its usage for --help and exits 0; names a missing release or build file', async () => {
    const help = await run('--help');
    expect(help.stdout).toMatch(/^usage: pnpm release:artifacts <release file>/);
    await expect(run(join(work, 'missing.yaml'), '--rollout', '10')).rejects.toMatchObject({ code: 2, stderr: `no release file at ${join(work, 'missing.yaml')}\n` });
    const file = join(work, '9.0.0.yaml');
    await writeFile(file, 'version: 9.0.0\n');
    await expect(run(file, 'linux-x64', join(work, 'nope.AppImage'), 'https://x.example/a.AppImage')).rejects.toMatchObject({ stderr: expect.stringContaining(`no build file at ${join(work, 'nope.AppImage')} (for linux-x64)`) });
  });

  it('refuses an unsigned build beside signed ones in the same release', async () => {
    const file = join(work, '9.0.0.yaml');
    await writeFile(file, 'version: 9.0.0\ndate: 2030-01-01\ndescription: x\nchanges: [ok]\n');
    const build = join(work, 'app.zip');
    await writeFile(build, 'the build');
    await run(file, '--key', KEY_FILE, 'macos-arm64', build, 'https://downloads.example.com/9.0.0/app.zip');
    const before = await readFile(file, 'utf8');
    await expect(run(file, 'windows-x64', build, 'https://downloads.example.com/9.0.0/app.exe')).rejects.toMatchObject({ stderr: expect.stringContaining('artifacts[1].signature: expected signature and minisign on this windows-x64 build') });
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('writes several packages of a platform, a Squirrel package with its SHA-1, deltas, the block map an AppImage carries and the build number', async () => {
    const file = join(work, '9.1.0.yaml');
    await writeFile(file, 'version: 9.1.0\ndate: 2030-01-01\ndescription: x\nchanges: [ok]\n');
    const { createHash } = await import('node:crypto');
    const { deflateRawSync } = await import('node:zlib');
    // An AppImage as electron-builder leaves it: the image, the deflated block map, its length.
    const blockMap = deflateRawSync(JSON.stringify({ version: '2', files: [{ name: 'file', offset: 0, checksums: ['abc'], sizes: [100] }] }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(blockMap.length);
    const appImage = Buffer.concat([Buffer.from('ELF image'.repeat(20)), blockMap, length]);
    const files = { appImage: join(work, 'a.AppImage'), deb: join(work, 'a.deb'), full: join(work, 'full.nupkg'), delta: join(work, 'delta.nupkg') };
    await writeFile(files.appImage, appImage);
    await writeFile(files.deb, 'a deb');
    await writeFile(files.full, 'a full package');
    await writeFile(files.delta, 'a delta');
    const url = (name: string) => `https://downloads.example.com/9.1.0/${name}`;
    await run(file, '--build', '4521', 'linux-x64', files.appImage, url('TunnelCompanion-9.1.0.AppImage'), 'linux-x64', files.deb, url('tunnel-companion_9.1.0_amd64.deb'), 'windows-x64', files.full, url('TunnelCompanion-9.1.0-full.nupkg'));
    await expect(run(file, 'windows-x64', files.delta, url('TunnelCompanion-9.1.0-delta.nupkg'))).rejects.toMatchObject({ stderr: expect.stringContaining('is a delta: name the version it patches') });
    await run(file, '--delta-from', '9.0.0', 'windows-x64', files.delta, url('TunnelCompanion-9.1.0-delta.nupkg'));
    const written = parse(await readFile(file, 'utf8'));
    expect(written.build).toBe('4521');
    expect(written.artifacts.map((a: { url: string }) => a.url.split('/').pop())).toEqual(['TunnelCompanion-9.1.0.AppImage', 'tunnel-companion_9.1.0_amd64.deb', 'TunnelCompanion-9.1.0-full.nupkg', 'TunnelCompanion-9.1.0-delta.nupkg']);
    expect(written.artifacts[0]).toMatchObject({ blockmap_size: blockMap.length, size: appImage.length });
    expect(written.artifacts[1].blockmap_size).toBeUndefined();
    expect(written.artifacts[2]).toMatchObject({ sha1: createHash('sha1').update('a full package').digest('hex') });
    expect(written.artifacts[3]).toMatchObject({ delta_from: '9.0.0', sha1: createHash('sha1').update('a delta').digest('hex') });
    await tree.write('changelog/stable/9.1.0.yaml', await readFile(file, 'utf8'));
    expect((await load(tree.dir)).issues).toEqual([]);
  });

  it('reports a Squirrel package named for another version and a delta that patches a newer one', async () => {
    const nupkg = (name: string, extra = '') => `  - platform: windows-x64\n    url: https://downloads.example.com/${name}\n    size: 10\n    sha512: ${'a'.repeat(128)}\n    sha1: ${'b'.repeat(40)}\n${extra}`;
    const issues = await issuesOf(release(nupkg('TunnelCompanion-8.0.0-full.nupkg') + nupkg('TunnelCompanion-9.0.0-delta.nupkg', '    delta_from: 9.1.0\n')));
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^artifacts\[0\]\.url: expected a Squirrel package named for 9\.0\.0, such as TunnelCompanion-9\.0\.0-full\.nupkg/),
      expect.stringMatching(/^artifacts\[1\]\.delta_from: expected a version older than 9\.0\.0/),
    ]);
  });

  it('prints the public keys each updater is given', async () => {
    const { stdout } = await run('--public-key', KEY_FILE);
    const keys = publicKeys(ed25519KeyFrom(await readFile(KEY_FILE, 'utf8')));
    expect(stdout).toContain(`SUPublicEDKey): ${keys.ed25519}`);
    expect(stdout).toContain(`pubkey): ${keys.minisign}`);
  });
});

describe('the shipped example artifacts', () => {
  it('describe the example builds, signed with the test key', async () => {
    const { snapshot } = await load(SHIPPED_CONTENT);
    const publicKey = Buffer.from(publicKeys(ed25519KeyFrom(await readFile(KEY_FILE, 'utf8'))).ed25519, 'base64');
    const latest = snapshot.stable[0]!;
    expect(latest.artifacts!.map((a) => a.platform).sort()).toEqual(['linux-x64', 'macos-arm64', 'macos-x64', 'windows-arm64', 'windows-x64']);
    for (const r of [...snapshot.stable, ...snapshot.preview]) {
      for (const a of r.artifacts ?? []) {
        const bytes = exampleBuild(r.version, a.platform);
        expect(a.size).toBe(bytes.length);
        expect(await ed.verifyAsync(Buffer.from(a.signature!, 'base64'), bytes, publicKey)).toBe(true);
      }
    }
  });

  it("verify with Debian's minisign, the trusted comment naming the release's version, and fail on other bytes", async () => {
    const { snapshot } = await load(SHIPPED_CONTENT);
    const { minisign } = publicKeys(ed25519KeyFrom(await readFile(KEY_FILE, 'utf8')));
    const dir = await mkdtemp(join(tmpdir(), 'minisign-'));
    try {
      let verified = 0;
      for (const r of [...snapshot.stable, ...snapshot.preview]) {
        for (const a of r.artifacts ?? []) {
          const result = await minisignVerify(dir, minisign, a.minisign!, exampleBuild(r.version, a.platform));
          expect(result).toMatchObject({ ok: true, trusted: expect.stringMatching(new RegExp(`^timestamp:\\d+\\tfile:${basename(new URL(a.url).pathname).replace(/\./g, '\\.')}\\tversion:${r.version.replace(/\./g, '\\.')}$`)) });
          verified++;
        }
      }
      expect(verified).toBeGreaterThan(10);
      const [r] = snapshot.stable.filter((x) => x.artifacts?.length);
      expect((await minisignVerify(dir, minisign, r!.artifacts![0]!.minisign!, exampleBuild('0.0.1', 'macos-arm64'))).ok).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
