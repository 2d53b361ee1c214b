import type { AdoptionRecorder } from '@companion/adoption-store';
import type { ContentSnapshot } from '@companion/content';
import { ARTIFACT_TARGETS, FeedVersionParam, InstallIdParam, type ArtifactTarget } from '@companion/schema';
import { channelOfVersion, sparkleAppcast, sparkleBuild, type FeedChannel } from '@companion/updater-formats';
import { memoPerSnapshotKey, type ReadRequest, selectionOf, type SnapshotRead } from '@companion/http-kit';
import { changesHtml } from '@companion/pages';
import { installId } from './client-query';
import { countFeedCheck, enumParam, feedChannelParam, feedChannelReleases, feedInstalls, feedKey, feedSlices, offeredReleases, reportedVersion } from './feed-releases';
import type { RouteDef } from '@companion/route-table';

const sparklePlatform = enumParam('platform', ARTIFACT_TARGETS, 'the platform and architecture the app runs on', 'macos-arm64');

/** `<channel> <preview key> <platform> -`: see feedKey. */
function sparkleKey(request: ReadRequest): string {
  const channel = feedChannelParam.read(request) as FeedChannel;
  const platform = sparklePlatform.read(request);
  return feedKey(channel, reportedVersion(request), platform);
}

/**
 * The appcast for a key. On a named channel (rc, beta, alpha) each pre-release's item carries its
 * own `<sparkle:channel>`: Sparkle 2 lists it only to a host whose `allowedChannels(for:)` names
 * that channel, so one feed serves every install and the app says which pre-releases each takes;
 * stable releases carry none and reach every host. `stable` and `preview` carry none.
 */
const appcastFor = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string): string => {
  const [channel, , platform] = key.split(' ') as [FeedChannel, string, ArtifactTarget];
  const named = channel !== 'stable' && channel !== 'preview';
  return sparkleAppcast(offeredReleases(snapshot, key), {
    title: `Tunnel Companion ${channel} for ${platform}`,
    target: platform,
    notesHtml: (release) => changesHtml(release.changes),
    known: feedChannelReleases(snapshot, channel),
    ...(named && { channelOf: (release) => (channelOfVersion(release.version) === 'stable' ? undefined : channelOfVersion(release.version)) }),
  });
});

/** The Sparkle appcast per channel and platform. */
export function sparkleFeedRoutes(adoption?: Pick<AdoptionRecorder, 'seen'> | null): RouteDef[] {
  const sparkle: SnapshotRead = {
    slices: feedSlices,
    select: (_snapshot, request) => sparkleKey(request),
    // Sparkle's phased groups stage by time, not share: a release in a partial rollout is listed only to the installs in its share.
    answer: (snapshot, request) => ({ kind: 'document', type: 'application/rss+xml; charset=utf-8', body: appcastFor(snapshot, selectionOf(sparkle, snapshot, request)) }),
    installs: feedInstalls,
    ...(adoption && {
      observe: (request: ReadRequest, snapshot: ContentSnapshot, selection: string) => {
        const [channel, , target] = selection.split(' ') as [FeedChannel, string, ArtifactTarget];
        const [platform, arch] = target.split('-') as [string, string];
        // Sparkle moves to the newest item with an enclosure for the platform.
        const offered = offeredReleases(snapshot, selection).find((r) => sparkleBuild(r, target) !== undefined)?.version;
        countFeedCheck(adoption, request, { install: installId(request), channel, platform, arch, offered });
      },
    }),
  };
  return [
    {
      method: 'GET',
      path: '/api/updates/sparkle/:channel/:platform',
      category: 'changelog',
      description: 'A Sparkle appcast per channel and platform: the releases offered to the install with enclosures signed by sparkle:edSignature, build numbers, deltas, channels, critical updates, minimum system versions; the parameters of SUEnableSystemProfiling are ignored',
      handlers: [],
      read: sparkle,
      params: { channel: feedChannelParam.schema, platform: sparklePlatform.schema },
      query: { install_id: InstallIdParam, version: FeedVersionParam },
      media: ['application/rss+xml'],
      unknownQuery: 'ignore',
    },
  ];
}
