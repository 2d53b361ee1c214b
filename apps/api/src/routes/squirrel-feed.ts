import type { AdoptionRecorder } from '@companion/adoption-store';
import type { ContentSnapshot } from '@companion/content';
import { CLIENT_VERSION, InstallIdParam, type ArtifactTarget } from '@companion/schema';
import { deltaChain, packageFileName, SQUIRREL_PLATFORMS, squirrelChoice, squirrelMacUpdate, squirrelReleases, type FeedChannel, type SquirrelPlatform } from '@companion/updater-formats';
import { z } from 'zod';
import type { ContentSource } from '../deps';
import { ApiError, memoPerSnapshot, memoPerSnapshotKey, type ReadRequest, selectionOf, type SnapshotRead } from '@companion/http-kit';
import { installId } from './client-query';
import { countFeedCheck, enumParam, feedChannelParam, feedChannelReleases, feedInstalls, feedKey, feedSlices, offeredReleases, osVersion, pathVersion } from './feed-releases';
import { RedirectParams, redirectToBuild } from './package-redirects';
import type { RouteDef } from '@companion/route-table';

const MAC_PLATFORMS = Object.keys(SQUIRREL_PLATFORMS).filter((p) => p.startsWith('darwin'));
const WINDOWS_PLATFORMS = Object.keys(SQUIRREL_PLATFORMS).filter((p) => p.startsWith('win32'));
const macPlatform = enumParam('platform', MAC_PLATFORMS, "Electron's `${process.platform}-${process.arch}` on macOS (`darwin` alone is x64, as update.electronjs.org takes it)", 'darwin-arm64');
const windowsPlatform = enumParam('platform', WINDOWS_PLATFORMS, "Electron's `${process.platform}-${process.arch}` on Windows (`win32` alone is x64)", 'win32-x64');
const VersionParam = z.string().max(64).regex(CLIENT_VERSION).meta({ description: 'the version the app runs (`app.getVersion()`), as the feed URL ends', examples: ['1.11.0'] });
const OsParam = z.string().max(40).regex(/^\d{1,6}(\.\d{1,6}){0,3}$/).meta({ description: "the OS version the app runs on (`process.getSystemVersion()`): neither Squirrel compares a build's minimum OS, so without it no build that needs one is offered", examples: ['14.5'] });
/** Squirrel.Windows adds these to its RELEASES request (UpdateManager.CheckForUpdateImpl): read by nobody, listed so /openapi.json shows them. */
const SquirrelQuery = {
  id: z.string().meta({ description: "Squirrel.Windows' package id: ignored" }),
  localVersion: z.string().meta({ description: "Squirrel.Windows' own form of the installed version: ignored (the path's version counts)" }),
  arch: z.string().meta({ description: 'amd64 or x86, the OS bitness Squirrel.Windows reports: ignored (the path names the architecture)' }),
};

/** Squirrel.Mac's answer, as /openapi.json describes it. */
export const SquirrelMacUpdate = z
  .strictObject({ url: z.string(), name: z.string(), notes: z.string(), pub_date: z.string().meta({ description: "ISO 8601 with a zone, as SQRLUpdate's releaseDateJSONTransformer reads it" }) })
  .meta({ id: 'SquirrelMacUpdate', description: "Squirrel.Mac's update JSON (Electron's autoUpdater on macOS)" });

/** `<channel> <preview key> <target> <os> <version> -`: see feedKey; the path's parts checked in their order. */
function squirrelKey(request: ReadRequest, platforms: typeof macPlatform): string {
  const channel = feedChannelParam.read(request) as FeedChannel;
  const target = SQUIRREL_PLATFORMS[platforms.read(request) as SquirrelPlatform];
  const version = pathVersion(request);
  return feedKey(channel, version, target, osVersion(request) ?? '-', version);
}

/** What a Squirrel key is handed: the newest release offered with Squirrel's build for the target that runs on its OS. */
const choiceFor = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => {
  const [, , target, os] = key.split(' ') as [FeedChannel, string, ArtifactTarget, string];
  return squirrelChoice(offeredReleases(snapshot, key), target, os === '-' ? undefined : os);
});

const macAnswer = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string) => squirrelMacUpdate(choiceFor(snapshot, key), key.split(' ')[4]!));

const releasesFile = memoPerSnapshotKey((snapshot: ContentSnapshot, key: string): string | null => {
  const choice = choiceFor(snapshot, key);
  if (choice === null) return null;
  const [channel, , target, , installed] = key.split(' ') as [FeedChannel, string, ArtifactTarget, string, string];
  return squirrelReleases(choice.build, deltaChain(choice.release, installed, target, feedChannelReleases(snapshot, channel)));
});

/** Per snapshot: `<target> <file name>` -> the URL of every Squirrel package (full and delta) of every release. */
const packageUrls = memoPerSnapshot((snapshot: ContentSnapshot): ReadonlyMap<string, string> => {
  const urls = new Map<string, string>();
  for (const release of [...snapshot.stable, ...snapshot.preview]) for (const build of release.artifacts ?? []) if (/\.nupkg$/i.test(new URL(build.url).pathname)) urls.set(`${build.platform} ${packageFileName(build)}`, build.url);
  return urls;
});

/**
 * Electron's built-in autoUpdater: Squirrel.Mac's JSON (or 204) at the feed URL itself, and
 * Squirrel.Windows' RELEASES and packages under it, the URL shapes update.electronjs.org uses:
 * `/api/updates/squirrel/<channel>/<platform>/<version>`.
 */
export function squirrelFeedRoutes(content: ContentSource, adoption?: Pick<AdoptionRecorder, 'seen'> | null): RouteDef[] {
  // Both count what they hand over, as every updater's check is counted.
  const observe = adoption && {
    observe: (request: ReadRequest, snapshot: ContentSnapshot, selection: string) => {
      const [channel, , target] = selection.split(' ') as [FeedChannel, string, ArtifactTarget];
      const [platform, arch] = target.split('-') as [string, string];
      countFeedCheck(adoption, request, { install: installId(request), channel, platform, arch, offered: choiceFor(snapshot, selection)?.release.version });
    },
  };
  const mac: SnapshotRead = {
    slices: feedSlices,
    select: (_snapshot, request) => squirrelKey(request, macPlatform),
    answer: (snapshot, request) => {
      const body = macAnswer(snapshot, selectionOf(mac, snapshot, request));
      // Squirrel.Mac installs whatever a 200 names: "no update" is a 204 (SQRLUpdater's RELEASESERVER mode).
      return body === null ? { kind: 'none' } : { kind: 'document', type: 'application/json; charset=utf-8', body };
    },
    installs: feedInstalls,
    ...observe,
  };
  const windows: SnapshotRead = {
    slices: feedSlices,
    select: (_snapshot, request) => squirrelKey(request, windowsPlatform),
    answer: (snapshot, request) => {
      const body = releasesFile(snapshot, selectionOf(windows, snapshot, request));
      // An empty RELEASES is an error to Squirrel.Windows ("Remote release File is empty or corrupted"), as a 404 is.
      if (body === null) throw new ApiError('RELEASE_NOT_FOUND', 'No release offered to this install has a Squirrel package for this platform on this channel.');
      return { kind: 'document', type: 'text/plain; charset=utf-8', body };
    },
    installs: feedInstalls,
    ...observe,
  };
  const common = { method: 'GET', category: 'changelog', unknownQuery: 'ignore' } satisfies Partial<RouteDef>;
  return [
    {
      ...common,
      path: '/api/updates/squirrel/:channel/:platform/:version/RELEASES',
      description: "Squirrel.Windows' RELEASES for an install (Electron's autoUpdater on Windows): the full package of the newest release offered to it and the delta packages that reach it from the install's version",
      handlers: [],
      read: windows,
      params: { channel: feedChannelParam.schema, platform: windowsPlatform.schema, version: VersionParam },
      query: { install_id: InstallIdParam, os: OsParam, ...SquirrelQuery },
      media: ['text/plain'],
      errors: ['RELEASE_NOT_FOUND'],
    },
    {
      ...common,
      path: '/api/updates/squirrel/:channel/:platform/:version/:file',
      description: 'A package RELEASES names, beside it: 302 to the package on its host',
      handlers: [
        (req, _res, next) => {
          const request = { params: req.params as Record<string, string> };
          feedChannelParam.read(request);
          windowsPlatform.read(request);
          next();
        },
        redirectToBuild(content, (snapshot, params) => packageUrls(snapshot).get(`${SQUIRREL_PLATFORMS[params.platform as SquirrelPlatform]} ${params.file}`)),
      ],
      params: { channel: feedChannelParam.schema, platform: windowsPlatform.schema, version: VersionParam, file: RedirectParams.file('TunnelCompanion-1.11.1-full.nupkg') },
      errors: ['RELEASE_NOT_FOUND'],
      redirect: 'the package on its host, its URL as the release file gives it',
    },
    {
      ...common,
      path: '/api/updates/squirrel/:channel/:platform/:version',
      description: "Squirrel.Mac's update JSON for an install (Electron's autoUpdater on macOS): the zip of the newest release offered to it, or 204 when it is up to date",
      handlers: [],
      read: mac,
      params: { channel: feedChannelParam.schema, platform: macPlatform.schema, version: VersionParam },
      query: { install_id: InstallIdParam, os: OsParam },
      answer: SquirrelMacUpdate,
      noContent: 'the install runs the newest release offered to it (or a newer one): Squirrel.Mac\'s "no update"',
    },
  ];
}
