import { isPartialRollout, type ContentSnapshot, type Release } from '@companion/content';
import { LanguageParam, ORIGINAL_LANGUAGE, PREVIEW_VERSION, PreviewVersionParam, ReleaseList, ReleaseWithVersion, STABLE_VERSION, StableVersionParam } from '@companion/schema';
import { ApiError, contentLanguage, dataAnswer, memoPerSnapshot, memoPerSnapshotKey, pathParam, type ReadRequest, type SnapshotRead } from '@companion/http-kit';
import { localisedRelease, releaseBody, releaseLanguages, type Channel } from './release-json';
import type { RouteDef } from '@companion/route-table';

const body = (r: Release) => releaseBody(r);
const withVersion = (r: Release) => ({ version: r.version, ...body(r) });

/** Per channel's slice of the snapshot: the keyed list and each release's JSON, as the originals say them. */
const view = memoPerSnapshot((releases: readonly Release[]) => ({
  list: JSON.stringify(Object.fromEntries(releases.map((r) => [r.version, body(r)]))),
  count: releases.length,
  byVersion: new Map(releases.map((r) => [r.version, JSON.stringify(withVersion(r))])),
}));

/**
 * A channel's releases in one language: each translated where a translation exists (else the
 * original), each saying its language. Per snapshot and `<channel> <lang>`.
 */
const localisedView = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, lang] = key.split(' ') as [Channel, string];
  const items = snapshot[channel].map((r) => {
    const body = localisedRelease(snapshot, channel, r, lang);
    return { version: r.version, body, lang: body.lang };
  });
  return {
    list: JSON.stringify(Object.fromEntries(items.map((i) => [i.version, i.body]))),
    count: items.length,
    language: contentLanguage(lang, items.map((i) => i.lang)),
    byVersion: new Map(items.map((i) => [i.version, { json: JSON.stringify({ version: i.version, ...i.body }), lang: i.lang }])),
  };
});

export function changelogRoutes(): RouteDef[] {
  const views = (snapshot: ContentSnapshot, channel: Channel) => view(snapshot[channel]);
  /** The language the request asked for and the content has (null: none asked, today's answers). */
  const language = (snapshot: ContentSnapshot, request: ReadRequest) => releaseLanguages(snapshot, request);
  const list = (channel: Channel): SnapshotRead['answer'] => (snapshot, request) => {
    const lang = language(snapshot, request);
    if (lang === null) {
      const { list, count } = views(snapshot, channel);
      return dataAnswer(list, count, undefined, ORIGINAL_LANGUAGE);
    }
    const localised = localisedView(snapshot, `${channel} ${lang}`);
    return dataAnswer(localised.list, localised.count, undefined, localised.language);
  };
  // What every install is offered: a release in a staged rollout is not the latest until it
  // reaches everyone, or a client that compares its version with this would skip the staging.
  const latest = (channel: Channel): SnapshotRead['answer'] => (snapshot, request) => {
    const newest = snapshot[channel].find((r) => !isPartialRollout(r));
    if (newest === undefined) throw new ApiError('RELEASE_NOT_FOUND', `There is no ${channel} release offered to every install yet.`);
    return one(snapshot, request, channel, newest.version);
  };
  const one = (snapshot: ContentSnapshot, request: ReadRequest, channel: Channel, version: string) => {
    const lang = language(snapshot, request);
    if (lang === null) {
      const json = views(snapshot, channel).byVersion.get(version);
      if (json === undefined) throw new ApiError('RELEASE_NOT_FOUND', `No ${channel} release has version ${version}.`);
      return dataAnswer(json, undefined, undefined, ORIGINAL_LANGUAGE);
    }
    const item = localisedView(snapshot, `${channel} ${lang}`).byVersion.get(version);
    if (item === undefined) throw new ApiError('RELEASE_NOT_FOUND', `No ${channel} release has version ${version}.`);
    return dataAnswer(item.json, undefined, undefined, item.lang);
  };
  const byVersion = (channel: Channel): SnapshotRead['answer'] => (snapshot, req) => {
    const version =
      channel === 'stable'
        ? pathParam(req, 'version', STABLE_VERSION, 64, 'a release version <major>.<minor>.<patch> such as 1.4.0 (previews are under /api/changelog/preview/<version>)')
        : pathParam(req, 'version', PREVIEW_VERSION, 64, 'a version such as 1.6.0-beta.2');
    return one(snapshot, req, channel, version);
  };
  const route = (path: string, description: string, answer: SnapshotRead['answer']): RouteDef => ({
    method: 'GET',
    path,
    category: 'changelog',
    description,
    handlers: [],
    query: { lang: LanguageParam },
    read: {
      slices: (snapshot) => [path.startsWith('/api/changelog/preview') ? snapshot.preview : snapshot.stable, snapshot.releaseTranslations],
      answer,
      languages: true,
      select: (snapshot, request) => language(snapshot, request) ?? '',
    },
    ...(path === '/api/changelog' || path === '/api/changelog/preview' ? { data: ReleaseList } : { data: ReleaseWithVersion, errors: ['RELEASE_NOT_FOUND'] }),
    ...(path.endsWith('/:version') && { params: { version: path.includes('/preview/') ? PreviewVersionParam : StableVersionParam } }),
  });
  return [
    route('/api/changelog', 'All stable releases keyed by version, newest first', list('stable')),
    route('/api/changelog/latest', 'The newest stable release offered to every install (one in a staged rollout is not, until it reaches 100%)', latest('stable')),
    route('/api/changelog/preview', 'All preview releases keyed by version, newest first', list('preview')),
    route('/api/changelog/preview/latest', 'The newest preview release offered to every install (one in a staged rollout is not, until it reaches 100%)', latest('preview')),
    route('/api/changelog/preview/:version', 'One preview release', byVersion('preview')),
    route('/api/changelog/:version', 'One stable release', byVersion('stable')),
  ];
}
