import { CHANNELS, CLIENT_VERSION, clientVersion, INSTALL_ID, LANGUAGE_QUERY, PLATFORMS, type Channel, type Platform } from '@companion/schema';
import { badQuery, languagePreferences, queryEnum, queryString, type ReadRequest } from '@companion/http-kit';
import { parseVersion, type Version } from './version-order';

type QueryRequest = Pick<ReadRequest, 'query'>;

/** What a client said about itself; a field it left out narrows nothing. */
export interface ClientFacts {
  version?: Version;
  platform?: Platform;
  channel?: Channel;
}

/** `client_version`, `platform` and `channel` from the query; 400 BAD_PARAMETER when malformed. */
export function clientFacts(req: QueryRequest): ClientFacts {
  const text = queryString(req, 'client_version', 64);
  const version = text === undefined ? undefined : (parseVersion(text) ?? undefined);
  if (text !== undefined && version === undefined) throw badQuery('client_version', 'a version <major>.<minor>.<patch>, optionally with a pre-release tag, such as 1.10.2 or 1.12.0-beta.1');
  return { version, platform: queryEnum(req, 'platform', PLATFORMS), channel: queryEnum(req, 'channel', CHANNELS) };
}

/** The languages the request asks for (`lang=` wins over Accept-Language), null for none; a malformed `lang` is 400. */
export function requestedLanguages(req: QueryRequest & Pick<ReadRequest, 'acceptLanguage'>): string[] | null {
  const lang = queryString(req, 'lang', 35);
  if (lang !== undefined && !LANGUAGE_QUERY.test(lang)) throw badQuery('lang', 'a language tag such as de or pt-BR');
  return languagePreferences(lang, req.acceptLanguage);
}

/** `install_id`: an opaque id of 1-128 printable characters without spaces, or undefined; the fast path's is checked already (ReadRequest's `install`). */
export function installId(req: QueryRequest & Pick<ReadRequest, 'install'>): string | undefined {
  if (req.install !== undefined) return req.install;
  const id = queryString(req, 'install_id', 128);
  if (id !== undefined && (id.length === 0 || !INSTALL_ID.test(id))) throw badQuery('install_id', 'an opaque id of 1 to 128 printable characters without spaces');
  return id;
}

/** `version` of an updater's feed URL (see FeedVersionParam), normalised as the update check does; 400 when malformed. */
export function feedVersion(req: QueryRequest): string | undefined {
  const text = queryString(req, 'version', 64);
  if (text !== undefined && !CLIENT_VERSION.test(text)) throw badQuery('version', 'the version the app runs, <major>.<minor>.<patch> with an optional pre-release tag, such as 1.11.2');
  return text === undefined ? undefined : clientVersion(text);
}
