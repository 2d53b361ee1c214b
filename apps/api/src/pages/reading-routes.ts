import type { ContentSnapshot } from '@companion/content';
import { ORIGINAL_LANGUAGE, type Notice } from '@companion/schema';
import { memoPerSnapshotKey, type ReadAnswer, type ReadRequest, type SnapshotRead } from '@companion/http-kit';
import type { RouteDef } from '@companion/route-table';
import type { AppDeps } from '../deps';
import { CHANGELOG_HREF, changelogPage, type Channel, noticeListPage, noticePage, NOTICES_HREF, pageLinks, type Release, releasePage } from '@companion/pages';

const HTML_TYPE = 'text/html; charset=utf-8';

/** Builds a page from its API twin's `data` (already parsed), the snapshot it came from and the page's language. */
type PageOf = (data: unknown, snapshot: ContentSnapshot, lang: string) => string;

/**
 * A page beside its API twin: to a request that prefers JSON, the twin's answer itself; otherwise
 * the same data as HTML. So the page shows exactly what the API answers for the same request
 * (its notice window, and whatever else the twin selects by), its errors are the twin's, and its
 * answer holds as long as the twin's does.
 */
function besideTwin(twin: RouteDef, path: string, description: string, page: PageOf, links: (html: string) => string, extraSlices: SnapshotRead['slices'] = () => []): RouteDef {
  const read = twin.read!;
  // Keyed by the twin's serialised data and language: one page per distinct answer, built once per snapshot.
  const pages = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
    const cut = key.indexOf('\n');
    return links(page((JSON.parse(`{${key.slice(cut + 1)}}`) as { data: unknown }).data, snapshot, key.slice(0, cut)));
  });
  const answer = (snapshot: ContentSnapshot, request: ReadRequest): ReadAnswer => {
    const json = read.answer(snapshot, request);
    if (request.prefers === 'json' || json.kind !== 'envelope') return json;
    const { kind: _kind, members, after: _after, ...holds } = json;
    // Content-Language lists the chosen language first (`de, en` when some items are untranslated).
    const lang = json.language?.split(',')[0]!.trim() || ORIGINAL_LANGUAGE;
    return { ...holds, kind: 'document', type: HTML_TYPE, body: pages(snapshot, `${lang}\n${members}`) };
  };
  return {
    method: 'GET',
    path,
    category: twin.category,
    description,
    handlers: [],
    read: { ...read, slices: (snapshot) => [...read.slices(snapshot), ...extraSlices(snapshot)], answer, negotiates: true },
    // Shared links carry tracking parameters: a page ignores what it does not take.
    unknownQuery: 'ignore',
    media: ['text/html', 'application/json'],
    ...(twin.query && { query: twin.query }),
    ...(twin.params && { params: twin.params }),
    ...(twin.errors && { errors: twin.errors }),
    ...(twin.data && { data: twin.data }),
  };
}

/** The channel's versions, newest first, for a release page's neighbours. */
const neighbours = (snapshot: ContentSnapshot, channel: Channel, version: string) => {
  const releases = snapshot[channel];
  const at = releases.findIndex((r) => r.version === version);
  return { older: releases[at + 1]?.version, newer: at > 0 ? releases[at - 1]!.version : undefined };
};

/**
 * The notices and the changelog as pages people read (the links of feed items, codename pages
 * and the service index), each beside the API route that answers its JSON (`api`: those routes).
 */
export function readingRoutes(api: readonly RouteDef[], { publicUrl }: Pick<AppDeps, 'publicUrl'>): RouteDef[] {
  const links = pageLinks(publicUrl);
  const twin = (path: string) => {
    const route = api.find((r) => r.method === 'GET' && r.path === path && r.read);
    if (!route) throw new Error(`no API read at ${path} for its page`);
    return route;
  };
  const channelPages = (channel: Channel, list: string, one: string): RouteDef[] => {
    const context = (snapshot: ContentSnapshot, lang: string) => ({
      channel,
      codenameOf: snapshot.codenameOf,
      lang,
      counts: { stable: snapshot.stable.length, preview: snapshot.preview.length },
      downloadsOf: (version: string) => snapshot[channel].find((r) => r.version === version)?.artifacts,
    });
    // A release is shown with its codename, the channel tabs with each channel's number of releases.
    const codenames: SnapshotRead['slices'] = (snapshot) => [snapshot.codenameOf, snapshot.stable, snapshot.preview];
    const all: PageOf = (data, snapshot, lang) => changelogPage(Object.entries(data as Record<string, Omit<Release, 'version'>>).map(([version, r]) => ({ version, ...r })), context(snapshot, lang));
    const single: PageOf = (data, snapshot, lang) => {
      const release = data as Release;
      return releasePage(release, neighbours(snapshot, channel, release.version), context(snapshot, lang));
    };
    return [
      besideTwin(twin(list), CHANGELOG_HREF[channel], `Every ${channel} release with its changes, as a page (JSON when Accept prefers it)`, all, links, codenames),
      besideTwin(twin(one), `${CHANGELOG_HREF[channel]}/:version`, `One ${channel} release as a page (JSON when Accept prefers it)`, single, links, codenames),
    ];
  };
  const stable = channelPages('stable', '/api/changelog', '/api/changelog/:version');
  return [
    besideTwin(twin('/api/notice'), NOTICES_HREF, 'The active notices as a page, highest priority first (JSON when Accept prefers it)', (data, _snapshot, lang) => noticeListPage(data as Notice[], lang), links),
    besideTwin(twin('/api/notice/:id'), `${NOTICES_HREF}/:id`, 'One notice as a page, active or not (JSON when Accept prefers it)', (data, _snapshot, lang) => noticePage(data as Notice, lang), links),
    // /changelog is the stable channel's page, the one most readers want; /changelog/stable names it.
    { ...stable[0]!, path: '/changelog', description: 'Alias of /changelog/stable' },
    ...stable,
    ...channelPages('preview', '/api/changelog/preview', '/api/changelog/preview/:version'),
  ];
}
