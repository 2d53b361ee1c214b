import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as ed from '@noble/ed25519';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ed25519KeyFrom, publicKeys } from '@companion/content';
import { useClientContentServer } from './client-content';
import { rawRequest, servedFast } from './raw-http';
import { call, expectError } from './server';
import { darwinVersion } from '@companion/updater-formats';

// The updaters' own formats: electron-updater's channel files (its own code reads them in
// electron-updater.test.ts); the Sparkle appcast goes through a real XML parser and is held to Sparkle's documented elements;
// Tauri's JSON carries minisign signatures verified with @noble/ed25519 against the test key, as
// minisign-verify does. Fixture: critical 1.11.1 and the latest 1.11.2 with signed builds, 1.12.0
// rolled out to 30% with unsigned builds for macos-arm64 and windows-x64 only.

const KEY_FILE = resolve(import.meta.dirname, '../../../packages/content/test/fixtures/release-signing-test.pem');

const served = useClientContentServer();

/** An install id in (or outside) the share of a staged release, as the update check decides. */
async function installIn(version: string, inside: boolean): Promise<string> {
  for (let i = 0; ; i++) {
    const res = await call(`${served.server.url}/api/changelog/since/1.11.0?install_id=pick-${i}`);
    if (version in res.body.data.releases === inside) return `pick-${i}`;
  }
}

describe("electron-updater's channel files", () => {
  // electron-updater's own classes read them in electron-updater.test.ts; here, what they hold.
  it('name the newest release offered with a build for every architecture of the OS, without stagingPercentage', async () => {
    // 1.12.0 (30%, builds for macos-arm64 and windows-x64 only) is offered to no install without
    // an id, and a shared file cannot name it for the architecture without a build.
    const windows = await rawRequest(`${served.server.url}/api/updates/electron/latest.yml?noCache=1k8gq`);
    expect(windows.status).toBe(200);
    expect(windows.headers['content-type']).toBe('application/yaml; charset=utf-8');
    const yml = windows.body.toString();
    expect(yml).toMatch(/^version: 1\.11\.2$/m);
    expect(yml).not.toMatch(/stagingPercentage/);
    expect(yml.indexOf('windows-x64.exe')).toBeLessThan(yml.indexOf('windows-arm64.exe'));
    const x64 = await rawRequest(`${served.server.url}/api/updates/electron/latest.yml?arch=x64&install_id=install-1`);
    expect(x64.headers['cache-control']).toBe('private, max-age=30');
    expect(x64.body.toString()).not.toMatch(/arm64/);
  });

  it("accept electron-updater's noCache and answer the same, from the fast path", async () => {
    const first = await rawRequest(`${served.server.url}/api/updates/electron/latest-mac.yml?noCache=1k8gqvnt1`);
    const second = await rawRequest(`${served.server.url}/api/updates/electron/latest-mac.yml?noCache=1k8gqvnt2`);
    expect(servedFast(second)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.body.toString()).toMatch(/^version: 1\.11\.2$/m);
  });

  it("give macOS's minimum as the Darwin version electron-updater compares with os.release()", () => {
    // Darwin versions of the first release of each macOS version (Apple's open-source release pages).
    const cases = { '10.13': '17.0.0', '10.15.4': '19.4.0', '11.0': '20.0.0', '11.3': '20.4.0', '12.0': '21.0.0', '12.3': '21.4.0', '12.6': '21.6.0', '13.0': '22.0.0', '13.4': '22.5.0', '14.2': '23.2.0', '15.0': '24.0.0', '26.0': '25.0.0' };
    expect(Object.fromEntries(Object.keys(cases).map((v) => [v, darwinVersion(v)]))).toEqual(cases);
    expect(darwinVersion('twelve')).toBeNull();
  });

  it("answer each install by its x-user-staging-id on the same URL, from the fast path, privately", async () => {
    const [inside, outside] = [await installIn('1.12.0', true), await installIn('1.12.0', false)];
    const url = `${served.server.url}/api/updates/electron/latest.yml?arch=x64`;
    for (let round = 0; round < 2; round++) {
      const a = await rawRequest(url, { headers: { 'x-user-staging-id': inside } });
      const b = await rawRequest(url, { headers: { 'x-user-staging-id': outside } });
      expect(a.body.toString()).toMatch(/^version: 1\.12\.0$/m);
      expect(b.body.toString()).toMatch(/^version: 1\.11\.2$/m);
      expect(a.headers['cache-control']).toBe('private, max-age=30');
      if (round === 1) expect(servedFast(a) && servedFast(b)).toBe(true);
    }
    // The install_id in the feed URL wins over the header.
    const byQuery = await rawRequest(`${url}&install_id=${outside}`, { headers: { 'x-user-staging-id': inside } });
    expect(byQuery.body.toString()).toMatch(/^version: 1\.11\.2$/m);
  });

  it('answers 404 for an OS without builds and 400 for a file or an arch it does not know; a parameter it does not know is ignored', async () => {
    expectError(await call(`${served.server.url}/api/updates/electron/latest-linux-arm64.yml`), 404, 'RELEASE_NOT_FOUND');
    // beta.yml is electron-updater's beta channel now; a channel no updater names is still refused.
    expectError(await call(`${served.server.url}/api/updates/electron/nightly.yml`), 400, 'BAD_PARAMETER');
    expectError(await call(`${served.server.url}/api/updates/electron/latest-linux.yml?arch=arm64`), 400, 'BAD_PARAMETER');
    const plain = await rawRequest(`${served.server.url}/api/updates/electron/latest.yml`);
    const tagged = await rawRequest(`${served.server.url}/api/updates/electron/latest.yml?cachebuster=1&utm_source=app`);
    expect([tagged.status, tagged.body.toString()]).toEqual([200, plain.body.toString()]);
  });
});

describe('the Sparkle appcast', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => name === 'item' });
  const appcast = async (path: string) => {
    const res = await rawRequest(served.server.url + path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const text = res.body.toString();
    expect(XMLValidator.validate(text)).toBe(true);
    return { items: parser.parse(text).rss.channel.item as any[], res };
  };

  it("lists the releases offered with a build for the platform, with Sparkle's elements", async () => {
    const { items, res } = await appcast('/api/updates/sparkle/stable/macos-arm64');
    expect(servedFast(res)).toBe(true);
    // 1.12.0 (30%) is offered to no install without an id: Sparkle's phased groups would stage it
    // by days, not by the percentage, so it is not listed.
    expect(items.map((i) => i['sparkle:version'])).toEqual(['1.11.2', '1.11.1']);
    const [latest, critical] = items;
    expect(latest['sparkle:shortVersionString']).toBe('1.11.2');
    expect(latest.enclosure).toMatchObject({ '@url': expect.stringMatching(/^https:\/\/.*1\.11\.2-macos-arm64\.zip$/), '@length': '81920', '@type': 'application/octet-stream', '@sparkle:edSignature': expect.stringMatching(/==$/) });
    // Both carry the critical 1.11.1: an install below it updating to 1.11.2 is told it is critical.
    expect(critical['sparkle:criticalUpdate']).toMatchObject({ '@sparkle:version': '1.11.1' });
    expect(latest['sparkle:criticalUpdate']).toMatchObject({ '@sparkle:version': '1.11.1' });
    expect(items.some((i) => 'sparkle:phasedRolloutInterval' in i)).toBe(false);
    expect(critical.pubDate).toBe('Tue, 01 Sep 2026 00:00:00 GMT');
    const { items: staged } = await appcast(`/api/updates/sparkle/stable/macos-arm64?install_id=${await installIn('1.12.0', true)}`);
    expect(staged[0]['sparkle:version']).toBe('1.12.0');
    expect(staged[0]['sparkle:minimumSystemVersion']).toBe('12.0');
    expect(staged[0]['sparkle:releaseNotesLink']).toBe('https://tunnel-companion.example/changelog/1.12.0');
  });

  it('signs enclosures so Sparkle verifies them with SUPublicEDKey', async () => {
    const { items } = await appcast('/api/updates/sparkle/stable/macos-arm64');
    const publicKey = Buffer.from(publicKeys(ed25519KeyFrom(await readFile(KEY_FILE, 'utf8'))).ed25519, 'base64');
    const { exampleBuild } = await import('../../../packages/content/test/example-builds');
    const latest = items[0];
    expect(await ed.verifyAsync(Buffer.from(latest.enclosure['@sparkle:edSignature'], 'base64'), exampleBuild('1.11.2', 'macos-arm64'), publicKey)).toBe(true);
  });

  it('answers exactly the install its share of a rollout with install_id, privately', async () => {
    const sizes = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const { items, res } = await appcast(`/api/updates/sparkle/stable/macos-arm64?install_id=install-${i}`);
      expect(res.headers['cache-control']).toBe('private, max-age=30');
      expect(items.every((item) => !('sparkle:phasedRolloutInterval' in item))).toBe(true);
      sizes.add(items.length);
    }
    expect([...sizes].sort()).toEqual([2, 3]); // outside the share 1.12.0 is left out
  });

  it('leaves out releases without a build for the platform', async () => {
    const { items } = await appcast('/api/updates/sparkle/stable/linux-arm64');
    expect(items ?? []).toEqual([]);
    expectError(await call(`${served.server.url}/api/updates/sparkle/stable/macos-ppc`), 400, 'BAD_PARAMETER');
  });
});

/** minisign-verify's check of a legacy (Ed) signature: key id, the signature over the data, the global signature over the signature and trusted comment. */
async function minisignVerifies(publicKeyFile: string, signatureFile: string, data: Uint8Array): Promise<boolean> {
  const keyBytes = Buffer.from(Buffer.from(publicKeyFile, 'base64').toString().split('\n')[1]!, 'base64');
  const [, sigLine, trustedLine, globalLine] = Buffer.from(signatureFile, 'base64').toString().split('\n') as [string, string, string, string];
  const sig = Buffer.from(sigLine, 'base64');
  if (sig.subarray(0, 2).toString() !== 'Ed' || !sig.subarray(2, 10).equals(keyBytes.subarray(2, 10))) return false;
  const pk = keyBytes.subarray(10);
  const trusted = trustedLine.replace(/^trusted comment: /, '');
  return (await ed.verifyAsync(sig.subarray(10), data, pk)) && (await ed.verifyAsync(Buffer.from(globalLine, 'base64'), Buffer.concat([sig.subarray(10), Buffer.from(trusted)]), pk));
}

describe("Tauri's updater JSON", () => {
  it('answers the newest release with a signed build, its signature verifying against the pubkey', async () => {
    const res = await rawRequest(`${served.server.url}/api/updates/tauri/stable/darwin/aarch64`);
    expect(servedFast(res)).toBe(true);
    const manifest = JSON.parse(res.body.toString());
    // 1.12.0 is staged and Tauri stages nothing itself: without install_id it is not offered.
    expect(manifest).toMatchObject({ version: '1.11.2', pub_date: '2026-10-01T00:00:00Z', notes: expect.stringContaining('Maintenance release') });
    expect(Object.keys(manifest.platforms)).toEqual(['darwin-aarch64']);
    const { url, signature } = manifest.platforms['darwin-aarch64'];
    expect(url).toMatch(/1\.11\.2-macos-arm64\.zip$/);
    const pubkey = publicKeys(ed25519KeyFrom(await readFile(KEY_FILE, 'utf8'))).minisign;
    const { exampleBuild } = await import('../../../packages/content/test/example-builds');
    expect(await minisignVerifies(pubkey, signature, exampleBuild('1.11.2', 'macos-arm64'))).toBe(true);
    expect(await minisignVerifies(pubkey, signature, exampleBuild('1.11.1', 'macos-arm64'))).toBe(false);
  });

  it("answers 204, Tauri's no update, when no release has a signed build for the platform; 400 for an unknown target", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await rawRequest(`${served.server.url}/api/updates/tauri/stable/linux/aarch64`);
      expect(res.status).toBe(204);
      expect(res.body).toHaveLength(0);
    }
    expectError(await call(`${served.server.url}/api/updates/tauri/stable/haiku/x86_64`), 400, 'BAD_PARAMETER');
  });
});

describe('the formats in /openapi.json', () => {
  it('carry their allowed route parameters as enums', async () => {
    const doc = (await call(`${served.server.url}/openapi.json`)).body;
    const params = (path: string) => Object.fromEntries(doc.paths[path].get.parameters.filter((p: any) => p.in === 'path').map((p: any) => [p.name, p.schema.enum]));
    expect(params('/api/updates/electron/{file}').file).toContain('latest-mac.yml');
    // The named channels (rc, beta, alpha) beside stable and preview.
    expect(params('/api/updates/sparkle/{channel}/{platform}')).toEqual({ channel: ['stable', 'rc', 'beta', 'alpha', 'preview'], platform: ['windows-x64', 'windows-arm64', 'macos-arm64', 'macos-x64', 'linux-x64', 'linux-arm64'] });
    expect(params('/api/updates/tauri/{channel}/{target}/{arch}')).toEqual({ channel: ['stable', 'rc', 'beta', 'alpha', 'preview'], target: ['darwin', 'windows', 'linux'], arch: ['x86_64', 'aarch64'] });
  });

  it('list the query parameters the updaters send, and only those', async () => {
    const doc = (await call(`${served.server.url}/openapi.json`)).body;
    const query = (path: string) => doc.paths[path].get.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
    expect(query('/api/updates/electron/{file}')).toEqual(['install_id', 'arch', 'noCache', 'version']);
    expect(query('/api/updates/sparkle/{channel}/{platform}')).toEqual(['install_id', 'version']);
    expect(query('/api/updates/tauri/{channel}/{target}/{arch}')).toEqual(['install_id', 'version']);
  });
});
