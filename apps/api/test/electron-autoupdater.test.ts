import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describeArtifact, ed25519KeyFrom, withArtifacts } from '@companion/content';
import type { Artifact, ArtifactTarget } from '@companion/schema';
import { squirrelFormOf } from '@companion/updater-formats';
import { exampleBuild } from '../../../packages/content/test/example-builds';
import { packageUrl, parseReleaseFile, releasesToApply, releasesUrl, squirrelMacCheck, toSemanticVersion, type ReleaseEntry } from '../../../packages/updater-formats/test/squirrel-clients';
import { rawRequest } from './raw-http';
import { call, flushed, SHIPPED_CONTENT, startServer, type TestServer } from './server';

// Electron's built-in autoUpdater against the service: Squirrel.Mac's check (SQRLUpdater's
// RELEASESERVER mode and SQRLUpdate's JSON) and Squirrel.Windows' RELEASES (ReleaseEntry.cs,
// UpdateInfo.Create) and package downloads, their rules from their source
// (packages/updater-formats/test/squirrel-clients.ts), over HTTP, install by install, against
// what the service's own update check offers the same install.
//
// Content: the shipped releases (1.11.1 carries a Squirrel package and a delta from 1.11.0) plus a
// critical 1.13.0 (macOS 13 and later; its delta patches 1.11.1), 1.13.1 at rollout 30 (its delta
// patches 1.13.0) and 1.14.0 at rollout 0, each with zips for both Macs and Squirrel packages for
// windows-x64, written by the release tooling and signed with the test key.

const KEY_FILE = resolve(import.meta.dirname, '../../../packages/content/test/fixtures/release-signing-test.pem');
const RELEASES = [
  { version: '1.13.0', extra: 'critical: true\n', deltaFrom: '1.11.1' },
  { version: '1.13.1', extra: 'rollout: 30\n', deltaFrom: '1.13.0' },
  { version: '1.14.0', extra: 'rollout: 0\n', deltaFrom: '1.13.1' },
];
const INSTALLS = Array.from({ length: 16 }, (_, i) => `install-${i}`);
const FEED = (server: TestServer, platform: string, version: string, query = '') => `${server.url}/api/updates/squirrel/stable/${platform}/${version}${query}`;

let server: TestServer;
let work: string;

beforeAll(async () => {
  const content = await mkdtemp(join(tmpdir(), 'api-squirrel-content-'));
  work = await mkdtemp(join(tmpdir(), 'api-squirrel-'));
  await cp(SHIPPED_CONTENT, content, { recursive: true });
  const key = ed25519KeyFrom(await readFile(KEY_FILE, 'utf8'));
  for (const r of RELEASES) {
    const artifacts: Artifact[] = [];
    const add = async (platform: ArtifactTarget, name: string, bytes: Buffer, facts = {}) => {
      const file = join(work, name);
      await writeFile(file, bytes);
      artifacts.push(await describeArtifact(platform, file, `https://downloads.tunnel-companion.example/${r.version}/${name}`, r.version, key, undefined, facts));
    };
    for (const platform of ['macos-x64', 'macos-arm64'] as const) await add(platform, `TunnelCompanion-${r.version}-${platform}.zip`, exampleBuild(r.version, platform));
    await add('windows-x64', `TunnelCompanion-${squirrelFormOf(r.version)}-full.nupkg`, exampleBuild(r.version, 'windows-x64'));
    // A delta is a fraction of the full package, as Squirrel's are.
    await add('windows-x64', `TunnelCompanion-${squirrelFormOf(r.version)}-delta.nupkg`, Buffer.from(`delta to ${r.version}\n`.repeat(64)), { deltaFrom: r.deltaFrom });
    const withMinimum = artifacts.map((a) => (a.platform.startsWith('macos') ? { ...a, minimum_os: '13.0' } : a));
    const text = `version: ${r.version}\ndate: 2026-11-26\ndescription: Release ${r.version}\nchanges:\n  - Changes of ${r.version}.\n${r.extra}`;
    await writeFile(join(content, `changelog/stable/${r.version}.yaml`), withArtifacts(text, withMinimum));
  }
  server = await startServer({ contentDir: content, tokens: 'pm=releases:read' });
  expect((await call(`${server.url}/health`)).body.content.issues).toEqual([]);
});

afterAll(async () => {
  await server?.close();
  await rm(server.contentDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** The version the update check offers an install (null when up to date). */
async function native(host: string, platform: string, arch: string, install?: string): Promise<string | null> {
  const data = (await call(`${server.url}/api/changelog/since/${host}?platform=${platform}&arch=${arch}${install ? `&install_id=${install}` : ''}`)).body.data;
  return data.up_to_date ? null : (data.latest as string);
}

describe('Squirrel.Mac (Electron autoUpdater on macOS)', () => {
  const check = async (arch: string, host: string, query: string) => {
    const res = await rawRequest(FEED(server, `darwin-${arch}`, host, query));
    return { res, read: squirrelMacCheck(res.status, res.body.toString()) };
  };

  it('is handed what the update check offers each install, staged and critical releases included, or 204', async () => {
    for (const arch of ['arm64', 'x64']) {
      for (const install of INSTALLS) {
        for (const host of ['1.11.0', '1.12.0', '1.13.0', '1.13.1']) {
          const { res, read } = await check(arch, host, `?install_id=${install}&os=14.5`);
          expect('error' in read).toBe(false);
          const update = 'update' in read ? read.update : null;
          expect({ arch, install, host, offered: update?.name ?? null }).toEqual({ arch, install, host, offered: await native(host, 'macos', arch, install) });
          if (update) expect(update.url).toBe(`https://downloads.tunnel-companion.example/${update.name}/TunnelCompanion-${update.name}-macos-${arch}.zip`);
          expect(res.headers['cache-control']).toBe('private, max-age=30');
        }
      }
    }
  });

  it('never hands a Mac a build for a newer macOS: without os in the feed URL, nothing that needs one', async () => {
    const name = async (query: string) => {
      const { read } = await check('arm64', '1.11.0', query);
      return 'update' in read ? (read.update?.name ?? null) : 'error';
    };
    expect(['1.13.0', '1.13.1']).toContain(await name('?install_id=install-1&os=14.5'));
    // 1.13.x need macOS 13: the newest the Mac can run is 1.12.0 (in its share) or 1.11.2.
    for (const query of ['?install_id=install-1&os=12.7', '?install_id=install-1']) expect(['1.12.0', '1.11.2']).toContain(await name(query));
  });

  it('answers 204 to an install on the newest release, and ignores parameters it does not take', async () => {
    const { res } = await check('arm64', '1.13.1', '?os=14.5&utm_source=app');
    expect(res.status).toBe(204);
    expect(res.body).toHaveLength(0);
  });
});

describe('Squirrel.Windows (Electron autoUpdater on Windows)', () => {
  /** The install's own package, as its local RELEASES lists it after installing `version`. */
  const installed = (version: string): ReleaseEntry => parseReleaseFile(`${'0'.repeat(40)} TunnelCompanion-${squirrelFormOf(version)}-full.nupkg 81920`)[0]!;
  /** What Squirrel.Windows updates an install to from the feed URL the app set: the packages it applies. */
  const squirrel = async (host: string, install: string) => {
    const feed = FEED(server, 'win32-x64', host, `?install_id=${install}&os=10.0.22631`);
    const res = await rawRequest(releasesUrl(feed, installed(host)));
    if (res.status !== 200) return { status: res.status, applied: [] as ReleaseEntry[], feed };
    return { status: 200, applied: releasesToApply(installed(host), parseReleaseFile(res.body.toString())), feed };
  };
  const versionOf = (entries: ReleaseEntry[]) => {
    const last = entries.at(-1);
    if (!last) return null;
    const v = toSemanticVersion(last.filename);
    return `${v.numbers.slice(0, 3).join('.')}${v.special ? `-${v.special}` : ''}`;
  };

  it('updates each install to what the update check offers it, staged and critical releases included', async () => {
    for (const install of INSTALLS) {
      for (const host of ['1.11.1', '1.13.0', '1.13.1']) {
        const { status, applied } = await squirrel(host, install);
        expect(status).toBe(200);
        expect({ install, host, offered: versionOf(applied) }).toEqual({ install, host, offered: await native(host, 'windows', 'x64', install) });
      }
    }
  });

  it('applies the deltas that reach the release from the install, and fetches every package beside RELEASES, redirected without the query', async () => {
    // An install in 1.13.1's share on 1.13.0 gets its delta; one on 1.11.1 the two deltas in turn.
    let staged: string | undefined;
    for (const install of INSTALLS) if ((await native('1.13.0', 'windows', 'x64', install)) === '1.13.1') staged = install;
    expect(staged).toBeDefined();
    const fromPrevious = await squirrel('1.13.0', staged!);
    expect(fromPrevious.applied.map((e) => e.filename)).toEqual(['TunnelCompanion-1.13.1-delta.nupkg']);
    const fromOlder = await squirrel('1.11.1', staged!);
    expect(fromOlder.applied.map((e) => e.filename)).toEqual(['TunnelCompanion-1.13.0-delta.nupkg', 'TunnelCompanion-1.13.1-delta.nupkg']);
    for (const entry of fromOlder.applied) {
      const url = packageUrl(fromOlder.feed, entry);
      expect(url).not.toContain('install_id');
      const res = await rawRequest(url);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`https://downloads.tunnel-companion.example/${toSemanticVersion(entry.filename).numbers.slice(0, 3).join('.')}/${entry.filename}`);
    }
    // An install on 1.11.0 has no delta to start from: the full package.
    expect((await squirrel('1.11.0', staged!)).applied.map((e) => e.filename)).toEqual(['TunnelCompanion-1.13.1-full.nupkg']);
  });

  it('answers 404 where no release has a Squirrel package, which Squirrel reports as an error rather than "no update"', async () => {
    const res = await rawRequest(`${server.url}/api/updates/squirrel/stable/win32-arm64/1.11.0/RELEASES?id=TunnelCompanion&localVersion=1.11.0&arch=amd64`);
    expect(res.status).toBe(404);
    expect((await rawRequest(`${server.url}/api/updates/squirrel/stable/win32-x64/1.11.0/TunnelCompanion-9.9.9-full.nupkg`)).status).toBe(404);
  });
});

describe("counting Electron's autoUpdater in release health", () => {
  it('counts an install whose feed URL names its credential, once, with what it was offered', async () => {
    const today = async (version: string) => {
      await flushed(server);
      const day = (await call(`${server.url}/api/releases/${version}/health?days=1`, { headers: { authorization: 'Bearer pm' } })).body.data.days[0];
      return { active: day.active_installs as number, offered: day.offered as number };
    };
    const before = await today('1.13.0');
    const credential = (await call(`${server.url}/api/installs`, { method: 'POST' })).body.data.install_id as string;
    // On macOS 14 from 1.11.2: the critical 1.13.0 or the staged 1.13.1.
    const res = await rawRequest(FEED(server, 'darwin-arm64', '1.13.0', `?install_id=${credential}&os=14.5`));
    expect([200, 204]).toContain(res.status);
    const after = await today('1.13.0');
    expect(after.active - before.active).toBe(1);
  });
});
