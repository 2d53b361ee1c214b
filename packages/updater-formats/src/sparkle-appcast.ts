import type { Release } from '@companion/content';
import type { Artifact, ArtifactTarget } from '@companion/schema';
import { bundleVersionOf, deltaBuilds, installableBuild, installsOn } from './builds';
import { cdata, xml, type Xml } from './xml';

const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString();

export interface AppcastOptions {
  title: string;
  target: ArtifactTarget;
  /** A release's changes as HTML, for the item's description. */
  notesHtml(release: Release): string;
  /** The `<sparkle:channel>` of a release's item; undefined (the default) for none: every host takes it. */
  channelOf?(release: Release): string | undefined;
  /** Releases a delta may apply to, to find their build numbers (by default the listed ones). */
  known?: readonly Release[];
}

/** The build Sparkle installs on a target: a zip or disk image on macOS, WinSparkle's installer on Windows. */
export const sparkleBuild = (release: Release, target: ArtifactTarget): Artifact | undefined => installableBuild(release, target, installsOn('sparkle', target));

const enclosure = (build: Artifact, deltaFrom?: string): Xml =>
  xml`<enclosure url="${build.url}"${deltaFrom !== undefined && xml` sparkle:deltaFrom="${deltaFrom}"`} length="${build.size}" type="application/octet-stream"${build.signature !== undefined && xml` sparkle:edSignature="${build.signature}"`}/>`;

/**
 * A Sparkle appcast (RSS 2.0 with Sparkle's namespace) of the offered releases with a build for
 * the target, newest first: the enclosure with `length`, `type` and `sparkle:edSignature`;
 * `sparkle:version`, the bundle version Sparkle compares with the app's CFBundleVersion (the
 * build's or the release's `build`, else the version), and `sparkle:shortVersionString`, the
 * version people read; `sparkle:minimumSystemVersion`; `sparkle:releaseNotesLink`;
 * `<sparkle:deltas>` with an enclosure per delta whose `sparkle:deltaFrom` is the bundle version
 * it patches (Sparkle takes the one matching the app's CFBundleVersion,
 * SUAppcastDriver deltaUpdateFromAppcastItem:hostVersion:); `<sparkle:channel>` where `channelOf`
 * names one; and `<sparkle:criticalUpdate sparkle:version="<v>">` on every item at or above a
 * critical release `<v>` (its bundle version): Sparkle installs only the newest item and judges
 * only its state, critical for a host below `<v>` (SPUAppcastItemStateResolver
 * isCriticalUpdate...), so an install that skipped the critical release is still told its update
 * is critical.
 */
export function sparkleAppcast(releases: readonly Release[], options: AppcastOptions): string {
  const { target } = options;
  const built = releases.flatMap((release) => {
    const build = sparkleBuild(release, target);
    return build ? [{ release, build }] : [];
  });
  // The newest critical release at or below each release, oldest first, as the bundle version Sparkle compares.
  let critical: string | undefined;
  const criticalAt = new Map<Release, string | undefined>();
  for (const { release, build } of [...built].reverse()) {
    if (release.critical === true) critical = bundleVersionOf(release, build);
    criticalAt.set(release, critical);
  }
  const known = options.known ?? releases;
  const bundleVersionFor = (version: string): string | undefined => {
    const release = known.find((r) => r.version === version);
    return release && bundleVersionOf(release, sparkleBuild(release, target));
  };
  const items = built.map(({ release, build }) => {
    const criticalFrom = criticalAt.get(release);
    const channel = options.channelOf?.(release);
    const deltas = deltaBuilds(release, target, 'delta').flatMap((delta) => {
      const from = bundleVersionFor(delta.delta_from!);
      return from === undefined ? [] : [xml`\n        ${enclosure(delta, from)}`];
    });
    return xml`
    <item>
      <title>${release.version}: ${release.description}</title>
      <pubDate>${rfc822(release.date)}</pubDate>
      <sparkle:version>${bundleVersionOf(release, build)}</sparkle:version>
      <sparkle:shortVersionString>${release.version}</sparkle:shortVersionString>${channel !== undefined && xml`
      <sparkle:channel>${channel}</sparkle:channel>`}${build.minimum_os !== undefined && xml`
      <sparkle:minimumSystemVersion>${build.minimum_os}</sparkle:minimumSystemVersion>`}${criticalFrom !== undefined && xml`
      <sparkle:criticalUpdate sparkle:version="${criticalFrom}"></sparkle:criticalUpdate>`}${release.notes_url !== undefined && xml`
      <sparkle:releaseNotesLink>${release.notes_url}</sparkle:releaseNotesLink>`}
      <description>${cdata(options.notesHtml(release))}</description>
      ${enclosure(build)}${deltas.length > 0 && xml`
      <sparkle:deltas>${deltas}
      </sparkle:deltas>`}
    </item>`;
  });
  return `${xml`<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${options.title}</title>
    <language>en</language>${items}
  </channel>
</rss>`}\n`;
}
