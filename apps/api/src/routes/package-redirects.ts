import type { ContentSnapshot } from '@companion/content';
import { CLIENT_VERSION } from '@companion/schema';
import { packageFileName } from '@companion/updater-formats';
import { z } from 'zod';
import type { RequestHandler } from 'express';
import type { ContentSource } from '../deps';
import { ApiError, memoPerSnapshot, pathParam, PUBLIC_CACHE_CONTROL } from '@companion/http-kit';

/** Per snapshot: `<version> <file name>` -> the URL of that release's build, and `<...>.blockmap` -> the block map beside it. */
const buildUrls = memoPerSnapshot((snapshot: ContentSnapshot): ReadonlyMap<string, string> => {
  const urls = new Map<string, string>();
  for (const release of [...snapshot.stable, ...snapshot.preview]) {
    for (const build of release.artifacts ?? []) {
      const name = packageFileName(build);
      if (name === '') continue;
      urls.set(`${release.version} ${name}`, build.url);
      urls.set(`${release.version} ${name}.blockmap`, `${build.url}.blockmap`);
    }
  }
  return urls;
});

/** The URL a release's build (or its `.blockmap`) has, by the version and the file name it is served under; undefined when none. */
export const buildUrlOf = (snapshot: ContentSnapshot, version: string, file: string): string | undefined => buildUrls(snapshot).get(`${version} ${file}`);

/** A build's file name in a path: one segment, as a URL's last one is. */
const FILE_NAME = /^[^/\\]{1,200}$/;

/** The path parameters of a redirect: the release's version and the build's file name. */
export const RedirectParams = {
  version: z.string().max(64).regex(CLIENT_VERSION).meta({ description: 'the version of the release the build is of', examples: ['1.11.2'] }),
  file: (example: string) => z.string().max(200).regex(FILE_NAME).meta({ description: "the build's file name, as its URL ends", examples: [example] }),
};

const PATH_CHECKS = {
  version: (req: Parameters<RequestHandler>[0]) => pathParam(req, 'version', CLIENT_VERSION, 64, 'a release version such as 1.11.2'),
  file: (req: Parameters<RequestHandler>[0]) => pathParam(req, 'file', FILE_NAME, 200, "a build's file name"),
};

/**
 * A handler that redirects (302) to a build on its host, found by `find` in the current snapshot,
 * and answers 404 RELEASE_NOT_FOUND otherwise. The Location is the build's URL as the release
 * file gives it, so nothing of the request (its query: an install id, a version) reaches the host.
 */
export function redirectToBuild(content: ContentSource, find: (snapshot: ContentSnapshot, params: Record<string, string>) => string | undefined): RequestHandler {
  return (req, res) => {
    for (const name of ['version', 'file'] as const) if (req.params[name] !== undefined) PATH_CHECKS[name](req);
    const url = find(content.current(), req.params as Record<string, string>);
    if (url === undefined) throw new ApiError('RELEASE_NOT_FOUND', 'No release has a build of that name.');
    // No body: an updater follows Location and reads nothing else.
    res.status(302).setHeader('Cache-Control', PUBLIC_CACHE_CONTROL).location(url).end();
  };
}
