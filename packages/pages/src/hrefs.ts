/** Where the pages people read live; feeds, the codename pages and the pages themselves link here. */
export type Channel = 'stable' | 'preview';
export const NOTICES_HREF = '/notices';
export const noticeHref = (id: number): string => `/notices/${id}`;
export const CHANGELOG_HREF = { stable: '/changelog/stable', preview: '/changelog/preview' } as const;
export const releaseHref = (channel: Channel, version: string): string => `${CHANGELOG_HREF[channel]}/${encodeURIComponent(version)}`;
export const ERRORS_HREF = '/errors';
export const errorEntryHref = (flag: string): string => `${ERRORS_HREF}/${flag}`;
