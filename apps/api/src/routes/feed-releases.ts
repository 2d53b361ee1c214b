import { activityFacts, type AdoptionRecorder } from '@companion/adoption-store';
import { isPartialRollout, type ContentSnapshot, type Release } from '@companion/content';
import { CLIENT_VERSION, clientVersion } from '@companion/schema';
import { channelOffers, FEED_CHANNELS, previewKeyOf, previewKeyOffers, type FeedChannel } from '@companion/updater-formats';
import semver from 'semver';
import { z } from 'zod';
import { badQuery, memoPerSnapshotKey, pathParam, queryString, type ReadRequest } from '@companion/http-kit';
import { channelReleases } from '@companion/release-guard';
import { feedVersion, installId } from './client-query';
import type { Channel } from './release-json';
import { keyForShare } from './rollout';

/** A route parameter limited to `values`, with its schema for /openapi.json and its reader (400 on anything else). */
export const enumParam = (name: string, values: readonly string[], description: string, example = values[0]) => {
  const pattern = new RegExp(`^(${values.map((v) => v.replace(/[.-]/g, '\\$&')).join('|')})$`);
  return { schema: z.enum(values as [string, ...string[]]).meta({ description, examples: [example] }), read: (request: Pick<ReadRequest, 'params'>) => pathParam(request, name, pattern, 40, `one of ${values.join(', ')}`) };
};

export const feedChannelParam = enumParam('channel', FEED_CHANNELS, 'the update channel: stable; rc, beta or alpha (that pre-release channel, the more stable ones and stable releases); or preview (every preview and stable release)');

/** The channel a feed channel's releases are counted under in release health. */
export const countedChannel = (channel: FeedChannel): Channel => (channel === 'stable' ? 'stable' : 'preview');

/**
 * The releases a feed channel lists, newest first, per snapshot: `stable` and `preview` as the
 * update check's channels, a named channel the preview channel's releases it offers (channelOffers).
 */
export const feedChannelReleases = memoPerSnapshotKey((snapshot: ContentSnapshot, channel: string): readonly Release[] => {
  if (channel === 'stable' || channel === 'preview') return channelReleases(snapshot, channel);
  return channelReleases(snapshot, 'preview').filter((r) => channelOffers(channel as FeedChannel, r.version));
});

/** The releases of a feed channel in a partial rollout, per snapshot. */
const stagedReleases = memoPerSnapshotKey((snapshot: ContentSnapshot, channel: string) => feedChannelReleases(snapshot, channel).filter(isPartialRollout));

/**
 * A feed's selection key for a request without its install: `<channel> <preview key> <rest...> -`.
 * The preview key is the part of the install's version the preview channel's choice depends on
 * (previewKeyOf; `-` on other channels and without a version); the final `-` is replaced by the
 * staged releases an install is in (feedKeyForInstall).
 */
export const feedKey = (channel: FeedChannel, installed: string | undefined, ...rest: string[]): string => [channel, channel === 'preview' ? previewKeyOf(installed) : '-', ...rest, '-'].join(' ');

/** A feed key (see feedKey) for an install: the staged releases of its channel it is in. */
export const feedKeyForInstall = (snapshot: ContentSnapshot, key: string, install: string): string => keyForShare(key, stagedReleases(snapshot, key.slice(0, key.indexOf(' '))), install);

/**
 * The releases of a key's channel offered to its install, newest first, per snapshot and key: a
 * release in a partial rollout (`rollout: 0` and halted ones included) only when the install is in
 * its share (the key's last part lists those versions, `-` for none; without an install id, none),
 * as the update check decides; on `preview`, no pre-release of another major to an install on a
 * pre-release (previewOffersTo).
 */
export const offeredReleases = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string): readonly Release[] => {
  const parts = key.split(' ');
  const [channel, previewKey] = parts as [FeedChannel, string];
  const offeredList = parts.at(-1)!;
  const offered = new Set(offeredList === '-' ? [] : offeredList.split(','));
  return feedChannelReleases(snapshot, channel).filter((r) => (!isPartialRollout(r) || offered.has(r.version)) && previewKeyOffers(previewKey, r.version));
});

/** A version in a feed's path (Squirrel's and Tauri's `{{current_version}}`), normalised as the update check does; 400 when malformed. */
export function pathVersion(request: Pick<ReadRequest, 'params'>): string {
  return clientVersion(pathParam(request, 'version', CLIENT_VERSION, 64, 'the version the app runs, <major>.<minor>.<patch> with an optional pre-release tag, such as 1.11.2'));
}

/** The version an updater's request says the app runs: in its path, else `version` in the query; undefined when neither. */
export const reportedVersion = (request: ReadRequest): string | undefined => (request.params.version !== undefined ? pathVersion(request) : feedVersion(request));

/** `os`: the OS version the app runs on, for updaters that do not compare minimum OS versions themselves (Squirrel); 400 when malformed. */
export function osVersion(request: Pick<ReadRequest, 'query'>): string | undefined {
  const os = queryString(request, 'os', 40);
  if (os !== undefined && !/^\d{1,6}(\.\d{1,6}){0,3}$/.test(os)) throw badQuery('os', 'the OS version the app runs on, such as 14.5 or 10.0.22631');
  return os;
}

/** Where an updater's check comes from, as release health counts it. */
export interface FeedCheck {
  install: string | undefined;
  channel: FeedChannel;
  platform: string;
  arch: string;
  /** The version the answer hands over; undefined when none. */
  offered: string | undefined;
}

/**
 * Counts an updater's check as the update check's are counted (see AdoptionRecorder) when it names
 * its install and the version it runs: what the answer offered, when newer, with it.
 */
export function countFeedCheck(adoption: Pick<AdoptionRecorder, 'seen'>, request: ReadRequest, check: FeedCheck): void {
  const version = reportedVersion(request);
  if (check.install === undefined || version === undefined) return;
  const offered = check.offered !== undefined && semver.gt(check.offered, version) ? check.offered : '';
  adoption.seen(check.install, activityFacts({ version, channel: countedChannel(check.channel), platform: check.platform, arch: check.arch, offered }), request.nowMs);
}

export const feedInstalls = { of: installId, select: feedKeyForInstall };

/** The slices of the snapshot every feed depends on. */
export const feedSlices = (snapshot: ContentSnapshot) => [snapshot.stable, snapshot.preview];
