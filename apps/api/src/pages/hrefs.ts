/** Where the pages people read live; feeds, the codename pages and the pages themselves link here. */
export const NOTICES_HREF = '/notices';
export const noticeHref = (id: number): string => `/notices/${id}`;
export const CHANGELOG_HREF = { stable: '/changelog/stable', preview: '/changelog/preview' } as const;
export const releaseHref = (channel: 'stable' | 'preview', version: string): string => `${CHANGELOG_HREF[channel]}/${encodeURIComponent(version)}`;
