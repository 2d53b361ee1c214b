import type { ContentSnapshot, Release } from '@companion/content';
import { PREVIEW_VERSION, PreviewVersionParam, ReleaseList, ReleaseWithVersion, STABLE_VERSION, StableVersionParam } from '@companion/schema';
import { dataAnswer, type SnapshotRead } from '../fast/read';
import { ApiError } from '../http/errors';
import { memoPerSnapshot } from '../http/memo';
import { pathParam } from '../http/validate';
import type { RouteDef } from './table';

type Channel = 'stable' | 'preview';

const body = (r: Release) => ({ changes: r.changes, date: r.date, description: r.description });
const withVersion = (r: Release) => ({ version: r.version, ...body(r) });

/** Per channel's slice of the snapshot: the keyed list, each release's JSON, and the latest. */
const view = memoPerSnapshot((releases: readonly Release[]) => ({
  list: JSON.stringify(Object.fromEntries(releases.map((r) => [r.version, body(r)]))),
  count: releases.length,
  byVersion: new Map(releases.map((r) => [r.version, JSON.stringify(withVersion(r))])),
  latest: releases[0] ? JSON.stringify(withVersion(releases[0])) : null,
}));

export function changelogRoutes(): RouteDef[] {
  const views = (snapshot: ContentSnapshot, channel: Channel) => view(snapshot[channel]);
  const list = (channel: Channel): SnapshotRead['answer'] => (snapshot) => {
    const { list, count } = views(snapshot, channel);
    return dataAnswer(list, count);
  };
  const latest = (channel: Channel): SnapshotRead['answer'] => (snapshot) => {
    const json = views(snapshot, channel).latest;
    if (json === null) throw new ApiError('RELEASE_NOT_FOUND', `There is no ${channel} release yet.`);
    return dataAnswer(json);
  };
  const byVersion = (channel: Channel): SnapshotRead['answer'] => (snapshot, req) => {
    const version =
      channel === 'stable'
        ? pathParam(req, 'version', STABLE_VERSION, 64, 'a release version <major>.<minor>.<patch> such as 1.4.0 (previews are under /api/changelog/preview/<version>)')
        : pathParam(req, 'version', PREVIEW_VERSION, 64, 'a version such as 1.6.0-beta.2');
    const json = views(snapshot, channel).byVersion.get(version);
    if (json === undefined) throw new ApiError('RELEASE_NOT_FOUND', `No ${channel} release has version ${version}.`);
    return dataAnswer(json);
  };
  const route = (path: string, description: string, answer: SnapshotRead['answer']): RouteDef => ({
    method: 'GET',
    path,
    category: 'changelog',
    description,
    handlers: [],
    read: { slices: (snapshot) => [path.startsWith('/api/changelog/preview') ? snapshot.preview : snapshot.stable], answer },
    ...(path === '/api/changelog' || path === '/api/changelog/preview' ? { data: ReleaseList } : { data: ReleaseWithVersion, errors: ['RELEASE_NOT_FOUND'] }),
    ...(path.endsWith('/:version') && { params: { version: path.includes('/preview/') ? PreviewVersionParam : StableVersionParam } }),
  });
  return [
    route('/api/changelog', 'All stable releases keyed by version, newest first', list('stable')),
    route('/api/changelog/latest', 'The newest stable release', latest('stable')),
    route('/api/changelog/preview', 'All preview releases keyed by version, newest first', list('preview')),
    route('/api/changelog/preview/latest', 'The newest preview release', latest('preview')),
    route('/api/changelog/preview/:version', 'One preview release', byVersion('preview')),
    route('/api/changelog/:version', 'One stable release', byVersion('stable')),
  ];
}
