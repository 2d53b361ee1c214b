import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { describeArtifact, ed25519KeyFrom, withArtifacts } from '@companion/content';
import type { Artifact, ArtifactTarget } from '@companion/schema';
import { call, SHIPPED_CONTENT, startServer, type TestServer } from './server';

const KEY_FILE = resolve(import.meta.dirname, '../../../packages/content/test/fixtures/release-signing-test.pem');

/** One build of a release: its target, file name (also the last part of its URL) and bytes. */
export interface SignedBuild {
  target: ArtifactTarget;
  name: string;
  bytes: Buffer | string;
  /** What the release tooling is told of the build beyond its bytes (`deltaFrom`). */
  facts?: Parameters<typeof describeArtifact>[6];
  /** Fields to set on the artifact the release tooling described (such as `minimum_os`). */
  extra?: Partial<Artifact>;
}

export interface SignedRelease {
  version: string;
  channel?: 'stable' | 'preview';
  date: string;
  /** Front-matter lines after the changes (`rollout: 30\n`, `build: "5000"\n`). */
  extra?: string;
  builds: readonly SignedBuild[];
}

export interface SignedReleases {
  server: TestServer;
  /** The folder the builds were written to. */
  work: string;
  key: KeyObject;
  /** Each build's bytes by its URL path (`/<version>/<name>`), for an artifact host. */
  files: Map<string, Buffer>;
  close(): Promise<void>;
}

/**
 * The shipped content plus `releases`, each build written by the release tooling and signed with
 * the test key, served by a started service whose content has no issue.
 */
export async function serveSignedReleases(releases: readonly SignedRelease[], options: { host: string; tokens?: string }): Promise<SignedReleases> {
  const content = await mkdtemp(join(tmpdir(), 'api-releases-content-'));
  const work = await mkdtemp(join(tmpdir(), 'api-releases-builds-'));
  await cp(SHIPPED_CONTENT, content, { recursive: true });
  const key = ed25519KeyFrom(await readFile(KEY_FILE, 'utf8'));
  const files = new Map<string, Buffer>();
  for (const release of releases) {
    const artifacts: Artifact[] = [];
    for (const build of release.builds) {
      const bytes = Buffer.from(build.bytes);
      await writeFile(join(work, build.name), bytes);
      const artifact = await describeArtifact(build.target, join(work, build.name), `https://${options.host}/${release.version}/${build.name}`, release.version, key, undefined, build.facts);
      artifacts.push({ ...artifact, ...build.extra });
      files.set(`/${release.version}/${build.name}`, bytes);
    }
    const text = `version: ${release.version}\ndate: ${release.date}\ndescription: Release ${release.version}\nchanges:\n  - Changes of ${release.version}.\n${release.extra ?? ''}`;
    await writeFile(join(content, `changelog/${release.channel ?? 'stable'}/${release.version}.yaml`), withArtifacts(text, artifacts));
  }
  const server = await startServer({ contentDir: content, ...(options.tokens && { tokens: options.tokens }) });
  expect((await call(`${server.url}/health`)).body.content.issues).toEqual([]);
  return {
    server,
    work,
    key,
    files,
    async close() {
      await server.close();
      await rm(content, { recursive: true, force: true });
      await rm(work, { recursive: true, force: true });
    },
  };
}
