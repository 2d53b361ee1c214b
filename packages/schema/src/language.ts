import { z } from 'zod';

/** The language every content file is written in; a translation is a sibling file in another one. */
export const ORIGINAL_LANGUAGE = 'en';

/** A language tag as content file names and `lang=` write it: `de`, `pt-BR`, `zh-Hant`. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The English name of a language tag's language, or null when the tag names no known language. */
export function languageName(tag: string): string | null {
  if (!LANGUAGE_TAG.test(tag)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    const primary = canonical!.split('-')[0]!;
    // DisplayNames echoes nothing for codes it does not know (`xx`, `qq`): those are unknown.
    return names.of(primary) ?? null;
  } catch {
    return null;
  }
}

/** A language tag as a request may write it: any letter case (`de`, `DE`, `pt-br`). */
export const LANGUAGE_QUERY = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/;

export const LanguageParam = z.string().max(35).regex(LANGUAGE_QUERY).meta({ description: 'a language tag such as de or pt-BR; wins over Accept-Language', examples: ['de'] });
