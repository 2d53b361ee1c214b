import type { ContentSnapshot } from '@companion/content';
import { memoPerSnapshot } from '@companion/http-kit';
import type { ClientFacts } from './client-query';
import { compileRange, type Version } from './version-order';

type Notices = ContentSnapshot['notices'];

interface Targeted {
  id: number;
  range: ((v: Version) => boolean) | null;
  platforms: readonly string[] | null;
  channels: readonly string[] | null;
}

/** The notices that declare an audience, with their version ranges compiled once per notices slice. */
const targetedNotices = memoPerSnapshot((notices: Notices): readonly Targeted[] =>
  notices.flatMap((n) =>
    n.audience
      ? [{ id: n.id, range: n.audience.versions ? compileRange(n.audience.versions) : null, platforms: n.audience.platforms ?? null, channels: n.audience.channels ?? null }]
      : [],
  ),
);

/**
 * The ids of the notices whose audience leaves this client out, joined with commas ('' when every
 * notice concerns it). The answer depends on this set alone, not on the raw version string, so
 * it names the cached answer: ten thousand versions share a handful of answers. A fact the
 * client did not give narrows nothing.
 */
export function excludedNotices(notices: Notices, client: ClientFacts): string {
  const targeted = targetedNotices(notices);
  if (targeted.length === 0) return '';
  let excluded = '';
  for (const t of targeted) {
    const out =
      (client.version !== undefined && t.range !== null && !t.range(client.version)) ||
      (client.platform !== undefined && t.platforms !== null && !t.platforms.includes(client.platform)) ||
      (client.channel !== undefined && t.channels !== null && !t.channels.includes(client.channel));
    if (out) excluded += excluded === '' ? String(t.id) : `,${t.id}`;
  }
  return excluded;
}
