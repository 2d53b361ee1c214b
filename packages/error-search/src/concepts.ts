import type { SearchConcept } from '@companion/schema';
import { CONCEPT_LANGUAGES } from '@companion/schema';
import { stem, termOf } from './analyze';
import { fold, hasCompounds, isLeftOut, languageTerm, lemmaTerm, termPrefix } from './languages';

/** A saying's terms may stand this many terms further apart than their number (`closed the lid`, `lid was closed`). */
const SLACK = 2;
/** The shortest head and modifier of a compound read as its head (`Firmenproxy`: `proxy`); shorter ones are too often a word's mere ending. */
const MIN_HEAD = 4;
const MIN_MODIFIER = 3;

interface Saying {
  terms: readonly string[];
  means: readonly string[];
  /** Held by its words as written, stop words included: its language's stop words would leave it one word or none. */
  literal: boolean;
}

/** A stop word of a literal saying, as a term: the word itself, marked apart from stems. */
const asWritten = (word: string) => `=${fold(word)}`;

/**
 * The concept map as a query reads it: per language, each saying as the terms its words give in
 * that language (English by the light stemmer, the others by their Snowball stemmer, stop words
 * out), indexed by each of its terms. Built once per map (the snapshot keeps its identity while
 * the file is unchanged).
 */
export class ConceptMatcher {
  /** Per language, per term, the sayings holding it. */
  private readonly byTerm = new Map<string, Saying[]>();

  constructor(concepts: readonly SearchConcept[]) {
    for (const concept of concepts) {
      for (const lang of CONCEPT_LANGUAGES) {
        for (const said of concept[lang]) {
          const words = sayingWords(said);
          // One stop word (`trabajo` in Spanish) would stand for half the queries: it is left out (content:check says so).
          if (words.length === 0 || sayingIsStopWord(lang, said)) continue;
          let terms = words.flatMap((word) => conceptTerm(lang, word) ?? []);
          // A saying of several words left with one or none by its language's stop words (`mehr
          // Tunnel`, `still running`, `over and over`) would stand for any query holding that word,
          // or be lost: it is held by all its words instead, in its order, the stop words as written.
          const literal = words.length > 1 && terms.length < 2;
          if (literal) terms = words.map((word) => conceptTerm(lang, word) ?? asWritten(word));
          const saying = { terms, means: concept.means, literal };
          for (const term of new Set(terms)) {
            const key = `${lang}:${term}`;
            const list = this.byTerm.get(key);
            if (list) list.push(saying);
            else this.byTerm.set(key, [saying]);
          }
        }
      }
    }
  }

  /**
   * The `means` of every concept whose saying the query's words hold, once each, in the order
   * found: sayings in English and in the query's language (every language's when none is told).
   */
  meansIn(sequence: readonly string[], language: string | null): (readonly string[])[] {
    const found: (readonly string[])[] = [];
    if (this.byTerm.size === 0) return found;
    for (const lang of CONCEPT_LANGUAGES) {
      if (language !== null && lang !== 'en' && lang !== language) continue;
      let terms = sequence.flatMap((word) => conceptTerm(lang, word) ?? []);
      if (hasCompounds(lang)) terms = terms.map((term) => this.headOf(lang, term));
      const written = sequence.map((word) => conceptTerm(lang, word) ?? asWritten(word));
      for (const [literal, seen] of [[false, terms], [true, written]] as const) {
        for (let i = 0; i < seen.length; i++) {
          for (const saying of this.byTerm.get(`${lang}:${seen[i]}`) ?? []) {
            if (saying.literal !== literal || found.includes(saying.means)) continue;
            if (literal ? inOrder(saying.terms, seen, i) : within(saying.terms, seen, i)) found.push(saying.means);
          }
        }
      }
    }
    return found;
  }

  /**
   * A compound no saying holds, read as its head when a saying holds that (`Firmenproxy` as
   * `Proxy`, `Verbindungsabbruch` as `Abbruch`): a compound's last part says what it is.
   */
  private headOf(lang: string, term: string): string {
    if (this.byTerm.has(`${lang}:${term}`)) return term;
    for (let at = MIN_MODIFIER; at <= term.length - MIN_HEAD; at++) {
      if (this.byTerm.has(`${lang}:${term.slice(at)}`)) return term.slice(at);
    }
    return term;
  }
}

/** The saying's terms around position `i`, in any order (`closed the lid`, `lid was closed`). */
function within(terms: readonly string[], seen: readonly string[], i: number): boolean {
  const reach = terms.length + SLACK;
  const near = seen.slice(Math.max(0, i - reach + 1), i + reach);
  return terms.every((term) => near.includes(term));
}

/** A literal saying from position `i`, its words in its order, each at most SLACK words after the one before (`plus de tunnels`, not `tunnel ... plus de`). */
function inOrder(terms: readonly string[], seen: readonly string[], i: number): boolean {
  if (seen[i] !== terms[0]) return false;
  let at = i;
  for (const term of terms.slice(1)) {
    const next = seen.slice(at + 1, at + 2 + SLACK).indexOf(term);
    if (next < 0) return false;
    at += next + 1;
  }
  return true;
}

/** The words of a saying, lower-cased. */
const sayingWords = (said: string) => said.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether a word is left out of every query in `lang` (a stop word, a single letter); no stemming needed to tell. */
const leftOut = (lang: string, word: string) => (lang === 'en' ? termOf(fold(word)) === null : isLeftOut(lang, word));

/** Whether a saying is one word its language leaves out of every query (`trabajo` in Spanish): the concept map cannot read it. */
export function sayingIsStopWord(lang: string, said: string): boolean {
  const words = sayingWords(said);
  return words.length === 1 && leftOut(lang, words[0]!);
}

/**
 * A word's term for matching sayings in `lang`, without the language's prefix; null for a stop
 * word. By its dictionary form where it has one (`bricht`, `abgebrochen`: `brechen`, `abbrechen`):
 * sayings and queries are read alike.
 */
function conceptTerm(lang: string, word: string): string | null {
  if (lang === 'en') {
    const folded = fold(word);
    return termOf(folded) === null ? null : stem(folded);
  }
  return (lemmaTerm(lang, word) ?? languageTerm(lang, word))?.slice(termPrefix(lang).length) ?? null;
}

const MATCHERS = new WeakMap<readonly SearchConcept[], ConceptMatcher>();
const NONE = new ConceptMatcher([]);

/** The matcher of a concept map, built on first use. */
export function conceptMatcher(concepts: readonly SearchConcept[] | undefined): ConceptMatcher {
  if (!concepts) return NONE;
  let matcher = MATCHERS.get(concepts);
  if (!matcher) MATCHERS.set(concepts, (matcher = new ConceptMatcher(concepts)));
  return matcher;
}
