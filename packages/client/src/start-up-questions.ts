import type { CallOptions, Send } from './client.js';

/** The release channels a client can follow. */
export type Channel = 'stable' | 'preview';

export interface UpdateCheckQuery {
  /** The version the client runs, `<major>.<minor>.<patch>` with an optional pre-release tag. */
  version: string;
  /** Default `stable`; `preview` is also offered stable releases. */
  channel?: Channel;
  /** An opaque id of this install, so a staged rollout gives it the same answer every time (`install_id`). */
  installId?: string;
  /** A language tag such as `de`: release notes come in it where translated. */
  lang?: string;
}

export interface NoticesQuery {
  /** The client's version (`client_version`), so notices aimed at other versions are left out. */
  version?: string;
  /** `windows`, `macos` or `linux`. */
  platform?: string;
  channel?: Channel;
  /** A language tag such as `de`; translated notices come in it where they exist. */
  lang?: string;
}

/** The update check: `GET /api/changelog/since/<version>` on the client's channel. */
export function updateCheck(send: Send, { version, channel = 'stable', installId, lang }: UpdateCheckQuery, call?: CallOptions) {
  const id = channel === 'preview' ? 'getChangelogPreviewSinceByVersion' : 'getChangelogSinceByVersion';
  return send(id, { path: { version }, query: { install_id: installId, lang } }, call);
}

/** The notices for this client: `GET /api/notice` with what the service targets notices by. */
export function notices(send: Send, { version, platform, channel, lang }: NoticesQuery, call?: CallOptions) {
  return send('getNotice', { query: { client_version: version, platform, channel, lang } }, call);
}
