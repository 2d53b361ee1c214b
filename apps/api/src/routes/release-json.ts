import type { ContentSnapshot, Release } from '@companion/content';
import { ORIGINAL_LANGUAGE } from '@companion/schema';
import { chooseLanguage, memoPerSnapshot, type ReadRequest } from '@companion/http-kit';
import { requestedLanguages } from './client-query';

export type Channel = 'stable' | 'preview';

/** A release as the changelog answers it; `critical` and `rollout` only where its file sets them. */
export const releaseBody = (r: Release) => ({
  changes: r.changes,
  date: r.date,
  description: r.description,
  ...(r.critical !== undefined && { critical: r.critical }),
  ...(r.rollout !== undefined && { rollout: r.rollout }),
});

/** The languages releases are translated into, lower case -> as written. */
const translatedInto = memoPerSnapshot((translations: ContentSnapshot['releaseTranslations']) => {
  const languages = new Map<string, string>();
  for (const byLanguage of translations.values()) for (const lang of byLanguage.keys()) languages.set(lang.toLowerCase(), lang);
  return languages;
});

/** The language a release read is answered in, or null when the request asked for none (400 on a malformed `lang`). */
export function releaseLanguages(snapshot: ContentSnapshot, request: Pick<ReadRequest, 'query' | 'acceptLanguage'>): string | null {
  const preferences = requestedLanguages(request);
  return preferences === null ? null : chooseLanguage(preferences, translatedInto(snapshot.releaseTranslations));
}

/** A release in `lang` where translated (else the original), saying which language it is in. */
export function localisedRelease(snapshot: ContentSnapshot, channel: Channel, release: Release, lang: string) {
  const translation = lang === ORIGINAL_LANGUAGE ? undefined : snapshot.releaseTranslations.get(`${channel} ${release.version}`)?.get(lang);
  return { ...releaseBody(release), ...(translation && { description: translation.description, changes: translation.changes }), lang: translation ? lang : ORIGINAL_LANGUAGE };
}
