import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { compareSparkleVersions } from '../src/sparkle-version';

// How Sparkle 2 (sparkle-project/Sparkle at fa4eaa977cb1a390b237349be2f3d761175f345a) picks an
// update from an appcast, its rules written out from its source to run against the service's:
// - SUAppcastItem.m: an item's version is sparkle:version, its display version
//   sparkle:shortVersionString; `<sparkle:deltas>` enclosures keyed by sparkle:deltaFrom; an item
//   with sparkle:deltaFrom on its own enclosure is a delta, never a top-level item.
// - SUAppcastDriver.m filterAppcast:forMacOSAndAllowedChannels: macOS items, not deltas, on no
//   channel or one the host allows; filterSupportedAppcast: sparkle:minimumSystemVersion not above
//   the OS (SPUAppcastItemStateResolver isMinimumOperatingSystemVersionOK);
//   bestItemFromAppcastItems: the highest version by the comparator, the first of equals;
//   isItemNewer: the host's CFBundleVersion below it; deltaUpdateFromAppcastItem:hostVersion:
//   the delta keyed by the host's CFBundleVersion.
// - SPUAppcastItemStateResolver isCriticalUpdate...: critical when sparkle:criticalUpdate is there
//   and the host is below its sparkle:version (or it names none).

export interface SparkleItem {
  version: string;
  displayVersion: string;
  url: string;
  length: number;
  signature: string | undefined;
  channel: string | undefined;
  minimumSystemVersion: string | undefined;
  critical: { version: string | undefined } | undefined;
  deltas: Map<string, { url: string; length: number; signature: string | undefined }>;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => name === 'item' || name === 'enclosure' });

export function parseAppcast(text: string): SparkleItem[] {
  if (XMLValidator.validate(text) !== true) throw new Error('appcast is not well-formed XML');
  const items = (parser.parse(text).rss.channel.item ?? []) as Record<string, any>[];
  return items.flatMap((item) => {
    const enclosure = item.enclosure?.[0];
    if (!enclosure || enclosure['@sparkle:deltaFrom'] !== undefined) return [];
    const deltas = new Map<string, { url: string; length: number; signature: string | undefined }>();
    for (const delta of item['sparkle:deltas']?.enclosure ?? []) deltas.set(delta['@sparkle:deltaFrom'], { url: delta['@url'], length: Number(delta['@length']), signature: delta['@sparkle:edSignature'] });
    const critical = item['sparkle:criticalUpdate'];
    return [
      {
        version: item['sparkle:version'] ?? enclosure['@sparkle:version'],
        displayVersion: item['sparkle:shortVersionString'] ?? enclosure['@sparkle:shortVersionString'],
        url: enclosure['@url'],
        length: Number(enclosure['@length']),
        signature: enclosure['@sparkle:edSignature'],
        channel: item['sparkle:channel'] || undefined,
        minimumSystemVersion: item['sparkle:minimumSystemVersion'],
        critical: critical === undefined ? undefined : { version: typeof critical === 'object' ? critical['@sparkle:version'] : undefined },
        deltas,
      },
    ];
  });
}

/** The update a Sparkle 2 host takes: its CFBundleVersion, its OS version and the channels it allows. */
export function sparkleUpdate(items: readonly SparkleItem[], host: { version: string; os: string; channels?: readonly string[] }) {
  const allowed = new Set(host.channels ?? []);
  const candidates = items.filter((i) => (i.channel === undefined || allowed.has(i.channel)) && (i.minimumSystemVersion === undefined || compareSparkleVersions(i.minimumSystemVersion, host.os) !== 1));
  let best: SparkleItem | undefined;
  for (const candidate of candidates) if (!best || compareSparkleVersions(best.version, candidate.version) === -1) best = candidate;
  if (!best || compareSparkleVersions(host.version, best.version) !== -1) return null;
  return {
    item: best,
    delta: best.deltas.get(host.version),
    critical: best.critical !== undefined && (best.critical.version === undefined || compareSparkleVersions(host.version, best.critical.version) === -1),
  };
}
