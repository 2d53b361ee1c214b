import type { Release } from '@companion/content';
import type { Channel } from '../routes/changelog';
import { elementHref, escapeHtml, layout, type JsonLink } from './html';
import { CHANGELOG_HREF, releaseHref } from './hrefs';
import { changesHtml } from './rendered';

const CHANNEL_LABELS: Record<Channel, string> = { stable: 'Stable', preview: 'Preview' };
const API_LIST: Record<Channel, string> = { stable: '/api/changelog', preview: '/api/changelog/preview' };

/** What a release page shows beside the release: its channel's codenames. */
export interface ReleaseContext {
  channel: Channel;
  codenameOf: ReadonlyMap<string, string>;
}

function releaseMeta(release: Release, { channel, codenameOf }: ReleaseContext): string {
  const codename = codenameOf.get(release.version);
  const named = codename ? `<a class="codename" href="${elementHref(codename)}">${escapeHtml(codename)}</a>` : '';
  return `<p class="meta"><span class="channel ${channel}">${CHANNEL_LABELS[channel]}</span><time datetime="${release.date}">${release.date}</time>${named}</p>`;
}

/** Stable and Preview, the current one marked. */
const channelTabs = (current: Channel) =>
  `<nav class="tabs" aria-label="Channels">${(Object.keys(CHANNEL_LABELS) as Channel[])
    .map((c) => `<a href="${CHANGELOG_HREF[c]}"${c === current ? ' aria-current="page"' : ''}>${CHANNEL_LABELS[c]}</a>`)
    .join('')}</nav>`;

/** Every release of a channel, newest first, each with its changes. */
export function changelogPage(releases: readonly Release[], context: ReleaseContext): string {
  const { channel } = context;
  const items = releases.map(
    (r) => `<article class="release" id="v${escapeHtml(r.version)}">
${releaseMeta(r, context)}
<h2><a href="${releaseHref(channel, r.version)}">${escapeHtml(r.version)}</a> <span class="description">${escapeHtml(r.description)}</span></h2>
<div class="prose">${changesHtml(r)}</div>
</article>`,
  );
  const body = items.length === 0 ? `<p class="none">There is no ${channel} release yet.</p>` : items.join('\n');
  const json: JsonLink = { href: API_LIST[channel], label: `${CHANNEL_LABELS[channel]} releases as JSON` };
  return layout(`${CHANNEL_LABELS[channel]} changelog`, `<h1>Changelog</h1>\n${channelTabs(channel)}\n${body}`, 'changelog', json);
}

/** One release, with links to the releases before and after it in its channel. */
export function releasePage(release: Release, releases: readonly Release[], context: ReleaseContext): string {
  const { channel } = context;
  const at = releases.indexOf(release);
  const [newer, older] = [releases[at - 1], releases[at + 1]];
  const neighbour = (r: Release | undefined, rel: 'prev' | 'next') =>
    r ? `<a rel="${rel}" href="${releaseHref(channel, r.version)}">${rel === 'prev' ? `← ${escapeHtml(r.version)}` : `${escapeHtml(r.version)} →`}</a>` : '<span></span>';
  const json: JsonLink = { href: `${API_LIST[channel]}/${encodeURIComponent(release.version)}`, label: 'This release as JSON' };
  return layout(
    `${release.version}: ${release.description}`,
    `<nav class="crumbs"><a href="${CHANGELOG_HREF[channel]}">Changelog</a> › ${CHANNEL_LABELS[channel]} › ${escapeHtml(release.version)}</nav>
<article class="release single">
${releaseMeta(release, context)}
<h1>${escapeHtml(release.version)}</h1>
<p class="lead">${escapeHtml(release.description)}</p>
<div class="prose">${changesHtml(release)}</div>
</article>
<nav class="neighbours">${neighbour(older, 'prev')}${neighbour(newer, 'next')}</nav>`,
    'changelog',
    json,
  );
}
