import type { Release } from '@companion/content';
import { artifactFor, type ArtifactTarget } from '@companion/schema';
import { escapeHtml } from '../../pages/html';
import { changesHtml } from '../../pages/rendered';

/** How long Sparkle waits between its seven phased-rollout groups for a release in a partial rollout. */
export const PHASED_ROLLOUT_INTERVAL_S = 86_400;

const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString();

/**
 * A Sparkle appcast (RSS 2.0 with Sparkle's namespace) of the releases with a build for `target`,
 * newest first: the enclosure with `length`, `type` and `sparkle:edSignature`,
 * `sparkle:version` and `sparkle:shortVersionString`, `sparkle:criticalUpdate` for a critical
 * release, `sparkle:minimumSystemVersion`, `sparkle:releaseNotesLink`, and
 * `sparkle:phasedRolloutInterval` for a release in a partial rollout (`phased`).
 */
export function sparkleAppcast(title: string, releases: readonly Release[], target: ArtifactTarget, phased: (r: Release) => boolean): string {
  const items = releases.flatMap((release) => {
    const artifact = artifactFor(release.artifacts, target);
    if (!artifact) return [];
    const lines = [
      '    <item>',
      `      <title>${escapeHtml(`${release.version}: ${release.description}`)}</title>`,
      `      <pubDate>${rfc822(release.date)}</pubDate>`,
      `      <sparkle:version>${escapeHtml(release.version)}</sparkle:version>`,
      `      <sparkle:shortVersionString>${escapeHtml(release.version)}</sparkle:shortVersionString>`,
      ...(artifact.minimum_os ? [`      <sparkle:minimumSystemVersion>${escapeHtml(artifact.minimum_os)}</sparkle:minimumSystemVersion>`] : []),
      ...(release.critical ? ['      <sparkle:criticalUpdate></sparkle:criticalUpdate>'] : []),
      ...(phased(release) ? [`      <sparkle:phasedRolloutInterval>${PHASED_ROLLOUT_INTERVAL_S}</sparkle:phasedRolloutInterval>`] : []),
      ...(release.notes_url ? [`      <sparkle:releaseNotesLink>${escapeHtml(release.notes_url)}</sparkle:releaseNotesLink>`] : []),
      `      <description><![CDATA[${changesHtml(release.changes).replaceAll(']]>', ']]]]><![CDATA[>')}]]></description>`,
      `      <enclosure url="${escapeHtml(artifact.url)}" length="${artifact.size}" type="application/octet-stream"${artifact.signature ? ` sparkle:edSignature="${artifact.signature}"` : ''}/>`,
      '    </item>',
    ];
    return [lines.join('\n')];
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeHtml(title)}</title>`,
    '    <language>en</language>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
