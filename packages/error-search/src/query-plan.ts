import type MiniSearch from 'minisearch';
import type { ErrorEntry } from '@companion/schema';
import { stem, termOf, withoutNoise, words } from './analyze';
import { SYNONYMS } from './synonyms';

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
export const internalsOf = (index: MiniSearch<ErrorEntry>) => index as unknown as IndexInternals;

/** At most this many terms a query searches for: a pasted paragraph keeps its first ones. */
const MAX_QUERY_TERMS = 48;
/** At most this many expansions of one word (forms, prefixes, typos); a short prefix stops here. */
const MAX_EXPANSIONS = 24;
/** At most this many terms under a stem are read for its forms. */
const MAX_FORMS_READ = 64;

/** What each way of matching a word weighs against the very word (see docs/API.md, Search). */
export const MATCH_WEIGHTS = {
  /** The word itself. */
  word: 1,
  /** Another form of it (`expiry` for `expired`: one stem). */
  form: 0.9,
  /** A word the catalogue says another way (`cert`, `certificate`), or two words written as one (`authtoken`). */
  synonym: 0.8,
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

/** The query's words as a plan: noise out, stop words out, each word with its forms, synonyms, typos and (the last) prefixes. */
export function planQuery(index: MiniSearch<ErrorEntry>, q: string): { plans: WordPlan[]; sequence: string[] } {
  const tree = internalsOf(index)._index;
  const sequence = words(withoutNoise(q));
  const plans: WordPlan[] = [];
  const seen = new Set<string>();
  const typing = !/\s$/.test(q);
  sequence.forEach((word, i) => {
    const term = termOf(word);
    if (term === null || seen.has(term) || plans.length >= MAX_QUERY_TERMS) return;
    seen.add(term);
    const terms = new Map<string, number>();
    const add = (candidate: string, weight: number) => {
      if (terms.size <= MAX_EXPANSIONS && tree.has(candidate) && (terms.get(candidate) ?? 0) < weight) terms.set(candidate, weight);
    };
    // The terms under a stem that have it: the forms of a word (`expir`: expired, expires, expiry).
    const forms = (root: string, weight: number) => {
      let read = 0;
      for (const [found] of tree.atPrefix(root)) {
        if (++read > MAX_FORMS_READ) break;
        if (stem(found) === root) add(found, weight);
      }
    };
    add(term, MATCH_WEIGHTS.word);
    forms(stem(word), MATCH_WEIGHTS.form);
    for (const synonym of SYNONYMS.get(stem(word)) ?? []) forms(synonym, MATCH_WEIGHTS.synonym);
    // Two words written as one the catalogue writes apart, or the other way round.
    const next = sequence[i + 1];
    if (next !== undefined) add(word + next, MATCH_WEIGHTS.synonym);
    if (!tree.has(term)) {
      for (const [left, right] of splits(word)) {
        if (tree.has(left) && tree.has(right)) {
          add(left, MATCH_WEIGHTS.synonym / 2);
          add(right, MATCH_WEIGHTS.synonym / 2);
        }
      }
      if (term.length >= 5 && !/\d/.test(term)) {
        for (const [found, [, distance]] of tree.fuzzyGet(term, term.length >= 9 ? 2 : 1)) add(found, (MATCH_WEIGHTS.typo * found.length) / (found.length + distance - 1));
        for (const swapped of swaps(word)) add(swapped, MATCH_WEIGHTS.typo);
      }
    }
    if (typing && i === sequence.length - 1 && word.length >= 3) {
      for (const [found] of tree.atPrefix(term)) {
        if (terms.size > MAX_EXPANSIONS) break;
        add(found, (MATCH_WEIGHTS.prefix * found.length) / (found.length + 0.3 * (found.length - term.length)));
      }
    }
    if (terms.size > 0) plans.push({ word, terms });
  });
  return { plans, sequence };
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
