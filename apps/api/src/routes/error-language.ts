import type { ContentSnapshot, ErrorTranslation } from '@companion/content';
import { ORIGINAL_LANGUAGE, type ErrorEntry } from '@companion/schema';
import { chooseLanguage, memoPerSnapshot, type ReadRequest } from '@companion/http-kit';
import { requestedLanguages } from './client-query';

type Translations = ContentSnapshot['errorTranslations'];

/** The languages catalogue entries are translated into, lower case -> as written. */
const errorLanguages = memoPerSnapshot((translations: Translations) => {
  const languages = new Map<string, string>();
  for (const byLanguage of translations.values()) for (const lang of byLanguage.keys()) languages.set(lang.toLowerCase(), lang);
  return languages;
});

/**
 * The language a catalogue read is answered in (`lang=`, else Accept-Language, among the
 * languages entries are translated into, else English); null when the request asked for none.
 * 400 on a malformed `lang`.
 */
export function errorLanguage(snapshot: ContentSnapshot, request: Pick<ReadRequest, 'query' | 'acceptLanguage'>): string | null {
  const preferences = requestedLanguages(request);
  return preferences === null ? null : chooseLanguage(preferences, errorLanguages(snapshot.errorTranslations));
}

/**
 * The entry's translation into `lang`, if it has one that still fits it: an entry changed through
 * the API to another number of Solution steps than its translation has is answered in English
 * until the translation catches up (its steps would no longer match one for one).
 */
export function translationOf(translations: Translations, entry: ErrorEntry, lang: string | null): ErrorTranslation | undefined {
  if (lang === null || lang === ORIGINAL_LANGUAGE) return undefined;
  const translation = translations.get(entry.Flag)?.get(lang);
  return translation && translation.Solution.length === entry.Solution.length ? translation : undefined;
}

/**
 * The entry as a reader in the translation's language reads it: Info, Solution and notes
 * translated, the messages the translated client prints first (then the English ones, which
 * logs and the operating system still print), and `lang`. Without a translation: the entry.
 */
export function localisedEntry(entry: ErrorEntry, translation: ErrorTranslation | undefined): ErrorEntry & { lang?: string } {
  if (!translation) return entry;
  const messages = [...new Set([...translation.messages, ...entry.messages])];
  return { ...entry, Info: translation.Info, Solution: translation.Solution, messages, notes: translation.notes ?? entry.notes, lang: translation.lang };
}

/** `Content-Language` of an answer in `lang` whose entries are in `languages` (the chosen one first); English when nothing was asked. */
export function errorContentLanguage(lang: string | null, languages: Iterable<string>): string {
  const present = [...new Set(languages)];
  const chosen = lang ?? ORIGINAL_LANGUAGE;
  if (present.length === 0) return chosen;
  return present.sort((a, b) => Number(b === chosen) - Number(a === chosen)).join(', ');
}
