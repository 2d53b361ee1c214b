import type { ContentSnapshot, Release } from '@companion/content';
import { PREVIEW_VERSION, SinceVersionParam, UpdateCheck } from '@companion/schema';
import type { Request, Response } from 'express';
import semver from 'semver';
import type { AppDeps } from '../deps';
import { memoPerSnapshot, memoPerSnapshotKey } from '../http/memo';
import { sendData } from '../http/respond';
import { pathParam } from '../http/validate';
import type { RouteDef } from './table';

type Channel = 'stable' | 'preview';

/** The preview channel offers previews and stable releases alike: a preview user moves to both. */
const previewChannel = memoPerSnapshot((snapshot: ContentSnapshot): readonly Release[] => {
  const previews = new Set(snapshot.preview.map((r) => r.version));
  return [...snapshot.preview, ...snapshot.stable.filter((r) => !previews.has(r.version))].sort((a, b) => semver.rcompare(a.version, b.version));
});

/** `data` of an update check, per snapshot and `<channel> <version>`, serialised once. */
const updateCheck = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, current] = key.split(' ') as [Channel, string];
  const releases = channel === 'stable' ? snapshot.stable : previewChannel(snapshot);
  const newer = releases.filter((r) => semver.gt(r.version, current));
  return JSON.stringify({
    current,
    latest: releases[0]?.version ?? null,
    up_to_date: newer.length === 0,
    known: releases.some((r) => r.version === current),
    releases: Object.fromEntries(newer.map((r) => [r.version, { changes: r.changes, date: r.date, description: r.description }])),
  });
});

/** `GET /api/changelog/since/<version>` and its preview twin: what a client on `<version>` can move to. */
export function changelogSinceRoutes({ content, clock }: AppDeps): RouteDef[] {
  const since = (channel: Channel) => (req: Request, res: Response) => {
    const version = pathParam(req, 'version', PREVIEW_VERSION, 64, 'a version <major>.<minor>.<patch>, optionally with a pre-release tag, such as 1.8.0 or 1.12.0-beta.1');
    sendData(req, res, clock, updateCheck(content.current(), `${channel} ${version}`));
  };
  const route = (path: string, description: string, channel: Channel): RouteDef => ({
    method: 'GET',
    path,
    category: 'changelog',
    description,
    handlers: [since(channel)],
    params: { version: SinceVersionParam },
    data: UpdateCheck,
  });
  return [
    route('/api/changelog/since/:version', 'Stable releases newer than a version, newest first, and whether it is up to date', 'stable'),
    route('/api/changelog/preview/since/:version', 'Preview and stable releases newer than a version, newest first, and whether it is up to date', 'preview'),
  ];
}
