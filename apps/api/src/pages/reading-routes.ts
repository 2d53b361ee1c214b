import type { ContentSnapshot } from '@companion/content';
import { Notice, NoticeIdParam, NoticeList, PreviewVersionParam, ReleaseList, ReleaseWithVersion, StableVersionParam } from '@companion/schema';
import type { SnapshotRead } from '../fast/read';
import { memoPerSnapshot, memoPerSnapshotKey } from '../http/memo';
import { negotiated } from '../http/negotiate';
import { releaseAt, releaseViews, versionParam, type Channel } from '../routes/changelog';
import { currentNotices, noticeAt, noticeIdParam } from '../routes/notices';
import type { RouteDef } from '../routes/table';
import { CHANGELOG_HREF, NOTICES_HREF } from './hrefs';
import { noticeListPage, noticePage } from './notice-pages';
import { changelogPage, releasePage } from './release-pages';

// Pages are built once per snapshot slice (and notice phase), like the JSON they stand beside.
const listPages = memoPerSnapshot((view: ReturnType<typeof currentNotices>['view']) => noticeListPage(view.activeNotices));
const noticePages = memoPerSnapshotKey((notice: Parameters<typeof noticePage>[0], active: string) => noticePage(notice, active === 'active'), 1024 * 1024);
const codenamesOf = (snapshot: ContentSnapshot, channel: Channel) => ({ channel, codenameOf: snapshot.codenameOf });
const channelPages = memoPerSnapshotKey((snapshot: ContentSnapshot, channel: string) => changelogPage(snapshot[channel as Channel], codenamesOf(snapshot, channel as Channel)), 2 * 1024 * 1024);
const releasePages = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [channel, version] = key.split(' ') as [Channel, string];
  return releasePage(releaseAt(snapshot, channel, version).release, snapshot[channel], codenamesOf(snapshot, channel));
});

/**
 * The notices and the changelog as pages people read (and link to, from feeds and the codename
 * pages). Each answers the same JSON as its API twin to a request that prefers JSON.
 */
export function readingRoutes(): RouteDef[] {
  const route = (path: string, category: RouteDef['category'], description: string, slices: SnapshotRead['slices'], answer: SnapshotRead['answer'], more: Partial<RouteDef>): RouteDef => ({
    method: 'GET',
    path,
    category,
    description,
    handlers: [],
    read: { slices, answer, negotiates: true },
    unknownQuery: 'ignore',
    media: ['text/html', 'application/json'],
    ...more,
  });
  const notices: SnapshotRead['slices'] = (snapshot) => [snapshot.notices];
  const channelRoutes = (channel: Channel): RouteDef[] => {
    // A release page names its codename, so it depends on the codenames too.
    const slices: SnapshotRead['slices'] = (snapshot) => [snapshot[channel], snapshot.codenameOf];
    const list = negotiated((snapshot) => ({
      json: () => ({ data: releaseViews(snapshot[channel]).list, count: snapshot[channel].length }),
      html: () => channelPages(snapshot, channel),
    }));
    const one = negotiated((snapshot, request) => {
      const version = versionParam(request, channel);
      const { json } = releaseAt(snapshot, channel, version);
      return { json: () => ({ data: json }), html: () => releasePages(snapshot, `${channel} ${version}`) };
    });
    return [
      route(CHANGELOG_HREF[channel], 'changelog', `Every ${channel} release with its changes, as a page (JSON when Accept prefers it)`, slices, list, { data: ReleaseList }),
      route(`${CHANGELOG_HREF[channel]}/:version`, 'changelog', `One ${channel} release as a page (JSON when Accept prefers it)`, slices, one, {
        data: ReleaseWithVersion,
        errors: ['RELEASE_NOT_FOUND'],
        params: { version: channel === 'stable' ? StableVersionParam : PreviewVersionParam },
      }),
    ];
  };
  const stable = channelRoutes('stable');
  return [
    route(
      NOTICES_HREF,
      'notices',
      'The active notices as a page, highest priority first (JSON when Accept prefers it)',
      notices,
      (snapshot, request) => {
        const { view, until } = currentNotices(snapshot, request.nowMs);
        const answer = negotiated(() => ({ json: () => ({ data: view.active, count: view.activeCount }), html: () => listPages(view) }))(snapshot, request);
        return { ...answer, validUntil: until };
      },
      { data: NoticeList },
    ),
    route(
      `${NOTICES_HREF}/:id`,
      'notices',
      'One notice as a page, active or not (JSON when Accept prefers it)',
      notices,
      (snapshot, request) => {
        const { notice, active, json, until } = noticeAt(snapshot, noticeIdParam(request), request.nowMs);
        const answer = negotiated(() => ({ json: () => ({ data: json }), html: () => noticePages(notice, active ? 'active' : 'inactive') }))(snapshot, request);
        return { ...answer, validUntil: until };
      },
      { data: Notice, errors: ['NOTICE_NOT_FOUND'], params: { id: NoticeIdParam } },
    ),
    // /changelog is the stable channel's page, the one most readers want; /changelog/stable names it.
    { ...stable[0]!, path: '/changelog', description: 'Alias of /changelog/stable' },
    ...stable,
    ...channelRoutes('preview'),
  ];
}
