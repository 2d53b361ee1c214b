import type MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { ErrorEntry, SearchConcept, Severity } from '@companion/schema';
import { conceptMatcher } from './concepts';
import { words, wordsWithTerms } from './analyze';
import { codesIn, FlagIndex, lookalikeCodes } from './flag-index';
import { ANALYSED_LANGUAGES, hasCompounds, termPrefix } from './languages';
import { internalsOf, planQuery } from './query-plan';
import { MessageCodes } from './message-codes';
import { MessageIndex } from './message-index';
import { Ranking } from './ranking';
import { createTextIndex, fieldContent, fieldTerms, fieldText, indexWords, languageOfField, searchFields, type EntryTranslation, type SearchDocument } from './text-index';

export type { EntryTranslation } from './text-index';

/** What the index is built from: a content snapshot's catalogue and where it came from. */
export interface SearchSource {
  readonly generation: number;
  readonly errorChanges: { readonly since: number; readonly flags: readonly string[] } | null;
  /** Ordered by Flag. */
  readonly errors: ReadonlyMap<string, ErrorEntry>;
  /** Per Flag, its entry's translations by language; an unchanged Flag keeps its map's identity. */
  readonly errorTranslations?: ReadonlyMap<string, ReadonlyMap<string, EntryTranslation>>;
  /** The concept map (content/search/concepts.yaml): everyday words and situations, and the catalogue's words for them. */
  readonly searchConcepts?: readonly SearchConcept[];
}

export interface SearchQuery {
  /** Trimmed by the caller. Empty: every entry, in Flag order. */
  q: string;
  category?: string | undefined;
  severity?: Severity | undefined;
  limit: number;
}

/** An entry found, with the words of its text that matched the query (lower case, as they appear), for a page to mark. */
export interface SearchHit {
  entry: ErrorEntry;
  matched: string[];
  /** The language whose text matched best (`en`, or a translation's, such as `de`); null when the entry was found by its code. */
  language: string | null;
}

export interface SearchStats {
  generation: number;
  entries: number;
  terms: number;
  /** How the index last caught up: built whole, or patched with this many Flags. */
  lastSync: { kind: 'build' | 'patch'; flags: number };
}

/** A patch larger than this share of the catalogue costs more than building the index anew. */
const PATCH_LIMIT = 0.25;

const NO_TRANSLATIONS: ReadonlyMap<string, ReadonlyMap<string, EntryTranslation>> = new Map();

/**
 * Search over the error catalogue, for what support staff paste or write in their own language:
 * codes (exact, spelt otherwise, mistyped or with lookalike letters, alone or inside text) first,
 * then entries by relevance (BM25 over Flag, messages, Info, Solution and notes, and the same
 * fields of each translation analysed in its language; each word of the query matched by its
 * forms, synonyms, typos, compounds and, for the last, prefixes; entries matching more of the
 * words first). The index follows the snapshots: it patches the entries a snapshot says changed,
 * or whose entry or translations changed identity since the one it was built from, and builds
 * anew only when that is cheaper. It holds no per-query state.
 */
export class ErrorSearch {
  private text: MiniSearch<SearchDocument> = createTextIndex(ANALYSED_LANGUAGES);
  private languages: readonly string[] = ANALYSED_LANGUAGES;
  /** The text index's fields, in its order. */
  private fields: readonly string[] = searchFields(ANALYSED_LANGUAGES);
  /** Per language with compounds, its terms reversed (see planQuery). */
  private reversed = new Map<string, SearchableMap<true>>();
  private readonly ranking = new Ranking();
  private readonly messages = new MessageIndex();
  private readonly messageCodes = new MessageCodes();
  private readonly flags = new FlagIndex();
  private generation = -1;
  private indexed: ReadonlyMap<string, ErrorEntry> = new Map();
  private indexedTranslations: ReadonlyMap<string, ReadonlyMap<string, EntryTranslation>> = NO_TRANSLATIONS;
  private readonly documents = new Map<string, SearchDocument>();
  private lastSync: SearchStats['lastSync'] = { kind: 'build', flags: 0 };
  /** Per Flag, the queries staff marked it the answer to, by language; and those the index holds. */
  private staffAnswers: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> = new Map();
  private indexedAnswers: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> = new Map();

  search(source: SearchSource, query: SearchQuery): SearchHit[] {
    this.sync(source);
    const { errors } = source;
    const wanted = (entry: ErrorEntry | undefined): entry is ErrorEntry =>
      entry !== undefined && (!query.category || entry.category === query.category) && (!query.severity || entry.severity === query.severity);
    const hits: SearchHit[] = [];
    const taken: string[] = [];
    // The entry of a Flag not taken yet that the filters let through, while hits are wanted;
    // what it matched is worked out only for an entry taken.
    const takes = (flag: string): ErrorEntry | undefined => {
      if (hits.length >= query.limit || taken.includes(flag)) return undefined;
      const entry = errors.get(flag);
      return wanted(entry) ? entry : undefined;
    };
    const take = (entry: ErrorEntry, matched: string[], language: string | null) => {
      hits.push({ entry, matched, language });
      taken.push(entry.Flag);
    };
    // A code found: it is what matched.
    const takeFlag = (flag: string) => {
      const entry = takes(flag);
      if (entry) take(entry, [flag.toLowerCase()], null);
      return hits.length < query.limit;
    };
    if (query.q === '') {
      for (const flag of errors.keys()) {
        const entry = takes(flag);
        if (entry) take(entry, [], null);
        if (hits.length >= query.limit) break;
      }
      return hits;
    }
    // A code: the Flag itself, then Flags it starts (`TLS`, `port10`), then codes inside the text,
    // then codes with lookalike characters (`TLS4OO2`), then codes one typo away.
    const whole = query.q.toUpperCase();
    if (this.flags.has(whole) && !takeFlag(whole)) return hits;
    if (/^[A-Z]+[0-9]*$/.test(whole)) for (const flag of this.flags.withPrefix(whole)) if (!takeFlag(flag)) return hits;
    const codes = codesIn(query.q);
    for (const code of codes) if (this.flags.has(code) && !takeFlag(code)) return hits;
    for (const code of lookalikeCodes(query.q)) if (this.flags.has(code) && !takeFlag(code)) return hits;
    for (const code of codes) {
      for (const flag of this.flags.near(code)) if (!takeFlag(flag)) return hits;
    }
    const { plans, sequence } = planQuery({ text: this.text, languages: this.languages, reversed: this.reversed }, query.q, conceptMatcher(source.searchConcepts));
    const filtered = query.category || query.severity ? wanted : null;
    const withMessage = this.messages.foundIn(sequence, (flag) => allMessages(this.documents.get(flag)));
    // A code one of the entries' messages holds (`EMFILE`) puts those entries first, wherever it stands.
    const coded = this.messageCodes.flagsIn(query.q);
    for (const flag of coded) withMessage.add(flag);
    const ranked = this.ranking.rank(this.text, plans, withMessage, errors, filtered, query.limit);
    const terms: string[] = [];
    const fields: string[] = [];
    const takeRanked = (one: (typeof ranked)[number]) => {
      const entry = takes(one.flag);
      if (entry) {
        one.matches(terms, fields);
        take(entry, matchedWords(this.documents.get(one.flag)!, this.fields, fields, terms), one.language);
      }
      return hits.length < query.limit;
    };
    if (coded.length > 0) {
      for (const one of ranked) if (coded.includes(one.flag) && !takeRanked(one)) return hits;
      for (const flag of coded) if (!takeFlag(flag)) return hits;
    }
    for (const one of ranked) if (!takeRanked(one)) break;
    return hits;
  }

  stats(): SearchStats {
    return { generation: this.generation, entries: this.text.documentCount, terms: this.text.termCount, lastSync: this.lastSync };
  }

  /**
   * Brings the index up to `source`; search() does so itself. Building it for 10,000+ entries
   * takes seconds, so the service calls this once before it listens rather than on the first search.
   */
  sync(source: SearchSource): void {
    if (source.generation === this.generation) {
      if (this.staffAnswers !== this.indexedAnswers) this.patchAnswers(source);
      return;
    }
    const translations = source.errorTranslations ?? NO_TRANSLATIONS;
    const limit = Math.max(source.errors.size, this.indexed.size) * PATCH_LIMIT;
    let changes = source.errorChanges?.since === this.generation ? [...source.errorChanges.flags] : this.changedSinceIndexed(source.errors);
    if (changes && translations !== this.indexedTranslations) changes = withTranslationChanges(changes, this.indexedTranslations, translations, limit);
    const newLanguage = changes?.some((flag) => [...(translations.get(flag)?.keys() ?? [])].some((lang) => !this.languages.includes(lang.toLowerCase())));
    if (changes && !newLanguage && changes.length <= limit) this.patch(source.errors, translations, changes);
    else this.build(source.errors, translations);
    this.generation = source.generation;
    this.indexed = source.errors;
    this.indexedTranslations = translations;
    if (this.staffAnswers !== this.indexedAnswers) this.patchAnswers(source);
  }

  /**
   * The queries staff marked as answered by each entry ("This answered it"), by Flag and language:
   * indexed as more text of that entry (the `answered` field, weighted as notes), in the query's
   * language. An entry whose answers changed (by identity of its map) is patched at the next search.
   */
  setStaffAnswers(answers: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>): void {
    this.staffAnswers = answers;
  }

  private patchAnswers(source: SearchSource): void {
    const changed = new Set<string>();
    for (const [flag, answers] of this.staffAnswers) if (this.indexedAnswers.get(flag) !== answers && source.errors.has(flag)) changed.add(flag);
    for (const flag of this.indexedAnswers.keys()) if (!this.staffAnswers.has(flag) && source.errors.has(flag)) changed.add(flag);
    this.indexedAnswers = this.staffAnswers;
    if (changed.size > 0) this.patch(source.errors, source.errorTranslations ?? NO_TRANSLATIONS, [...changed]);
  }

  /**
   * Entries are immutable and a patched snapshot keeps the object of every unchanged entry, so
   * an identity comparison finds what changed without reading any text; null when most did.
   */
  private changedSinceIndexed(errors: ReadonlyMap<string, ErrorEntry>): string[] | null {
    const limit = Math.max(errors.size, this.indexed.size) * PATCH_LIMIT;
    const changed: string[] = [];
    for (const [flag, entry] of errors) {
      if (this.indexed.get(flag) !== entry && changed.push(flag) > limit) return null;
    }
    for (const flag of this.indexed.keys()) {
      if (!errors.has(flag) && changed.push(flag) > limit) return null;
    }
    return changed;
  }

  private patch(errors: ReadonlyMap<string, ErrorEntry>, translations: ReadonlyMap<string, ReadonlyMap<string, EntryTranslation>>, flags: readonly string[]): void {
    for (const flag of flags) {
      // remove() with the indexed document, not discard(): a search right after discard() scored
      // the surviving entries wrongly (negative scores) in MiniSearch 7.2.0.
      const indexed = this.documents.get(flag);
      if (indexed) {
        this.text.remove(indexed);
        this.messages.remove(flag, allMessages(indexed));
        this.messageCodes.remove(flag, allMessages(indexed));
        this.documents.delete(flag);
      }
      const entry = errors.get(flag);
      if (entry) {
        const doc = documentOf(entry, translations.get(flag), this.staffAnswers.get(flag));
        this.text.add(doc);
        this.documents.set(flag, doc);
        this.ranking.added(this.text, flag);
        this.messages.add(flag, allMessages(doc));
        this.messageCodes.add(flag, allMessages(doc));
        this.flags.add(flag);
        this.addReversed(doc);
      } else {
        this.flags.remove(flag);
      }
    }
    this.lastSync = { kind: 'patch', flags: flags.length };
  }

  private build(errors: ReadonlyMap<string, ErrorEntry>, translations: ReadonlyMap<string, ReadonlyMap<string, EntryTranslation>>): void {
    const languages = new Set<string>(ANALYSED_LANGUAGES);
    for (const byLanguage of translations.values()) for (const lang of byLanguage.keys()) languages.add(lang.toLowerCase());
    this.languages = [...languages];
    this.text = createTextIndex(this.languages);
    this.fields = searchFields(this.languages);
    this.documents.clear();
    for (const entry of errors.values()) this.documents.set(entry.Flag, documentOf(entry, translations.get(entry.Flag), this.staffAnswers.get(entry.Flag)));
    this.text.addAll([...this.documents.values()]);
    this.ranking.built(this.text);
    this.messages.clear();
    this.messageCodes.clear();
    for (const [flag, doc] of this.documents) {
      this.messages.add(flag, allMessages(doc));
      this.messageCodes.add(flag, allMessages(doc));
    }
    this.flags.reset(errors.keys());
    this.indexedAnswers = this.staffAnswers;
    this.reversed = new Map();
    const tree = internalsOf(this.text)._index;
    for (const lang of this.languages.filter(hasCompounds)) {
      const reversed = new SearchableMap<true>();
      const prefix = termPrefix(lang);
      for (const [term] of tree.atPrefix(prefix)) reversed.set(reverse(term.slice(prefix.length)), true);
      this.reversed.set(lang, reversed);
    }
    this.lastSync = { kind: 'build', flags: errors.size };
  }

  /** Keeps the reversed terms of `doc`'s languages with compounds (a term that left the index stays: it is looked up before use). */
  private addReversed(doc: SearchDocument): void {
    for (const [lang, reversed] of this.reversed) {
      const translation = doc.translations?.get(lang);
      if (!translation) continue;
      const prefix = termPrefix(lang);
      for (const field of searchFields([lang]).filter((f) => languageOfField(f) === lang)) {
        for (const word of indexWords(fieldText(doc, field), field)) {
          for (const term of fieldTerms(word, field)) reversed.set(reverse(term.slice(prefix.length)), true);
        }
      }
    }
  }
}

const reverse = (text: string) => [...text].reverse().join('');

/** An entry and its translations (keyed by lower-case language) as the index holds them. */
function documentOf(entry: ErrorEntry, translations: ReadonlyMap<string, EntryTranslation> | undefined, answered: ReadonlyMap<string, readonly string[]> | undefined): SearchDocument {
  if (!translations || translations.size === 0) return { Flag: entry.Flag, entry, translations: undefined, answered };
  return { Flag: entry.Flag, entry, translations: new Map([...translations].map(([lang, t]) => [lang.toLowerCase(), t])), answered };
}

/** Every message of a document: the entry's and its translations'. */
function allMessages(doc: SearchDocument | undefined): string[] {
  if (!doc) return [];
  return [...doc.entry.messages, ...[...(doc.translations?.values() ?? [])].flatMap((t) => t.messages)];
}

/** `changes` with the Flags whose translations changed identity, or null when more than `limit` did. */
function withTranslationChanges(changes: string[], before: ReadonlyMap<string, unknown>, after: ReadonlyMap<string, unknown>, limit: number): string[] | null {
  const all = new Set(changes);
  for (const [flag, value] of after) if (before.get(flag) !== value) all.add(flag);
  for (const flag of before.keys()) if (!after.has(flag)) all.add(flag);
  return all.size > limit ? null : [...all];
}

/** The words of the document's text whose term matched, once each, in the order the index's fields (those the terms were found in) and their words come. */
function matchedWords(doc: SearchDocument, indexFields: readonly string[], fields: readonly string[], terms: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < indexFields.length; i++) {
    const field = indexFields[i]!;
    if (!fields.includes(field)) continue;
    // A list field's items one by one, not joined: a line break ends a word, so the words (and their order) are the same.
    const content = fieldContent(doc, field);
    if (typeof content === 'string') addMatchedWords(found, content, field, terms);
    else for (let j = 0; j < content.length; j++) addMatchedWords(found, content[j]!, field, terms);
  }
  return found;
}

function addMatchedWords(found: string[], content: string, field: string, terms: readonly string[]): void {
  if (languageOfField(field) === 'en') {
    wordsWithTerms(content, terms, found);
  } else {
    const all = words(content);
    for (let i = 0; i < all.length; i++) if (!found.includes(all[i]!) && fieldTerms(all[i]!, field).some((term) => terms.includes(term))) found.push(all[i]!);
  }
}
