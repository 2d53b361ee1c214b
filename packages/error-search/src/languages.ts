import { stemmer as germanStem } from '@orama/stemmers/german';
import { stemmer as frenchStem } from '@orama/stemmers/french';
import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import { stopwords as germanStopWords } from '@orama/stopwords/german';
import { stopwords as frenchStopWords } from '@orama/stopwords/french';
import { stopwords as spanishStopWords } from '@orama/stopwords/spanish';
import { germanInfinitive, germanSpelling, type JoinedVerb, separableVerbs } from './german-verbs';

/**
 * The languages the catalogue's translations are analysed in, each with its own rules (Lucene's
 * per-language analyzers): the Snowball stemmer and stop words of Orama's packages, then accents
 * folded, so `túnel` and `tunel`, `expiré` and `expire` meet. A language the catalogue is
 * translated into that is not listed here is indexed by its words alone (see analyzerOf).
 */
export const ANALYSED_LANGUAGES = ['de', 'fr', 'es'] as const;

interface Analyzer {
  stem(word: string): string;
  /** The word's dictionary form where it differs from the word and the stemmer cannot tell (a German verb's infinitive: `bricht`, `brechen`); null otherwise. */
  lemma(word: string): string | null;
  stopWords: ReadonlySet<string>;
  /** Whether words run together into compounds (`Zugriffstoken`) that a query may write apart, or the other way round. */
  compounds: boolean;
  /** The words a text writes apart that are one word (a German separable verb: `bricht ... ab` is `abbricht`). */
  joined(text: string): JoinedVerb[];
}

/** Accents off, ß and ligatures spelt out: what a keyboard without them types. */
export function fold(word: string): string {
  if (/^[\x00-\x7f]*$/.test(word)) return word;
  return word.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/œ/g, 'oe').replace(/æ/g, 'ae');
}

// Words of a query's frame the lists leave out (`mois-ci` gives `ci`, which is English CI; `bitte`, `svp`), added here.
const EXTRA_STOP_WORDS: Record<(typeof ANALYSED_LANGUAGES)[number], string[]> = {
  de: ['bitte', 'mal', 'immer', 'ständig', 'schon', 'wieder', 'mehr', 'geht', 'tun', 'was', 'kann', 'fehler', 'fehlermeldung', 'ab', 'klappt', 'funktioniert', 'einfach', 'irgendwie', 'leider', 'gar'],
  fr: ['ci', 'là', 'svp', 'quand', 'alors', 'plus', 'erreur', 'chaque', 'fois', 'marche', 'toujours', 'vraiment', 'truc', 'soudain'],
  es: ['vez', 'cada', 'cuando', 'ya', 'error', 'puedo', 'favor', 'funciona', 'siempre', 'algo', 'realmente', 'pronto'],
};

const stopSet = (list: readonly string[], extra: readonly string[]) => new Set([...list, ...extra].flatMap((w) => [w.toLowerCase(), fold(w.toLowerCase())]));

const ANALYZERS: Record<string, Analyzer> = {
  de: { stem: (word) => germanStem(germanSpelling(word)), lemma: germanInfinitive, stopWords: stopSet(germanStopWords, EXTRA_STOP_WORDS.de), compounds: true, joined: separableVerbs },
  fr: { stem: frenchStem, lemma: () => null, stopWords: stopSet(frenchStopWords, EXTRA_STOP_WORDS.fr), compounds: false, joined: () => [] },
  es: { stem: spanishStem, lemma: () => null, stopWords: stopSet(spanishStopWords, EXTRA_STOP_WORDS.es), compounds: false, joined: () => [] },
};

const PLAIN: Analyzer = { stem: (word) => word, lemma: () => null, stopWords: new Set(), compounds: false, joined: () => [] };

/** The analyzer of a language tag (`de`, `de-AT`: German); words alone for a language without one. */
export function analyzerOf(lang: string): Analyzer {
  let analyzer = ANALYZER_OF.get(lang);
  if (!analyzer) ANALYZER_OF.set(lang, (analyzer = ANALYZERS[lang.toLowerCase().split('-')[0]!] ?? PLAIN));
  return analyzer;
}

/** The namespace of a language's terms in the shared index: `de:token`. English terms have none. */
export function termPrefix(lang: string): string {
  let prefix = PREFIXES.get(lang);
  if (prefix === undefined) PREFIXES.set(lang, (prefix = `${lang.toLowerCase()}:`));
  return prefix;
}
// Per language tag as given (the catalogue's languages, a handful), asked for every word of a query.
const ANALYZER_OF = new Map<string, Analyzer>();
const PREFIXES = new Map<string, string>();

/** The language of an index term: `de` for `de:token`, `en` for `token`. */
export function languageOfTerm(term: string): string {
  const at = term.indexOf(':');
  return at === -1 ? 'en' : term.slice(0, at);
}

/**
 * A lower-cased word's term in `lang`'s namespace: stemmed, accents folded; null for a stop word or
 * a single letter. `keep: false` for a word made up while planning a query (two words joined, a
 * compound's parts): it is not kept with the words that come back.
 */
export function languageTerm(lang: string, word: string, keep = true): string | null {
  const compute = () => (isLeftOut(lang, word) ? null : termPrefix(lang) + (HAS_DIGIT.test(word) ? word : fold(analyzerOf(lang).stem(word))));
  return keep ? kept(TERMS, lang, word, compute) : compute();
}

/**
 * A lower-cased word's second term, by its dictionary form (see Analyzer.lemma): `de:brech` for
 * `bricht`, whose stem is `bricht`; null when it has none or it stems the same. A word is indexed
 * and searched under both, so a noun spelt like a verb form (`Log`, which `lügen` has as `log`)
 * still meets its other forms (`Logs`) under its own, and the verb's forms meet under the other.
 */
export function lemmaTerm(lang: string, word: string): string | null {
  return kept(LEMMA_TERMS, lang, word, () => {
    const analyzer = analyzerOf(lang);
    const lemma = isLeftOut(lang, word) || HAS_DIGIT.test(word) ? null : analyzer.lemma(word);
    const term = lemma === null ? null : termPrefix(lang) + fold(analyzer.stem(lemma));
    return term === languageTerm(lang, word) ? null : term;
  });
}

/**
 * A word's term as `compute` makes it, kept per language: stemming costs microseconds a word and
 * the same words come back (in every entry, every hit's text), so up to a bound per language.
 */
function kept(cache: Map<string, Map<string, string | null>>, lang: string, word: string, compute: () => string | null): string | null {
  let terms = cache.get(lang);
  if (!terms) cache.set(lang, (terms = new Map()));
  const known = terms.get(word);
  if (known !== undefined) return known;
  const term = compute();
  if (terms.size >= MAX_TERMS_KEPT) terms.clear();
  terms.set(word, term);
  return term;
}
const HAS_DIGIT = /\d/;
const TERMS = new Map<string, Map<string, string | null>>();
const LEMMA_TERMS = new Map<string, Map<string, string | null>>();
const MAX_TERMS_KEPT = 100_000;

/** Whether search leaves `word` out of every query in `lang` (a stop word, or a single letter), without stemming it. */
export const isLeftOut = (lang: string, word: string) => word.length < 2 || analyzerOf(lang).stopWords.has(word);

export const isStopWord = (lang: string, word: string) => analyzerOf(lang).stopWords.has(word);
export const hasCompounds = (lang: string) => analyzerOf(lang).compounds;
/** The words `text` writes apart that are one word in `lang` (see Analyzer.joined). */
export const joinedWords = (lang: string, text: string) => analyzerOf(lang).joined(text);

/** Letters only one of the languages writes: a query holding them is in that language. */
const OWN_LETTERS: Record<string, RegExp> = { de: /[äöüß]/, fr: /[èêëçœàâîïûù]/, es: /[ñ¿¡áíóú]/ };

/**
 * The language a query is written in, judged by its function words and the letters only one
 * language writes (`und`, `der`: German; `ñ`: Spanish); null when nothing tells (a code, a message
 * in English, a few content words). Its stop words are then left out in every language, so the
 * German `und` never finds the English `under` and the Spanish `no` never the English `no`.
 */
export function queryLanguage(words: readonly string[], englishStopWords: ReadonlySet<string>): string | null {
  let best: string | null = null;
  let bestScore = words.filter((w) => englishStopWords.has(w)).length;
  for (const lang of ANALYSED_LANGUAGES) {
    const analyzer = ANALYZERS[lang]!;
    let score = 0;
    for (const word of words) {
      if (analyzer.stopWords.has(word)) score += 1;
      if (OWN_LETTERS[lang]!.test(word)) score += 1.5;
    }
    if (score > bestScore) [best, bestScore] = [lang, score];
  }
  return best;
}
