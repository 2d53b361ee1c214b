import semver from 'semver';

/**
 * The channels an updater can follow: `stable`, the named pre-release channels from the most to
 * the least stable (`rc`, `beta`, `alpha`), and `preview`, every release. A pre-release is on the
 * channel its tag names first (`1.12.0-beta.2` is a beta, `2.0.0-alpha.1` an alpha); a tag naming
 * none of them (`1.6.0-pre.1`) is on `preview` only.
 */
export const FEED_CHANNELS = ['stable', 'rc', 'beta', 'alpha', 'preview'] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];
/** The named pre-release channels, the most stable first. */
export const NAMED_CHANNELS = ['rc', 'beta', 'alpha'] as const;
export type NamedChannel = (typeof NAMED_CHANNELS)[number];

/** How stable a channel is: stable 3, rc 2, beta 1, alpha 0, anything else (preview only) -1. */
const STABILITY: Record<string, number> = { stable: 3, rc: 2, beta: 1, alpha: 0 };

/** The channel a version's release is on: `stable`, a named channel, or `preview` for a tag that names none. */
export function channelOfVersion(version: string): FeedChannel {
  const tag = semver.prerelease(version)?.[0];
  if (tag === undefined) return 'stable';
  const name = String(tag).toLowerCase();
  return (NAMED_CHANNELS as readonly string[]).includes(name) ? (name as NamedChannel) : 'preview';
}

/**
 * Whether a channel offers a version, as electron-builder's channel files and Keygen's channels
 * do: `stable` stable releases only; a named channel its own pre-releases, those of the more
 * stable named channels and stable releases (`beta` gets rc, beta and stable, never an alpha);
 * `preview` everything.
 */
export function channelOffers(channel: FeedChannel, version: string): boolean {
  if (channel === 'preview') return true;
  return (STABILITY[channelOfVersion(version)] ?? -1) >= STABILITY[channel]!;
}

/**
 * Whether `preview` offers `version` to an install running `installed` (undefined: not known):
 * an install on a pre-release is not moved to a pre-release of another major (`1.12.0-beta.1` is
 * not offered `2.0.0-alpha.1`; `1.12.0` and `1.13.0-beta.1` are), as a tester of one line is not
 * signed up for the next; an install on a stable release is offered every preview.
 */
export function previewOffersTo(installed: string | undefined, version: string): boolean {
  if (installed === undefined || semver.prerelease(installed) === null || semver.prerelease(version) === null) return true;
  return semver.major(installed) === semver.major(version);
}

/**
 * The part of an install's version the preview channel's choice depends on (see previewOffersTo):
 * the major of a pre-release (`1` for `1.12.0-beta.1`), `-` for a stable release or none known.
 * Installs with the same key are offered the same releases.
 */
export const previewKeyOf = (installed: string | undefined): string => (installed !== undefined && semver.prerelease(installed) !== null ? String(semver.major(installed)) : '-');

/** previewOffersTo for a key previewKeyOf made. */
export const previewKeyOffers = (key: string, version: string): boolean => key === '-' || semver.prerelease(version) === null || String(semver.major(version)) === key;
