import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as ed from '@noble/ed25519';
import semver from 'semver';
import { ed25519KeyFrom, publicKeys } from '@companion/content';
import { rolloutBucket } from '../src/routes/rollout';
import { call, expectEnvelope, SHIPPED_CONTENT, startServer, type TestServer } from './server';

// The shipped content carries an example of every way an update is delivered: the staged 1.12.0
// (rollout: 20, signed builds for every platform but linux-arm64), the critical 1.9.1 and signed
// builds on 1.11.2, 1.11.1 and 2.0.0-alpha.1. Clients that name no platform must be told what they
// were told before those examples were added: the same answers as on the content without them,
// but for `critical`, which 1.9.1 now makes true for the versions below it.

const KEY_FILE = resolve(import.meta.dirname, '../../../packages/content/test/fixtures/release-signing-test.pem');

/** A copy of the shipped content without the examples: no 1.12.0, no critical 1.9.1, no builds. */
async function strippedContent(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'api-stripped-content-'));
  await cp(SHIPPED_CONTENT, dir, { recursive: true });
  await unlink(join(dir, 'changelog/stable/1.12.0.yaml'));
  const codenames = join(dir, 'codenames.yaml');
  await writeFile(codenames, (await readFile(codenames, 'utf8')).replace(', 1.12.0]', ']'));
  for (const channel of ['stable', 'preview']) {
    for (const name of await readdir(join(dir, 'changelog', channel))) {
      const file = join(dir, 'changelog', channel, name);
      const text = await readFile(file, 'utf8');
      // The artifacts: block runs to the end of the file or to the next top-level key.
      const stripped = text.replace(/^critical: true\n/m, '').replace(/^artifacts:\n(?:[ -].*\n?)*/m, '');
      if (stripped !== text) await writeFile(file, stripped);
    }
  }
  return dir;
}

/** Every version the content ships on a channel (translations left out). */
async function versionsIn(dir: string, channel: 'stable' | 'preview'): Promise<string[]> {
  return (await readdir(join(dir, 'changelog', channel))).filter((n) => /^[^a-z]+(-[a-z]+\.\d+)?\.yaml$/.test(n)).map((n) => n.slice(0, -'.yaml'.length));
}

/** The first `install-<n>` whose bucket for 1.12.0 is inside (or outside) its 20% share. */
const installWhere = (inside: boolean): string => {
  for (let i = 0; ; i++) if (rolloutBucket(`install-${i}`, '1.12.0') < 20 === inside) return `install-${i}`;
};
const inShare = installWhere(true);
const outside = installWhere(false);

let shipped: TestServer;
let before: TestServer;
beforeAll(async () => {
  shipped = await startServer();
  before = await startServer({ contentDir: await strippedContent() });
});
afterAll(async () => {
  await shipped?.close();
  await before?.close();
  if (before) await rm(before.contentDir, { recursive: true, force: true });
});

const since = async (server: TestServer, path: string) => expectEnvelope((await call(server.url + path)).body, false);

describe('the shipped examples', () => {
  it('are what the stripped copy lacks: 1.12.0 staged, 1.9.1 critical, builds on four releases', async () => {
    expect(await versionsIn(SHIPPED_CONTENT, 'stable')).toContain('1.12.0');
    expect(await versionsIn(before.contentDir, 'stable')).not.toContain('1.12.0');
    const release = async (server: TestServer, version: string) => expectEnvelope((await call(`${server.url}/api/changelog/${version}`)).body, false);
    expect(await release(shipped, '1.12.0')).toMatchObject({ rollout: 20, date: '2026-11-25' });
    expect(await release(shipped, '1.9.1')).toMatchObject({ critical: true });
    expect(await release(before, '1.9.1')).not.toHaveProperty('critical');
    const mac = '/api/changelog/since/1.11.0?platform=macos&arch=arm64';
    expect(await since(shipped, mac)).toMatchObject({ latest: '1.11.2', download: { version: '1.11.2', size: 81920 } });
    expect(await since(before, mac)).toMatchObject({ latest: '1.11.2', download: null }); // no builds listed: the app updates some other way
    const health = (await call(`${before.url}/health`)).body;
    expect(health.content.issues).toEqual([]);
  });
});

describe('the promise to clients that name no platform', () => {
  it('answers every shipped version as before the examples, but for critical, now true exactly below 1.9.1', async () => {
    const stable = await versionsIn(before.contentDir, 'stable');
    const preview = await versionsIn(before.contentDir, 'preview');
    expect(stable.length).toBeGreaterThanOrEqual(21);
    expect(preview.length).toBeGreaterThanOrEqual(4);
    let compared = 0;
    for (const version of [...stable, ...preview]) {
      for (const route of ['/api/changelog/since', '/api/changelog/preview/since']) {
        for (const query of ['', `?install_id=${outside}`]) {
          const path = `${route}/${version}${query}`;
          const [now, then] = [await since(shipped, path), await since(before, path)];
          const below = semver.lt(version, '1.9.1');
          expect({ path, critical: now.critical }).toEqual({ path, critical: below });
          expect({ path, critical: then.critical }).toEqual({ path, critical: false });
          // The release's own entry says critical too: that is 1.9.1's file, listed as before.
          const releases = { ...then.releases, ...(then.releases['1.9.1'] && { '1.9.1': { ...then.releases['1.9.1'], critical: true } }) };
          expect({ path, data: now }).toEqual({ path, data: { ...then, critical: below, releases } });
          expect({ path, order: Object.keys(now.releases) }).toEqual({ path, order: Object.keys(then.releases) });
          compared++;
        }
      }
    }
    expect(compared).toBe((stable.length + preview.length) * 4);
  }, 120_000);

  it('keeps the latest release of each channel: the staged 1.12.0 is not the latest until it reaches everyone', async () => {
    for (const path of ['/api/changelog/latest', '/api/changelog/preview/latest']) {
      const [now, then] = [await since(shipped, path), await since(before, path)];
      expect({ path, data: now }).toEqual({ path, data: then });
    }
    expect((await since(shipped, '/api/changelog/latest')).version).toBe('1.11.2');
  });

  it('puts an install in the bucket docs/API.md gives: the first four bytes of SHA-256 over <install_id>\\n<version>, modulo 100', () => {
    for (let i = 0; i < 500; i++) {
      const [install, version] = [`install-${i}`, i % 2 === 0 ? '1.12.0' : '2.0.0-alpha.1'];
      expect(rolloutBucket(install, version)).toBe(createHash('sha256').update(`${install}\n${version}`).digest().readUInt32BE(0) % 100);
    }
  });

  it('lists the staged 1.12.0 only to an install in its share, and then to every platform it has a build for', async () => {
    expect(rolloutBucket(inShare, '1.12.0')).toBeLessThan(20);
    expect(rolloutBucket(outside, '1.12.0')).toBeGreaterThanOrEqual(20);
    const offered = await since(shipped, `/api/changelog/since/1.11.2?install_id=${inShare}`);
    expect(offered).toMatchObject({ current: '1.11.2', latest: '1.12.0', up_to_date: false, critical: false });
    expect(Object.keys(offered.releases)).toEqual(['1.12.0']);
    expect(offered.releases['1.12.0']).toMatchObject({ rollout: 20, date: '2026-11-25' });
    expect(offered).not.toHaveProperty('download');
    // A release candidate of 1.x is not moved to 2.0's alpha: a pre-release install keeps to its major on preview.
    const fromPreview = await since(shipped, `/api/changelog/preview/since/1.12.0-rc.1?install_id=${inShare}`);
    expect(Object.keys(fromPreview.releases)).toEqual(['1.12.0']);
    expect(Object.keys((await since(shipped, `/api/changelog/preview/since/1.11.2?install_id=${inShare}`)).releases)).toEqual(['2.0.0-alpha.1', '1.12.0', '1.12.0-rc.1', '1.12.0-beta.2', '1.12.0-beta.1']);
    for (const query of ['', `?install_id=${outside}`]) {
      expect(await since(shipped, `/api/changelog/since/1.11.2${query}`)).toEqual({ current: '1.11.2', latest: '1.11.2', up_to_date: true, known: true, releases: {}, critical: false, minimum_supported: null });
    }
  });

  it('does not offer 1.12.0 on linux-arm64, which has no build of it (nor of 1.11.2 and 1.11.1)', async () => {
    // The newest release linux-arm64 can install is 1.11.0, which ships no builds at all (it updates
    // some other way); an install already on 1.11.2 is told 1.11.2 is the latest, never an older one.
    const arm = await since(shipped, `/api/changelog/since/1.11.2?install_id=${inShare}&platform=linux&arch=arm64`);
    expect(arm).toEqual({ current: '1.11.2', latest: '1.11.2', up_to_date: true, known: true, releases: {}, critical: false, minimum_supported: null, platform: 'linux-arm64', download: null });
    const old = await since(shipped, `/api/changelog/since/1.9.0?install_id=${inShare}&platform=linux&arch=arm64`);
    expect(old).toMatchObject({ latest: '1.11.0', up_to_date: false, critical: true, download: null });
    expect(Object.keys(old.releases)).toEqual(['1.11.0', '1.10.2', '1.10.1', '1.10.0', '1.9.1']);
    // linux-x64 has a build: the same install is offered it there.
    expect(await since(shipped, `/api/changelog/since/1.11.2?install_id=${inShare}&platform=linux`)).toMatchObject({ latest: '1.12.0', download: { version: '1.12.0', url: 'https://downloads.tunnel-companion.example/1.12.0/TunnelCompanion-1.12.0-linux-x64.AppImage' } });
  });

  it('hands macos-arm64 in the share the signed build of 1.12.0, which verifies against the example bytes', async () => {
    const { exampleBuild } = await import('../../../packages/content/test/example-builds');
    const data = await since(shipped, `/api/changelog/since/1.9.0?install_id=${inShare}&platform=macos&arch=arm64`);
    expect(data).toMatchObject({ latest: '1.12.0', up_to_date: false, critical: true, platform: 'macos-arm64' });
    expect(Object.keys(data.releases)).toEqual(['1.12.0', '1.11.2', '1.11.1', '1.11.0', '1.10.2', '1.10.1', '1.10.0', '1.9.1']);
    const bytes = exampleBuild('1.12.0', 'macos-arm64');
    expect(data.download).toEqual({
      version: '1.12.0',
      url: 'https://downloads.tunnel-companion.example/1.12.0/TunnelCompanion-1.12.0-macos-arm64.zip',
      size: bytes.length,
      sha512: createHash('sha512').update(bytes).digest('hex'),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      signature: expect.any(String),
      minisign: expect.any(String),
      notes_url: 'https://tunnel-companion.example/changelog/1.12.0',
    });
    const publicKey = Buffer.from(publicKeys(ed25519KeyFrom(await readFile(KEY_FILE, 'utf8'))).ed25519, 'base64');
    expect(await ed.verifyAsync(Buffer.from(data.download.signature, 'base64'), bytes, publicKey)).toBe(true);
    // Outside the share, the same Mac is handed 1.11.2.
    expect(await since(shipped, `/api/changelog/since/1.9.0?install_id=${outside}&platform=macos&arch=arm64`)).toMatchObject({ latest: '1.11.2', critical: true, download: { version: '1.11.2' } });
  });
});
