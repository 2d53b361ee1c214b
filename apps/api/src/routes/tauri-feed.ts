import type { AdoptionRecorder } from '@companion/adoption-store';
import type { ContentSnapshot } from '@companion/content';
import { FeedVersionParam, InstallIdParam, type ArtifactTarget } from '@companion/schema';
import { TAURI_ARCHES, TAURI_TARGETS, tauriBuilds, tauriManifest, type FeedChannel, type TauriArch, type TauriTarget } from '@companion/updater-formats';
import { z } from 'zod';
import { memoPerSnapshotKey, type ReadRequest, selectionOf, type SnapshotRead } from '@companion/http-kit';
import { installId } from './client-query';
import { countFeedCheck, enumParam, feedChannelParam, feedChannelReleases, feedInstalls, feedKey, feedSlices, offeredReleases, reportedVersion } from './feed-releases';
import type { RouteDef } from '@companion/route-table';

const tauriTarget = enumParam('target', Object.keys(TAURI_TARGETS), "Tauri's {{target}}");
const tauriArch = enumParam('arch', Object.keys(TAURI_ARCHES), "Tauri's {{arch}}");
const CurrentVersionParam = FeedVersionParam.meta({ description: "Tauri's {{current_version}}: counted in release health with install_id" });

/** Tauri's static update JSON, as /openapi.json describes it. */
export const TauriManifest = z
  .strictObject({
    version: z.string(),
    notes: z.string(),
    pub_date: z.string().meta({ description: 'RFC 3339' }),
    platforms: z.record(z.string(), z.strictObject({ url: z.string(), signature: z.string().meta({ description: 'a minisign signature file, base64' }) })),
  })
  .meta({ id: 'TauriManifest', description: "Tauri's static update JSON" });

/** `<channel> <preview key> <target> <arch> -`: see feedKey; the path's parts checked in their order. */
function tauriKey(request: ReadRequest): string {
  const channel = feedChannelParam.read(request) as FeedChannel;
  const target = tauriTarget.read(request);
  const arch = tauriArch.read(request);
  return feedKey(channel, reportedVersion(request), target, arch);
}

const manifestFor = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string): string | null => {
  const [channel, , target, arch] = key.split(' ') as [FeedChannel, string, TauriTarget, TauriArch];
  return tauriManifest(offeredReleases(snapshot, key), target, arch, feedChannelReleases(snapshot, channel));
});

/** Tauri's updater JSON per channel and platform, with `{{current_version}}` in the query or the path. */
export function tauriFeedRoutes(adoption?: Pick<AdoptionRecorder, 'seen'> | null): RouteDef[] {
  const tauri: SnapshotRead = {
    slices: feedSlices,
    select: (_snapshot, request) => tauriKey(request),
    answer: (snapshot, request) => {
      const manifest = manifestFor(snapshot, selectionOf(tauri, snapshot, request));
      // tauri-plugin-updater's check() takes 204 as "no update"; a 404 would be an error on every check.
      return manifest === null ? { kind: 'none' } : { kind: 'document', type: 'application/json; charset=utf-8', body: manifest };
    },
    installs: feedInstalls,
    ...(adoption && {
      observe: (request: ReadRequest, snapshot: ContentSnapshot, selection: string) => {
        const [channel, , target, arch] = selection.split(' ') as [FeedChannel, string, TauriTarget, TauriArch];
        const platform = `${TAURI_TARGETS[target]}-${TAURI_ARCHES[arch]}` as ArtifactTarget;
        const offered = offeredReleases(snapshot, selection).find((r) => tauriBuilds(r, platform).length > 0)?.version;
        countFeedCheck(adoption, request, { install: installId(request), channel, platform: TAURI_TARGETS[target], arch: TAURI_ARCHES[arch], offered });
      },
    }),
  };
  const common = {
    method: 'GET',
    category: 'changelog',
    description: "Tauri's updater JSON for a channel and platform: the newest release offered with its signed builds ({target}-{arch} and {target}-{arch}-{bundle}), or 204 when there is none",
    handlers: [],
    read: tauri,
    answer: TauriManifest,
    noContent: 'no release offered to this install has a signed build for the platform: Tauri\'s "no update"',
    unknownQuery: 'ignore',
  } satisfies Partial<RouteDef>;
  return [
    { ...common, path: '/api/updates/tauri/:channel/:target/:arch', params: { channel: feedChannelParam.schema, target: tauriTarget.schema, arch: tauriArch.schema }, query: { install_id: InstallIdParam, version: FeedVersionParam } },
    { ...common, path: '/api/updates/tauri/:channel/:target/:arch/:version', params: { channel: feedChannelParam.schema, target: tauriTarget.schema, arch: tauriArch.schema, version: CurrentVersionParam }, query: { install_id: InstallIdParam } },
  ];
}
