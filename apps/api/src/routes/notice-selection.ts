import type { ContentSnapshot, NoticeRecord } from '@companion/content';
import { ORIGINAL_LANGUAGE } from '@companion/schema';
import { chooseLanguage, memoPerSnapshot, type ReadRequest } from '@companion/http-kit';
import { excludedNotices } from './audience';
import { clientFacts, requestedLanguages } from './client-query';

/** The languages notices are translated into, lower case -> as written (`pt-br` -> `pt-BR`). */
const noticeLanguages = memoPerSnapshot((translations: ContentSnapshot['noticeTranslations']) => {
  const languages = new Map<string, string>();
  for (const byLanguage of translations.values()) for (const lang of byLanguage.keys()) languages.set(lang.toLowerCase(), lang);
  return languages;
});

/**
 * Which answer a request gets: the notices its audience leaves out ('' for none) and the language
 * chosen (null when the request asked for none: the answer is today's, without `lang` members).
 */
export interface Selection {
  excluded: string;
  lang: string | null;
}

export function selectionOf(snapshot: ContentSnapshot, request: Pick<ReadRequest, 'query' | 'acceptLanguage'>, audience: boolean): Selection {
  const excluded = audience ? excludedNotices(snapshot.notices, clientFacts(request)) : '';
  const preferences = requestedLanguages(request);
  return { excluded, lang: preferences === null ? null : chooseLanguage(preferences, noticeLanguages(snapshot.noticeTranslations)) };
}
export const isPlain = (selection: Selection) => selection.excluded === '' && selection.lang === null;

/** A notice's summary and content in `lang` where a translation exists (else the original's), and which language they are in. */
export function localisedNotice(snapshot: ContentSnapshot, notice: NoticeRecord, lang: string): { summary: string; content: string; lang: string } {
  const translation = lang === ORIGINAL_LANGUAGE ? undefined : snapshot.noticeTranslations.get(notice.id)?.get(lang);
  return translation ? { summary: translation.summary, content: translation.content, lang } : { summary: notice.summary, content: notice.content, lang: ORIGINAL_LANGUAGE };
}
