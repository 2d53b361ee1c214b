import { isPartialRollout, type ContentSnapshot } from '@companion/content';
import { ARCHITECTURES, ARTIFACT_TARGETS, artifactFor, CHANNELS, FeedVersionParam, InstallIdParam, type ArtifactTarget } from '@companion/schema';
import semver from 'semver';
import { activityFacts, type AdoptionRecorder } from '@companion/adoption-store';
import { z } from 'zod';
import { ELECTRON_FILES, electronBuilds, electronChannelFile, type ElectronSuffix } from '../feeds/updaters/electron-yml';
import { sparkleAppcast } from '../feeds/updaters/sparkle-appcast';
import { TAURI_ARCHES, TAURI_TARGETS, tauriManifest, type TauriArch, type TauriTarget } from '../feeds/updaters/tauri-json';
import { ApiError, badQuery, memoPerSnapshotKey, pathParam, queryEnum, type ReadRequest, selectionOf, type SnapshotRead } from '@companion/http-kit';
import { channelReleases } from '@companion/release-guard';
import { feedVersion, installId } from './client-query';
import type { Channel } from './release-json';
import { keyForShare } from './rollout';
import type { RouteDef } from './table';

const ELECTRON_CHANNELS: Record<string, Channel> = { latest: 'stable', preview: 'preview' };
/** electron-updater's file names: `latest.yml`, `latest-mac.yml`, ..., `preview-linux-arm64.yml`. */
export const ELECTRON_FILE_NAMES = Object.keys(ELECTRON_CHANNELS).flatMap((channel) => Object.keys(ELECTRON_FILES).map((suffix) => `${channel}${suffix}.yml`));

const enumParam = (name: string, values: readonly string[], description: string, example = values[0]) => {
  const pattern = new RegExp(`^(${values.map((v) => v.replace(/[.-]/g, '\\$&')).join('|')})$`);
  return { schema: z.enum(values as [string, ...string[]]).meta({ description, examples: [example] }), read: (request: Pick<ReadRequest, 'params'>) => pathParam(request, name, pattern, 40, `one of ${values.join(', ')}`) };
};
const channelParam = enumParam('channel', CHANNELS, 'the update channel: stable, or preview (previews and stable releases)');
const electronFile = enumParam('file', ELECTRON_FILE_NAMES, 'the channel file electron-updater asks for: latest*.yml for stable, preview*.yml for the preview channel', 'latest-mac.yml');
const sparklePlatform = enumParam('platform', ARTIFACT_TARGETS, 'the platform and architecture the app runs on', 'macos-arm64');
const tauriTarget = enumParam('target', Object.keys(TAURI_TARGETS), "Tauri's {{target}}");
const ElectronArchParam = z.enum(ARCHITECTURES).meta({ description: "the app's architecture, in the feed URL (`.../electron?arch=arm64`): only its build; without it, a release with a build for every architecture the channel ships for the OS" });
const NoCacheParam = z.string().meta({ description: "electron-updater's cache buster (GenericProvider adds `noCache=<random>` unless the request carries Authorization or the feed URL a query): accepted and ignored" });
const tauriArch = enumParam('arch', Object.keys(TAURI_ARCHES), "Tauri's {{arch}}");

/**
 * The releases of a channel offered to an install, per snapshot and `<channel> <offered>`: a
 * release in a partial rollout (`rollout: 0` included) only when the install is in its share
 * (`offered` lists those versions, `-` for none; without an install id, none), as the update check decides.
 */
const releasesFor = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, offeredList] = key.split(' ') as [Channel, string];
  const offered = new Set(offeredList === '-' ? [] : offeredList.split(','));
  return channelReleases(snapshot, channel).filter((r) => !isPartialRollout(r) || offered.has(r.version));
});

/** The key of releasesFor for a request without an install (whose `version`, when given, must be well formed). */
function releasesKey(channel: Channel, request: ReadRequest): string {
  feedVersion(request);
  return `${channel} -`;
}

/** The releases of a channel in a partial rollout, per snapshot. */
const stagedReleases = memoPerSnapshotKey((snapshot: ContentSnapshot, channel: string) => channelReleases(snapshot, channel as Channel).filter(isPartialRollout));

/** A feed's key (`<channel> ... -`) for an install: the staged releases of its channel it is in. */
const feedKeyForInstall = (snapshot: ContentSnapshot, key: string, install: string): string => keyForShare(key, stagedReleases(snapshot, key.slice(0, key.indexOf(' '))), install);
const feedInstalls = { of: installId, select: feedKeyForInstall };

const document = (type: string, body: string | null, what: string) => {
  if (body === null) throw new ApiError('RELEASE_NOT_FOUND', `No release has ${what}.`);
  return { kind: 'document' as const, type, body };
};

const slices = (snapshot: ContentSnapshot) => [snapshot.stable, snapshot.preview];

/** The install an electron-updater request names: `install_id` in the feed URL, else the `x-user-staging-id` header it sends. */
const electronInstall = (request: ReadRequest): string | undefined => installId(request) ?? request.stagingId;

/**
 * `<channel> <suffix> <arch> -` of an electron-updater request without its install: the channel
 * file and the architecture the feed URL names (`-` for none). For an install, `-` becomes the
 * staged releases it is in (feedKeyForInstall).
 */
function electronKey(request: ReadRequest): string {
  const file = electronFile.read(request);
  feedVersion(request);
  const [, name, suffix] = /^(latest|preview)(.*)\.yml$/.exec(file)! as unknown as [string, string, ElectronSuffix];
  const arch = queryEnum(request, 'arch', ARCHITECTURES);
  const targets: readonly ArtifactTarget[] = ELECTRON_FILES[suffix];
  if (arch !== undefined && !targets.some((t) => t.endsWith(`-${arch}`))) throw badQuery('arch', `the architecture of ${file}: ${targets.map((t) => t.split('-')[1]).join(' or ')}`);
  return `${ELECTRON_CHANNELS[name]!} ${suffix} ${arch ?? '-'} -`;
}

/**
 * The release electron-updater is handed for a key (see electronKey) and its builds, null when
 * there is nothing to name. The newest release offered to the install (a staged one only in its
 * share; without an install, none) with builds electron-updater cannot mistake: the build of the
 * named architecture, or without one, a build for every architecture of the OS that the channel
 * ships, so no install is handed another architecture's build and none is told of an update
 * without a file for it.
 */
const electronChoice = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, suffix, arch, offeredList] = key.split(' ') as [Channel, ElectronSuffix, string, string];
  const offered = new Set(offeredList === '-' ? [] : offeredList.split(','));
  const releases = channelReleases(snapshot, channel);
  const shipped = ELECTRON_FILES[suffix].filter((t) => releases.some((r) => artifactFor(r.artifacts, t) !== undefined));
  const targets = arch === '-' ? shipped : ELECTRON_FILES[suffix].filter((t) => t.endsWith(`-${arch}`));
  if (targets.length === 0) return null;
  for (const release of releases) {
    if (isPartialRollout(release) && !offered.has(release.version)) continue;
    const builds = electronBuilds(release, targets);
    if (builds !== null) return { release, builds, mac: suffix === '-mac' };
  }
  return null;
});

/** The channel file for a key (see electronChoice), null when there is nothing to name. */
const electronAnswer = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string): string | null => {
  const choice = electronChoice(snapshot, key);
  return choice && electronChannelFile(choice.release, choice.builds, choice.mac);
});

/** Where an updater's check comes from, as release health counts it. */
interface FeedCheck {
  install: string | undefined;
  channel: Channel;
  platform: string;
  arch: string;
  /** The version the answer hands over; undefined when none. */
  offered: string | undefined;
}

/**
 * Counts an updater's check as the update check's are counted (see AdoptionRecorder) when it names
 * its install and, in `version`, the version it runs: what the answer offered, when newer, with it.
 */
const countFeedCheck = (adoption: Pick<AdoptionRecorder, 'seen'>, request: ReadRequest, check: FeedCheck): void => {
  const version = feedVersion(request);
  if (check.install === undefined || version === undefined) return;
  const offered = check.offered !== undefined && semver.gt(check.offered, version) ? check.offered : '';
  adoption.seen(check.install, activityFacts({ version, channel: check.channel, platform: check.platform, arch: check.arch, offered }), request.nowMs);
};

/** `macos-arm64` as the platform and architecture release health counts. */
const splitTarget = (target: ArtifactTarget) => target.split('-') as [string, string];

/** Per electron-updater channel file: its OS, and its architecture when the OS ships one only (else empty). */
const ELECTRON_FILE_OS = Object.fromEntries(
  Object.entries(ELECTRON_FILES).map(([suffix, targets]) => {
    const arches = new Set(targets.map((t) => splitTarget(t)[1]));
    return [suffix, { platform: splitTarget(targets[0])[0], arch: arches.size === 1 ? [...arches][0]! : '' }];
  }),
) as Record<ElectronSuffix, { platform: string; arch: string }>;

/** Tauri's static update JSON, as /openapi.json describes it. */
export const TauriManifest = z
  .strictObject({
    version: z.string(),
    notes: z.string(),
    pub_date: z.string().meta({ description: 'RFC 3339' }),
    platforms: z.record(z.string(), z.strictObject({ url: z.string(), signature: z.string().meta({ description: 'a minisign signature file, base64' }) })),
  })
  .meta({ id: 'TauriManifest', description: "Tauri's static update JSON" });

/** The updaters' own formats, built from the release files: electron-updater, Sparkle, Tauri. */
export function updaterFeedRoutes(adoption?: Pick<AdoptionRecorder, 'seen'> | null): RouteDef[] {
  const electron: SnapshotRead = {
    slices,
    select: (_snapshot, request) => electronKey(request),
    answer: (snapshot, request) => document('application/yaml; charset=utf-8', electronAnswer(snapshot, selectionOf(electron, snapshot, request)), 'a build offered to this install for this OS and architecture on this channel'),
    installs: { of: electronInstall, select: feedKeyForInstall },
    ...(adoption && {
      observe: (request: ReadRequest, snapshot: ContentSnapshot, selection: string) => {
        const [channel, suffix, arch] = selection.split(' ') as [Channel, ElectronSuffix, string];
        // The feed URL's arch, else the OS's only one, else none.
        const os = ELECTRON_FILE_OS[suffix];
        countFeedCheck(adoption, request, { install: electronInstall(request), channel, platform: os.platform, arch: arch !== '-' ? arch : os.arch, offered: electronChoice(snapshot, selection)?.release.version });
      },
    }),
  };
  const sparkle: SnapshotRead = {
    slices,
    select: (_snapshot, request) => releasesKey(channelParam.read(request) as Channel, request),
    answer: (snapshot, request) => {
      const channel = channelParam.read(request) as Channel;
      const platform = sparklePlatform.read(request) as ArtifactTarget;
      // Sparkle's phased groups stage by time, not share: a release in a partial rollout is listed only to the installs in its share.
      const releases = releasesFor(snapshot, selectionOf(sparkle, snapshot, request));
      return document('application/rss+xml; charset=utf-8', sparkleAppcast(`Tunnel Companion ${channel} for ${platform}`, releases, platform), '');
    },
    installs: feedInstalls,
    ...(adoption && {
      observe: (request: ReadRequest, snapshot: ContentSnapshot, selection: string) => {
        const target = sparklePlatform.read(request) as ArtifactTarget;
        const [platform, arch] = splitTarget(target);
        // Sparkle moves to the newest item with an enclosure for the platform.
        const offered = releasesFor(snapshot, selection).find((r) => artifactFor(r.artifacts, target) !== undefined)?.version;
        countFeedCheck(adoption, request, { install: installId(request), channel: channelParam.read(request) as Channel, platform, arch, offered });
      },
    }),
  };
  const tauri: SnapshotRead = {
    slices,
    select: (_snapshot, request) => releasesKey(channelParam.read(request) as Channel, request),
    answer: (snapshot, request) => {
      channelParam.read(request); // checked first, in the order of the path
      const target = tauriTarget.read(request) as TauriTarget;
      const arch = tauriArch.read(request) as TauriArch;
      const manifest = tauriManifest(releasesFor(snapshot, selectionOf(tauri, snapshot, request)), target, arch);
      // tauri-plugin-updater's check() takes 204 as "no update"; a 404 would be an error on every check.
      return manifest === null ? { kind: 'none' } : { kind: 'document', type: 'application/json; charset=utf-8', body: manifest };
    },
    installs: feedInstalls,
    ...(adoption && {
      observe: (request: ReadRequest, snapshot: ContentSnapshot, selection: string) => {
        const target = `${TAURI_TARGETS[tauriTarget.read(request) as TauriTarget]}-${TAURI_ARCHES[tauriArch.read(request) as TauriArch]}` as ArtifactTarget;
        const [platform, arch] = splitTarget(target);
        const offered = releasesFor(snapshot, selection).find((r) => artifactFor(r.artifacts, target)?.minisign !== undefined)?.version;
        countFeedCheck(adoption, request, { install: installId(request), channel: channelParam.read(request) as Channel, platform, arch, offered });
      },
    }),
  };
  return [
    {
      method: 'GET',
      path: '/api/updates/electron/:file',
      category: 'changelog',
      description: "electron-updater's generic provider channel files (latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and the preview channel's): the release offered to the install (install_id, else electron-updater's x-user-staging-id) with builds for its architecture",
      handlers: [],
      read: electron,
      params: { file: electronFile.schema },
      query: { install_id: InstallIdParam, arch: ElectronArchParam, noCache: NoCacheParam, version: FeedVersionParam },
      media: ['application/yaml'],
      errors: ['RELEASE_NOT_FOUND'],
    },
    {
      method: 'GET',
      path: '/api/updates/sparkle/:channel/:platform',
      category: 'changelog',
      description: "A Sparkle appcast per channel and platform: the releases offered to the install with enclosures signed by sparkle:edSignature, critical updates, minimum system versions",
      handlers: [],
      read: sparkle,
      params: { channel: channelParam.schema, platform: sparklePlatform.schema },
      query: { install_id: InstallIdParam, version: FeedVersionParam },
      media: ['application/rss+xml'],
    },
    {
      method: 'GET',
      path: '/api/updates/tauri/:channel/:target/:arch',
      category: 'changelog',
      description: "Tauri's updater JSON for a channel and platform: the newest release offered with its signed build, or 204 when there is none",
      handlers: [],
      read: tauri,
      params: { channel: channelParam.schema, target: tauriTarget.schema, arch: tauriArch.schema },
      query: { install_id: InstallIdParam, version: FeedVersionParam },
      answer: TauriManifest,
      noContent: 'no release offered to this install has a signed build for the platform: Tauri\'s "no update"',
    },
  ];
}
