import type { Release } from '@companion/content';
import { artifactFor, type ArtifactTarget } from '@companion/schema';
import { escapeHtml } from '../../pages/html';
import { changesHtml } from '../../pages/rendered';

const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString();

/**
 * A Sparkle appcast (RSS 2.0 with Sparkle's namespace) of the offered releases with a build for
 * `target`, newest first: the enclosure with `length`, `type` and `sparkle:edSignature`,
 * `sparkle:version` and `sparkle:shortVersionString`, `sparkle:minimumSystemVersion`,
 * `sparkle:releaseNotesLink`, and `<sparkle:criticalUpdate sparkle:version="<v>">` on every item
 * at or above a critical release `<v>`: Sparkle installs only the newest item and judges only its
 * state, critical for a host below `<v>` (SPUAppcastItemStateResolver isCriticalUpdate...), so an
 * install that skipped the critical release is still told its update is critical.
 */
export function sparkleAppcast(title: string, releases: readonly Release[], target: ArtifactTarget): string {
  const built = releases.filter((r) => artifactFor(r.artifacts, target) !== undefined);
  // The newest critical release at or below each release, oldest first.
  let critical: string | undefined;
  const criticalAt = new Map<Release, string | undefined>();
  for (const release of [...built].reverse()) {
    if (release.critical === true) critical = release.version;
    criticalAt.set(release, critical);
  }
  const items = built.map((release) => {
    const artifact = artifactFor(release.artifacts, target)!;
    const criticalFrom = criticalAt.get(release);
    const lines = [
      '    <item>',
      `      <title>${escapeHtml(`${release.version}: ${release.description}`)}</title>`,
      `      <pubDate>${rfc822(release.date)}</pubDate>`,
      `      <sparkle:version>${escapeHtml(release.version)}</sparkle:version>`,
      `      <sparkle:shortVersionString>${escapeHtml(release.version)}</sparkle:shortVersionString>`,
      ...(artifact.minimum_os ? [`      <sparkle:minimumSystemVersion>${escapeHtml(artifact.minimum_os)}</sparkle:minimumSystemVersion>`] : []),
      ...(criticalFrom !== undefined ? [`      <sparkle:criticalUpdate sparkle:version="${escapeHtml(criticalFrom)}"></sparkle:criticalUpdate>`] : []),
      ...(release.notes_url ? [`      <sparkle:releaseNotesLink>${escapeHtml(release.notes_url)}</sparkle:releaseNotesLink>`] : []),
      `      <description><![CDATA[${changesHtml(release.changes).replaceAll(']]>', ']]]]><![CDATA[>')}]]></description>`,
      `      <enclosure url="${escapeHtml(artifact.url)}" length="${artifact.size}" type="application/octet-stream"${artifact.signature ? ` sparkle:edSignature="${artifact.signature}"` : ''}/>`,
      '    </item>',
    ];
    return lines.join('\n');
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
