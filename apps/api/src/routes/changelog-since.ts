import { isPartialRollout, type ContentSnapshot, type Release } from '@companion/content';
import { ARCHITECTURES, artifactFor, CLIENT_VERSION, clientVersion, InstallIdParam, LanguageParam, ORIGINAL_LANGUAGE, PLATFORMS, SinceVersionParam, UpdateArchParam, UpdateCheck, UpdatePlatformParam, type ArtifactTarget } from '@companion/schema';
import semver from 'semver';
import { contentLanguage, dataAnswer, memoPerSnapshotKey, pathParam, queryEnum, type ReadRequest, selectionOf, type SnapshotRead } from '@companion/http-kit';
import { installId } from './client-query';
import { localisedRelease, releaseBody, releaseLanguages, type Channel } from './release-json';
import { buildsFor, keyForShare } from './rollout';
import type { RouteDef } from '@companion/route-table';
import { activityFacts, type AdoptionRecorder, type InstallFacts } from '@companion/adoption-store';
import { channelReleases } from '@companion/release-guard';
import { previewOffersTo } from '@companion/updater-formats';

const channelOf = (release: Release): Channel => (release.file.startsWith('changelog/preview/') ? 'preview' : 'stable');

const DOWNLOAD_FIELDS = ['url', 'size', 'sha512', 'sha256', 'signature', 'minisign', 'minimum_os'] as const;

/** The artifact an update check hands the client: the build of `latest` for its platform, with what verifies it. */
const downloadOf = (release: Release | undefined, target: ArtifactTarget) => {
  const artifact = release && artifactFor(release.artifacts, target);
  if (!release || !artifact) return null;
  // What verifies and installs it, as documented: a build's package, delta or build number are the updaters' business.
  const fields = DOWNLOAD_FIELDS.flatMap((field) => (artifact[field] === undefined ? [] : [[field, artifact[field]]]));
  return { version: release.version, ...Object.fromEntries(fields), ...(release.notes_url !== undefined && { notes_url: release.notes_url }) };
};

/**
 * `data` of an update check and its language, per snapshot and `<channel> <version> <target>
 * <lang> <offered>`: `offered` lists the releases in a partial rollout this install is in (`-` for
 * none), `target` the client's `<platform>-<arch>` (`-` when it named no platform: every platform
 * then, and no `platform`/`download` members), `lang` is `-` when the request asked for no
 * language. `releases` lists only the releases offered to this install, with a platform or
 * without: a staged release it is not in is left out (without an install id, every one). Serialised once.
 */
const updateCheck = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, current, targetKey, chosen, offeredList] = key.split(' ') as [Channel, string, string, string, string];
  const offered = new Set(offeredList === '-' ? [] : offeredList.split(','));
  const target = targetKey === '-' ? null : (targetKey as ArtifactTarget);
  const lang = chosen === '-' ? null : chosen;
  // On preview, an install on a pre-release keeps to pre-releases of its own major (previewOffersTo).
  const releases = channel === 'preview' ? channelReleases(snapshot, channel).filter((r) => previewOffersTo(current, r.version)) : channelReleases(snapshot, channel);
  const isOffered = (r: Release) => (!isPartialRollout(r) || offered.has(r.version)) && (target === null || buildsFor(r, target));
  const newer = releases.filter((r) => semver.gt(r.version, current));
  // A client is told only of what it is offered: no staged release it is not in, and when it
  // names its platform, nothing without a build for it.
  const listed = newer.filter(isOffered);
  const minimum = snapshot.channels[channel];
  const items = listed.map((r): { version: string; json: object; lang: string } => {
    if (lang === null) return { version: r.version, json: releaseBody(r), lang: ORIGINAL_LANGUAGE };
    const json = localisedRelease(snapshot, channelOf(r), r, lang);
    return { version: r.version, json, lang: json.lang };
  });
  const latest = releases.find(isOffered);
  const data = JSON.stringify({
    current,
    // Never older than the install: one on a release no longer offered (a staged one it was in,
    // or one without a build for its platform) is told its own version is the latest.
    latest: latest === undefined ? null : semver.lt(latest.version, current) ? current : latest.version,
    up_to_date: listed.length === 0,
    known: releases.some((r) => r.version === current),
    releases: Object.fromEntries(items.map((i) => [i.version, i.json])),
    // A critical release is never a partial rollout (it ignores its rollout), so it is listed to
    // every install that can install it. Below the minimum is critical only with a release to
    // move to that reaches it (content:check reports a minimum no client is offered, MINIMUM_NOT_OFFERED).
    critical: listed.some((r) => r.critical === true) || (minimum !== null && semver.lt(current, minimum) && listed.some((r) => semver.gte(r.version, minimum))),
    minimum_supported: minimum,
    ...(target !== null && { platform: target, download: latest !== undefined && semver.gt(latest.version, current) ? downloadOf(latest, target) : null }),
  });
  return {
    data,
    language: lang === null ? ORIGINAL_LANGUAGE : contentLanguage(lang, items.map((i) => i.lang)),
    /** The newer version this answer offers the install; empty when none. */
    offered: latest !== undefined && semver.gt(latest.version, current) ? latest.version : '',
  };
});

/** `<platform>-<arch>` from `platform` and `arch` (x64 when not given), null without a platform (an arch alone narrows nothing); 400 on junk. */
function targetOf(request: Pick<ReadRequest, 'query'>): ArtifactTarget | null {
  const platform = queryEnum(request, 'platform', PLATFORMS);
  const arch = queryEnum(request, 'arch', ARCHITECTURES);
  return platform === undefined ? null : `${platform}-${arch ?? 'x64'}`;
}

/** The memo key of a request's answer without an install (see updateCheck; `offered` is `-`); 400 on a malformed parameter. */
function checkKey(snapshot: ContentSnapshot, channel: Channel, request: ReadRequest): string {
  const reported = pathParam(request, 'version', CLIENT_VERSION, 64, 'a version <major>.<minor>.<patch>, optionally with a pre-release tag, such as 1.8.0 or 1.12.0-beta.1 (a leading v and +build metadata are ignored)');
  return `${channel} ${clientVersion(reported)} ${targetOf(request) ?? '-'} ${releaseLanguages(snapshot, request) ?? '-'} -`;
}

/** The releases in a partial rollout newer than a key's version, per snapshot and key: what an install's share can change. */
const stagedSince = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, version] = key.split(' ') as [Channel, string];
  return channelReleases(snapshot, channel).filter((r) => isPartialRollout(r) && semver.gt(r.version, version));
});

/**
 * What a check says of the install but its id, as the adoption counts key it (`activityFacts`),
 * for the version its answer offered. Kept per parsed query: the fast path parses a URL once
 * (without its install id) and hands its query object to every request for it; Express parses
 * each request anew.
 */
const factsOf = (channel: Channel) => {
  const known = new WeakMap<object, { facts: Omit<InstallFacts, 'offered'>; byOffered: Map<string, string> }>();
  return (request: ReadRequest, offered: string): string => {
    let found = known.get(request.query);
    if (found === undefined) {
      const platform = queryEnum(request, 'platform', PLATFORMS);
      const version = clientVersion(pathParam(request, 'version', CLIENT_VERSION, 64, 'a version'));
      found = { facts: { version, channel, platform: platform ?? '', arch: queryEnum(request, 'arch', ARCHITECTURES) ?? (platform === undefined ? '' : 'x64') }, byOffered: new Map() };
      known.set(request.query, found);
    }
    let facts = found.byOffered.get(offered);
    if (facts === undefined) found.byOffered.set(offered, (facts = activityFacts({ ...found.facts, offered })));
    return facts;
  };
};

/** `GET /api/changelog/since/<version>` and its preview twin: what a client on `<version>` can move to. */
export function changelogSinceRoutes(adoption?: Pick<AdoptionRecorder, 'seen'> | null): RouteDef[] {
  const read = (channel: Channel, facts = factsOf(channel)): SnapshotRead => {
    const check: SnapshotRead = {
      slices: (snapshot) => [snapshot.stable, snapshot.preview, snapshot.channels, snapshot.releaseTranslations],
      select: (snapshot, request) => checkKey(snapshot, channel, request),
      answer: (snapshot, request) => {
        const { data, language } = updateCheck(snapshot, selectionOf(check, snapshot, request));
        return dataAnswer(data, undefined, undefined, language);
      },
      languages: true,
      // With an install id it is one install's answer: reusable by that client alone. Without, the
      // same for every client on a version, so shared caches keep it like any public read.
      installs: { of: installId, select: (snapshot, key, install) => keyForShare(key, stagedSince(snapshot, key), install) },
      ...(adoption && {
        observe: (request: ReadRequest, snapshot: ContentSnapshot, selection: string) => {
          const install = installId(request);
          if (install === undefined) return;
          // Counted with what this answer offered, so a later check from that version shows the install took it.
          adoption.seen(install, facts(request, updateCheck(snapshot, selection).offered), request.nowMs);
        },
      }),
    };
    return check;
  };
  const route = (path: string, description: string, channel: Channel): RouteDef => ({
    method: 'GET',
    path,
    category: 'changelog',
    description,
    handlers: [],
    read: read(channel),
    params: { version: SinceVersionParam },
    query: { install_id: InstallIdParam, platform: UpdatePlatformParam, arch: UpdateArchParam, lang: LanguageParam },
    data: UpdateCheck,
  });
  return [
    route('/api/changelog/since/:version', 'Stable releases newer than a version offered to this install, newest first, whether it is up to date and whether the update is critical; for a platform, only what it can install and the build to download', 'stable'),
    route('/api/changelog/preview/since/:version', 'Preview and stable releases newer than a version offered to this install, newest first, whether it is up to date and whether the update is critical; for a platform, only what it can install and the build to download', 'preview'),
  ];
}
