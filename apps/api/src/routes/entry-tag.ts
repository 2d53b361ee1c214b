import type { Precondition } from '@companion/catalog-store';
import type { ContentSnapshot } from '@companion/content';
import type { ErrorEntry } from '@companion/schema';
import { localisedEntry, translationOf } from './error-language';
import { representationTags } from '../fast/compile';
import { dataMembers, etagOf } from '@companion/http-kit';
import { entryJson } from './errors-read';

/** The strong ETag of an entry: the one `GET /api/tunnel/errors/<flag>` answers for it. */
export const entryTag = (entry: ErrorEntry): string => etagOf(dataMembers(JSON.stringify(entryJson(entry))));

/**
 * An If-Match header as a precondition on the entry (RFC 9110 13.1.1): `*` holds while the entry
 * exists; a list of tags holds when one is the entry's current tag (any of its representations:
 * a client that read it gzip-encoded holds the `-gz` tag), compared strongly, so a weak tag never
 * matches. No header: no precondition.
 */
export function ifMatch(header: string | undefined, snapshot?: () => ContentSnapshot): Precondition | undefined {
  if (header === undefined) return undefined;
  const tags = header.split(',').map((tag) => tag.trim()).filter(Boolean);
  if (tags.includes('*')) return (current) => current !== null;
  return (current) => current !== null && [entryTag(current), ...(snapshot ? translatedTags(current, snapshot()) : [])].some((tag) => representationTags(tag).some((t) => tags.includes(t)));
}

/** The tags of the entry read in each language it is translated into: a reader of the German entry may write with its tag. */
function translatedTags(entry: ErrorEntry, snapshot: ContentSnapshot): string[] {
  return [...(snapshot.errorTranslations.get(entry.Flag)?.keys() ?? [])].flatMap((lang) => {
    const translation = translationOf(snapshot.errorTranslations, entry, lang);
    return translation ? [etagOf(dataMembers(JSON.stringify(entryJson(localisedEntry(entry, translation)))))] : [];
  });
}
