import { ARTIFACT_TARGETS, type Artifact, type ReleaseWithVersion } from '@companion/schema';
import type { z } from 'zod';
import { elementHref, langAttribute, layout, type JsonLink } from './layout';
import { escapeHtml } from '@companion/html';
import { CHANGELOG_HREF, releaseHref, type Channel } from './hrefs';
import { changesHtml } from './rendered';

/** A release as the API answers it. */
export type Release = z.infer<typeof ReleaseWithVersion>;

const CHANNEL_LABELS: Record<Channel, string> = { stable: 'Stable', preview: 'Preview' };
const API_LIST: Record<Channel, string> = { stable: '/api/changelog', preview: '/api/changelog/preview' };

/** What a release is shown with: its channel, the codenames of the releases, the page's language, each channel's number of releases. */
export interface ReleaseContext {
  channel: Channel;
  codenameOf: ReadonlyMap<string, string>;
  lang: string;
  counts: Record<Channel, number>;
  /** A release's builds, from its file (the API's release JSON does not carry them). */
  downloadsOf(version: string): readonly Artifact[] | undefined;
}

const PLATFORM_LABELS: Record<Artifact['platform'], string> = {
  'windows-x64': 'Windows (x64)',
  'windows-arm64': 'Windows (ARM64)',
  'macos-arm64': 'macOS (Apple silicon)',
  'macos-x64': 'macOS (Intel)',
  'linux-x64': 'Linux (x64)',
  'linux-arm64': 'Linux (ARM64)',
};

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`);

/** The builds of a release, one row per platform with its size and SHA-512 (to check a download by hand). */
function downloadsTable(artifacts: readonly Artifact[] | undefined): string {
  if (!artifacts || artifacts.length === 0) return '';
  const rows = ARTIFACT_TARGETS.flatMap((t) => artifacts.filter((a) => a.platform === t)).map(
    (a) => `<tr><th scope="row"><a href="${escapeHtml(a.url)}" download>${PLATFORM_LABELS[a.platform]}</a></th><td>${sizeText(a.size)}${a.minimum_os ? `, needs ${escapeHtml(a.minimum_os)} or later` : ''}</td><td><code class="checksum">${escapeHtml(a.sha512)}</code>${a.signature ? ' <span class="signed">signed</span>' : ''}</td></tr>`,
  );
  return `<section class="downloads" aria-labelledby="downloads-title"><h2 id="downloads-title">Downloads</h2>
<table><thead><tr><th scope="col">Platform</th><th scope="col">Size</th><th scope="col">SHA-512</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** The newest releases of a list show their changes; older ones fold them away, a click from view. */
const OPEN_RELEASES = 3;

function releaseMeta(release: Release, { channel, codenameOf }: ReleaseContext): string {
  const codename = codenameOf.get(release.version);
  const named = codename ? `<a class="codename" href="${elementHref(codename)}">${escapeHtml(codename)}</a>` : '';
  return `<p class="meta"><span class="channel ${channel}">${CHANNEL_LABELS[channel]}</span><time datetime="${release.date}">${release.date}</time>${named}</p>`;
}

/** Stable and Preview with their numbers of releases, the current one marked. */
const channelTabs = (current: Channel, counts: Record<Channel, number>) =>
  `<nav class="tabs" aria-label="Channels">${(Object.keys(CHANNEL_LABELS) as Channel[])
    .map((c) => `<a href="${CHANGELOG_HREF[c]}"${c === current ? ' aria-current="page"' : ''}>${CHANNEL_LABELS[c]}<span class="count">${counts[c]}</span></a>`)
    .join('')}</nav>`;

/** Every version of the list, by release line (`1.11`: 1.11.2 1.11.1 1.11.0), each a jump to its release below. */
function versionIndex(releases: readonly Release[]): string {
  const lines = new Map<string, string[]>();
  for (const { version } of releases) {
    const line = version.split('.').slice(0, 2).join('.');
    lines.set(line, [...(lines.get(line) ?? []), version]);
  }
  const items = [...lines].map(([line, versions]) => `<li><span class="line">${escapeHtml(line)}</span>${versions.map((v) => `<a href="#v${escapeHtml(v)}">${escapeHtml(v)}</a>`).join('')}</li>`);
  return `<nav class="version-index" aria-labelledby="versions-title"><h2 id="versions-title">Jump to a version</h2><ul>${items.join('')}</ul></nav>`;
}

/** A release's changes: open for the newest, folded for the others. */
function changesOf(release: Release, open: boolean): string {
  const changes = `<div class="prose">${changesHtml(release.changes)}</div>`;
  if (open) return changes;
  const count = release.changes.length;
  return `<details><summary>Show the ${count} change${count === 1 ? '' : 's'}</summary>${changes}</details>`;
}

/** Every release of a channel, newest first, each with its changes. */
export function changelogPage(releases: readonly Release[], context: ReleaseContext): string {
  const { channel, lang } = context;
  const items = releases.map(
    (r, i) => `<article class="release" id="v${escapeHtml(r.version)}"${langAttribute(r.lang, lang)}>
${releaseMeta(r, context)}
<h2><a href="${releaseHref(channel, r.version)}">${escapeHtml(r.version)}</a> <span class="description">${escapeHtml(r.description)}</span></h2>
${changesOf(r, i < OPEN_RELEASES)}
</article>`,
  );
  const body = items.length === 0 ? `<p class="none">There is no ${channel} release yet.</p>` : `${versionIndex(releases)}\n${items.join('\n')}`;
  const json: JsonLink = { href: API_LIST[channel], label: `${CHANNEL_LABELS[channel]} releases as JSON` };
  return layout(`${CHANNEL_LABELS[channel]} changelog`, `<h1>Changelog</h1>\n${channelTabs(channel, context.counts)}\n${body}`, 'changelog', json, lang);
}

/** One release, with links to the releases before (`older`) and after (`newer`) it in its channel. */
export function releasePage(release: Release, { older, newer }: { older?: string; newer?: string }, context: ReleaseContext): string {
  const { channel } = context;
  const neighbour = (version: string | undefined, rel: 'prev' | 'next') =>
    version ? `<a rel="${rel}" href="${releaseHref(channel, version)}">${rel === 'prev' ? `← ${escapeHtml(version)}` : `${escapeHtml(version)} →`}</a>` : '<span></span>';
  const json: JsonLink = { href: `${API_LIST[channel]}/${encodeURIComponent(release.version)}`, label: 'This release as JSON' };
  return layout(
    `${release.version}: ${release.description}`,
    `<nav class="crumbs"><a href="${CHANGELOG_HREF[channel]}">Changelog</a> › ${CHANNEL_LABELS[channel]} › ${escapeHtml(release.version)}</nav>
<article class="release single">
${releaseMeta(release, context)}
<h1>${escapeHtml(release.version)}</h1>
<p class="lead">${escapeHtml(release.description)}</p>
<div class="prose">${changesHtml(release.changes)}</div>
${downloadsTable(context.downloadsOf(release.version))}
</article>
<nav class="neighbours">${neighbour(older, 'prev')}${neighbour(newer, 'next')}</nav>`,
    'changelog',
    json,
    context.lang,
  );
}
