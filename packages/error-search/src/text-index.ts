import MiniSearch from 'minisearch';
import type { ErrorEntry } from '@companion/schema';
import { termOf, words } from './analyze';
import { joinedWords, languageTerm, lemmaTerm } from './languages';

/** The words of a Flag a reader may type: the whole Flag, its letters and its number. */
export const flagWords = (flag: string): string => `${flag} ${flag.replace(/([A-Z])([0-9])/, '$1 $2')}`;

/** An entry's readable fields in another language (a content translation), as search reads them. */
export interface EntryTranslation {
  readonly lang: string;
  readonly Info: string;
  readonly Solution: readonly string[];
  readonly messages: readonly string[];
  readonly notes: string | null;
}

/** What the index holds per Flag: the entry and its translations, by language. */
export interface SearchDocument {
  readonly Flag: string;
  readonly entry: ErrorEntry;
  readonly translations: ReadonlyMap<string, EntryTranslation> | undefined;
  /** Queries staff marked this entry as the answer to, by language (see ErrorSearch.setStaffAnswers). */
  readonly answered: ReadonlyMap<string, readonly string[]> | undefined;
}

/** The fields of an entry searched, and what a term found in each weighs against one in the Solution. */
const TEXT_BOOSTS = { messages: 3, info: 2, solution: 1, notes: 1, answered: 1 } as const;
type TextField = keyof typeof TEXT_BOOSTS;
export const FIELD_BOOSTS: Readonly<Record<string, number>> = { flag: 4, ...TEXT_BOOSTS };
const TEXT_FIELDS = Object.keys(TEXT_BOOSTS) as TextField[];

/**
 * The fields indexed: the English ones (`flag`, `messages`, `info`, `solution`, `notes`), then each
 * translated text field as `<field>.<lang>` for the languages of `languages`, weighted as its English twin.
 */
export function searchFields(languages: Iterable<string>): string[] {
  return [...Object.keys(FIELD_BOOSTS), ...[...languages].flatMap((lang) => TEXT_FIELDS.map((field) => `${field}.${lang}`))];
}

/** A field's name and language, read once per field name: they are asked for every word indexed. */
const FIELD_PARTS = new Map<string, { name: string; lang: string | undefined }>();
function partsOf(field: string): { name: string; lang: string | undefined } {
  let parts = FIELD_PARTS.get(field);
  if (!parts) {
    const [name, lang] = field.split('.') as [string, string | undefined];
    FIELD_PARTS.set(field, (parts = { name, lang }));
  }
  return parts;
}

/** A field's language (`de` for `info.de`), `en` for the English ones. */
export const languageOfField = (field: string) => partsOf(field).lang ?? 'en';
export const boostOf = (field: string) => FIELD_BOOSTS[partsOf(field).name] ?? 1;

/** The text of one searched field of a document ('' when its language has no translation). */
export function fieldText(doc: SearchDocument, field: string): string {
  const content = fieldContent(doc, field);
  return typeof content === 'string' ? content : content.join('\n');
}

/** The text of one searched field of a document, as the document holds it: a list field (messages, Solution) as its list, read as joined by line breaks. */
export function fieldContent(doc: SearchDocument, field: string): string | readonly string[] {
  const { name, lang } = partsOf(field);
  if (name === 'answered') return doc.answered?.get(lang ?? 'en') ?? '';
  const source = lang === undefined ? doc.entry : doc.translations?.get(lang);
  if (!source) return '';
  switch (name) {
    case 'flag':
      return flagWords(doc.Flag);
    case 'messages':
      return source.messages;
    case 'info':
      return source.Info;
    case 'solution':
      return source.Solution;
    default:
      return source.notes ?? '';
  }
}

const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/**
 * The words of a field's text, and each hyphenated word also written as one (`Wi-Fi` is `wi`,
 * `fi` and `wifi`; `Client-Version` is also `clientversion`), as readers type it either way; in a
 * translated field, the words its language writes apart that are one (`bricht ... ab`: `abbricht`).
 */
export function indexWords(text: string, field?: string): string[] {
  const found = words(text);
  if (text.includes('-')) for (const [joined] of text.matchAll(HYPHENATED)) found.push(joined.replace(/-/g, '').toLowerCase());
  const lang = field === undefined ? 'en' : languageOfField(field);
  if (lang !== 'en') for (const joined of joinedWords(lang, text)) found.push(joined.word);
  return found;
}

/**
 * The index terms of a word in a field: English words as they are (see termOf), others in their
 * language's namespace, with a second term by the word's dictionary form where it has one (see lemmaTerm).
 */
export function fieldTerms(word: string, field: string): string[] {
  const lang = languageOfField(field);
  const term = lang === 'en' ? termOf(word) : languageTerm(lang, word);
  if (term === null) return [];
  const lemma = lang === 'en' ? null : lemmaTerm(lang, word);
  return lemma === null ? [term] : [term, lemma];
}

/** Full-text index over the fields of `searchFields(languages)`; documents are added and removed by Flag. */
export function createTextIndex(languages: Iterable<string>): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    idField: 'Flag',
    fields: searchFields(languages),
    storeFields: [],
    extractField: (doc, field) => (field === 'Flag' ? doc.Flag : fieldText(doc, field)),
    tokenize: indexWords,
    processTerm: (word, field) => fieldTerms(word, field ?? 'info'),
  });
}
