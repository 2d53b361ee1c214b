import type MiniSearch from 'minisearch';
import type SearchableMap from 'minisearch/SearchableMap';
import { stem, STOP_WORDS, termOf, withoutNoise, words } from './analyze';
import { fold, hasCompounds, isStopWord, joinedWords, languageTerm, lemmaTerm, queryLanguage, termPrefix } from './languages';
import { LONGEST_PHRASE, PHRASE_SYNONYMS, SYNONYMS } from './synonyms';
import type { SearchDocument } from './text-index';
import type { ConceptMatcher } from './concepts';

/**
 * The terms of the index as MiniSearch 7.2.0 keeps them (a radix tree of term -> field -> doc ->
 * frequency; the version is pinned). Expanding prefixes and typos, and scoring, here rather than
 * inside MiniSearch lets a query see how common each term is before it scores it, and score a
 * common term only for the entries the rare ones found.
 */
export type Postings = Map<number, Map<number, number>>;
interface TermTree {
  get(term: string): Postings | undefined;
  has(term: string): boolean;
  atPrefix(prefix: string): Iterable<[string, Postings]>;
  fuzzyGet(term: string, maxDistance: number): Map<string, [Postings, number]>;
}
export interface IndexInternals {
  _index: TermTree;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
  _nextId: number;
  _documentIds: Map<number, string>;
  _idToShortId: Map<string, number>;
}
export const internalsOf = (index: MiniSearch<SearchDocument>) => index as unknown as IndexInternals;

/** A node of the radix tree under MiniSearch's SearchableMap (its `_tree`): a child per key, the term's value under ''. */
type RadixNode = Map<string, unknown>;

/**
 * A term's node, found as SearchableMap's own lookup finds it but without a copy of the term's
 * rest at each level: a query asks whether the index holds every candidate term it makes.
 */
function nodeOf(root: RadixNode, term: string): RadixNode | undefined {
  let node = root;
  let at = 0;
  while (at < term.length) {
    let child: RadixNode | undefined;
    for (const key of node.keys()) {
      if (key !== '' && term.startsWith(key, at)) {
        child = node.get(key) as RadixNode;
        at += key.length;
        break;
      }
    }
    if (child === undefined) return undefined;
    node = child;
  }
  return node;
}

const TREES = new WeakMap<TermTree, TermTree>();

/** The index's terms, their get and has by nodeOf (the rest as MiniSearch has them). */
export function termsOf(index: MiniSearch<SearchDocument>): TermTree {
  const terms = internalsOf(index)._index;
  let tree = TREES.get(terms);
  if (!tree) {
    const root = (terms as unknown as { _tree: RadixNode })._tree;
    tree = {
      get: (term) => nodeOf(root, term)?.get('') as Postings | undefined,
      has: (term) => nodeOf(root, term)?.has('') ?? false,
      atPrefix: (prefix) => terms.atPrefix(prefix),
      fuzzyGet: (term, maxDistance) => terms.fuzzyGet(term, maxDistance),
    };
    TREES.set(terms, tree);
  }
  return tree;
}

/** At most this many terms a query searches for: a pasted paragraph keeps its first ones. */
const MAX_QUERY_TERMS = 48;
/** At most this many expansions of one word (forms, prefixes, typos, in every language); a short prefix stops here. */
const MAX_EXPANSIONS = 24;
/** At most this many terms under a stem are read for its forms, or compounds ending in a word. */
const MAX_FORMS_READ = 64;

/** What each way of matching a word weighs against the very word (see docs/API.md, Search). */
export const MATCH_WEIGHTS = {
  /** The word itself (in a translation: its stem). */
  word: 1,
  /** Another form of it (`expiry` for `expired`: one stem). */
  form: 0.9,
  /** A word the catalogue says another way (`cert`, `certificate`), two words written as one (`authtoken`), or a compound holding it (`Zugriffstoken` for `Token`). */
  synonym: 0.8,
  /** A word the catalogue uses for a situation or everyday word the query holds (content/search/concepts.yaml). */
  concept: 0.8,
  /** Within one typo (two from 9 letters); a swap of two letters is one. */
  typo: 0.5,
  /** The last word of the query as the start of a longer word (`certif`), for a search as one types. */
  prefix: 0.4,
} as const;

/** One word of a query: the terms it may match, each with what a match weighs. */
export interface WordPlan {
  word: string;
  terms: Map<string, number>;
}

/** What a query asks for: a plan per word, its words in order (for whole messages), and the language it is written in (null: none told). */
export interface QueryPlan {
  plans: WordPlan[];
  sequence: string[];
  language: string | null;
}

/** The index's terms, and per language with compounds, its terms reversed (to find the compounds ending in a word). */
export interface PlanIndex {
  text: MiniSearch<SearchDocument>;
  languages: readonly string[];
  reversed: ReadonlyMap<string, SearchableMap<true>>;
}

/**
 * The query's words as a plan: noise out, stop words out (English ones, and the query's own
 * language's), each word matched in English (its forms, synonyms, typos and, the last, prefixes)
 * and in each translated language by that language's stem (typos, compounds and prefixes too);
 * a phrase support engineers use adds the words the catalogue writes for it.
 */
export function planQuery({ text: index, languages, reversed }: PlanIndex, q: string, concepts?: ConceptMatcher): QueryPlan {
  const tree = termsOf(index);
  const text = withoutNoise(q);
  const sequence = words(text);
  const language = queryLanguage(sequence, STOP_WORDS);
  const plans: WordPlan[] = [];
  const seen = new Set<string>();
  const typing = !/\s$/.test(q);
  /** The terms a word may match (into `terms`), each weighing `weight` x how it matched. */
  const wordTerms = (word: string, i: number, weight: number, terms: Map<string, number>) => {
    const add = (candidate: string | null, w: number) => {
      if (candidate !== null && terms.size <= MAX_EXPANSIONS && tree.has(candidate) && (terms.get(candidate) ?? 0) < w * weight) terms.set(candidate, w * weight);
    };
    const last = typing && i === sequence.length - 1 && word.length >= 3;
    const next = i >= 0 ? sequence[i + 1] : undefined;
    // A word the index holds in any of its languages is no typo in another: its typos are not
    // looked for (a search through the index's words for each of them costs more than it finds).
    const english = termOf(fold(word));
    const known = (english !== null && tree.has(english)) || languages.some((lang) => tree.has(languageTerm(lang, word) ?? ''));
    planEnglish(tree, fold(word), next && fold(next), last, known, add);
    for (const lang of languages) planLanguage(tree, lang, word, next, last, known, lang === language, reversed.get(lang), add);
  };
  const plan = (word: string, i: number, weight: number) => {
    if (seen.has(word) || plans.length >= MAX_QUERY_TERMS || (language !== null && isStopWord(language, word))) return;
    seen.add(word);
    const terms = new Map<string, number>();
    wordTerms(word, i, weight, terms);
    if (terms.size > 0) plans.push({ word, terms });
  };
  sequence.forEach((word, i) => plan(word, i, 1));
  // A verb the query writes apart (`bricht ... ab`), as one word of its language (`abbricht`).
  let conceptSequence = sequence;
  for (const lang of languages) {
    if (language !== null && language !== lang) continue;
    for (const { word, verb } of joinedWords(lang, text)) {
      // For the concept map, where the verb stands: a saying is read within a few words.
      const at = conceptSequence.indexOf(verb);
      conceptSequence = [...conceptSequence.slice(0, at + 1), word, ...conceptSequence.slice(at + 1)];
      if (seen.has(word) || plans.length >= MAX_QUERY_TERMS) continue;
      seen.add(word);
      const terms = new Map<string, number>();
      for (const [term, weight] of [[languageTerm(lang, word), MATCH_WEIGHTS.word], [lemmaTerm(lang, word), MATCH_WEIGHTS.form]] as const) if (term !== null && tree.has(term)) terms.set(term, weight);
      if (terms.size > 0) plans.push({ word, terms });
    }
  }
  for (const means of phrasesIn(sequence)) for (const word of means) plan(word, -1, MATCH_WEIGHTS.synonym);
  // What the customer described in their words (content/search/concepts.yaml): each of the
  // catalogue's phrases for it as one more word of the query, matched by the best of its words.
  for (const means of concepts?.meansIn(conceptSequence, language) ?? []) {
    for (const phrase of means) {
      if (plans.length >= MAX_QUERY_TERMS) break;
      const terms = new Map<string, number>();
      for (const word of words(phrase)) if (!seen.has(word)) wordTerms(word, -1, MATCH_WEIGHTS.concept, terms);
      if (terms.size > 0) plans.push({ word: phrase, terms });
    }
  }
  return { plans, sequence, language };
}

type Add = (candidate: string | null, weight: number) => void;
type Tree = IndexInternals['_index'];

/** A word against the English fields: the word, its forms, its synonyms, joined with the next, split in two, typos, and prefixes when it is the last. */
function planEnglish(tree: Tree, word: string, next: string | undefined, last: boolean, known: boolean, add: Add): void {
  const term = termOf(word);
  if (term === null) return;
  // The terms under a stem that have it: the forms of a word (`expir`: expired, expires, expiry).
  const forms = (root: string, weight: number) => {
    let read = 0;
    for (const [found] of tree.atPrefix(root)) {
      if (++read > MAX_FORMS_READ) break;
      if (found.includes(':')) continue;
      if (stem(found) === root) add(found, weight);
    }
  };
  add(term, MATCH_WEIGHTS.word);
  forms(stem(word), MATCH_WEIGHTS.form);
  for (const synonym of SYNONYMS.get(stem(word)) ?? []) forms(synonym, MATCH_WEIGHTS.synonym);
  // Two words written as one the catalogue writes apart, or the other way round.
  if (next !== undefined) add(word + next, MATCH_WEIGHTS.synonym);
  if (!tree.has(term)) {
    for (const [left, right] of splits(word)) {
      if (tree.has(left) && tree.has(right)) {
        add(left, MATCH_WEIGHTS.synonym / 2);
        add(right, MATCH_WEIGHTS.synonym / 2);
      }
    }
    // A word the index does not hold (in any language) is a typo from four letters (`tokn`), within two from nine.
    if (!known && term.length >= 4 && !/\d/.test(term)) {
      for (const [found, [, distance]] of tree.fuzzyGet(term, term.length >= 9 ? 2 : 1)) if (!found.includes(':')) add(found, (MATCH_WEIGHTS.typo * found.length) / (found.length + distance - 1));
      for (const swapped of swaps(word)) add(swapped, MATCH_WEIGHTS.typo);
    }
  }
  if (last) {
    let read = 0;
    for (const [found] of tree.atPrefix(term)) {
      if (++read > MAX_FORMS_READ) break;
      if (!found.includes(':')) add(found, (MATCH_WEIGHTS.prefix * found.length) / (found.length + 0.3 * (found.length - term.length)));
    }
  }
}

/** A word against one language's fields: its stem, joined with the next, compounds (holding it, or split), and, when the query is in that language, typos and (the last word) prefixes. */
function planLanguage(tree: Tree, lang: string, word: string, next: string | undefined, last: boolean, known: boolean, queryLanguage: boolean, reversed: SearchableMap<true> | undefined, add: Add): void {
  const term = languageTerm(lang, word);
  if (term === null) return;
  const prefix = termPrefix(lang);
  const stemmed = term.slice(prefix.length);
  add(term, MATCH_WEIGHTS.word);
  // A verb's other forms, by its infinitive (`bricht`: `gebrochen`).
  add(lemmaTerm(lang, word), MATCH_WEIGHTS.form);
  if (next !== undefined) add(languageTerm(lang, word + next, false), MATCH_WEIGHTS.synonym);
  if (reversed && stemmed.length >= 4) {
    // Compounds ending in the word: `Token` finds `Zugriffstoken`.
    let read = 0;
    for (const [found] of reversed.atPrefix([...stemmed].reverse().join(''))) {
      if (++read > MAX_FORMS_READ) break;
      if (found.length > stemmed.length + 2) add(prefix + [...found].reverse().join(''), MATCH_WEIGHTS.synonym);
    }
  }
  if (!tree.has(term)) {
    if (hasCompounds(lang) && !known) {
      // A compound the translations write apart: `Zugriffstoken` finds `Zugriff` and `Token` (with a
      // joining s, es or n). Not for a word the index holds in another language (a word of a pasted
      // English line): each split costs a stemming of its parts.
      for (const [left, right] of splits(fold(word))) {
        const tail = languageTerm(lang, right, false);
        if (tail === null || !tree.has(tail)) continue;
        const head = languageTerm(lang, left.replace(JOINING, ''), false) ?? '';
        const whole = tree.has(head) ? head : languageTerm(lang, left, false);
        if (whole !== null && tree.has(whole)) {
          add(whole, MATCH_WEIGHTS.synonym / 2);
          add(tail, MATCH_WEIGHTS.synonym / 2);
        }
      }
    }
    // Typos only in the language the query is written in: a search through every language's words costs more than it finds.
    if (queryLanguage && !known && stemmed.length >= 4 && !/\d/.test(stemmed)) {
      for (const [found, [, distance]] of tree.fuzzyGet(term, stemmed.length >= 9 ? 2 : 1)) if (found.startsWith(prefix)) add(found, (MATCH_WEIGHTS.typo * found.length) / (found.length + distance - 1));
    }
  }
  if (last && queryLanguage) {
    let read = 0;
    for (const [found] of tree.atPrefix(term)) {
      if (++read > MAX_FORMS_READ) break;
      add(found, (MATCH_WEIGHTS.prefix * found.length) / (found.length + 0.3 * (found.length - term.length)));
    }
  }
}

/** The stems phrases start with: the words where a phrase may start. */
const PHRASE_STARTS: ReadonlySet<string> = new Set([...PHRASE_SYNONYMS.keys()].map((phrase) => phrase.split(' ')[0]!));

/** The joining letters of a German compound's first part (`Zugriffs`token). */
const JOINING = /(?:s|es|n|en)$/;

/** The words of every phrase (PHRASE_SYNONYMS) the sequence holds. */
function phrasesIn(sequence: readonly string[]): (readonly string[])[] {
  const found: (readonly string[])[] = [];
  const stems = sequence.map(stem);
  for (let i = 0; i < stems.length; i++) {
    if (!PHRASE_STARTS.has(stems[i]!)) continue;
    for (let n = 2; n <= LONGEST_PHRASE && i + n <= stems.length; n++) {
      const means = PHRASE_SYNONYMS.get(stems.slice(i, i + n).join(' '));
      if (means && !found.includes(means)) found.push(means);
    }
  }
  return found;
}

/** The ways a word splits in two parts of three letters or more. */
function* splits(word: string): Generator<[string, string]> {
  if (/\d/.test(word)) return;
  for (let at = 3; at <= word.length - 3; at++) yield [word.slice(0, at), word.slice(at)];
}

/** The word with two neighbouring letters swapped, each way (a typo edit distance counts twice). */
function* swaps(word: string): Generator<string> {
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] !== word[i + 1]) yield word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
}
