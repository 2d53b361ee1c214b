import type { AdoptionRecorder } from '@companion/adoption-store';
import type { ContentSnapshot } from '@companion/content';
import { ARCHITECTURES, FeedVersionParam, InstallIdParam, type Artifact, type ArtifactTarget } from '@companion/schema';
import { ELECTRON_FILES, electronBuilds, electronBuildsOf, electronChannelFile, electronKeyOf, packageFileName, type ElectronSuffix, type FeedChannel } from '@companion/updater-formats';
import { z } from 'zod';
import type { ContentSource } from '../deps';
import { ApiError, badQuery, memoPerSnapshotKey, queryEnum, type ReadRequest, selectionOf, type SnapshotRead } from '@companion/http-kit';
import { installId } from './client-query';
import { countFeedCheck, enumParam, feedChannelReleases, feedKey, feedKeyForInstall, feedSlices, offeredReleases, reportedVersion } from './feed-releases';
import { buildUrlOf, RedirectParams, redirectToBuild } from './package-redirects';
import type { RouteDef } from '@companion/route-table';

/** electron-updater's channel names (`autoUpdater.channel`; `latest` by default) and the feed channel each reads. */
const ELECTRON_CHANNELS: Record<string, FeedChannel> = { latest: 'stable', rc: 'rc', beta: 'beta', alpha: 'alpha', preview: 'preview' };
/** electron-updater's file names: `latest.yml`, `latest-mac.yml`, ..., `beta-linux-arm64.yml`, `preview-linux-arm64.yml`. */
export const ELECTRON_FILE_NAMES = Object.keys(ELECTRON_CHANNELS).flatMap((channel) => Object.keys(ELECTRON_FILES).map((suffix) => `${channel}${suffix}.yml`));

const electronFile = enumParam('file', ELECTRON_FILE_NAMES, 'the channel file electron-updater asks for: latest*.yml for stable, rc*, beta* and alpha*.yml for those channels (each with the more stable ones), preview*.yml for every preview', 'latest-mac.yml');
const ElectronArchParam = z.enum(ARCHITECTURES).meta({ description: "the app's architecture, in the feed URL (`.../electron?arch=arm64`): only its build; without it, a release with a build for every architecture the channel ships for the OS" });
const NoCacheParam = z.string().meta({ description: "electron-updater's cache buster (GenericProvider adds `noCache=<random>` unless the request carries Authorization or the feed URL a query): accepted and ignored" });
const PathVersionParam = FeedVersionParam.meta({ description: 'the version the app runs, as the feed URL ends (`.../api/updates/electron/<version>`): counted in release health with the install electron-updater names; the query stays free for nothing but what electron-updater adds itself, so nothing reaches the download URLs' });

/** The install an electron-updater request names: `install_id` in the feed URL, else the `x-user-staging-id` header it sends. */
const electronInstall = (request: ReadRequest): string | undefined => installId(request) ?? request.stagingId;

/**
 * How a channel file names its builds. electron-updater copies the feed URL's query onto every
 * file URL it resolves (util.newUrlFromBase), absolute ones included: with an install id or the
 * version in that query, the file names the service's own redirect (`download/<version>/<file>`
 * beside the channel file, `../download/...` under a version in the path) instead, which answers
 * 302 to the build without the query. Without them, the builds' own URLs: `-` under the plain
 * feed URL, `=` under a version in the path (telling installsOf where a redirect would be).
 */
function linksOf(request: ReadRequest): string {
  const path = request.params.version !== undefined;
  if ((request.query as Record<string, unknown>).version === undefined) return path ? '=' : '-';
  return path ? '../download/' : 'download/';
}

/**
 * The install a request names, for the fast path to key its answer by: `install_id` in the feed
 * URL (marked ` query`: its answer must link builds through the redirect, see linksOf), else
 * electron-updater's `x-user-staging-id` header (sent with the channel file only).
 */
const installsOf = (request: ReadRequest): string | undefined => {
  const id = installId(request);
  return id !== undefined ? `${id} query` : request.stagingId;
};

/** An electron key for the install installsOf names: its staged releases, and redirected links when its id came in the query. */
function keyForInstall(snapshot: ContentSnapshot, key: string, marked: string): string {
  const fromQuery = marked.endsWith(' query');
  const install = fromQuery ? marked.slice(0, -' query'.length) : marked;
  let own = key;
  if (fromQuery) {
    const parts = key.split(' ');
    if (parts[4] === '-') parts[4] = 'download/';
    else if (parts[4] === '=') parts[4] = '../download/';
    own = parts.join(' ');
  }
  return feedKeyForInstall(snapshot, own, install);
}

/**
 * `<channel> <preview key> <suffix> <arch> <links> -` of an electron-updater request without its
 * install: the channel file, the architecture the feed URL names (`-` for none), how builds are
 * linked (linksOf). For an install, the last `-` becomes the staged releases it is in.
 */
function electronKey(request: ReadRequest): string {
  const file = electronFile.read(request);
  const installed = reportedVersion(request);
  const [, name, suffix] = /^(latest|rc|beta|alpha|preview)(.*)\.yml$/.exec(file)! as unknown as [string, string, ElectronSuffix];
  const arch = queryEnum(request, 'arch', ARCHITECTURES);
  const targets: readonly ArtifactTarget[] = ELECTRON_FILES[suffix];
  if (arch !== undefined && !targets.some((t) => t.endsWith(`-${arch}`))) throw badQuery('arch', `the architecture of ${file}: ${targets.map((t) => t.split('-')[1]).join(' or ')}`);
  return feedKey(ELECTRON_CHANNELS[name]!, installed, suffix, arch ?? '-', linksOf(request));
}

/**
 * The release electron-updater is handed for a key (see electronKey) and its builds, null when
 * there is nothing to name: the newest release offered to the install with a build for every
 * `<platform> <package>` the channel ships for the file's OS (or the named architecture), so no
 * install is handed another architecture's build or another package than the one it installs
 * (an AppImage, deb or rpm install each finds its own), and none is told of an update without a
 * file for it.
 */
const electronChoice = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, , suffix, arch] = key.split(' ') as [FeedChannel, string, ElectronSuffix, string];
  const targets = ELECTRON_FILES[suffix].filter((t) => arch === '-' || t.endsWith(`-${arch}`));
  const wanted = new Set(feedChannelReleases(snapshot, channel).flatMap((r) => targets.flatMap((t) => electronBuildsOf(r, t).map(electronKeyOf))));
  if (wanted.size === 0) return null;
  for (const release of offeredReleases(snapshot, key)) {
    const builds = electronBuilds(release, targets, wanted);
    if (builds !== null) return { release, builds, mac: suffix === '-mac' };
  }
  return null;
});

/** The channel file for a key (see electronChoice), null when there is nothing to name. */
const electronAnswer = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string): string | null => {
  const choice = electronChoice(snapshot, key);
  if (choice === null) return null;
  const links = key.split(' ')[4]!;
  const urlOf = links === '-' || links === '=' ? undefined : (build: Artifact) => `${links}${choice.release.version}/${encodeURIComponent(packageFileName(build))}`;
  return electronChannelFile(choice.release, choice.builds, choice.mac, urlOf);
});

/** Per electron-updater channel file: its OS, and its architecture when the OS ships one only (else empty). */
const ELECTRON_FILE_OS = Object.fromEntries(
  Object.entries(ELECTRON_FILES).map(([suffix, targets]) => {
    const arches = new Set(targets.map((t) => t.split('-')[1]));
    return [suffix, { platform: targets[0].split('-')[0]!, arch: arches.size === 1 ? [...arches][0]! : '' }];
  }),
) as Record<ElectronSuffix, { platform: string; arch: string }>;

/** electron-updater's generic provider: its channel files, with the version in the feed URL's path or query, and the redirects they may name. */
export function electronFeedRoutes(content: ContentSource, adoption?: Pick<AdoptionRecorder, 'seen'> | null): RouteDef[] {
  const electron: SnapshotRead = {
    slices: feedSlices,
    select: (_snapshot, request) => electronKey(request),
    answer: (snapshot, request) => {
      const body = electronAnswer(snapshot, selectionOf(electron, snapshot, request));
      if (body === null) throw new ApiError('RELEASE_NOT_FOUND', 'No release has a build offered to this install for this OS and architecture on this channel.');
      return { kind: 'document', type: 'application/yaml; charset=utf-8', body };
    },
    installs: { of: installsOf, select: keyForInstall },
    ...(adoption && {
      observe: (request: ReadRequest, snapshot: ContentSnapshot, selection: string) => {
        const [channel, , suffix, arch] = selection.split(' ') as [FeedChannel, string, ElectronSuffix, string];
        // The feed URL's arch, else the OS's only one, else none.
        const os = ELECTRON_FILE_OS[suffix];
        countFeedCheck(adoption, request, { install: electronInstall(request), channel, platform: os.platform, arch: arch !== '-' ? arch : os.arch, offered: electronChoice(snapshot, selection)?.release.version });
      },
    }),
  };
  const description =
    "electron-updater's generic provider channel files (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and those of the rc, beta, alpha and preview channels): the release offered to the install (install_id, else electron-updater's x-user-staging-id) with builds for its architecture and packages";
  const common = { method: 'GET', category: 'changelog', handlers: [], read: electron, media: ['application/yaml'], errors: ['RELEASE_NOT_FOUND'], unknownQuery: 'ignore' } satisfies Partial<RouteDef>;
  return [
    { ...common, path: '/api/updates/electron/:file', description, params: { file: electronFile.schema }, query: { install_id: InstallIdParam, arch: ElectronArchParam, noCache: NoCacheParam, version: FeedVersionParam } },
    { ...common, path: '/api/updates/electron/:version/:file', description: `${description}; the version the app runs ends the feed URL`, params: { version: PathVersionParam, file: electronFile.schema }, query: { install_id: InstallIdParam, arch: ElectronArchParam, noCache: NoCacheParam } },
    {
      method: 'GET',
      path: '/api/updates/electron/download/:version/:file',
      category: 'changelog',
      description: "A build (or its .blockmap) named in a channel file whose feed URL carried an install id or version: 302 to the build's own URL, without the query electron-updater copied onto it",
      handlers: [redirectToBuild(content, (snapshot, params) => buildUrlOf(snapshot, params.version!, params.file!))],
      params: { version: RedirectParams.version, file: RedirectParams.file('TunnelCompanion-1.11.2-macos-arm64.zip') },
      unknownQuery: 'ignore',
      errors: ['RELEASE_NOT_FOUND'],
      redirect: 'the build on its host, its URL as the release file gives it',
    },
  ];
}
