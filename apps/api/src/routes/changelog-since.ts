import type { ContentSnapshot, Release } from '@companion/content';
import { CLIENT_VERSION, clientVersion, InstallIdParam, LanguageParam, ORIGINAL_LANGUAGE, SinceVersionParam, UpdateCheck } from '@companion/schema';
import type { Request, Response } from 'express';
import semver from 'semver';
import type { AppDeps } from '../deps';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../http/headers';
import { contentLanguage } from '../http/language';
import { memoPerSnapshot, memoPerSnapshotKey } from '../http/memo';
import { sendData } from '../http/respond';
import { pathParam } from '../http/validate';
import { installId } from './client-query';
import { localisedRelease, releaseBody, releaseLanguages, type Channel } from './release-json';
import { isPartialRollout, offeredToInstall } from './rollout';
import type { RouteDef } from './table';

/** The preview channel offers previews and stable releases alike: a preview user moves to both. */
const previewChannel = memoPerSnapshot((snapshot: ContentSnapshot): readonly Release[] => {
  const previews = new Set(snapshot.preview.map((r) => r.version));
  return [...snapshot.preview, ...snapshot.stable.filter((r) => !previews.has(r.version))].sort((a, b) => semver.rcompare(a.version, b.version));
});

const channelReleases = (snapshot: ContentSnapshot, channel: Channel) => (channel === 'stable' ? snapshot.stable : previewChannel(snapshot));
const channelOf = (release: Release): Channel => (release.file.startsWith('changelog/preview/') ? 'preview' : 'stable');

/**
 * `data` of an update check and its language, per snapshot and `<channel> <version> <offered>
 * <lang>`: `offered` lists the releases in a partial rollout this install is in (`-` for none),
 * `lang` is `-` when the request asked for no language. Serialised once.
 */
const updateCheck = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, current, offeredList, chosen] = key.split(' ') as [Channel, string, string, string];
  const offered = new Set(offeredList === '-' ? [] : offeredList.split(','));
  const lang = chosen === '-' ? null : chosen;
  const releases = channelReleases(snapshot, channel);
  const isOffered = (r: Release) => !isPartialRollout(r) || offered.has(r.version);
  const newer = releases.filter((r) => semver.gt(r.version, current));
  const minimum = snapshot.channels[channel];
  const items = newer.map((r): { version: string; json: object; lang: string } => {
    if (lang === null) return { version: r.version, json: releaseBody(r), lang: ORIGINAL_LANGUAGE };
    const json = localisedRelease(snapshot, channelOf(r), r, lang);
    return { version: r.version, json, lang: json.lang };
  });
  const data = JSON.stringify({
    current,
    latest: releases.find(isOffered)?.version ?? null,
    up_to_date: !newer.some(isOffered),
    known: releases.some((r) => r.version === current),
    releases: Object.fromEntries(items.map((i) => [i.version, i.json])),
    // Below the minimum is critical only with a release to move to that reaches it (content:check
    // reports a minimum no client is offered, MINIMUM_NOT_OFFERED).
    critical: newer.some((r) => r.critical === true) || (minimum !== null && semver.lt(current, minimum) && newer.some((r) => isOffered(r) && semver.gte(r.version, minimum))),
    minimum_supported: minimum,
  });
  return { data, language: lang === null ? ORIGINAL_LANGUAGE : contentLanguage(lang, items.map((i) => i.lang)) };
});

/** `GET /api/changelog/since/<version>` and its preview twin: what a client on `<version>` can move to. */
export function changelogSinceRoutes({ content, clock }: AppDeps): RouteDef[] {
  const since = (channel: Channel) => (req: Request, res: Response) => {
    const reported = pathParam(req, 'version', CLIENT_VERSION, 64, 'a version <major>.<minor>.<patch>, optionally with a pre-release tag, such as 1.8.0 or 1.12.0-beta.1 (a leading v and +build metadata are ignored)');
    const version = clientVersion(reported);
    const request = { query: req.query, acceptLanguage: req.headers['accept-language'] };
    const install = installId(request);
    const snapshot = content.current();
    const lang = releaseLanguages(snapshot, request);
    // Only the share this install falls in matters, so installs in the same share share an answer.
    const offered = install === undefined ? [] : channelReleases(snapshot, channel).filter((r) => isPartialRollout(r) && semver.gt(r.version, version) && offeredToInstall(install, r));
    const check = updateCheck(snapshot, `${channel} ${version} ${offered.map((r) => r.version).join(',') || '-'} ${lang ?? '-'}`);
    res.vary('Accept-Language');
    res.setHeader('Content-Language', check.language);
    // The same for every client on a version, so shared caches may keep it like any public read;
    // with an install id it is one install's answer: reusable by that client alone.
    res.setHeader('Cache-Control', install === undefined ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
    sendData(req, res, clock, check.data);
  };
  const route = (path: string, description: string, channel: Channel): RouteDef => ({
    method: 'GET',
    path,
    category: 'changelog',
    description,
    handlers: [since(channel)],
    params: { version: SinceVersionParam },
    query: { install_id: InstallIdParam, lang: LanguageParam },
    data: UpdateCheck,
  });
  return [
    route('/api/changelog/since/:version', 'Stable releases newer than a version, newest first, whether it is up to date and whether the update is critical', 'stable'),
    route('/api/changelog/preview/since/:version', 'Preview and stable releases newer than a version, newest first, whether it is up to date and whether the update is critical', 'preview'),
  ];
}
