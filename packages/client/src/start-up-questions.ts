import type { CallOptions, OperationFunctions } from './operation-functions.js';
import type { operations } from './generated/openapi.js';

type NoticeQuery = NonNullable<operations['getNotice']['parameters']['query']>;

/** The release channels a client can follow. */
export type Channel = NonNullable<NoticeQuery['channel']>;
/** The platforms notices can be aimed at. */
export type Platform = NonNullable<NoticeQuery['platform']>;

export interface UpdateCheckQuery {
  /** The version the client runs, `<major>.<minor>.<patch>` with an optional pre-release tag. */
  version: string;
  /** Default `stable`; `preview` is also offered stable releases. */
  channel?: Channel;
  /**
   * The install id sent as `install_id` (a staged rollout gives the same id the same answer every
   * time). Left out, the client sends this install's credential, obtained from the service the first
   * time (see `installId()`). An id of the app's own is answered but counted nowhere: only ids the
   * service issued count in release health and guards.
   */
  installId?: string;
  /** A language tag such as `de`: release notes come in it where translated. */
  lang?: string;
  /** The platform the app runs on: only releases it can install, and `download`, the build to fetch. */
  platform?: Platform;
  /** With platform: `x64` (default) or `arm64`. */
  arch?: 'x64' | 'arm64';
}

export interface NoticesQuery {
  /** The client's version (`client_version`), so notices aimed at other versions are left out. */
  version?: string;
  platform?: Platform;
  channel?: Channel;
  /** A language tag such as `de`; translated notices come in it where they exist. */
  lang?: string;
}

/** The update check: `GET /api/changelog/since/<version>` on the client's channel. */
export function updateCheck(client: OperationFunctions, { version, channel = 'stable', installId, lang, platform, arch }: UpdateCheckQuery, call?: CallOptions) {
  const args = { path: { version }, query: { install_id: installId, platform, arch, lang } };
  return channel === 'preview' ? client.getChangelogPreviewSinceByVersion(args, call) : client.getChangelogSinceByVersion(args, call);
}

/** The notices for this client: `GET /api/notice` with what the service targets notices by. */
export function notices(client: OperationFunctions, { version, platform, channel, lang }: NoticesQuery, call?: CallOptions) {
  return client.getNotice({ query: { client_version: version, platform, channel, lang } }, call);
}
