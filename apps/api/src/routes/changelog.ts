import type { ContentSnapshot, Release } from '@companion/content';
import { PREVIEW_VERSION, PreviewVersionParam, ReleaseList, ReleaseWithVersion, STABLE_VERSION, StableVersionParam } from '@companion/schema';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { memoPerSnapshot } from '../http/memo';
import { sendData } from '../http/respond';
import { pathParam } from '../http/validate';
import type { RouteDef } from './table';

type Channel = 'stable' | 'preview';

const body = (r: Release) => ({ changes: r.changes, date: r.date, description: r.description });
const withVersion = (r: Release) => ({ version: r.version, ...body(r) });

/** Per snapshot and channel: the keyed list, each release's JSON, and the latest. */
const views = memoPerSnapshot((snapshot: ContentSnapshot) => {
  const view = (releases: readonly Release[]) => ({
    list: JSON.stringify(Object.fromEntries(releases.map((r) => [r.version, body(r)]))),
    count: releases.length,
    byVersion: new Map(releases.map((r) => [r.version, JSON.stringify(withVersion(r))])),
    latest: releases[0] ? JSON.stringify(withVersion(releases[0])) : null,
  });
  return { stable: view(snapshot.stable), preview: view(snapshot.preview) };
});

export function changelogRoutes({ content, clock }: AppDeps): RouteDef[] {
  const list = (channel: Channel) => (req: Request, res: Response) => {
    const view = views(content.current())[channel];
    sendData(req, res, clock, view.list, view.count);
  };
  const latest = (channel: Channel) => (req: Request, res: Response) => {
    const json = views(content.current())[channel].latest;
    if (json === null) throw new ApiError('RELEASE_NOT_FOUND', `There is no ${channel} release yet.`);
    sendData(req, res, clock, json);
  };
  const byVersion = (channel: Channel) => (req: Request, res: Response) => {
    const version =
      channel === 'stable'
        ? pathParam(req, 'version', STABLE_VERSION, 64, 'a release version <major>.<minor>.<patch> such as 1.4.0 (previews are under /api/changelog/preview/<version>)')
        : pathParam(req, 'version', PREVIEW_VERSION, 64, 'a version such as 1.6.0-beta.2');
    const json = views(content.current())[channel].byVersion.get(version);
    if (json === undefined) throw new ApiError('RELEASE_NOT_FOUND', `No ${channel} release has version ${version}.`);
    sendData(req, res, clock, json);
  };
  const route = (path: string, description: string, handler: (req: Request, res: Response) => void): RouteDef => ({
    method: 'GET',
    path,
    category: 'changelog',
    description,
    handlers: [handler],
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
