import type { ContentSnapshot, Release } from '@companion/content';
import { memoPerSnapshot } from '@companion/http-kit';
import semver from 'semver';

type Channel = 'stable' | 'preview';

/** The preview channel offers previews and stable releases alike: a preview user moves to both. */
const previewChannel = memoPerSnapshot((snapshot: ContentSnapshot): readonly Release[] => {
  const previews = new Set(snapshot.preview.map((r) => r.version));
  return [...snapshot.preview, ...snapshot.stable.filter((r) => !previews.has(r.version))].sort((a, b) => semver.rcompare(a.version, b.version));
});

export const channelReleases = (snapshot: ContentSnapshot, channel: Channel): readonly Release[] => (channel === 'stable' ? snapshot.stable : previewChannel(snapshot));
